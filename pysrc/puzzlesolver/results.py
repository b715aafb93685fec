"""The answer of every solve: one immutable record per kind of puzzle.

:class:`BoardResult` carries moves (the blank's cell after each), :class:`LadderResult` words; both carry
how the request ended (:class:`Status`), the method that ran, whether the answer is proven shortest, a
proven lower bound and the search's counters.  :func:`puzzlesolver.policy.solve` and the jobs of the web
worker make them; the command line, the worker's API and the benchmark read them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import ClassVar, Optional, Tuple, Union

from .board import Board
from .search import SearchStats
from .words import WordState

__all__ = ["Result", "BoardResult", "LadderResult", "Kind", "Status"]


class Kind(StrEnum):
    """What a puzzle is: a sliding board or a word ladder."""

    BOARD = "board"
    WORDS = "words"


class Status(StrEnum):
    """How a request ended: solved (``optimal`` says whether proven shortest), unsolvable, or stopped by a budget."""

    SOLVED = "solved"
    UNSOLVABLE = "unsolvable"
    STOPPED = "stopped"


@dataclass(frozen=True)
class Result:
    """The one record of an answer, for every search; :class:`BoardResult` and :class:`LadderResult` add
    the answer itself.

    ``status`` is solved, unsolvable (``reason`` says why) or stopped (a budget ran out; ``reason`` says
    which and what to try, ``stopped_by`` names the limit: "expansions", "seconds", "memory" or, for a
    solve job's own budget, "budget", and "cancel" for a Cancel that kept what the search had).  ``optimal`` says whether a solved answer is proven shortest; an
    anytime search stopped by a budget is solved, not optimal, and its ``reason`` says so.  ``bound`` is a
    proven lower bound on the optimal number of moves.
    """

    kind: ClassVar[Kind]
    status: Status
    initial: Union[Board, WordState]
    method: str = ""
    optimal: bool = True
    stats: SearchStats = field(default_factory=SearchStats)
    seconds: float = 0.0
    bound: int = 0
    reason: str = ""
    stopped_by: Optional[str] = None

    @property
    def solved(self) -> bool:
        return self.status == Status.SOLVED

    @property
    def moves(self) -> Optional[int]:
        """The number of moves of the answer (None unless solved)."""
        return self._length() if self.solved else None

    def _length(self) -> int:
        raise NotImplementedError

    def states(self) -> list:
        """The boards (or words) from the initial one to the goal; empty unless solved."""
        raise NotImplementedError


@dataclass(frozen=True)
class BoardResult(Result):
    """A board's answer as moves: ``blank_path`` (the blank's cell after each move); :meth:`states`
    rebuilds the boards.  ``iterations``: IDA*'s ``(bound, expansions)`` per finished iteration."""

    kind: ClassVar[Kind] = Kind.BOARD
    blank_path: Tuple[int, ...] = ()
    iterations: Tuple[Tuple[int, int], ...] = ()

    def _length(self) -> int:
        return len(self.blank_path)

    def states(self) -> list:
        return self.initial.along(self.blank_path) if self.solved else []


@dataclass(frozen=True)
class LadderResult(Result):
    """A word ladder's answer: the ``ladder`` of words from the start to the goal."""

    kind: ClassVar[Kind] = Kind.WORDS
    ladder: Tuple[str, ...] = ()

    def _length(self) -> int:
        return len(self.ladder) - 1

    def states(self) -> list:
        return list(self.ladder) if self.solved else []
