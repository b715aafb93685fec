"""A small reference A*, written as a student would write it, to count what a correct search does.

CommonBugDetector's idea: a search that is right but slow shows it in its counts.  :func:`reference_count` runs
the checklist's A* (Manhattan priority, the critical optimization, the twin searched in lockstep, algs4's
MinPQ) on plain tuples and counts the boards a student's Board-based version of it would create: the initial
board, its twin, and every neighbor made (the critical optimization drops the parent *after* it is made).
Variants of it (:data:`VARIANTS`) are the classic mistakes; the one whose count is nearest a student's names
the likely cause (:mod:`puzzlesolver.teach.efficiency`).  Also :func:`reference_dequeues`, the boards the
checklist's trace dequeues.
"""

from __future__ import annotations

from typing import List, NamedTuple, Optional, Tuple

from .. import grid
from ..minpq import MinPQ

__all__ = ["Variant", "VARIANTS", "CORRECT", "reference_count", "reference_dequeues"]

Tiles = Tuple[int, ...]


class Variant(NamedTuple):
    """One way to write the search: ``estimate`` ("manhattan" or "hamming"), whether the moves made count
    in the priority, whether the critical optimization is made, and the sentence naming it when it is the
    likely cause of a student's count."""

    name: str
    estimate: str
    counts_moves: bool
    critical_optimization: bool
    cause: str


CORRECT = Variant("correct", "manhattan", True, True, "")

#: The mistakes a count can reveal, as the measurements in tests/core/test_teach_efficiency.py show.
VARIANTS = (
    Variant("no-critical-optimization", "manhattan", True, False,
            "a neighbor equal to the board's parent is enqueued again: the critical optimization is missing "
            "(compare each neighbor with the previous search node's board, not with the node's own)"),
    Variant("hamming-priority", "hamming", True, True,
            "the priority uses hamming() where manhattan() is far better at telling near boards from far ones"),
)


def _estimates(tiles: Tiles, n: int) -> Tuple[int, int]:
    """(hamming, manhattan) of ``tiles`` on the standard goal."""
    hamming = manhattan = 0
    for cell, tile in enumerate(tiles):
        if tile:
            home = tile - 1
            if home != cell:
                hamming += 1
                manhattan += abs(cell // n - home // n) + abs(cell % n - home % n)
    return hamming, manhattan


def _twin(tiles: Tiles) -> Tiles:
    """The checklist's twin: the first two tiles (not the blank) of the board swapped."""
    cells = list(tiles)
    first, second = [cell for cell, tile in enumerate(cells) if tile][:2]
    cells[first], cells[second] = cells[second], cells[first]
    return tuple(cells)


class _Tree:
    """One A* game tree, stepped one expansion at a time; ``made`` counts the boards created."""

    def __init__(self, tiles: Tiles, n: int, variant: Variant) -> None:
        self.n, self.variant = n, variant
        self.moves = grid.blank_moves(n)
        self.goal = grid.standard_goal(n)
        self.queue = MinPQ(self._entry(tiles, 0, None))
        self.made = 1
        self.dequeued: List[Tiles] = []

    def _entry(self, tiles: Tiles, moves: int, previous: Optional[tuple]) -> tuple:
        hamming, manhattan = _estimates(tiles, self.n)
        estimate = manhattan if self.variant.estimate == "manhattan" else hamming
        return (estimate + (moves if self.variant.counts_moves else 0), tiles, moves, previous)

    def step(self) -> Optional[tuple]:
        """Expand the best node; it, if it is the goal."""
        node = self.queue.del_min()
        _, tiles, moves, previous = node
        self.dequeued.append(tiles)
        if tiles == self.goal:
            return node
        blank = tiles.index(0)
        for target in self.moves[blank]:
            cells = list(tiles)
            cells[blank], cells[target] = cells[target], 0
            child = tuple(cells)
            self.made += 1
            if self.variant.critical_optimization and previous is not None and child == previous[1]:
                continue
            self.queue.insert(self._entry(child, moves + 1, node))
        return None


def reference_count(tiles: Tiles, n: int, variant: Variant = CORRECT, twin: bool = True,
                    limit: int = 2_000_000) -> Tuple[int, int]:
    """``(boards made, moves)`` by the checklist's A* in ``variant`` on a solvable board (its twin searched
    in lockstep when ``twin``); the count stops at ``limit`` (a variant may explode)."""
    main = _Tree(tuple(tiles), n, variant)
    other = _Tree(_twin(tuple(tiles)), n, variant) if twin else None
    while True:
        found = main.step()
        made = main.made + (other.made if other else 0)
        if found is not None:
            return made, found[2]
        if made > limit:
            return made, -1
        if other is not None and other.step() is not None:
            return made, -1


def reference_dequeues(tiles: Tiles, n: int) -> List[Tiles]:
    """The boards the checklist's A* dequeues from the initial board's queue, goal last (puzzle04: A B E J M)."""
    tree = _Tree(tuple(tiles), n, CORRECT)
    while tree.step() is None:
        pass
    return tree.dequeued
