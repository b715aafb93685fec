"""puzzlesolver: optimal solutions for sliding-tile puzzles and word ladders.

The engine is standard-library Python so that the same package runs on CPython and, inside the web
app, on Pyodide.  Start with :class:`~puzzlesolver.board.Board`, :class:`~puzzlesolver.search.Solver`.
"""

from . import heuristics  # noqa: F401 -- registers linear-conflict, walking-distance and pdb in board.HEURISTICS
from .board import Board, BoardError, Goal
from .search import AStar, Solver, WorldState

__all__ = ["AStar", "Board", "BoardError", "Goal", "Solver", "WorldState"]
__version__ = "0.1.0"
