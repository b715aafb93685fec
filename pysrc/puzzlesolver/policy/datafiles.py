"""The data files a request's search reads, as the web worker fetches them first: where the site serves each one
(its url) and where the engine reads it (its path).

A board's files are its plan's (:mod:`.plans`): the pattern tables it reads, or those of its fallback when one of
its own cannot be had; a small rectangle's, the tables the site serves for its shape.  A word ladder's is its
dictionary.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Collection, List, Sequence, Union

from .. import grid
from ..fast.tables import pdb_files, rect_tables
from ..formats import BoardPuzzle, WordPuzzle
from ..words import DICTIONARIES, word_list_path
from .options import Options
from .plans import board_plan, goal_of

__all__ = ["DataFile", "data_files"]


@dataclass(frozen=True)
class DataFile:
    """A file a search reads: ``url`` relative to the web app's root, ``path`` where the engine reads it
    (a ``.gz`` url for a path that is not is to be inflated on the way: the web worker does it natively)."""

    url: str
    path: str


def data_files(puzzle: Union[BoardPuzzle, WordPuzzle], options: Options = Options(),
               unavailable: Collection[str] = ()) -> List[DataFile]:
    """The data files the search for this request reads that are not on hand yet (so the web worker
    can fetch them first), leaving out the ``unavailable`` urls: when one of a search's tables cannot
    be had, the tables it falls back on.  Bad options or puzzles are left for :func:`~puzzlesolver.policy.start`
    to report.

    >>> [f.url for f in data_files(BoardPuzzle(4, tuple(range(1, 16)) + (0,)), unavailable=["pdb/x"])][:1] in (
    ...     [], ["pdb/p15-3-4-7-8-11-12-15.bin.gz"])
    True
    """
    if isinstance(puzzle, WordPuzzle):
        return _dictionary_files(puzzle)
    plan = board_plan(puzzle, options)
    if plan is None or not grid.can_reach(puzzle.tiles, goal_of(puzzle), puzzle.n):  # parity settles it: no tables
        return []
    url = lambda name: f"pdb/{pdb_files.stored(name)}"  # noqa: E731 - the file the site serves
    other = plan.instead()
    if other is not None and any(url(name) in unavailable for name in plan.files):
        plan = other
    if plan.shape_tables:
        return _shape_table_files(puzzle.tiles, goal_of(puzzle), puzzle.width, unavailable)
    folder = pdb_files.data_dir()
    return [DataFile(url(name), str(Path(folder) / name)) for name in pdb_files.missing_files(plan.files)
            if url(name) not in unavailable]


def _dictionary_files(puzzle: WordPuzzle) -> List[DataFile]:
    """The word list of a named dictionary, when it is not on hand yet."""
    name = puzzle.dictionary
    if name in DICTIONARIES and not word_list_path(name).is_file():
        return [DataFile(f"data/{word_list_path(name).name}", str(word_list_path(name)))]
    return []


def _shape_table_files(tiles: Sequence[int], goal: Sequence[int], width: int,
                       unavailable: Collection[str]) -> List[DataFile]:
    """The served tables a rectangle's search reads (those of its wide, usual-goal image) not on hand yet."""
    canon = grid.canonical_rectangle(tiles, goal, width)
    if canon is None:
        return []
    moved, _, wide = canon
    folder = rect_tables.folder()
    url = lambda name: f"pdb/{rect_tables.FOLDER_NAME}/{name}"  # noqa: E731 - the file the site serves
    names = rect_tables.shipped_files(wide, len(moved) // wide)
    return [DataFile(url(name), str(folder / name)) for name in names
            if not (folder / name).is_file() and url(name) not in unavailable]
