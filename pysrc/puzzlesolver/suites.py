"""The benchmark's instances: puzzle files and suites, each with its known answer.

Instances come from puzzle files (expected answers from the file name, as Princeton names them, or
from an ``index.json`` beside the file, as in ``puzzles/``) or from suites of the reference sets in
``../shared/benchmarks`` (skipped with a note when absent):

``puzzles``   the project's own examples (puzzles/index.json gives each optimal length)
``3x3``       every Princeton 3x3 file (the two 31-move ones included)
``princeton`` every Princeton file up to 5x5 but the two near-80-move ones, unsolvable ones too
``5x5``       Princeton's 5x5 files (puzzle12, puzzle41, puzzle44)
``hard``      puzzle4x4-hard1 (38), -hard2 (47) and puzzle4x4-78
``80``        puzzle4x4-80 (the stretch: 80 moves, the most any 15-puzzle needs)
``korf100``   Korf's 100 random 15-puzzles, optimal lengths from the file
``large``     the NOT-optimal mode on Princeton's 6x6..10x10 files and random 10x10/12x12 boards:
              checked for a valid solution only
``korf24``    Korf & Felner's 50 random 24-puzzles with their published optimal lengths, solved by the
              default (anytime) search for 10 s each (``--limit`` to change it): per board and on average,
              the answer / the optimum and the proven bound / the optimum (a bound above the optimum fails)
``random6``, ``random7``  ten seeded random 6x6 and 7x7 boards, 10 s each: the answer / the proven bound
``random8``, ``random10``, ``random15``, ``random20``  the same on bigger boards
``big``       three boards of each of random8 .. random20 (the first three of each suite), 10 s each: the
              answer / the proven bound of the big boards' solver, per size in 2 minutes
``bigrect``   three seeded random boards of each of seven big rectangles, wide, tall and thin (16x8 to 2x20),
              10 s each: the answer / the proven bound per shape, in 3.5 minutes
``rect``      every rectangle of 6 to 16 cells, wide and tall, three seeded random boards each, solved optimally
``rect16``    the worst case at 16 cells: ten seeded random 8x2 boards and ten 2x8, solved optimally (60 s each)

The last eleven are not among the default suites (they take 1 to 8 minutes each); ``all`` runs them.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional, Union

from .board import random_board
from .formats import BoardPuzzle, WordPuzzle, parse_board_text, parse_puzzle_text
from .policy import Options

__all__ = ["Instance", "expected_moves", "file_instance", "load_suite", "UNSOLVABLE", "SUITES", "DEFAULT_SUITES",
           "ANYTIME_SECONDS", "RANDOM_BOARDS", "RANDOM_SIDES", "BIG_SIDES", "BIG_BOARDS"]

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_DATA = ROOT.parent / "shared" / "benchmarks"
#: The random suites' board sides, and the boards of each the ``big`` suite takes.
RANDOM_SIDES = {"random6": 6, "random7": 7, "random8": 8, "random10": 10, "random15": 15, "random20": 20}
BIG_SIDES = (8, 10, 15, 20)
BIG_BOARDS = 3
SUITES = ("puzzles", "3x3", "princeton", "5x5", "hard", "80", "korf100", "large", "korf24") + tuple(RANDOM_SIDES) + (
    "big", "bigrect", "rect", "rect16")
DEFAULT_SUITES = ("puzzles", "3x3", "princeton", "5x5", "hard", "korf100", "large")
#: Marks an expected answer of "no solution".
UNSOLVABLE = "unsolvable"
#: Seconds per instance of the suites whose boards no search solves optimally in a benchmark's time (the
#: anytime search's best answer by then counts), unless ``--limit`` says otherwise.
ANYTIME_SECONDS = 10.0
#: Boards per random suite, and the seed they are drawn with.
RANDOM_BOARDS = 10
RANDOM_SEED = 2026
#: The ``rect`` suite: every rectangle of 6 to 16 cells, wide and tall, with this many seeded random boards each,
#: solved optimally; a board's first solve of a shape includes building its tables (the tall shapes share the
#: wide ones'), and a solve stops after RECT_SECONDS.
RECT_SHAPES = ((3, 2), (2, 3), (4, 2), (2, 4), (5, 2), (2, 5), (4, 3), (3, 4), (6, 2), (2, 6), (7, 2), (2, 7),
               (5, 3), (3, 5), (8, 2), (2, 8))
RECT_BOARDS = 3
RECT_SECONDS = 60.0
#: The ``rect16`` suite: this many seeded random boards of each 16-cell rectangle 2 cells across (8x2, then 2x8),
#: drawn with RECT16_SEED, RECT_SECONDS each: the shapes whose optima are longest at 16 cells.
RECT16_SHAPES = ((8, 2), (2, 8))
RECT16_BOARDS = 10
RECT16_SEED = RANDOM_SEED + 16
#: The ``bigrect`` suite's shapes (width, height), RECT_BOARDS boards each, ANYTIME_SECONDS each.
BIG_RECT_SHAPES = ((16, 8), (8, 16), (20, 10), (20, 5), (20, 3), (3, 20), (2, 20))

Expected = Union[int, str, None]


@dataclass
class Instance:
    """One puzzle to time: where it comes from, the puzzle, the known answer and the options."""

    suite: str
    name: str
    puzzle: Union[BoardPuzzle, WordPuzzle]
    expected: Expected = None
    options: Options = field(default_factory=Options)
    error: str = ""  # why the instance could not even be read
    limit: Optional[float] = None  # seconds allowed unless --limit is given (the anytime suites)

    @property
    def size(self) -> str:
        """The board's side (its shape, for a rectangle), or "w" for a word ladder."""
        if isinstance(self.puzzle, BoardPuzzle):
            return str(self.puzzle.n) if self.puzzle.square else self.puzzle.shape
        return "w"


