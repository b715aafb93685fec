"""Fast, NOT optimal: solve big boards a line at a time with small weighted searches.

The board (any W x H) is shrunk from its edges, as a person does it: the tiles of one outer row (or
column) are brought home one by one, the last two of the line together, and locked; then the next line
(a row when the region left is at least as tall as it is wide, else a column); until a corner of at most
3x3 remains (2x3 on a board 2 cells across), which is solved optimally.  Each placement is a weighted A*
over a small abstract space (the blank and the one or two tiles being placed; every other tile is just
"not the blank"), so each search is tiny and the whole solve takes well under a second even on
10x10 and larger boards.  Every placement can be made, on 2-row boards too (where a column is two
cells, placed as a pair): a line is only taken off a region of at least 2x4, so the region holds at
least three other tiles, and swapping two of them fixes any parity; and what is left of a solvable
board is solvable, since the locked cells hold their goal tiles.  Answers are valid but typically 2-4
times longer than optimal; loops (the same board twice on the way) are cut out at the end.

>>> from puzzlesolver.board import Board
>>> search = SubgoalSearch(Board.from_tiles(list(range(1, 25)) + [0]))
>>> search.run(None), len(search.path()) - 1, search.optimal
(True, 0, False)
"""

from __future__ import annotations

import heapq
from array import array
from functools import lru_cache
from typing import Dict, List, NamedTuple, Optional, Sequence, Tuple

from ... import grid
from ...board import Board, shape_name as board_shape
from ...search import SearchStats, SlicedSearch
from ..engines.manhattan import ManhattanEngine
from ..engines.pdb_squares import Pdb663
from ..tables import pdb_files
from .ida import IDAStar
from .rect_ida import RectIDAStar

__all__ = ["SubgoalSearch", "Shrinking", "cut_loops", "distances", "place", "shrinking_lines"]


#: Expansions of the final corner's IDA* between two yields (so a caller's slices stay short).
FINISH_SLICE = 20_000
#: Expansions of a placement's weighted A* between two yields.
PLACEMENT_SLICE = 5_000


