"""puzzlesolver: optimal solutions for sliding-tile puzzles and word ladders.

The engine is standard-library Python so that the same package runs on CPython and, inside the web
app, on Pyodide.  Start with :func:`solve` (a puzzle and options in, one :class:`Result` out) or,
for the seeds' API, :class:`Board` and :class:`Solver`.  Nothing is registered at import time.

>>> solve(BoardPuzzle(2, (0, 1, 3, 2))).moves
2
"""

from .board import Board, BoardError
from .formats import BoardPuzzle, WordPuzzle
from .search import AStar, Search, Solver, WorldState
from .policy import Options, solve
from .results import Result

__all__ = ["AStar", "Board", "BoardError", "BoardPuzzle", "Options", "Result", "Search", "Solver",
           "WordPuzzle", "WorldState", "solve"]
__version__ = "0.1.0"
