"""Fast, NOT optimal: big boards line by line, as a beam over the placements.

The line-by-line solver (:mod:`.lines`) brings the tiles home one by one, each by the shortest way for that tile
alone, blind to every other tile: the tiles it shoves aside end no nearer home than they were.
:class:`PlacementBeam` places the same tiles in the same order (:func:`placement_plan`), but as one beam search
over whole boards: a board's rank is, first, how many steps of the plan are left; then the estimated cost of the
step under way (the tile's way home: 5 moves a step in a straight line, 3 a step diagonally, plus the blank's way
to the tile); then, with a small weight, the moves it would take to carry every tile home the same way
(:func:`_carry`).  So among the ways of placing a tile, the beam keeps those that also bring other tiles nearer
home, and the next placements are shorter.  It keeps, beside the boards at the furthest step, as many boards a
step or more behind (see :meth:`PlacementBeam._keep`), and no more than :data:`SAME_PLACEMENT` boards with the
same blank and placed tile's cells.

The carrying moves rank a tile off home diagonally nearer than one as far off in a straight line, as it is (its
way home costs 3 moves a step against 5): with them in the rank instead of the Manhattan distance, the beams keep
the ways of placing a tile that leave the tiles shoved aside cheaper to carry.  Above 10x10 the carrying moves
are weighed (``ahead``): the tiles of the line under way and of the next few count two or three times
(:meth:`PlacementBeam._weigh`), so the ways of placing a tile that also bring the next lines' tiles near are kept
first.

The last two tiles of a line are placed with the usual trick: the line's last tile goes to the next-to-last cell,
the next-to-last tile below it (one cell in from the line), the blank to the line's last cell, then two moves bring
both home.  The beam brings the two tiles near; from its best board a weighted A* over the blank and the two tiles
alone (:func:`.lines.place`, the line-by-line solver's own) places them, and the beam starts again from there (a
beam on its own stalls there: the two tiles block each other).  Each step locks the cells it has filled, so the beam
never undoes a placement; a beam that finishes no step for a long while hands the step to :func:`.lines.place`
too.  The 4x4 left at the end is finished optimally by :mod:`.lines`.

Which beams the anytime search runs, with which weights: :mod:`.placement_portfolio`.  What each idea measured,
those not kept included: ``docs/performance.md``.
"""

from __future__ import annotations

from array import array
from collections import defaultdict
from functools import lru_cache
from typing import Dict, Iterator, List, NamedTuple, Optional, Sequence, Tuple

from ... import grid
from ...board import Board
from ...search import SearchStats, SlicedSearch
from .lines import SubgoalSearch, distances, place, shrinking_lines

__all__ = ["PlacementBeam", "placement_plan", "Step"]

#: The side of the square left at the end, finished optimally.
FINISH_SIDE = 4
#: Expansions of the finish between two yields.
FINISH_SLICE = 2_000
#: What one move of the estimated cost of the placement under way is worth in the rank (the beam's tie-break
#: between ways of placing it).
STEP_WEIGHT = 1
#: What one move of carrying the other tiles home (:func:`_carry`) is worth in the rank.
CARRY_WEIGHT = 1
#: What one placement left to do is worth: more than any placement's estimated cost, so a board with one
#: placement more done always ranks first.
PLACEMENT_WEIGHT = 1 << 20
#: Depths, per cell of the board's side, a beam may go without finishing a step before its best board finishes
#: the step by :func:`.lines.place` (a far tile on 20x20 takes 200 moves to bring home: a fixed 200 cut them short).
STALL = 20
#: Boards a beam keeps at most per step, blank's cell and cell of the tile being placed (0: no limit): the beam
#: keeps more different ways of placing the tile (3 gave the shortest answers on 10x10 and 15x15).
SAME_PLACEMENT = 3
#: The estimated cost of a line's last two tiles (:func:`_cost_table`, the blank's way to them
#: included) below which the beam leaves them to :func:`.lines.place`: its search grows fast with their distance
#: (on 20x20, always leaving them to it took twice the time, for answers no shorter).
PAIR_NEAR = 120


class Step(NamedTuple):
    """One step of the plan: bring ``tile`` (0: the blank) to ``cell``, never moving a tile on ``locked``; it
    belongs to the plan's ``line``-th line (counted from 0)."""

    tile: int
    cell: int
    locked: bytes
    line: int
    #: on a line's last two: (tile, cell) twice, the two tiles at home; the four steps are skipped when they are
    pair: Tuple[int, ...] = ()
    #: a second tile brought to its cell at the same time (0: none)
    tile2: int = 0
    cell2: int = 0


