"""What the Learn view asks: a search step by step (``explain``), the classic searches compared
(``compare``), a program's answer judged (``check``) and every estimate measured (``quality``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, Optional, Union

from .. import check as checking
from .. import explain as explaining
from .. import grid
from ..fast.tables import pdb_files
from ..formats import BoardPuzzle, WordPuzzle
from ..jobs import BudgetSpent, Job
from ..policy import Options
from ..search import DEFAULT_WEIGHT, check_options
from ..steps import Work
from .declare import Answer, InputError, Message, NoParams, Op, Params, prepared, then, wire
from .progress import BOARDS, POSITIONS, ROWS, STEPS
from .solving import BOARD_TEXT, DICTIONARY, WordFields, board_puzzle

__all__ = ["OPS", "CHECK_EXPANSIONS"]

#: Expansions the optimal solve behind a checked answer may take (the hardest 4x4s need a few million).
CHECK_EXPANSIONS = 5_000_000

GOAL_TESTS = {"enum": ["removal", "generation"]}


@dataclass
class PuzzleFields(Params):
    """A board (``board``, ``goal``) or a word pair (``start``, ``goal``, ``dictionary``), as the Learn view
    sends either."""

    board: Optional[str] = wire(BOARD_TEXT)
    goal: Optional[str] = wire({"type": ["string", "null"]})
    start: Optional[str] = wire({"type": "string"})
    dictionary: Optional[str] = wire(DICTIONARY)
    unavailable: Optional[list] = wire({"$ref": "#/$defs/unavailable"})
    puzzle: Union[BoardPuzzle, WordPuzzle] = field(init=False)

    def check(self) -> None:
        if self.board is not None:
            self.puzzle = board_puzzle(self.board, self.goal)
            if not self.puzzle.square:   # the Learn view draws n x n boards and their trees
                raise InputError("board", f"The Learn view steps through square boards; this one is "
                                          f"{self.puzzle.shape}: solve it in Solve.")
            return
        words = WordFields.read({"start": self.start, "goal": self.goal, "dictionary": self.dictionary,
                                 "unavailable": self.unavailable})
        self.puzzle, self.puzzle_field = words.puzzle, words.puzzle_field


@dataclass
class Searched(PuzzleFields):
    """A puzzle and the estimate the Learn view's searches use: Manhattan distance unless another is named."""

    heuristic: Optional[str] = wire({"type": "string"})

    def estimate(self) -> str:
        return "manhattan" if self.heuristic in (None, "auto") else self.heuristic


def _check_search_options(algorithm: str, queue: str, weight: Any, goal_test: str) -> None:
    try:
        check_options(algorithm, queue, weight, goal_test)
    except ValueError as error:
        raise InputError("algorithm", str(error)) from None


@dataclass
class Explain(Searched):
    algorithm: str = wire({"enum": ["astar", "astar-tree", "bfs", "greedy", "weighted"]}, "astar")
    queue: str = wire({"enum": ["textbook", "tiebreak"]}, "textbook")
    weight: Optional[float] = wire({"type": "number"})
    goal_test: str = wire(GOAL_TESTS, "removal")

    def check(self) -> None:
        super().check()
        _check_search_options(self.algorithm, self.queue, self.weight, self.goal_test)


def _explain(params: Explain) -> Job[explaining.Trace]:
    """A search step by step (:func:`puzzlesolver.explain.recording`)."""
    work = explaining.recording(params.puzzle, params.estimate(), params.algorithm, params.queue,
                                weight=params.weight, goal_test=params.goal_test)
    return prepared(params.puzzle, Options("astar", params.estimate()), work)


@dataclass
class Compare(Searched):
    weight: float = wire({"type": "number"}, DEFAULT_WEIGHT)
    goal_test: str = wire(GOAL_TESTS, "removal")
    algorithms: Optional[list] = wire({"type": "array", "items": {"enum": ["bfs", "greedy", "astar", "astar-tree",
                                                                            "ida", "weighted"]}})

    def check(self) -> None:
        super().check()
        _check_search_options("weighted", "tiebreak", self.weight, self.goal_test)


def _compare(params: Compare) -> Job[dict]:
    """Every classic search side by side (:func:`puzzlesolver.explain.comparing_searches`)."""
    puzzle, estimate = params.puzzle, params.estimate()
    work = explaining.comparing_searches(puzzle, estimate, params.weight, params.goal_test,
                                         algorithms=params.algorithms)
    return Job(then(explaining.loading_searches_tables(puzzle, estimate), work),
               needs=lambda unavailable: explaining.searches_data_files(puzzle, estimate, unavailable))


@dataclass
class Check(PuzzleFields):
    answer: str = wire({"type": "string"}, required=True)

    def check(self) -> None:
        super().check()
        if not isinstance(self.answer, str) or not self.answer.strip():
            raise InputError("answer", "Paste your program's output first.")


def _check(params: Check) -> Job[checking.Verdict]:
    """A program's answer judged as algs4's PuzzleChecker would (:func:`puzzlesolver.check.checking`); the
    optimum it needs is found by the policy within :data:`CHECK_EXPANSIONS` (past it: "unproven")."""
    work = checking.checking(params.answer, params.puzzle, max_expansions=CHECK_EXPANSIONS)
    return prepared(params.puzzle, Options(), work)


