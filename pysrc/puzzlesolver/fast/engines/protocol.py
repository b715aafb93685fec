"""What every IDA* engine is: the interface the IDA* drivers take (:class:`Engine`, checked by mypy in
``tests/core/test_engine_protocol.py``), and the signal an engine's depth-first search raises when a slice's budget is
spent (:class:`Suspend`)."""

from __future__ import annotations

from typing import Callable, List, Literal, Protocol, Tuple, Union

__all__ = ["Engine", "Suspend", "Child"]


class Suspend(Exception):
    """Raised inside the depth-first search when a slice's budget is spent; carries the path so far."""

    def __init__(self) -> None:
        super().__init__()
        self.path: List[int] = []


#: What :meth:`Engine.child` returns: None when the bound prunes the move, True when it reaches the goal, else the
#: child's arguments (for ``dfs``, ``child``, ``order``) and what :meth:`Engine.undo` needs to take the move back.
Child = Union[None, Literal[True], Tuple[tuple, object]]


class Engine(Protocol):
    """One mutable board, the tables of one estimate, and a recursive depth-first search over them, which
    :class:`~puzzlesolver.fast.searches.ida.SlicedIDAStar` runs IDA*'s iterations on, a slice at a time.

    A node is a tuple of arguments, ``args``: ``args[0]`` is ``rem`` (the bound minus the node's depth) and
    ``args[1]`` the blank's cell; the rest is the engine's own (the previous cell or the moves open, the
    estimates).  ``dfs(*args)`` searches below the node and returns True at the goal, every frame then appending
    the blank's new cell to :attr:`found` (deepest first); it takes one from the driver's budget cell
    (``counter[0]``, given to the engine's constructor) per expansion and raises :class:`Suspend` when that goes
    below zero, every frame appending its cell to the exception's ``path`` on the way out.  The slow helpers
    (:meth:`order`, :meth:`child`, :meth:`undo`) replay that path when the next slice resumes: they must make the
    moves exactly as ``dfs`` does, in its order, with its pruning.

    Each engine's ``dfs`` is a closure specialised to its estimate, its tables bound as default arguments: the
    engines share this interface, not code (a shared loop measured 30-50% slower, ``docs/performance.md``).
    """

    #: What the engine estimates, for the search's method line ("Manhattan distance + linear conflicts").
    name: str
    #: The blank's cells along the path found, deepest first (cleared by the driver before each iteration).
    found: List[int]
    #: The depth-first search from a node: ``dfs(*args)`` is True at the goal.
    dfs: Callable[..., bool]

    def reset(self, bound: int) -> tuple:
        """The root's ``args`` for an iteration with this ``bound``, the board set back to the start (its estimate
        is 0 exactly when the start is the goal)."""
        ...

    def estimate(self) -> int:
        """The start's estimate (admissible: at most the fewest moves to the goal)."""
        ...

    def order(self, args: tuple) -> List[int]:
        """The cells the blank may move to from the node ``args``, in the order ``dfs`` tries them."""
        ...

    def child(self, args: tuple, nb: int) -> Child:
        """Make the move of the blank to ``nb`` from the node ``args``, as ``dfs`` would (see :data:`Child`); a
        pruned move leaves the board as it was."""
        ...

    def undo(self, args: tuple, nb: int, child: Tuple[tuple, object]) -> None:
        """Take back the move to ``nb`` that :meth:`child` made from ``args`` (``child``: what it returned)."""
        ...
