"""What a player's game asks of the engine: judge a position move by move, deal a board of exact difficulty.

Both stand on the policy's strongest optimal search (:func:`puzzlesolver.policy.board_search`), so a
judgement is exact wherever the solver is exact and fast: the 8-puzzle (a table read) and the
15-puzzle (IDA* with pattern tables, usually milliseconds).  From 5x5 on, and whenever a budget runs
out, a judgement is a proven lower bound and says so (``exact`` is False): from 5x5 on the whole
budget goes to IDA* (:func:`puzzlesolver.policy.bound_options`), the search whose bound rises fastest.

Each is also *work* in steps (:mod:`puzzlesolver.steps`): :func:`judging` and :func:`dealing` yield
between short steps, so the web worker can run them beside other requests (:mod:`puzzlesolver.jobs`).

>>> from puzzlesolver.board import Board
>>> verdict = judge(Board.from_tiles([1, 2, 3, 4, 5, 6, 7, 0, 8]))
>>> verdict.distance, verdict.exact, verdict.deltas
(1, True, {4: 1, 6: 1, 8: -1})
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Dict, Optional

from . import grid
from .board import Board, random_board
from .fast.tables import pdb_files
from .policy import board_search, bound_options
from .steps import Work, labelled, searching, to_end

__all__ = ["Judgement", "judge", "judging", "deal_exactly", "dealing", "check_deal", "DealError", "MAX_EXACT_DEAL",
           "JUDGE_BUDGET", "DEAL_BUDGET"]

#: The longest exact-difficulty deal offered per size (3x3: the longest there is; 4x4: beyond about 60
#: moves random boards that long are too rare to find within a second or two).
MAX_EXACT_DEAL = {2: 6, 3: 31, 4: 60}
#: Expansions a judgement may use before it settles for a lower bound.
JUDGE_BUDGET = 3_000_000
#: Expansions an exact deal may use on its candidates before it gives up.
DEAL_BUDGET = 20_000_000


class DealError(ValueError):
    """A deal that cannot be made; the message is one sentence about the number of moves asked for."""

    field = "moves"


@dataclass
class Judgement:
    """How far a position is from its goal, and what each possible move does to that.

    ``distance``: the optimal number of moves (``exact``) or a proven lower bound (not ``exact``).
    ``deltas``: for each cell the blank can move to, -1 (the move gains a step: it is on an optimal
    path) or +1 (it loses one); empty unless ``exact``.
    """

    distance: int
    exact: bool
    deltas: Dict[int, int] = field(default_factory=dict)
    method: str = ""


def judge(board: Board, budget: int = JUDGE_BUDGET) -> Judgement:
    """The optimal distance of ``board`` and the effect of each move, within ``budget`` expansions.

    Raises ValueError for a board that cannot reach its goal (a game never holds one).
    """
    return to_end(judging(board, budget))


def judging(board: Board, budget: int = JUDGE_BUDGET) -> Work[Judgement]:
    """:func:`judge` as work in steps; yields ``{"expanded"}`` as it goes."""
    if not board.is_solvable():
        raise ValueError("This board cannot reach its goal.")
    search = board_search(board, bound_options(board.width, board.height))
    distance = yield from _solve_within(search, budget, limit=None)
    if distance is None:
        return Judgement(search.bound, False, method=search.method)
    deltas: Dict[int, int] = {}
    spent = search.stats.expanded
    on_path = search.blank_path()[:1]
    for cell in grid.blank_moves(board.width, board.height)[board.blank]:
        if distance == 0:
            deltas[cell] = 1
        elif cell in on_path:
            deltas[cell] = -1
        else:
            child = board_search(board.slide(cell))
            shorter = yield from _solve_within(child, budget - spent, limit=distance - 1, spent=spent)
            spent += child.stats.expanded
            if spent >= budget:
                return Judgement(distance, True, {}, search.method)
            deltas[cell] = -1 if shorter is not None else 1
    return Judgement(distance, True, deltas, search.method)


def _solve_within(search, budget: int, limit: Optional[int], spent: int = 0) -> Work[Optional[int]]:
    """The optimal length if ``search`` proves it within ``budget`` expansions (and at most ``limit``), else
    None; yields ``{"expanded": spent + its own}`` between steps."""
    steps = searching(search, max_expansions=budget)
    while True:
        if limit is not None and search.bound > limit:
            return None
        try:
            next(steps)
        except StopIteration as finished:
            if not finished.value:
                return None
            break
        yield {"expanded": spent + search.stats.expanded}
    if not search.optimal:
        return None
    moves = len(search.blank_path())
    return moves if limit is None or moves <= limit else None


def deal_exactly(n: int, moves: int, rng: Optional[random.Random] = None, budget: int = DEAL_BUDGET) -> Board:
    """A board of side ``n`` whose optimal solution takes exactly ``moves`` moves (standard goal).

    The 8-puzzle draws uniformly among all boards at that distance (from the exact table); the
    15-puzzle draws random boards -- walks from the goal for short distances, uniform boards for long
    ones -- and keeps the first whose optimal length is ``moves``.  Raises :class:`DealError` for a
    size or a length that cannot be dealt, or when ``budget`` expansions found no such board.
    """
    return to_end(dealing(n, moves, rng, budget))


def dealing(n: int, moves: int, rng: Optional[random.Random] = None, budget: int = DEAL_BUDGET) -> Work[Board]:
    """:func:`deal_exactly` as work in steps; yields ``{"tried", "expanded"}`` (boards tried, positions searched)."""
    rng = rng or random.Random()
    check_deal(n, moves)
    if n == 3 and not pdb_files.missing_files(pdb_files.files_for(3)):
        return _deal_from_table(moves, rng)
    spent = tried = 0
    while spent < budget:
        board = _candidate(n, moves, rng)
        search = board_search(board)
        tried += 1
        length = yield from labelled(_solve_within(search, budget - spent, limit=moves, spent=spent), tried=tried)
        spent += search.stats.expanded + 1
        if length == moves:
            return board
        yield {"tried": tried, "expanded": spent}
    raise DealError(f"No {n}x{n} board of exactly {moves} moves turned up in time; try again or another length.")


def check_deal(n: int, moves: int) -> None:
    """Raise :class:`DealError` unless a board of side ``n`` needing exactly ``moves`` moves can be dealt."""
    longest = MAX_EXACT_DEAL.get(n)
    if longest is None:
        raise DealError(f"Deals of an exact difficulty are offered for 2x2 to 4x4 boards, not {n}x{n}.")
    if not 0 <= moves <= longest:
        raise DealError(f"A {n}x{n} deal of exactly N moves takes N from 0 to {longest}, not {moves}.")


def _deal_from_table(moves: int, rng: random.Random) -> Board:
    table = pdb_files.exact_3(8)
    ranks = [rank for rank, distance in enumerate(table) if distance == moves]
    return Board.from_tiles(pdb_files.unrank_perm(rng.choice(ranks), 9))


def _candidate(n: int, moves: int, rng: random.Random) -> Board:
    """A random board likely to need about ``moves``: a walk from the goal, or a uniform board when long."""
    if moves >= 44 and n == 4:
        return random_board(n, rng)
    board = Board.from_tiles(grid.standard_goal(n))
    previous = -1
    for _ in range(moves + 2 * rng.randrange(0, 4)):
        choices = [cell for cell in grid.blank_moves(n)[board.blank] if cell != previous]
        previous = board.blank
        board = board.slide(rng.choice(choices))
    return board