_quality_cache: Dict[str, dict] = {}


def _quality(params: Params) -> Job[dict]:
    """Every estimate against the exact 8-puzzle distances (:func:`puzzlesolver.explain.measuring_quality`)."""
    return prepared(BoardPuzzle(3, grid.standard_goal(3)), Options(), _quality_once())


def _quality_once() -> Work[dict]:
    if "all" not in _quality_cache:
        if pdb_files.missing_files(pdb_files.FILES_3[:1]):
            raise BudgetSpent("The 8-puzzle's exact table could not be downloaded; try again when online.")
        _quality_cache["all"] = yield from explaining.measuring_quality()
    return _quality_cache["all"]


EXPLANATION_ANSWER = Answer("explanation",
    {"type": "object", "required": ["type", "id", "kind", "heuristic", "algorithm", "queue_mode",
                                    "nodes", "steps", "path"],
     "description": "A* step by step (puzzlesolver.explain.trace_record): nodes by id, every step's "
                    "removal, inserts, skipped children and queue changes.",
     "properties": {"nodes": {"type": "object"}, "steps": {"type": "array"},
                    "path": {"type": "array", "items": {"type": "string"}}}})

COMPARISON_ANSWER = Answer("comparison",
    {"type": "object", "required": ["type", "id", "optimum", "optimum_method", "goal_test",
                                    "goal_test_note", "queue", "queue_note", "cap", "rows"],
     "description": "Every classic search on one puzzle (puzzlesolver.explain.comparing_searches): the "
                    "proven optimum, the queue its best-first searches use and what that means beside "
                    "the step-through's, and per search its counters, answer and whether it is optimal.",
     "properties": {"optimum": {"type": ["integer", "null"]}, "goal_test_note": {"type": "string"},
                    "queue": {"type": "string"}, "queue_note": {"type": "string"},
                    "cap": {"type": "integer"},
                    "rows": {"type": "array", "items": {"type": "object", "required": [
                        "algorithm", "label", "heuristic", "finished", "moves", "optimal",
                        "guaranteed_optimal", "expanded", "enqueued", "max_frontier", "iterations",
                        "trace", "steps", "traceable"]}}}})

VERDICT_ANSWER = Answer("verdict",
    {"type": "object", "required": ["type", "id", "kind", "right", "status", "message", "form"],
     "description": "A checked answer (puzzlesolver.check.Verdict): right or the first thing wrong, in one "
                    "line.",
     "properties": {"right": {"type": "boolean"}, "status": {"type": "string"},
                    "message": {"type": "string", "pattern": "^[^\\n]+$"},
                    "form": {"enum": ["boards", "moves", "ladder", "no-solution"]},
                    "first_bad": {"type": ["integer", "null"]}, "optimum": {"type": ["integer", "null"]},
                    "line": {"type": ["integer", "null"]}}})

QUALITY_ANSWER = Answer("quality",
    {"type": "object", "required": ["type", "id", "exact", "average"],
     "properties": {"exact": {"type": "array", "items": {"type": "integer"}},
                    "average": {"type": "object"}}})

OPS = (
    Op("explain", Explain, (EXPLANATION_ANSWER,), job=_explain, progress=STEPS,
       describe=lambda params, trace: {"type": "explanation", **explaining.trace_record(trace, arrays=False)},
       description="A search step by step on a board (`board`, `goal`) or a word pair (`start`, `goal`, "
                   "`dictionary`); `weight` for weighted A* only.",
       examples=({"board": "0 1 3\n4 2 5\n7 8 6"}, {"start": "cold", "goal": "cord"},
                 {"board": "0 1 3\n4 2 5\n7 8 6", "algorithm": "weighted", "weight": 3, "goal_test": "generation",
                  "queue": "tiebreak"})),
    Op("compare", Compare, (COMPARISON_ANSWER,), job=_compare, progress=ROWS,
       describe=lambda params, searches: {"type": "comparison", **searches},
       description="Every classic search side by side on a board or a word pair "
                   "(puzzlesolver.explain.comparing_searches); `algorithms` keeps only those rows.",
       examples=({"board": "0 1 3\n4 2 5\n7 8 6"},
                 {"board": "0 1 3\n4 2 5\n7 8 6", "weight": 3, "goal_test": "generation", "algorithms": ["weighted"]},
                 {"start": "cold", "goal": "cord"})),
    Op("check", Check, (VERDICT_ANSWER,), job=_check, progress=POSITIONS,
       describe=lambda params, verdict: {"type": "verdict", **verdict.to_record()},
       description="A program's answer (`answer`: algs4's output, a move string or a ladder's words) to a board or "
                   "a word pair, judged as algs4's PuzzleChecker would (puzzlesolver.check).",
       examples=({"board": "0 1 3\n4 2 5\n7 8 6", "answer": "Minimum number of moves = 1\n0 1 3\n4 2 5\n7 8 6"},
                 {"board": "0 1 3\n4 2 5\n7 8 6", "answer": "L U L U"},
                 {"start": "cold", "goal": "cord", "answer": "cold cord"})),
    Op("quality", NoParams, (QUALITY_ANSWER,), job=_quality, progress=BOARDS,
       description="The estimates' quality measured over sample boards: each one's average against the exact "
                   "distances.",
       describe=lambda params, quality: {"type": "quality", **quality}),
)
