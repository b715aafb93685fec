"""An answer at once, better answers while you wait, and a proven lower bound: for 5x5 boards and up.

On boards where an optimal search may run for hours (a random 24-puzzle), :class:`AnytimeSearch`
does two things in turns, a slice at a time:

* **it proves a lower bound**: IDA* on the whole board raises its bound as each of its iterations
  ends; if it finishes, the answer is optimal.  It runs alone for the first :data:`IDA_FIRST`
  expansions (boards a few dozen moves from the goal are solved optimally at once), then gets
  :data:`BOUND_SHARE` of the work (:data:`BIG_BOUND_SHARE` above 64 cells).  Which IDA* is the policy's plan's
  (:mod:`puzzlesolver.policy.plans`): on 5x5 the additive 5-5-5-5-4 pattern tables, twice as fast as Manhattan
  distance + linear conflicts, which it uses otherwise, and stronger (Korf & Felner's 24-puzzles, 10 s each:
  bound / optimum 0.882 -> 0.909);
* **it finds shorter and shorter answers**: up to 8x8 (64 cells, on a W x H board), a portfolio of beam searches
  (:mod:`.beam`): from the board to the goal and from the goal back to the board, each ranking the
  boards with its own weighting of Manhattan distance, the tiles' squared distances and linear
  conflicts, in rounds of growing width (:attr:`Answers.BEAMS`).  On bigger boards, and on rectangles 2 or 3 cells
  across (where those beams stall), the answers come from a portfolio of placement beams (:attr:`Answers.PLACEMENTS`,
  :mod:`.placement`: the line-by-line solver's placements as one beam over whole boards), each round followed by a
  sweep of windows; which of the two is the policy's plan's too.  Then windows
  of the answer are replaced by the shortest paths
  between their ends that keep to the small square the window's moves stay in (IDA* towards the window's
  last board, on that square), in turns with narrow beams.  A beam that
  cannot beat the answer in hand stops as soon as it is as deep as that answer.

Beams from both ends and with different weightings fail on different boards, so the best of several narrow beams beats
one wide beam of the same cost: on Korf & Felner's 24-puzzles (12 of them, CPython), one beam of width 4,000 gave
1.126 x the optimum on average, eight beams of width 1,000 (four weightings, both ends) 1.089.  The squared distances
(:class:`~puzzlesolver.fast.engines.estimates.LineEstimate`: a far tile comes home first) shortened every answer: with
10 s of CPU time each (the benchmark), random 6x6 answer / bound 1.458 -> 1.281, random 7x7 1.669 -> 1.411, Korf's
24-puzzles answer / optimum 1.095 -> 1.04; on 8x8 they made the beams better than the line-by-line answer and its
windows.

What else was tried, on the portfolio, its widths and the bound's share, and what it measured:
``docs/performance.md``.

The answer is *proven* optimal once its length equals the bound.  ``blank_path()`` is the best answer
so far, so a caller whose budget runs out still has one, with ``bound`` to say how far from optimal it
can be at most.

>>> from puzzlesolver.board import Board
>>> board = Board.from_tiles([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 0, 24])
>>> whole = IDAStar(board, lambda counter: ManhattanEngine(board.tiles, board.goal, 5, True, counter), "IDA*")
>>> search = AnytimeSearch(board, whole, Answers.BEAMS)
>>> search.run(None), search.blank_path(), search.optimal
(True, [24], True)
"""

from __future__ import annotations

import math
from enum import Enum
from typing import Any, Iterator, List, Optional, Sequence, Tuple

from ... import grid
from ...board import Board
from ...search import SearchStats
from ..engines.manhattan import ManhattanEngine
from ..engines.pdb_squares import Pdb5
from .beam import BeamSearch, grid_side
from .ida import IDAStar
from .lines import cut_loops
from .placement import PlacementBeam
from .placement_portfolio import QUICK, Settings, portfolio

