"""Pattern-table files: which exist, where they live, how they load (standard library only).

Three kinds ship (built by :mod:`puzzlesolver.fast.build_tables`, which needs NumPy and never ships):
the 15-puzzle's compact 7-tile tables (:data:`COMPACT_4`, loaded by :mod:`.compact`), and these two:

* **4x4, additive 6-6-3** (goal 1..15 then the blank).  Tiles are split into three disjoint groups
  (:data:`PATTERNS_4`); for each group a table holds the fewest moves *of that group's tiles* that put
  them home, over every placement of the group (the other tiles are indistinguishable and their moves
  are free).  Moves of different groups never overlap, so the three values add up to an admissible
  estimate.  The same tables read on the board mirrored about its main diagonal give a second
  estimate (the "mirror lookup"); the solver takes the larger.  A table is indexed by the cells of the
  group's tiles as base-16 digits (``sum(cell_i << 4*i)``), a sparse but perfect-for-lookup hash: a
  move of one tile changes the index by ``(new - old) << 4*i``, so the search updates it in O(1).
* **3x3, exact**: the true distance of every one of the 181,440 solvable arrangements, indexed by
  the permutation's Lehmer rank, for the goal with the blank in a corner (cell 8), on an edge (cell 7)
  or in the centre (cell 4); any other 3x3 goal is one of these after a symmetry of the square and a
  relabelling of the tiles (:func:`puzzlesolver.grid.canonical`).

Files are zlib-compressed byte tables (``*.zpdb``), read from a data directory: :func:`set_data_dir`
(the web worker), else ``$PUZZLESOLVER_PDB_DIR``, else ``.cache/pdb`` at the repository root, else
``puzzlesolver/data/pdb``.
"""

from __future__ import annotations

import os
import zlib
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

__all__ = ["PATTERNS_4", "EXACT_3_BLANKS", "FILES", "COMPACT_4", "ALL_FILES", "files_for", "missing_files", "set_data_dir",
           "data_dir", "load_table", "tables_663", "exact_3", "rank_perm", "unrank_perm", "TablesMissing"]

#: The 6-6-3 partition of the 15-puzzle (goal 1..15, blank bottom right), by tile label:
#:   A A C C      1  2  3  4
#:   A A B B      5  6  7  8
#:   A A B B      9 10 11 12
#:   A B B .     13 14 15  .
PATTERNS_4: Tuple[Tuple[int, ...], ...] = ((1, 5, 6, 9, 10, 13), (7, 8, 11, 12, 14, 15), (2, 3, 4))
#: Goal blank cells of the three exact 3x3 tables (corner, edge, centre).
EXACT_3_BLANKS = (8, 7, 4)

FILES_4 = tuple(f"15puzzle-663-{'abc'[i]}.zpdb" for i in range(3))
FILES_3 = tuple(f"8puzzle-exact-blank{b}.zpdb" for b in EXACT_3_BLANKS)
#: The 15-puzzle's compact 7-tile tables (:mod:`puzzlesolver.fast.compact`: two 7-7-1 partitions sharing
#: the right half, 57,657,600 one-byte entries each, xz-compressed), read by the default 4x4 search.
COMPACT_4 = tuple("p15-" + "-".join(map(str, p)) + ".excess.xz" for p in
                  ((3, 4, 7, 8, 11, 12, 15), (1, 2, 5, 6, 9, 10, 14), (2, 5, 6, 9, 10, 13, 14)))
#: Every table file, with its uncompressed size (checked on load).
FILES: Dict[str, int] = {**{name: 16 ** len(p) for name, p in zip(FILES_4, PATTERNS_4)},
                         **{name: 362880 for name in FILES_3}}

#: Every file the build makes and the site serves.
ALL_FILES = tuple(FILES) + COMPACT_4

_data_dir: Optional[Path] = None
_cache: Dict[str, bytes] = {}


class TablesMissing(LookupError):
    """A pattern-table file is not in the data directory (or is damaged)."""


def set_data_dir(path) -> None:
    """Read tables from ``path`` from now on (the web worker calls this)."""
    global _data_dir
    _data_dir = Path(path)
    _cache.clear()


def candidates() -> List[Path]:
    """The directories tables are looked for in, first match wins."""
    if _data_dir is not None:
        return [_data_dir]
    env = os.environ.get("PUZZLESOLVER_PDB_DIR")
    if env:
        return [Path(env)]
    package = Path(__file__).resolve().parent.parent
    if package.parent.name == "pysrc":  # running from the repository: the build's cache comes first
        return [package.parent.parent / ".cache" / "pdb", package / "data" / "pdb"]
    return [package / "data" / "pdb"]


def data_dir() -> Path:
    """The directory tables are read from (the first candidate holding any, else the first)."""
    folders = candidates()
    for folder in folders:
        if any((folder / name).is_file() for name in ALL_FILES):
            return folder
    return folders[0]


def files_for(n: int) -> Tuple[str, ...]:
    """Names of the files an n x n board's strongest search reads (none for other sizes)."""
    return FILES_4 if n == 4 else FILES_3 if n == 3 else ()


def missing_files(names: Sequence[str]) -> List[str]:
    """Those of ``names`` that are neither loaded nor in the data directory."""
    folder = data_dir()
    return [name for name in names if name not in _cache and not (folder / name).is_file()]


def load_table(name: str) -> bytes:
    """The uncompressed table in file ``name`` (cached); :class:`TablesMissing` if it is not there."""
    table = _cache.get(name)
    if table is None:
        path = data_dir() / name
        try:
            raw = path.read_bytes()
        except OSError:
            raise TablesMissing(f"The pattern table {name} is missing from {path.parent}.") from None
        try:
            table = zlib.decompress(raw)
        except zlib.error:
            table = b""
        if len(table) != FILES[name]:
            raise TablesMissing(f"The pattern table {name} is damaged.")
        _cache[name] = table
    return table


def tables_663() -> List[bytes]:
    """The three 4x4 tables, in the order of :data:`PATTERNS_4`."""
    return [load_table(name) for name in FILES_4]


def exact_3(blank: int) -> bytes:
    """The exact 3x3 distance table for the goal 1..8 with the blank at cell ``blank`` (8, 7 or 4)."""
    return load_table(FILES_3[EXACT_3_BLANKS.index(blank)])


def unrank_perm(rank: int, size: int) -> List[int]:
    """The permutation of 0..size-1 whose :func:`rank_perm` is ``rank``.

    >>> unrank_perm(rank_perm([2, 0, 1]), 3)
    [2, 0, 1]
    """
    digits = []
    for base in range(1, size + 1):
        rank, digit = divmod(rank, base)
        digits.append(digit)
    digits.reverse()  # digits[i]: how many of the later values are smaller than value i
    free = list(range(size))
    return [free.pop(digit) for digit in digits]


def rank_perm(values: Sequence[int]) -> int:
    """Lehmer rank of a permutation of 0..len-1 (0 for the sorted one).

    >>> rank_perm([0, 1, 2]), rank_perm([2, 1, 0])
    (0, 5)
    """
    rank = 0
    size = len(values)
    for i in range(size - 1):
        v = values[i]
        smaller = 0
        for j in range(i + 1, size):
            if values[j] < v:
                smaller += 1
        rank = rank * (size - i) + smaller
    return rank
