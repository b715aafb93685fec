"""Pattern-table files: which exist, where they live, how they load (standard library only).

Three kinds ship (built by :mod:`puzzlesolver.fast.build_tables`, which needs NumPy and never ships):
the 15-puzzle's compact 7-tile tables (:data:`COMPACT_PATTERNS_4`, files :data:`COMPACT_4`, read by the
engine of :mod:`.compact`), and these two:

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

Files are compressed byte tables (``*.zpdb``: zlib; ``*.xz``: xz), read from a data directory:
:func:`set_data_dir` (the web worker), else ``$PUZZLESOLVER_PDB_DIR``, else ``.cache/pdb`` at the
repository root, else ``puzzlesolver/data/pdb``.  :func:`reading` decompresses a file a few megabytes
at a time and yields in between (:mod:`puzzlesolver.steps`), so that loading the 173 MB of the
15-puzzle's tables never holds the web worker for long; :func:`load_table` does it all at once.
"""

from __future__ import annotations

import lzma
import os
import zlib
from dataclasses import dataclass
from math import prod
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple, Union

from ..steps import Work, to_end

__all__ = ["PATTERNS_4", "EXACT_3_BLANKS", "FILES", "COMPACT_PATTERNS_4", "COMPACT_4", "ALL_FILES", "TableFile",
           "files_for", "missing_files", "set_data_dir", "data_dir", "load_table", "reading", "loading",
           "tables_663", "exact_3", "compact_name", "rank_perm", "unrank_perm", "TablesMissing"]

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

#: The 15-puzzle's compact 7-tile tables, the default 4x4 search's (:mod:`.compact`): R, the right half,
#: and A and B, two ways of leaving one tile out of the left half; the estimate is R + max(A, B), that
#: is the larger of two 7-7-1 partitions that share R.  Each table has 16!/9! = 57,657,600 one-byte
#: entries, indexed by the k-permutation rank of its tiles' cells (:mod:`.build_compact`).
#:    R: 3 4 7 8 11 12 15      A: 1 2 5 6 9 10 14      B: 2 5 6 9 10 13 14
COMPACT_PATTERNS_4: Tuple[Tuple[int, ...], ...] = ((3, 4, 7, 8, 11, 12, 15), (1, 2, 5, 6, 9, 10, 14),
                                                   (2, 5, 6, 9, 10, 13, 14))


def compact_name(pattern: Sequence[int]) -> str:
    """The file of a compact 15-puzzle table: ``p15-<tiles>.excess.xz``."""
    return "p15-" + "-".join(str(t) for t in pattern) + ".excess.xz"


COMPACT_4 = tuple(compact_name(p) for p in COMPACT_PATTERNS_4)


@dataclass(frozen=True)
class TableFile:
    """What a table file holds once decompressed: ``size`` entries, each byte mapped through
    ``translate`` when given (the compact tables store half their excess over Manhattan distance;
    the engine wants it doubled)."""

    size: int
    translate: Optional[bytes] = None


_DOUBLED = bytes(min(255, 2 * v) for v in range(256))

#: Every table file, with what it decompresses to (checked on load).
FILES: Dict[str, TableFile] = {
    **{name: TableFile(16 ** len(p)) for name, p in zip(FILES_4, PATTERNS_4)},
    **{name: TableFile(362880) for name in FILES_3},
    **{name: TableFile(prod(range(16, 16 - len(p), -1)), _DOUBLED) for name, p in zip(COMPACT_4, COMPACT_PATTERNS_4)},
}

#: Every file the build makes and the site serves.
ALL_FILES = tuple(FILES)
#: Decompressed bytes per step of :func:`reading` (about 10-20 ms of xz decoding on CPython, twice that in
#: Pyodide).
_CHUNK = 1 << 21

_data_dir: Optional[Path] = None
_cache: Dict[str, Union[bytes, bytearray]] = {}
_being_read: set = set()   # names a reading is under way for (two jobs never read the same table twice)


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


def load_table(name: str) -> Union[bytes, bytearray]:
    """The decompressed table in file ``name`` (cached); :class:`TablesMissing` if it is not there."""
    return to_end(reading(name))


def loading(names: Sequence[str]) -> Work[None]:
    """Read the tables ``names`` into memory in steps; files that are not there are left for the search
    to notice (it then does without them and says so)."""
    folder = data_dir()
    for name in names:
        if name not in _cache and (folder / name).is_file():
            yield from reading(name)


def reading(name: str) -> Work[Union[bytes, bytearray]]:
    """:func:`load_table` in steps: decompresses ``_CHUNK`` bytes per step, straight into one buffer (no
    second full-size copy: memory is tight in a browser tab).  While another job reads the same file, this
    one waits a step at a time for it (and reads it itself if that job is dropped)."""
    while name in _being_read and name not in _cache:
        yield None
    table = _cache.get(name)
    if table is not None:
        return table
    _being_read.add(name)
    try:
        return (yield from _decompressing(name))
    finally:
        _being_read.discard(name)


def _decompressing(name: str) -> Work[bytearray]:
    spec = FILES[name]
    path = data_dir() / name
    try:
        raw = path.read_bytes()
    except OSError:
        raise TablesMissing(f"The pattern table {name} is missing from {path.parent}.") from None
    table = bytearray(spec.size)
    filled = 0
    try:
        for part in (_xz_parts if name.endswith(".xz") else _zlib_parts)(raw):
            if filled + len(part) > spec.size:
                raise TablesMissing(f"The pattern table {name} is damaged (too long).")
            table[filled:filled + len(part)] = part.translate(spec.translate) if spec.translate else part
            filled += len(part)
            yield None
    except (zlib.error, lzma.LZMAError):
        raise TablesMissing(f"The pattern table {name} is damaged.") from None
    if filled != spec.size:
        raise TablesMissing(f"The pattern table {name} is damaged (too short).")
    _cache[name] = table
    return table


def _xz_parts(raw: bytes):
    """The decompressed bytes of an xz stream, ``_CHUNK`` at a time."""
    decoder = lzma.LZMADecompressor()
    part = decoder.decompress(raw, _CHUNK)
    while part:
        yield part
        part = b"" if decoder.eof else decoder.decompress(b"", _CHUNK)


def _zlib_parts(raw: bytes):
    """The decompressed bytes of a zlib stream, ``_CHUNK`` at a time."""
    decoder = zlib.decompressobj()
    while raw:
        part = decoder.decompress(raw, _CHUNK)
        raw = decoder.unconsumed_tail
        if part:
            yield part
    rest = decoder.flush()
    if rest:
        yield rest


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
