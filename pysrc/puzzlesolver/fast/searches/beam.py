"""Beam search ranked by Manhattan distance, its squares and linear conflicts: good answers fast on 5x5 to 8x8
boards (and W x H boards of as many cells), NOT optimal.

A beam search keeps, at each depth, only the ``width`` boards with the smallest estimate (ties in the
order they were made) and expands them all to make the next depth.  The first board found at the goal
gives the answer, so its length is the depth where it was found.  It is not optimal, but it is steady:
the work is ``width`` x the answer's length, whatever the board, and a wider beam gives a shorter
answer (measured on Korf & Felner's 24-puzzles, see ``python3 build.py bench --suite korf24``).

The ranking need not be admissible, only good at telling which boards lead to short answers: ``weights``
(:class:`~puzzlesolver.fast.engines.estimates.LineEstimate`) add the tiles' squared distances to Manhattan distance
and linear conflicts, so far tiles come home first and the end of the answer is made of short moves.  That measured
much shorter answers than the admissible estimate (one beam, from both ends, on average): width 1,000 on 12 of Korf's
24-puzzles 121 -> 113 moves; width 364 on six random 7x7 boards 541 -> 372.

Why it is fast in pure Python: a board is one integer (tile ``t`` on cell ``c`` adds ``t << bits*c``), so a move is
one multiplication and one addition and a set of integers holds the boards already seen; the keys of the lines' linear
conflicts are packed into one more integer, so the estimate of a child is updated from its parent's in O(1), as the
IDA* engines do (:mod:`puzzlesolver.fast.engines.estimates`), and a move that neither leaves nor enters its tile's
goal line skips the conflicts altogether: about 700,000 children a second on CPython 3.11 (measured on Korf's
24-puzzles, width 1,000).

A beam stops at ``max_depth`` with no answer (a caller with an answer that long needs no longer one),
and a beam stuck on a plateau finishes from its best board with the line-by-line solver.

The search runs in slices (:meth:`BeamSearch.run`), one depth at a time.

>>> from puzzlesolver import grid
>>> search = BeamSearch([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 0, 23,
...                      24], grid.standard_goal(5), width=10)
>>> search.run(None), search.blank_path()
(True, [23, 24])
"""

from __future__ import annotations

from array import array
from collections import defaultdict, deque
from typing import Deque, Dict, Iterator, List, Optional, Sequence, Tuple

from ... import grid
from ...board import Board
from ...search import SearchStats, SlicedSearch
from ..engines.estimates import LineEstimate
from .lines import SubgoalSearch

__all__ = ["BeamSearch"]

#: Every FORGET_EVERY depths the boards seen are forgotten but those kept at the last REMEMBER depths: the
#: set of boards seen stays small, and a beam that could come back to the boards it kept long ago would
#: rarely find them any better.
FORGET_EVERY = 16
REMEMBER = 32
#: A beam whose best estimate has not gone down for this many depths is stuck (typically near the goal,
#: on a plateau of boards that all look close but are not): it finishes from its best board with the
#: line-by-line solver instead.
STALL = 40
#: Expansions of the line-by-line solver between two yields.
LINES_SLICE = 2_000


