"""Running a request's search: :class:`Solving` (the search with its puzzle, its seconds and its advice) and the
sentences of a board or ladder with no answer.

Every caller runs a request the same way: :func:`puzzlesolver.budget.within` drives :class:`Solving` to its
:class:`~puzzlesolver.results.Result`, or to a limit, where :meth:`Solving.stop` says what it has.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import List, Optional, Tuple, Union

from .. import grid
from ..board import Board
from ..fast.searches.anytime import AnytimeSearch
from ..fast.searches.ida import IDAStar
from ..fast.searches.rect_ida import RectIDAStar
from ..results import BoardResult, Kind, LadderResult, Result, Status
from ..search import Search, SearchStats
from ..words import WordState

__all__ = ["Solving", "blank_first_goal", "no_answer", "iteration_log"]


class Solving:
    """One request being solved: run it with :func:`puzzlesolver.budget.within` (to its result, or to a
    limit), or a step at a time with :meth:`run` until it is :attr:`done`, then take its :meth:`result`.

    Built by :func:`start`.  :meth:`stop` ends it early with what it has: an anytime search's best answer
    (not proven shortest), or a "stopped" result that says how far it got and what to try instead.
    """

    def __init__(self, kind: Kind, initial: Union[Board, WordState], search: Optional[Search],
                 advice: str, early: Optional[Result] = None) -> None:
        self.kind = kind
        self.initial = initial
        self.search = search
        self.advice = advice
        self.seconds = 0.0
        self._early = early

    @property
    def method(self) -> str:
        return self.search.method if self.search is not None else (self._early.method if self._early else "")

    @property
    def optimal(self) -> bool:
        return self.search.optimal if self.search is not None else True

    @property
    def stats(self) -> SearchStats:
        return self.search.stats if self.search is not None else SearchStats()

    @property
    def done(self) -> bool:
        return self.search is None or self.search.done

    @property
    def bound(self) -> int:
        """The best proven lower bound on the optimum: the search's, or a board's Manhattan distance when that
        is higher (a search guided by a weaker estimate, Hamming's, starts below it).  The page's note under a
        board says the Manhattan distance, so a stopped search never says less than the note."""
        if self.search is None:
            return self._initial_bound()
        if self.kind == Kind.BOARD:
            return max(self.search.bound, self.initial.manhattan())
        return self.search.bound

    def run(self, max_expansions: Optional[int] = None) -> bool:
        """Run up to ``max_expansions`` expansions (all needed if None); True once finished."""
        if self.search is None:
            return True
        began = time.perf_counter()
        try:
            return self.search.run(max_expansions)
        finally:
            self.seconds += time.perf_counter() - began

    def stored_nodes(self) -> int:
        """The nodes the search holds in memory (what a browser tab's budget counts)."""
        if self.search is None:
            return 0
        return getattr(self.search, "stored_nodes", self.search.stats.enqueued)

    def best_answer(self) -> Tuple[int, ...]:
        """An anytime search's answer so far, not proven shortest (empty if none, or for a ladder)."""
        search = self.search
        return tuple(search.blank_path()) if self.kind == Kind.BOARD and search is not None else ()

    def result(self) -> Result:
        """The finished search's answer (call once :meth:`run` said True)."""
        if self._early is not None:
            return self._early
        search = self.search
        if self.kind == Kind.BOARD:
            moves = search.blank_path()
            if not moves and not self.initial.is_goal():
                return self._result(Status.UNSOLVABLE, reason=no_answer(self.initial), bound=0)
            bound = len(moves) if search.optimal else self.bound
            return self._result(Status.SOLVED, blank_path=tuple(moves), bound=bound)
        ladder = tuple(str(state) for state in search.path())
        if not ladder:
            return self._result(Status.UNSOLVABLE, reason=no_answer(self.initial), bound=0)
        return self._result(Status.SOLVED, ladder=ladder, bound=len(ladder) - 1)

    def stop(self, why: str, stopped_by: str = "budget") -> Result:
        """End the search now, ``why`` being :func:`puzzlesolver.budget.stopped_after`'s sentence.  With an
        answer in hand (an anytime search): that answer, solved but not proven optimal, with the proven lower
        bound; otherwise "stopped", with what to try instead."""
        bound = self.bound
        answer = self.best_answer()
        if answer:
            reason = (f"{why}: found {len(answer)} moves, not proven shortest; the optimum is at least {bound} "
                      "moves. Keep going to improve the answer or prove it.")
            return self._result(Status.SOLVED, blank_path=answer, bound=bound, reason=reason, stopped_by=stopped_by)
        reason = f"{why} with no solution yet (at least {bound} moves are needed); to get further, {self.advice}."
        return self._result(Status.STOPPED, reason=reason, bound=bound, stopped_by=stopped_by)

    def _initial_bound(self) -> int:
        return self.initial.estimated_distance_to_goal() if self.kind == Kind.WORDS else self.initial.manhattan()

    def _result(self, status: Status, **fields) -> Result:
        common = dict(status=status, initial=self.initial, method=self.method, optimal=self.optimal,
                      stats=replace(self.stats), seconds=self.seconds, **fields)
        if self.kind == Kind.BOARD:
            return BoardResult(iterations=tuple(iteration_log(self.search)), **common)
        return LadderResult(**common)


def blank_first_goal(board: Board) -> Optional[Tuple[int, ...]]:
    """The goal with the blank first (``0 1 2 3 ...``: Korf's 15-puzzles' and some courses'), when ``board``
    cannot reach its own goal but would reach that one; else None."""
    n, tiles = board.width, board.tiles
    blank_first = tuple(range(len(tiles)))
    if tuple(board.goal) == blank_first or grid.can_reach(tiles, board.goal, n):
        return None
    return blank_first if grid.can_reach(tiles, blank_first, n) else None


def no_answer(initial: Union[Board, WordState]) -> str:
    """Why there is no answer, in one sentence; a board that would reach the goal with the blank first (the
    goal of Korf's 15-puzzles and of some courses) says so."""
    if isinstance(initial, Board):
        blank_first = blank_first_goal(initial)
        other = (f"; it would reach the goal with the blank first ({', '.join(map(str, blank_first[:4]))}, ...)"
                 if blank_first else "")
        return ("This board cannot reach the goal: every slide keeps the parity of the tile permutation "
                f"plus the blank's row and column, and here that parity differs from the goal's{other}.")
    return f"There is no ladder from {initial.word!r} to {initial.goal!r} in this dictionary."


def iteration_log(search: Optional[Search]) -> List[Tuple[int, int]]:
    """IDA*'s ``(bound, expansions)`` per finished iteration, for the searches that iterate (else empty)."""
    if isinstance(search, (IDAStar, AnytimeSearch, RectIDAStar)):
        return list(search.iteration_log)
    return []
