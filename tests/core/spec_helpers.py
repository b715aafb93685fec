"""Helpers the engine's specifications share: independent rules for sliding boards, BFS, samples."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections import deque
from pathlib import Path
from typing import Dict, List, Sequence, Tuple

REPO_ROOT = Path(__file__).resolve().parents[2]
#: The shared reference data next to the repository (optional: tests skip when it is absent).
BENCHMARKS = REPO_ROOT.parent / "shared" / "benchmarks"
PUZZLES = REPO_ROOT / "puzzles"

Tiles = Tuple[int, ...]
GOAL_3X3: Tiles = (1, 2, 3, 4, 5, 6, 7, 8, 0)


def run_pinned_tool(name: str, *args: str, timeout: int = 120) -> subprocess.CompletedProcess:
    """Run ``name``, a command of a test tool pinned in .venv (TEST_REQUIREMENTS in pysrc/buildtools/environment.py),
    from the repository's root with pysrc/ on the path; fails, saying how to install it, when it is missing."""
    for folder in (Path(sys.executable).parent, REPO_ROOT / ".venv" / "bin"):
        if (folder / name).exists():
            return subprocess.run([str(folder / name), *args], cwd=REPO_ROOT, capture_output=True, text=True,
                                  timeout=timeout, env={**os.environ, "PYTHONPATH": str(REPO_ROOT / "pysrc")})
    raise AssertionError(f"{name} is not installed: `python3 build.py test` installs the pinned test tools into .venv")


def slide_neighbors(tiles: Tiles, width: int) -> List[Tiles]:
    """Arrangements one slide away on a board ``width`` cells wide (as many rows as the tiles fill), written
    independently of the engine (the tests' own rules)."""
    height = len(tiles) // width
    blank = tiles.index(0)
    row, col = divmod(blank, width)
    result = []
    for dr, dc in ((-1, 0), (0, -1), (1, 0), (0, 1)):
        r, c = row + dr, col + dc
        if 0 <= r < height and 0 <= c < width:
            cells = list(tiles)
            cells[blank], cells[r * width + c] = cells[r * width + c], 0
            result.append(tuple(cells))
    return result


def bfs_distances(goal: Tiles, n: int) -> Dict[Tiles, int]:
    """Exact distance to ``goal`` of every arrangement that can reach it (``n``: the board's width)."""
    distance = {goal: 0}
    queue = deque([goal])
    while queue:
        tiles = queue.popleft()
        for neighbor in slide_neighbors(tiles, n):
            if neighbor not in distance:
                distance[neighbor] = distance[tiles] + 1
                queue.append(neighbor)
    return distance


def random_solvable_3x3(distances: Dict[Tiles, int], count: int, seed: int = 226) -> List[Tiles]:
    states = sorted(distances)
    return random.Random(seed).sample(states, count)


def is_one_slide(before: Sequence[int], after: Sequence[int], n: int) -> bool:
    """Whether ``after`` is ``before`` with the blank swapped with an orthogonally adjacent tile."""
    return tuple(after) in slide_neighbors(tuple(before), n)


def assert_legal_solution(solution, n: int, moves: int) -> None:
    """A solution is the initial board, ``moves`` single slides, and ends at its goal."""
    assert len(solution) == moves + 1
    for before, after in zip(solution, solution[1:]):
        assert is_one_slide(before.tiles, after.tiles, n), f"{before.tiles} -> {after.tiles} is not one slide"
    assert solution[-1].is_goal()


def find_ladder(start: str, goal: str, dictionary, algorithm: str = "auto"):
    """A word ladder solved through the policy, as the command line and the page ask for one."""
    from puzzlesolver.formats import WordPuzzle
    from puzzlesolver.policy import Options, solve
    return solve(WordPuzzle(start, goal, dictionary), Options(algorithm))