__all__ = ["AnytimeSearch", "Answers", "BEAM_UP_TO", "BOUND_SHARE", "IDA_FIRST", "WIDTHS", "WEIGHTINGS",
           "round_widths", "window_cells"]

#: Expansions the whole-board IDA* runs alone before any answer is looked for.
IDA_FIRST = 10_000
#: Share of the work (after IDA_FIRST) given to the whole-board IDA*; the rest looks for shorter answers.
#: IDA*'s bound grows by 2 each time its work grows about tenfold on a 24-puzzle, so a larger share buys little.
BOUND_SHARE = 0.25
#: The share on boards of more than 64 cells (whose answers come from placement beams): there a quarter of 10 s
#: raised the bound by 2 (0.3% of a 10x10's, 0.04% of a 20x20's: random boards 641 -> 643, 5,335 -> 5,337), while
#: the answers gain from every beam more (three random boards each, answer / bound with 10 s, a quarter against
#: 2%: 16x8 2.40 / 2.31, 20x10 2.42 / 2.38, 20x5 2.23 / 2.21).
BIG_BOUND_SHARE = 0.02
#: Work units of one board expanded by a beam (IDA* expansions count one each): a beam makes its children
#: as whole boards, about three times the work of an IDA* step (measured on CPython: with 3, the bound gets 24%
#: of the time for its 25% share).
BEAM_COST = 3
#: Work units of one expansion of IDA* on the 5x5 pattern tables: it makes twice as many a second as IDA* on
#: linear conflicts (2.3 against 1.2 million on CPython), so the bound keeps its share of the time.
TABLE_COST = 0.5
#: Work units of one expansion of the placement beam (:mod:`.placement`): a board of the beam with its three
#: children, or a step of a placement's weighted A*.
PLACEMENT_COST = 8
#: Up to this side the placement beams' rounds each end with a sweep of windows and the first one with beams over
#: the whole board; above it they come after every round.  There a sweep costs more than a round and gains less
#: (a 15x15 answer of 5,749 moves: 7.3 s of CPU for 90 moves shorter, where a second beam takes 1.5 s), and a
#: whole-board beam stalls within 200 moves of the start (a 20x20: the Manhattan distance 5,321 -> 5,304).
SWEEP_EVERY_ROUND_UP_TO = 10
#: Up to this side (on a rectangle: up to as many cells as this square has) the policy's plans take answers from
#: beams over the whole board (:attr:`Answers.BEAMS`), and the bound gets :data:`BOUND_SHARE`; above it, from
#: placement beams.  On rectangles as on squares: three random boards each, 10 s of CPU, answer / bound,
#: whole-board beams against placement beams: 12x6 1.90 / 1.82, 11x7 1.70 / 1.83, 6x10 (5 s) 1.62 / 2.14.
BEAM_UP_TO = 8
#: The width of the first two beams (both ends), then the widths of the rounds of the portfolio on 5x5
#: (narrower on bigger boards, see :func:`round_widths`: a beam's work grows with the answer's length).
FIRST_WIDTH = 64
WIDTHS = (1000, 2000, 4000, 8000, 16000)
#: (Manhattan weight, linear-conflict weight, squared-distance weight) of the beams of one round, each run from both
#: ends (see :class:`~puzzlesolver.fast.engines.estimates.LineEstimate`); the first two beams use the first one.
WEIGHTINGS = ((2, 4, 1), (4, 8, 1), (2, 6, 1), (4, 12, 1))
#: Beam widths on boards above BEAM_UP_TO (each after a sweep of windows), from the goal back to the board.
WIDE_BOARD_WIDTHS = (32, 64, 128, 256, 512, 1024)
#: Window lengths of one sweep, and the expansions one window's optimal search may use before it is skipped.
WINDOWS = (12, 18, 24, 32, 40)
WINDOW_LIMIT = 200_000
#: Work units per cell of a window's square, for setting up its IDA* (its tables have a row per cell): 8-17
#: expansions' time per cell, measured on squares of 4 to 12 cells a side.
WINDOW_CELL_COST = 20
#: Expansions the whole-board IDA* or an answer search gets at a time within one call of ``run``.
CHUNK = 20_000


