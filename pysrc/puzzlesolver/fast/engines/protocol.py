"""What every IDA* engine is: the interface :class:`~puzzlesolver.fast.searches.ida.SlicedIDAStar` drives
(:class:`Engine`), and the signal its depth-first search raises when a slice's budget is spent (:class:`Suspend`)."""

from __future__ import annotations

from typing import List

__all__ = ["Engine", "Suspend"]


class Suspend(Exception):
    """Raised inside the depth-first search when a slice's budget is spent; carries the path so far."""

    def __init__(self) -> None:
        super().__init__()
        self.path: List[int] = []


class Engine:
    """Mutable board + tables + a recursive ``dfs(rem, blank, prev, *h)`` returning True at the goal.

    ``rem`` is the bound minus the node's depth.  On success every frame appends the blank's new
    cell to ``self.found`` (deepest first).  Subclasses build ``self.dfs`` as a closure that takes one from the
    driver's budget cell (``counter[0]``) per expansion and raises :class:`Suspend` when it goes below zero.
    """

    name = ""
    moves: List[List[int]]

    def reset(self, bound: int) -> tuple:
        raise NotImplementedError

    def child(self, args: tuple, nb: int):
        """Apply the move of the blank to ``nb``; return the child's args, None if pruned, or True at the goal."""
        raise NotImplementedError

    def undo(self, args: tuple, nb: int, child: tuple) -> None:
        raise NotImplementedError

    def order(self, args: tuple) -> List[int]:
        """The cells the blank may move to from the node ``args``, in the order ``dfs`` tries them."""
        b, prev = args[1], args[2]
        return [nb for nb in self.moves[b] if nb != prev]

    def estimate(self) -> int:
        raise NotImplementedError