class BeamSearch(SlicedSearch):
    """Beam search from ``tiles`` to ``goal`` (any goal) keeping ``width`` boards per depth; NOT optimal.

    ``board_width``: the cells in a row of the board (by default a square board's); the board has as many
    rows as ``tiles`` fill.

    ``run(max_expansions)`` expands up to about that many boards (whole depths at a time) and returns True
    once finished: ``blank_path()`` is then the answer (empty if the beam reached ``max_depth`` or died
    out, which needs a beam of one or two boards).
    """

    optimal = False

    def __init__(self, tiles: Sequence[int], goal: Sequence[int], width: int, max_depth: Optional[int] = None,
                 weights: Tuple[int, ...] = (1, 1), board_width: Optional[int] = None) -> None:
        self.n = n = board_width or grid_side(tiles)
        self.width = max(1, int(width))
        squares = len(weights) > 2 and weights[2] > 0
        ranking = "Manhattan distance, its squares and linear conflicts" if squares else \
            "Manhattan distance + linear conflicts"
        self.method = f"beam search (width {self.width:,}, {ranking}): NOT optimal"
        self.stats = SearchStats(0, 0, 0)
        #: boards are ranked by weights[0] x Manhattan distance + weights[1] x linear conflicts (+ weights[2] x
        #: the squared distances, see :class:`LineEstimate`)
        self.estimate = LineEstimate(n, goal, *weights)
        self.tiles = tuple(tiles)
        self.goal = tuple(goal)
        self.depth = 0
        #: The beam gives up at this depth (a caller that has an answer of this length needs no longer one).
        self.max_depth = max_depth if max_depth is not None else 1 << 30
        self.done = False
        self._answer: List[int] = []
        self._work = self._search()

    @property
    def frontier_size(self) -> int:
        return self.width

    def blank_path(self) -> List[int]:
        """The blank's cells after each move of the answer (empty before the search has finished)."""
        return list(self._answer)

    # -- the search ------------------------------------------------------------------------------
    def _search(self) -> Iterator[None]:
        """Expand one depth per step; set ``_answer`` at the goal."""
        est = self.estimate
        if not grid.can_reach(self.tiles, self.goal, self.n):
            return
        state, lines, h = est.encode(self.tiles)
        if h == 0:
            return
        blank = self.tiles.index(0)
        # one depth: the kept boards as (h, board, blank, previous blank, line keys, index of the parent)
        level = [(h, state, blank, -1, lines, 0)]
        parents: List[Tuple[array, array]] = []  # per depth: index of each board's parent, its blank (compact)
        limit = 1 << 30  # children estimated above this are dropped at once
        recent: Deque[List[int]] = deque(maxlen=REMEMBER)  # the boards kept at the last depths
        seen = {state}   # those, and the children made since they were last gathered
        lowest, lowest_depth = h, 0
        while level and self.depth < self.max_depth:
            if self.depth - lowest_depth > STALL:
                yield from self._finish_by_lines(level, parents)
                return
            children, found = self._expand(level, seen, limit)
            self.stats.expanded += len(level)
            self.stats.enqueued += sum(len(bucket) for bucket in children.values())
            self.depth += 1
            if found is not None:
                parent, cell = found
                self._answer = self._rebuild(parents, parent) + [cell]
                return
            level = self._keep(children)
            # the cut rises by at most one tile's step away from home from one depth to the next (measured): a
            # child above that would not be kept, so it is not even stored
            limit = level[-1][0] + est.max_rise if len(level) == self.width else 1 << 30
            if level and level[0][0] < lowest:
                lowest, lowest_depth = level[0][0], self.depth
            parents.append((array("I", [entry[5] for entry in level]), array("H", [entry[2] for entry in level])))
            recent.append([entry[1] for entry in level])
            if self.depth % FORGET_EVERY == 0:
                seen = {board for boards in recent for board in boards}
            yield

    def _expand(self, level: list, seen: set, limit: int) -> Tuple[Dict[int, list], Optional[Tuple[int, int]]]:
        """The children of every board of ``level`` not in ``seen`` and estimated at most ``limit``, by
        estimate; or the goal's parent and move."""
        est = self.estimate
        moves, md, lc, weight, mask = est.moves, est.md, est.lc, est.line_weight, est.mask
        tile_mask, cells = est.tile_mask, est.cells
        children: Dict[int, list] = defaultdict(list)
        add = seen.add
        for index, (h, state, b, prev, lines, _) in enumerate(level):
            for nb, step, shift, leave, enter, touches in moves[b]:
                if nb == prev:
                    continue
                t = (state >> shift) & tile_mask
                child = state + t * step
                if child in seen:
                    continue
                k = t * cells
                kn = k + nb
                kb = k + b
                lines1 = lines - weight[kn] + weight[kb]
                h1 = h - md[kn] + md[kb]
                if touches[t]:
                    h1 += (lc[(lines1 >> leave) & mask] + lc[(lines1 >> enter) & mask]
                           - lc[(lines >> leave) & mask] - lc[(lines >> enter) & mask])
                if h1 > limit:
                    continue
                if h1 == 0:
                    return children, (index, nb)
                add(child)
                children[h1].append((h1, child, nb, b, lines1, index))
        return children, None

    def _keep(self, children: Dict[int, list]) -> list:
        """The ``width`` children with the smallest estimates (ties: in the order they were made)."""
        kept: list = []
        for h in sorted(children):
            kept.extend(children[h][:self.width - len(kept)])
            if len(kept) >= self.width:
                break
        return kept

    def _finish_by_lines(self, level: list, parents: List[Tuple[array, array]]) -> Iterator[None]:
        """The answer through the best board of ``level``, the rest of the way by the line-by-line solver."""
        best = min(range(len(level)), key=lambda i: level[i][0])
        tiles = self.estimate.decode(level[best][1])
        rest = SubgoalSearch(Board.from_tiles(tiles, self.goal, self.n))
        while not rest.run(LINES_SLICE):
            self.stats.expanded += LINES_SLICE
            yield
        self._answer = self._rebuild(parents, best) + rest.blank_path()

    @staticmethod
    def _rebuild(parents: List[Tuple[array, array]], index: int) -> List[int]:
        cells = []
        for indices, blanks in reversed(parents):
            cells.append(blanks[index])
            index = indices[index]
        cells.reverse()
        return cells


def grid_side(tiles: Sequence[int]) -> int:
    """The side of a square board of ``tiles``; ValueError if they do not fill one (give a width then)."""
    n = int(round(len(tiles) ** 0.5))
    if n * n != len(tiles):
        raise ValueError("a board has n*n cells")
    return n