def round_widths(n: float) -> Tuple[int, ...]:
    """The beam widths of the portfolio's rounds on an n x n board: :data:`WIDTHS` on 5x5, scaled by (5/n)**3
    (a rectangle passes the side of the square of as many cells)."""
    return tuple(max(FIRST_WIDTH, round(width * (5 / n) ** 3)) for width in WIDTHS)


def window_cells(blank: int, moves: Sequence[int], width: int, height: int) -> Tuple[List[int], int]:
    """The cells, row by row, of the smallest square of a W x H board holding the blank's cells along ``moves``
    (from ``blank``) and one more cell each way (a window's search needs no more room), cut to the board's
    width or height where it is narrower than the square; and the window's width.

    >>> window_cells(0, [1, 2], 9, 9)   # cells 0..2 and their margin: two rows by four columns, made square
    ([0, 1, 2, 3, 9, 10, 11, 12, 18, 19, 20, 21, 27, 28, 29, 30], 4)
    >>> window_cells(0, [1, 2], 20, 3)  # on a board 3 rows tall: 3 rows by four columns
    ([0, 1, 2, 3, 20, 21, 22, 23, 40, 41, 42, 43], 4)
    """
    rows = [c // width for c in (blank, *moves)]
    cols = [c % width for c in (blank, *moves)]
    top, bottom = max(min(rows) - 1, 0), min(max(rows) + 1, height - 1)
    left, right = max(min(cols) - 1, 0), min(max(cols) + 1, width - 1)
    side = max(bottom - top, right - left) + 1
    across, down = min(side, width), min(side, height)
    top, left = min(top, height - down), min(left, width - across)
    return [(top + r) * width + left + c for r in range(down) for c in range(across)], across


class Answers(Enum):
    """Where the anytime search's answers come from (its value is how its method says it)."""

    BEAMS = "beam searches from both ends"
    PLACEMENTS = ("placement beams (the line-by-line placements, searched as beams), then optimal windows and beam "
                  "searches")


class AnytimeSearch:
    """Beam searches (or placement beams: ``answers``) for answers, the IDA* ``whole`` for the bound (the Search
    protocol).  Which of each is the policy's plan's (:mod:`puzzlesolver.policy.plans`)."""

    def __init__(self, board: Board, whole: IDAStar, answers: Answers) -> None:
        self.board = board
        self.width, self.height = board.width, board.height
        #: the side of the square of as many cells as the board (its own side on a square board)
        self.side = math.sqrt(board.width * board.height)
        #: whether beams over the whole board give the answers (else placement beams do)
        self.beams = answers is Answers.BEAMS
        self._whole = whole
        self._bound_cost = TABLE_COST if isinstance(whole.engine, Pdb5) else 1
        self.method = f"anytime: {answers.value}, while {whole.method} proves a lower bound"
        self.stats = SearchStats(0, 0, 0)
        self._best: Optional[List[int]] = None
        self._plan = self._attempts()
        self._attempt: Optional[_Attempt] = None
        self._bound_work = 0
        self._answer_work = 0
        self.done = not board.is_solvable()

    # -- the Search protocol ---------------------------------------------------------------------
    @property
    def bound(self) -> int:
        """A proven lower bound on the optimal length (the whole-board IDA*'s current bound)."""
        return self._whole.bound

    @property
    def optimal(self) -> bool:
        """Whether the answer so far is proven shortest."""
        return self._best is not None and (self._whole.done or len(self._best) <= self._whole.bound)

    @property
    def frontier_size(self) -> int:
        return self._whole.frontier_size

    @property
    def iteration_log(self):
        """The whole-board IDA*'s ``(bound, expansions)`` per finished iteration."""
        return self._whole.iteration_log

    def blank_path(self) -> List[int]:
        """The best answer so far as the blank's cells (empty before the first one)."""
        return list(self._best_so_far() or [])

    def path(self) -> List[Board]:
        best = self._best_so_far()
        return self.board.along(best) if best is not None else []

    def _best_so_far(self) -> Optional[List[int]]:
        """The best answer, or the one the attempt under way has made shorter already (a sweep of windows over
        a 15x15 answer takes longer than a 10 s budget: what it has gained by then counts)."""
        interim = self._attempt.so_far() if self._attempt is not None else None
        if interim and (self._best is None or len(interim) < len(self._best)):
            return interim
        return self._best

    def run(self, max_expansions: Optional[int] = None) -> bool:
        """Work for about ``max_expansions`` expansions; True once the answer is proven optimal.

        With no budget, IDA* runs to the end: the optimal answer, however long that takes.
        """
        if self.done:
            return True
        if max_expansions is None:
            self._prove(None)
            return True
        budget = max(1, max_expansions)
        while budget > 0 and not self.done:
            chunk = min(budget, CHUNK)
            budget -= self._prove(chunk) if self._bound_turn() else self._improve(chunk)
            self.done = self.done or self.optimal
        return self.done

    # -- the two halves ----------------------------------------------------------------------------
    def _bound_turn(self) -> bool:
        """Whether the next chunk of work goes to the whole-board IDA* (else to finding shorter answers)."""
        if self._bound_work < IDA_FIRST or self._plan is None:
            return True
        share = BIG_BOUND_SHARE if self.side > BEAM_UP_TO else BOUND_SHARE
        return self._bound_work - IDA_FIRST < share * (self._bound_work - IDA_FIRST + self._answer_work)

    def _prove(self, budget: Optional[int]) -> int:
        """Run the whole-board IDA* for about ``budget`` work units (to the end if None); return the work done."""
        cost = self._bound_cost
        before = self._whole.stats.expanded
        finished = self._whole.run(None if budget is None else max(1, int(budget / cost)))
        used = self._whole.stats.expanded - before
        self._bound_work += used * cost
        self.stats.expanded += used
        self.stats.max_frontier = max(self.stats.max_frontier, self._whole.stats.max_frontier)
        if finished:
            self._best = self._whole.blank_path()
            self.done = True
        return max(round(used * cost), 1)

    def _improve(self, budget: int) -> int:
        """Spend about ``budget`` units on the current attempt at a shorter answer; return the work done."""
        if self._attempt is None:
            self._attempt = next(self._plan, None)
            if self._attempt is None:
                self._plan = None  # nothing left to try: IDA* gets all the work from now on
                return 1
        attempt = self._attempt
        before_nodes, before_work = attempt.nodes, attempt.work
        finished = attempt.run(budget)
        used = attempt.work - before_work
        self._answer_work += used
        self.stats.expanded += attempt.nodes - before_nodes
        if finished:
            self._offer(attempt.answer())
            self._attempt = None
        return max(used, 1)

    def _offer(self, answer: Optional[List[int]]) -> None:
        """Keep ``answer`` if it is shorter than the best so far (after cutting its loops)."""
        if not answer:
            return
        answer = cut_loops(self.board.tiles, answer)
        if self._best is None or len(answer) < len(self._best):
            self._best = answer

    # -- what to try next --------------------------------------------------------------------------
    def _attempts(self) -> Iterator["_Attempt"]:
        """The attempts at a shorter answer, in order (each sees the best answer at the time it starts)."""
        tiles, goal, across = self.board.tiles, self.board.goal, self.width
        if not self.beams:
            wide_rounds = 0
            for round_ in portfolio(self.side):
                for settings in round_:
                    yield _Placement(self.board, settings)
                # a sweep of windows takes seconds: not before the first wide round, nor between rounds on
                # boards where a sweep costs more than a round of beams
                if round_ != [QUICK] and self.side <= SWEEP_EVERY_ROUND_UP_TO:
                    yield _Windows(tiles, goal, self._best, across)
                    wide_rounds += 1
                    if wide_rounds == 1:
                        yield from self._whole_board_beams(round_[0].width)
            for width in WIDE_BOARD_WIDTHS:
                yield _Windows(tiles, goal, self._best, across)
                yield _Beam(tiles, goal, width, WEIGHTINGS[0], True, self._longest(), across)
            yield _Windows(tiles, goal, self._best, across)
            return
        for reverse in (False, True):
            yield _Beam(tiles, goal, FIRST_WIDTH, WEIGHTINGS[0], reverse, self._longest(), across)
        for width in round_widths(self.side):
            for weights in WEIGHTINGS:
                for reverse in (False, True):
                    yield _Beam(tiles, goal, width, weights, reverse, self._longest(), across)

    def _whole_board_beams(self, width: int) -> Iterator["_Attempt"]:
        """Beams over the whole board, each weighting from both ends, after the first wide round of placement
        beams: most stall and stop as deep as the answer in hand, but on some boards one finds a much shorter
        answer (random 10x10 boards, width 128 from the goal back: 1,148 moves against 1,366 from the placement
        beams; on others nothing shorter than 1,732)."""
        tiles, goal, across = self.board.tiles, self.board.goal, self.width
        for weights in WEIGHTINGS:
            for reverse in (True, False):
                yield _Beam(tiles, goal, width, weights, reverse, self._longest(), across)

    def _longest(self) -> Optional[int]:
        """The deepest a new answer may go to be any use (None before the first answer)."""
        return None if self._best is None else len(self._best) - 1


# -- attempts at a shorter answer ---------------------------------------------------------------

class _Attempt:
    """One search for an answer: ``run(budget)`` in work units, ``answer()`` once it returns True."""

    nodes = 0   # expansions so far
    work = 0    # work units so far (expansions weighted by their cost)

    def run(self, budget: int) -> bool:
        raise NotImplementedError

    def answer(self) -> Optional[List[int]]:
        raise NotImplementedError

    def so_far(self) -> Optional[List[int]]:
        """A valid answer before the attempt has finished, if it has one (None)."""
        return None


class _Searching(_Attempt):
    """An attempt that is one sliced search (``search``) whose expansions are worth ``cost`` work units each."""

    search: Any
    cost: int

    @property
    def nodes(self) -> int:
        return self.search.stats.expanded

    @property
    def work(self) -> int:
        return self.search.stats.expanded * self.cost

    def run(self, budget: int) -> bool:
        return self.search.run(max(1, budget // self.cost))

    def answer(self) -> Optional[List[int]]:
        return self.search.blank_path()


class _Beam(_Searching):
    """A beam search from the board (``board_width`` cells wide) to the goal, or from the goal back to the
    board (``reverse``)."""

    cost = BEAM_COST

    def __init__(self, tiles: Sequence[int], goal: Sequence[int], width: int, weights: Tuple[int, ...],
                 reverse: bool, longest: Optional[int], board_width: int) -> None:
        self.reverse = reverse
        self.goal_blank = list(goal).index(0)
        start, end = (goal, tiles) if reverse else (tiles, goal)
        self.search = BeamSearch(start, end, width, longest, weights, board_width)

    def answer(self) -> Optional[List[int]]:
        cells = self.search.blank_path()
        if not cells or not self.reverse:
            return cells
        # the blank's cells from the goal to the board, read backwards: the board after each move back
        return cells[-2::-1] + [self.goal_blank]


class _Placement(_Searching):
    """The line-by-line placements as a beam over whole boards (above 64 cells, and thin rectangles): see
    :mod:`.placement`."""

    cost = PLACEMENT_COST

    def __init__(self, board: Board, settings: Settings) -> None:
        self.search = PlacementBeam(board, *settings)


class _Windows(_Attempt):
    """One sweep of windows over ``best``: each window of lengths :data:`WINDOWS` is replaced by the shortest
    path between its two ends within the window's square when IDA* finds a shorter one within
    :data:`WINDOW_LIMIT` expansions (on a board ``width`` cells wide, by default a square one).

    A window's moves stay inside a small square of the board (:func:`window_cells`), so its IDA* runs on that
    square alone: its tables cost the square's cells, not the whole board's (a 20x20 answer has thousands of
    windows); a shorter path that leaves the square is not looked for.  The sweep walks the answer once, a
    window's first board after the last, and counts that walk and each square's set-up as work, so that a slice of
    work stays a slice of time on any board.
    """

    def __init__(self, tiles: Sequence[int], goal: Sequence[int], best: Optional[List[int]],
                 width: Optional[int] = None) -> None:
        self.tiles = tuple(tiles)
        self.width = width or grid_side(tiles)
        self.height = len(tiles) // self.width
        self.best = list(best or [])
        self.windows = [length for length in WINDOWS if length < len(self.best)]
        self.start = 0
        self._walked = 0                     # moves of best walked so far ...
        self._board = list(self.tiles)       # ... and the board they lead to
        self.search: Optional[Tuple[IDAStar, int, int, List[int]]] = None
        self.nodes = 0       # the windows' IDA* expansions
        self.set_up = 0      # the work of walking the answer and setting up the windows' squares

    @property
    def work(self) -> int:
        return self.nodes + self.set_up

    def run(self, budget: int) -> bool:
        while budget > 0:
            if self.search is None:
                set_up = self._next_window()
                if set_up is None:
                    return True
                self.set_up += set_up
                budget -= set_up
                continue
            search, start, end, cells = self.search
            before = search.stats.expanded
            finished = search.run(min(budget, WINDOW_LIMIT - before))
            used = search.stats.expanded - before
            self.nodes += used
            budget -= max(used, 1)
            if finished:
                self._splice(start, end, [cells[c] for c in search.blank_path()])
            if finished or search.stats.expanded >= WINDOW_LIMIT:
                self.search = None
                self.start += self.windows[0] // 2
        return False

    def _next_window(self) -> Optional[int]:
        """Set up IDA* over the next window and return the work that took; None when the sweep is over."""
        while self.windows:
            length = self.windows[0]
            if self.start + length <= len(self.best):
                walked = self._walk_to(self.start)
                first = self._board
                moves = self.best[self.start:self.start + length]
                cells, across = window_cells(first.index(0), moves, self.width, self.height)
                *_, last = grid.tiles_along(first, moves, self.width)
                local_first, local_last = grid.relabel([first[c] for c in cells], [last[c] for c in cells])
                search = IDAStar(Board.from_tiles(local_first, local_last, across),
                                 lambda counter: ManhattanEngine(local_first, local_last, across, True, counter),
                                 "window")
                self.search = (search, self.start, self.start + length, cells)
                return walked + length + len(cells) * WINDOW_CELL_COST
            self.windows.pop(0)
            self.start = 0
            self._walked, self._board = 0, list(self.tiles)
        return None

    def _walk_to(self, index: int) -> int:
        """Move the walked board on to the one after ``index`` moves of best; return the moves walked."""
        board = self._board
        blank = board.index(0)
        for cell in self.best[self._walked:index]:
            board[blank], board[cell], blank = board[cell], 0, cell
        walked, self._walked = index - self._walked, index
        return walked

    def _splice(self, start: int, end: int, shorter: List[int]) -> None:
        """Put ``shorter`` in place of the moves start..end (the moves before start, walked already, stay)."""
        if len(shorter) < end - start:
            self.best = self.best[:start] + shorter + self.best[end:]

    def so_far(self) -> Optional[List[int]]:
        return self.best

    def answer(self) -> Optional[List[int]]:
        return self.best