class SubgoalSearch(SlicedSearch):
    """Line-by-line placement with small weighted A* searches (the AStar step protocol)."""

    optimal = False
    #: The nodes it holds between two slices (for a caller's memory cap; ``stats.enqueued`` counts all it ever
    #: made): those of the placement search under way, if a slice ended inside one.
    stored_nodes = 0

    def __init__(self, board: Board, weight: float = 3.0, finish_side: int = 3) -> None:
        self.board = board
        self.weight = weight
        width, height = self.width, self.height = board.width, board.height
        # a last 4x4 is finished optimally with the 15-puzzle's pattern tables, when they are at hand and its
        # goal's blank is on a corner of it (a symmetry then maps it onto theirs); else a 3x3, as IDA* on
        # Manhattan distance + linear conflicts took up to 11 s on a 4x4 (random goals on 4x5 boards)
        self.finish_side = 4 if (finish_side == 4 and min(width, height) >= 4
                                 and pdb_files.at_hand(pdb_files.tables_663)
                                 and _ends_on_a_corner(width, height, board.goal.index(0), 4)) else 3
        side = self.finish_side
        corner = f"{side}x{side}" if width == height else board_shape(min(width, side), min(height, side))
        self.method = (f"line by line: weighted A* per tile placement (w={weight:g}), optimal finish on the last "
                       f"{corner}: fast, NOT optimal")
        self.stats = SearchStats(0, 0, 0)
        self.goal = board.goal
        self.tiles = list(board.tiles)
        self.locked = [False] * (width * height)
        self.cells: List[int] = []  # the blank's cells, one per move
        self.done = not board.is_solvable()
        self._result: Optional[List[int]] = None if not self.done else []
        self._work = self._stages()

    @property
    def bound(self) -> int:
        """A proven lower bound on the optimal length: the initial Manhattan distance."""
        return self.board.manhattan()

    @property
    def frontier_size(self) -> int:
        return 0

    # -- planning ------------------------------------------------------------------------------
    def _stages(self):
        """Yield after each placement, and within a placement every :data:`PLACEMENT_SLICE` expansions; the
        work happens in between."""
        plan = shrinking_lines(self.width, self.height, self.goal.index(0), self.finish_side)
        for line, _ in plan.lines:
            for cell in line[:-2]:
                yield from self._place([cell])
                yield
            yield from self._place(line[-2:])
            yield
        yield from self._finish(*plan.region)

    def _finished(self) -> None:
        self._result = cut_loops(self.board.tiles, self.cells)

    def blank_path(self) -> List[int]:
        return list(self._result or [])

    def path(self) -> List[Board]:
        if self._result is None or not self.board.is_solvable():
            return []
        return self.board.along(self._result)

    # -- one placement -------------------------------------------------------------------------
    def _move_blank(self, cell: int) -> None:
        tiles = self.tiles
        b = tiles.index(0)
        tiles[b], tiles[cell] = tiles[cell], 0
        self.cells.append(cell)

    def _place(self, goal_cells: Sequence[int]):
        """Bring the tiles that belong on ``goal_cells`` home (together), then lock those cells; yield between
        slices of the search."""
        tiles, locked = self.tiles, self.locked
        wanted = [self.goal[c] for c in goal_cells]
        targets = tuple(goal_cells)
        pos = tuple(tiles.index(t) for t in wanted)
        if pos != targets:
            search = place(tiles, self.width, locked, wanted, targets, self.stats, self.weight, nearest_first=True)
            while True:
                try:
                    self.stored_nodes = next(search)
                except StopIteration as done:
                    cells = done.value
                    break
                yield
            self.stored_nodes = 0
            for cell in cells:
                self._move_blank(cell)
        for c in goal_cells:
            locked[c] = True

    def _finish(self, top: int, bottom: int, left: int, right: int):
        """Solve the remaining corner optimally and append its moves, yielding between slices of IDA*.

        A 3x3 corner: IDA* with Manhattan + linear conflicts.  A 4x4 corner: IDA* with the 6-6-3
        pattern tables, the corner relabelled (and turned by a symmetry) onto the tables' goal.  A corner
        that is not square (2x3 or 3x2, on a board 2 cells across): :class:`~.rect_ida.RectIDAStar`.
        """
        w = self.width
        region = [r * w + c for r in range(top, bottom + 1) for c in range(left, right + 1)]
        sub_tiles, sub_goal_tiles = grid.relabel([self.tiles[c] for c in region], [self.goal[c] for c in region])
        side, across = bottom - top + 1, right - left + 1
        if side != across:
            search = RectIDAStar(across, side, sub_tiles, sub_goal_tiles)
        else:
            search = _square_finish(sub_tiles, sub_goal_tiles, side)
        while True:
            before = search.stats.expanded
            finished = search.run(FINISH_SLICE)
            self.stats.expanded += search.stats.expanded - before
            if finished:
                break
            yield
        for cell in search.blank_path():
            self._move_blank(region[cell])


def _square_finish(tiles: List[int], goal: List[int], side: int) -> IDAStar:
    """The optimal search for a square corner: the 6-6-3 pattern tables on a 4x4 whose goal a symmetry maps
    onto the tables' one, else Manhattan distance + linear conflicts."""
    board = Board.from_tiles(tiles, goal)
    canon = grid.canonical(tiles, goal, 4, (15,)) if side == 4 else None
    if canon is not None:
        standard, back, _ = canon
        return IDAStar(board, lambda counter: Pdb663(standard, counter), "IDA* + 6-6-3 pattern databases", back)
    return IDAStar(board, lambda counter: ManhattanEngine(tiles, goal, side, True, counter),
                   "IDA* + Manhattan distance + linear conflicts")


class Shrinking(NamedTuple):
    """The lines that shrink a board, in order, each as (its cells from one end to the other, the step from
    the line into the region left), and that region (top, bottom, left, right)."""

    lines: List[Tuple[List[int], int]]
    region: Tuple[int, int, int, int]