# -- expected answers ------------------------------------------------------------------------------

#: (pattern on a file name, the answer it promises), tried in order.
_NAME_RULES = ((re.compile(r"unsolvable"), lambda match: UNSOLVABLE),
               (re.compile(r"^puzzle(?:\d+x\d+-)?(\d+)\.txt$"), lambda match: int(match.group(1))))


def expected_moves(path: Union[str, Path], data: Path = DEFAULT_DATA) -> Expected:
    """The known answer for a puzzle file: moves, :data:`UNSOLVABLE`, or None if unknown.

    Looked up in an ``index.json`` in one of the file's folders, then in Princeton's index (for
    names such as puzzle4x4-hard1.txt), then read from the name.

    >>> expected_moves("princeton/puzzle4x4-30.txt"), expected_moves("puzzle2x2-unsolvable1.txt")
    (30, 'unsolvable')
    """
    path = Path(path)
    indexed = _answer_from_index(path)
    if indexed is not None:
        return indexed
    princeton = _princeton_answers(data)
    if path.name in princeton:
        return princeton[path.name]
    for pattern, answer in _NAME_RULES:
        match = pattern.search(path.name)
        if match:
            return answer(match)
    return None


def _answer_from_index(path: Path) -> Expected:
    """The ``moves`` recorded for this file in an index.json in one of its parent folders."""
    resolved = path.resolve()
    for folder in list(resolved.parents)[:3]:
        index = folder / "index.json"
        if index.is_file():
            try:
                entries = json.loads(index.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                return None
            for entry in entries.get("puzzles", []) if isinstance(entries, dict) else entries:
                if (folder / entry.get("file", "")).resolve() == resolved:
                    moves = entry.get("moves")
                    return UNSOLVABLE if moves is None and entry.get("solvable") is False else moves
    return None


def _princeton_answers(data: Path) -> Dict[str, Expected]:
    """Princeton's files and their answers, from ``princeton_index.tsv`` (empty when it is absent)."""
    index = data / "princeton_index.tsv"
    if not index.is_file():
        return {}
    answers: Dict[str, Expected] = {}
    for line in index.read_text().splitlines()[1:]:
        name, _, solvable, expected = line.split("\t")[:4]
        answers[name] = int(expected) if solvable == "True" and expected else UNSOLVABLE
    return answers


# -- instances ---------------------------------------------------------------------------------------

def file_instance(path: str, options: Options, dictionary: str = "common") -> Instance:
    """An instance from a puzzle file; PuzzleFormatError / BoardError / OSError if it cannot be read."""
    puzzle = parse_puzzle_text(Path(path).read_text(encoding="utf-8"))
    if isinstance(puzzle, WordPuzzle):
        puzzle = WordPuzzle(puzzle.start, puzzle.goal, dictionary)
    return Instance("file", path, puzzle, expected_moves(path), options)


def load_suite(suite: str, data: Path = DEFAULT_DATA) -> List[Instance]:
    """The instances of one suite (empty when its data is missing)."""
    if suite not in SUITES:
        raise ValueError(f"unknown suite {suite!r}; choose from {', '.join(SUITES)}")
    if suite == "puzzles":
        return _project_puzzles(suite)
    if suite == "korf100":
        return _korf(data, "korf100_goal_1to15_0.txt", suite, 4)
    if suite == "korf24":  # Korf & Felner's 50 24-puzzles
        return _korf(data, "korf50_24puzzle.txt", suite, 5, ANYTIME_SECONDS)
    if suite in RANDOM_SIDES:
        return _random_boards(suite, RANDOM_SIDES[suite])
    if suite == "big":
        return [inst for n in BIG_SIDES for inst in _random_boards(suite, n, BIG_BOARDS)]
    if suite == "rect":
        return _rectangles(suite, RECT_SHAPES, RECT_SECONDS)
    if suite == "bigrect":
        return _rectangles(suite, BIG_RECT_SHAPES, ANYTIME_SECONDS)
    if suite == "rect16":
        return _rectangles(suite, RECT16_SHAPES, RECT_SECONDS, RECT16_BOARDS, RECT16_SEED, "rect16-")
    keep = {
        "3x3": lambda name, n: n == 3,
        "princeton": lambda name, n: n <= 5 and name not in ("puzzle4x4-78.txt", "puzzle4x4-80.txt"),
        "5x5": lambda name, n: n == 5,
        "hard": lambda name, n: name in ("puzzle4x4-hard1.txt", "puzzle4x4-hard2.txt", "puzzle4x4-78.txt"),
        "80": lambda name, n: name == "puzzle4x4-80.txt",
        "large": lambda name, n: n >= 6,
    }[suite]
    answers = _princeton_answers(data)
    out = []
    for name, expected in answers.items():
        puzzle = parse_board_text((data / "princeton" / name).read_text())
        if keep(name, puzzle.n):
            options = Options("weighted") if suite == "large" else Options()
            out.append(Instance(suite, name[:-4], puzzle, expected, options))
    if suite == "large" and out:
        rng = random.Random(2026)
        for n in (10, 12):
            tiles = random_board(n, rng).tiles
            out.append(Instance(suite, f"random{n}x{n}", BoardPuzzle(n, tiles), None, Options("weighted")))
    return out


def _project_puzzles(suite: str) -> List[Instance]:
    index = ROOT / "puzzles" / "index.json"
    if not index.is_file():
        return []
    out = []
    for entry in json.loads(index.read_text()).get("puzzles", []):
        if entry.get("kind") == "board":
            path = ROOT / "puzzles" / entry["file"]
            out.append(Instance(suite, entry["file"].rsplit(".", 1)[0], parse_board_text(path.read_text()),
                                expected_moves(path)))
    return out


def _korf(data: Path, file_name: str, suite: str, n: int, limit: Optional[float] = None) -> List[Instance]:
    """Korf's boards, mapped to the goal 1..n*n-1 then the blank: ``id optimum t0 ..`` per line."""
    path = data / file_name
    if not path.is_file():
        return []
    out = []
    for line in path.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            values = [int(v) for v in line.split()]
            name = f"korf{values[0]:03d}" if suite == "korf100" else f"{suite}-{values[0]:02d}"
            out.append(Instance(suite, name, BoardPuzzle(n, tuple(values[2:2 + n * n])), values[1], limit=limit))
    return out


def _random_boards(suite: str, n: int, count: int = RANDOM_BOARDS) -> List[Instance]:
    """The first ``count`` seeded random n x n boards (the same boards in every suite that draws n x n ones)."""
    rng = random.Random(RANDOM_SEED + n)
    return [Instance(suite, f"random{n}x{n}-{i + 1}", BoardPuzzle(n, random_board(n, rng).tiles), None,
                     limit=ANYTIME_SECONDS) for i in range(count)]


def _rectangles(suite: str, shapes, seconds: float, boards: int = RECT_BOARDS, seed: int = RANDOM_SEED,
                prefix: str = "rect") -> List[Instance]:
    """``boards`` seeded random boards of each shape, ``seconds`` each."""
    rng = random.Random(seed)
    return [Instance(suite, f"{prefix}{width}x{height}-{i + 1}",
                     BoardPuzzle(width, random_board(width, rng, height=height).tiles), None, limit=seconds)
            for width, height in shapes for i in range(boards)]