def placement_plan(goal: Sequence[int], width: int, height: int, finish_side: int = FINISH_SIDE,
                   flip: bool = False) -> Tuple[List[Step], List[int]]:
    """The steps that place every tile but those of the last ``finish_side`` square (the lines shrink
    the board from the sides away from the goal's blank, a row when the region is at least as tall as it is
    wide, else a column; each line from left to right or top to bottom, or, ``flip``, the other way), and the
    cells of that square, row by row."""
    plan = shrinking_lines(width, height, list(goal).index(0), finish_side)
    locked = bytearray(width * height)
    steps: List[Step] = []
    for line, inward in plan.lines:
        if flip:
            line = line[::-1]
        number = steps[-1].line + 1 if steps else 0
        for cell in line[:-2]:
            steps.append(Step(goal[cell], cell, bytes(locked), number))
            locked[cell] = 1
        steps.extend(_last_two(goal, line[-2], line[-1], inward, locked, number))
    top, bottom, left, right = plan.region
    square = [r * width + c for r in range(top, bottom + 1) for c in range(left, right + 1)]
    return steps, square


def _last_two(goal: Sequence[int], before: int, last: int, inward: int, locked: bytearray,
              line: int) -> List[Step]:
    """The four steps that place a line's last two cells (``before``, then ``last`` at the line's end);
    ``locked`` is left with both locked.  The two tiles are brought to their cells for the trick together,
    not one after the other: with ``before`` locked, a next-to-last tile in the corner ``last`` could never
    leave it (its one way out leaves the blank in the corner)."""
    below = before + inward
    out = [Step(goal[last], before, bytes(locked), line, (goal[last], last, goal[before], before), goal[before],
                below)]
    locked[before] = locked[below] = 1
    out.append(Step(0, last, bytes(locked), line))
    locked[before] = 0
    out.append(Step(0, before, bytes(locked), line))   # the line's last tile moves home
    locked[last] = 1
    locked[below] = 0
    out.append(Step(0, below, bytes(locked), line))    # the next-to-last moves home
    locked[before] = 1
    return out


def _carry(rows: int, columns: int) -> int:
    """The moves it takes to carry a tile ``rows`` up or down and ``columns`` across, the blank going round it: 5
    a step in a straight line, 3 a step diagonally (a row and a column in 6).

    >>> _carry(0, 4), _carry(2, 2), _carry(1, 3)
    (20, 12, 16)
    """
    return 5 * max(rows, columns) + min(rows, columns)


@lru_cache(maxsize=4096)
def _carry_to(width: int, height: int, cell: int) -> List[int]:
    """Per cell of a W x H board: the estimated moves to carry a tile from there to ``cell`` (:func:`_carry`).
    Shared by every beam on that shape (a beam makes a table per step: built anew, a 20x20 beam took 0.3 s to
    start); never changed.

    >>> _carry_to(3, 2, 0)
    [0, 5, 10, 5, 6, 11]
    """
    row, column = divmod(cell, width)
    return [_carry(abs(r - row), abs(c - column)) for r in range(height) for c in range(width)]


def _cost_table(width: int, height: int, tile: int, cell: int) -> List[int]:
    """Per cell: the estimated moves to bring ``tile`` from there to ``cell``, or the blank's way there (its
    Manhattan distance, a row of :func:`.lines.distances`)."""
    if tile:
        return _carry_to(width, height, cell)
    cells = width * height
    return distances(width, height)[cell * cells:(cell + 1) * cells]


@lru_cache(maxsize=64)
def _packed_moves(width: int, height: int, bits: int) -> List[Tuple[Tuple[int, int, int, int], ...]]:
    """Per blank cell b of a W x H board packed ``bits`` a cell: its moves as (the cell nb the blank moves to, the
    shift that reads nb's tile, what the tile t moving from nb to b adds to the board once multiplied by t, the
    move's direction b - nb).  Built once per shape: the beam's inner loop only looks them up."""
    return [tuple((nb, bits * nb, (1 << (bits * b)) - (1 << (bits * nb)), b - nb) for nb in targets)
            for b, targets in enumerate(grid.blank_moves(width, height))]


@lru_cache(maxsize=64)
def _cell_shifts(width: int, height: int, bits: int) -> Dict[int, List[int]]:
    """Per direction b - nb of a move, per tile t: what t's moving that way adds to the packed tiles' cells."""
    tiles = width * height
    return {direction: [direction << (bits * t) for t in range(tiles)] for direction in (1, -1, width, -width)}