def shrinking_lines(width: int, height: int, goal_blank: int, finish_side: int) -> Shrinking:
    """The lines to place, in order, on a W x H board until a square of ``finish_side`` (or what of it fits)
    is left: a row when the region is at least as tall as it is wide, else a column; each taken from the side
    away from the goal's blank, so that the blank ends on a corner of the square left (whose goal the 15-puzzle's
    tables then take, by a symmetry), on boards at least 2 x ``finish_side`` - 1 cells each way.  Before, a goal
    blank one or two cells in from the board's far sides ended inside the square's edge, and a 12x12 board's 4x4
    took 52 s of IDA* on Manhattan distance.

    >>> shrinking_lines(5, 5, 0, 3).region, shrinking_lines(5, 5, 24, 3).region
    ((0, 2, 0, 2), (2, 4, 2, 4))
    >>> shrinking_lines(6, 6, 4 * 6 + 4, 4).region   # the blank on row 4 of 6: rows 1-4 left, not 2-5
    (1, 4, 1, 4)
    """
    row, column = divmod(goal_blank, width)
    first_row = _first_left(row, height, finish_side)
    first_column = _first_left(column, width, finish_side)
    top, bottom, left, right = 0, height - 1, 0, width - 1
    lines: List[Tuple[List[int], int]] = []
    while bottom - top + 1 > finish_side or right - left + 1 > finish_side:
        if bottom - top >= right - left:
            r = top if top < first_row else bottom
            lines.append(([r * width + c for c in range(left, right + 1)], width if r == top else -width))
            top, bottom = (top + 1, bottom) if r == top else (top, bottom - 1)
        else:
            c = left if left < first_column else right
            lines.append(([r * width + c for r in range(top, bottom + 1)], 1 if c == left else -1))
            left, right = (left + 1, right) if c == left else (left, right - 1)
    return Shrinking(lines, (top, bottom, left, right))


def _ends_on_a_corner(width: int, height: int, goal_blank: int, side: int) -> bool:
    """Whether the lines leave the goal's blank on a corner of the last square (always on boards at least
    2 x ``side`` - 1 cells each way)."""
    top, bottom, left, right = shrinking_lines(width, height, goal_blank, side).region
    row, column = divmod(goal_blank, width)
    return row in (top, bottom) and column in (left, right)


def _first_left(blank: int, length: int, side: int) -> int:
    """The first of the ``side`` rows (or columns) of ``length`` that the lines leave: the blank's own, the
    square then going on past it; where that does not fit, the one ``side`` - 1 before it, the square then
    ending on it (so the blank is on the square's edge either way)."""
    if length <= side or blank + side <= length:
        return min(blank, max(length - side, 0))
    return max(blank - side + 1, 0)


def cut_loops(tiles: Sequence[int], cells: List[int]) -> List[int]:
    """Drop every stretch of moves that comes back to a board already passed (on a board of any shape: the
    blank's cells are row-major indices)."""
    board = array("B" if len(tiles) <= 256 else "H", tiles)  # its bytes are the key: fast to copy and hash
    states = [board.tobytes()]
    seen = {states[0]: 0}
    kept: List[int] = []
    b = board.index(0)
    for cell in cells:
        board[b], board[cell], b = board[cell], 0, cell
        key = board.tobytes()
        if key in seen:
            cut = seen[key]
            for dropped in states[cut + 1:]:
                del seen[dropped]
            del states[cut + 1:]
            del kept[cut:]
        else:
            kept.append(cell)
            states.append(key)
            seen[key] = len(states) - 1
    return kept