class PlacementBeam(SlicedSearch):
    """A beam over whole boards through the steps of :func:`placement_plan`, then the optimal finish.

    ``ahead``: the weights of the carrying moves (:func:`_carry`) of the tiles of the line under way
    (``ahead[0]``) and of the next lines (``ahead[1]``, ...), every other tile's weight being 1; none by default
    (see the module's docstring).  The arguments after the board are those of a
    :class:`~.placement_portfolio.Settings`."""

    optimal = False

    def __init__(self, board: Board, width: int, step_weight: int = STEP_WEIGHT, carry_weight: int = CARRY_WEIGHT,
                 flip: bool = False, ahead: Sequence[int] = (), laggards: Optional[int] = None) -> None:
        self.board = board
        self.width = max(1, int(width))
        self.step_weight, self.carry_weight = step_weight, carry_weight
        self.laggards = self.width if laggards is None else laggards
        self.across, self.down = across, down = board.width, board.height
        self.cells = cells = across * down
        self.goal = tuple(board.goal)
        self.method = f"line by line, a beam of width {self.width:,} over the placements: fast, NOT optimal"
        self.stats = SearchStats(0, 0, 0)
        self.steps, self.square = placement_plan(self.goal, across, down, FINISH_SIDE, flip)
        self.bits = max(1, (cells - 1).bit_length())
        self.mask = (1 << self.bits) - 1
        home = grid.goal_cells(self.goal)
        self.plain_carry = [0] * cells
        for tile in range(1, cells):
            self.plain_carry += _carry_to(across, down, home[tile])
        #: per tile x cell, the moves to carry the tile home from there (:func:`_carry`) times its weight
        #: (:meth:`_weigh`)
        self.carry = list(self.plain_carry)
        self.ahead = tuple(ahead)
        self.line_of = {tile: step.line for step in self.steps for tile in (step.tile, step.tile2) if tile}
        self.tile_weight = [1] * cells
        self.weighed_line = -1
        self.costs = [_cost_table(across, down, step.tile, step.cell) for step in self.steps]
        self.costs2 = [_carry_to(across, down, step.cell2) if step.tile2 else None for step in self.steps]
        self.done = not board.is_solvable()
        self._answer: List[int] = []
        self._work = self._search()

    @property
    def bound(self) -> int:
        return self.board.manhattan()

    @property
    def frontier_size(self) -> int:
        return self.width

    def blank_path(self) -> List[int]:
        return list(self._answer)

    def path(self) -> List[Board]:
        return self.board.along(self._answer) if self.done and self.board.is_solvable() else []

    # -- estimates -------------------------------------------------------------------------------
    def _weigh(self, k: int) -> None:
        """Weigh the carrying moves of the tiles of step ``k``'s line and of the next ones by ``ahead`` (a
        beam starts at least once a line, at its last two tiles, so its weights follow the plan line by line)."""
        if not self.ahead or k >= len(self.steps) or self.steps[k].line == self.weighed_line:
            return
        current = self.weighed_line = self.steps[k].line
        cells, ahead = self.cells, self.ahead
        for tile, line in self.line_of.items():
            weight = ahead[line - current] if 0 <= line - current < len(ahead) else 1
            if weight != self.tile_weight[tile]:
                self.tile_weight[tile] = weight
                row = tile * cells
                self.carry[row:row + cells] = [weight * d for d in self.plain_carry[row:row + cells]]

    def _step_cost(self, k: int, positions: int, blank: int) -> Tuple[int, bool]:
        """The estimated cost of step ``k`` on this board, and whether the step is done (:meth:`_expand` works it
        out inline, from its parent's, for every child)."""
        step = self.steps[k]
        if step.tile == 0:
            return self.costs[k][blank], blank == step.cell
        where = (positions >> (self.bits * step.tile)) & self.mask
        cost, done = self.costs[k][where], where == step.cell
        if step.tile2:
            where2 = (positions >> (self.bits * step.tile2)) & self.mask
            cost += self.costs2[k][where2]
            if done:
                done, where = where2 == step.cell2, where2
        return cost + distances(self.across, self.down)[blank * self.cells + where] - 1, done

    def _settle(self, k: int, positions: int, blank: int) -> int:
        """The first step from ``k`` on that is not done already on this board."""
        steps, bits, mask = self.steps, self.bits, self.mask
        while k < len(steps):
            pair = steps[k].pair
            if pair and all((positions >> (bits * pair[i])) & mask == pair[i + 1] for i in (0, 2)):
                k += 4
            elif self._step_cost(k, positions, blank)[1]:
                k += 1
            else:
                break
        return k

    def _entry(self, board: int, positions: int, blank: int, previous: int, k: int, carry: int, parent: int) -> tuple:
        """A board of the beam: (rank, board, tiles' cells, blank, previous blank, step, carrying moves, parent,
        the cell of the step's tile (-1: the step moves the blank, or there is none), the tile whose move the
        tiles' cells still lack (0: none, see :meth:`_keep`))."""
        steps_left = len(self.steps) - k
        cost = self._step_cost(k, positions, blank)[0] if steps_left else 0
        tile = self.steps[k].tile if steps_left else 0
        where = (positions >> (self.bits * tile)) & self.mask if tile else -1
        return (steps_left * PLACEMENT_WEIGHT + self.step_weight * cost + self.carry_weight * carry, board, positions,
                blank, previous, k, carry, parent, where, 0)

    # -- the search ------------------------------------------------------------------------------
    def _search(self) -> Iterator[None]:
        """One depth per yield; where the beam reaches a line's last two tiles (or stalls on a step) it goes on
        from its best board only, placing them by :func:`.lines.place`, then widens again."""
        if self.done:
            return
        tiles = list(self.board.tiles)
        moves: List[int] = []
        k = self._settle(0, *self._packed(tiles)[1:3])
        while k < len(self.steps):
            level, parents = yield from self._beam(tiles, k)
            best = level[0]
            walked = self._rebuild(parents, 0)
            moves += walked
            tiles = self._decode(best[1])
            k = best[5]
            if k < len(self.steps):
                step = self.steps[k]
                if step.pair:
                    tile_cells, targets, skip = (step.pair[0], step.pair[2]), (step.pair[1], step.pair[3]), 4
                else:
                    tile_cells, targets, skip = (step.tile,) if step.tile else (), (step.cell,), 1
                cells = yield from place(tiles, self.across, step.locked, tile_cells, targets, self.stats)
                for cell in cells:
                    b = tiles.index(0)
                    tiles[b], tiles[cell] = tiles[cell], 0
                moves += cells
                k = self._settle(k + skip, *self._packed(tiles)[1:3])
            yield
        self._answer = moves + (yield from self._finish(tiles))

    def _finish(self, tiles: List[int]):
        """The moves that solve the square left, optimally (:mod:`.lines`); its expansions count as the beam's,
        so that a caller's slices stay slices (a random 4x4 can take seconds)."""
        rest = SubgoalSearch(Board.from_tiles(tiles, self.goal, self.across), finish_side=FINISH_SIDE)
        while True:
            before = rest.stats.expanded
            finished = rest.run(FINISH_SLICE)
            self.stats.expanded += rest.stats.expanded - before
            if finished:
                return rest.blank_path()
            yield

    def _packed(self, tiles: Sequence[int]) -> Tuple[int, int, int, int]:
        """(board, tiles' cells, blank, carrying moves) of a tile list."""
        bits, cells = self.bits, self.cells
        board = sum(t << (bits * c) for c, t in enumerate(tiles))
        positions = sum(c << (bits * t) for c, t in enumerate(tiles))
        return board, positions, list(tiles).index(0), sum(self.carry[t * cells + c] for c, t in enumerate(tiles))

    def _beam(self, tiles: Sequence[int], k: int):
        """The beam from ``tiles`` at step ``k`` until its best board is done, or reaches a line's last two,
        or has not finished a step for :data:`STALL` depths: (the last level, the parents per depth)."""
        self._weigh(k)
        board, positions, blank, carry = self._packed(tiles)
        level = [self._entry(board, positions, blank, -1, k, carry, 0)]
        parents: List[Tuple[array, array]] = []
        seen = {board}
        total = len(self.steps)
        best_step, since = k, 0
        stall = STALL * max(self.across, self.down)
        while level[0][5] < total and not self._at_pair(level[0]) and since < stall:
            children = self._expand(level, seen)
            self.stats.expanded += len(level)
            kept = self._keep(children)
            if not kept:
                break
            level = kept
            parents.append((array("I", [entry[7] for entry in level]), array("H", [entry[3] for entry in level])))
            if len(parents) % 16 == 0:
                seen = {entry[1] for entry in level}
            if level[0][5] > best_step:
                best_step, since = level[0][5], 0
            else:
                since += 1
            yield
        return level, parents

    def _at_pair(self, entry: tuple) -> bool:
        """Whether this board is at a line's last two tiles, both near their cells for the trick (the beam brings
        them there, at a move's cost; :func:`.lines.place` does the rest, its search growing fast with their
        distance)."""
        k = entry[5]
        if not self.steps[k].pair:
            return False
        cost = (entry[0] - (len(self.steps) - k) * PLACEMENT_WEIGHT - self.carry_weight * entry[6]) // self.step_weight
        return cost <= PAIR_NEAR

    def _expand(self, level: list, seen: set) -> Dict[int, list]:
        """The children of every board of ``level`` not in ``seen``, by rank.

        The inner loop is the beam's time: a child costs one shift to read the tile moved, one multiplication
        and one addition of whole boards, one hash (the size of ``seen`` tells whether the child was new), and
        table lookups; the placed tile's cell is read once per parent, and moves only when that tile moves.  A
        child keeps its parent's tiles' cells and the tile it moved: :meth:`_keep` adds the move to the few it
        keeps."""
        bits, cells, mask = self.bits, self.cells, self.mask
        moves, moved = _packed_moves(self.across, self.down, bits), _cell_shifts(self.across, self.down, bits)
        carry_table, steps, costs, costs2 = self.carry, self.steps, self.costs, self.costs2
        apart = distances(self.across, self.down)
        weight, total, carry_weight = self.step_weight, len(steps), self.carry_weight
        children: Dict[int, list] = defaultdict(list)
        add = seen.add
        for index, (_, board, positions, b, prev, k, carry, _, at, _) in enumerate(level):
            step = steps[k]
            locked, target, tile, tile2, target2 = step.locked, step.cell, step.tile, step.tile2, step.cell2
            table, table2 = costs[k], costs2[k]
            rank_left = (total - k) * PLACEMENT_WEIGHT
            at2 = (positions >> (bits * tile2)) & mask if tile2 else -1
            for nb, shift, swap, direction in moves[b]:
                if nb == prev or locked[nb]:
                    continue
                t = (board >> shift) & mask
                child = board + t * swap
                size = len(seen)
                add(child)
                if len(seen) == size:
                    continue
                row = t * cells
                carry1 = carry - carry_table[row + nb] + carry_table[row + b]
                if tile == 0:
                    cost, done, placed = table[nb], nb == target, -1
                else:
                    placed = where = b if t == tile else at
                    cost, done = table[where], where == target
                    if tile2:
                        where2 = b if t == tile2 else at2
                        cost += table2[where2]
                        if done:
                            done, where = where2 == target2, where2
                    cost += apart[nb * cells + where] - 1
                if done:
                    child_positions = positions + moved[direction][t]
                    k1 = self._settle(k + 1, child_positions, nb)
                    entry = self._entry(child, child_positions, nb, b, k1, carry1, index)
                else:
                    rank = rank_left + weight * cost + carry_weight * carry1
                    entry = (rank, child, positions, nb, b, k, carry1, index, placed, t)
                children[entry[0]].append(entry)
        return children

    def _keep(self, children: Dict[int, list]) -> list:
        """The ``width`` children of the lowest ranks among those at the furthest step (ties: in the order they
        were made), and up to ``laggards`` more among those behind (they may have placed their tiles in ways
        that leave the board better: with none, answers on random 10x10 boards were 32-45% longer).  The boards
        kept get their tiles' cells complete (see :meth:`_expand`)."""
        leaders: list = []
        behind: list = []
        width, room = self.width, self.laggards
        lead = None
        copies: Dict[tuple, int] = {}
        most = SAME_PLACEMENT
        for rank in sorted(children):
            for entry in children[rank]:
                if lead is None:
                    lead = entry[5]
                if most:
                    key = (entry[5], entry[3], entry[8])
                    seen = copies.get(key, 0)
                    if seen >= most:
                        continue
                    copies[key] = seen + 1
                if entry[5] == lead:
                    if len(leaders) < width:
                        leaders.append(entry)
                elif len(behind) < room:
                    behind.append(entry)
            if len(leaders) >= width and len(behind) >= room:
                break
        return [self._complete(entry) for entry in leaders + behind]

    def _complete(self, entry: tuple) -> tuple:
        """``entry`` with its tiles' cells complete: its parent's, and the move from its previous blank."""
        if not entry[9]:
            return entry
        positions = entry[2] + _cell_shifts(self.across, self.down, self.bits)[entry[4] - entry[3]][entry[9]]
        return entry[:2] + (positions,) + entry[3:9] + (0,)

    def _decode(self, board: int) -> List[int]:
        return [(board >> (self.bits * c)) & self.mask for c in range(self.cells)]

    @staticmethod
    def _rebuild(parents: List[Tuple[array, array]], index: int) -> List[int]:
        cells = []
        for indices, blanks in reversed(parents):
            cells.append(blanks[index])
            index = indices[index]
        cells.reverse()
        return cells