def place(tiles: Sequence[int], width: int, locked: Sequence[int], tile_ids: Sequence[int],
          targets: Sequence[int], stats: SearchStats, weight: float = 3.0, nearest_first: bool = False):
    """The blank's cells that bring ``tile_ids`` (none, one or two tiles; none: the blank) to ``targets`` on a
    board ``width`` cells wide, never moving a tile on a ``locked`` cell (the generator's return value; it
    yields, every :data:`PLACEMENT_SLICE` expansions, the states it holds; expansions are counted in ``stats``):
    a weighted A* over the blank and those tiles alone, every other tile just "not the blank".  Its estimate is
    the tiles' Manhattan distances to their targets plus the blank's way to the nearest tile not there yet.
    Among states of equal f it expands first the one nearer its target (``nearest_first``, the line-by-line
    solver's order) or the one fewer moves in (the placement beams').

    A state is one integer, the blank's cell then the tiles' in base W*H (so the heap orders states as tuples of
    them would be ordered), and distances come from one table: 1.6 times as fast as tuples and ``divmod``
    (0.65 -> 0.41 s of a 20x20 placement beam's 2.6 s).

    Tile 5 to cell 4, beside the blank: the blank steps onto cell 5.

    >>> place([1, 2, 3, 4, 0, 5], 3, [0] * 6, [5], [4], SearchStats(0, 0, 0)).send(None)
    Traceback (most recent call last):
    StopIteration: [5]
    """
    cells = len(tiles)
    dist = distances(width, cells // width)
    free = [tuple(x for x in moves if not locked[x]) for moves in grid.blank_moves(width, cells // width)]
    tiles = list(tiles)
    start = tiles.index(0)
    for tile in tile_ids:
        start = start * cells + tiles.index(tile)
    count = len(tile_ids)
    aim = targets[0] if count else 0
    aim1 = targets[1] if count == 2 else 0
    goal = aim * cells + aim1 if count == 2 else aim

    def estimate(blank: int, first: int, second: int) -> int:
        if not count:
            return dist[blank * cells + aim]
        h = dist[first * cells + aim]
        near = dist[first * cells + blank] - 1 if h else -1      # -1: no tile away from its target yet
        if count == 2:
            d = dist[second * cells + aim1]
            if d:
                h += d
                a = dist[second * cells + blank] - 1
                near = a if near < 0 or a < near else near
        return h + near if near > 0 else h

    def split(state: int) -> Tuple[int, int, int]:
        if count == 2:
            rest, second = divmod(state, cells)
            blank, first = divmod(rest, cells)
            return blank, first, second
        if count == 1:
            blank, first = divmod(state, cells)
            return blank, first, -1
        return state, -1, -1

    h0 = estimate(*split(start))
    frontier = [(weight * h0, h0 if nearest_first else 0, 0, start)]
    best: Dict[int, int] = {start: 0}
    parent: Dict[int, int] = {start: -1}
    size = cells ** count
    while frontier:
        _, _, g, state = heapq.heappop(frontier)
        if best[state] < g:
            continue
        if (state % size if count else state) == goal:
            path = []
            while state != start:
                path.append(state // size)
                state = parent[state]
            return path[::-1]
        stats.expanded += 1
        if stats.expanded % PLACEMENT_SLICE == 0:
            yield len(best)
        blank, first, second = split(state)
        g1 = g + 1
        for x in free[blank]:
            one = blank if x == first else first
            two = blank if x == second else second
            child = x if not count else (x * cells + one if count == 1 else (x * cells + one) * cells + two)
            if best.get(child, g1 + 1) <= g1:
                continue
            best[child] = g1
            parent[child] = state
            h = estimate(x, one, two)
            heapq.heappush(frontier, (g1 + weight * h, h if nearest_first else g1, g1, child))
            stats.enqueued += 1
        if len(frontier) > stats.max_frontier:
            stats.max_frontier = len(frontier)
    raise ValueError("no way to place the tiles")  # cannot happen on a solvable board


@lru_cache(maxsize=8)
def distances(width: int, height: int) -> List[int]:
    """The Manhattan distance between any two cells of a W x H board, at [a * W * H + b]."""
    cells = width * height
    return [abs(a // width - b // width) + abs(a % width - b % width) for a in range(cells) for b in range(cells)]
