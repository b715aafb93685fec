"""Pattern-table files: which exist, where they live, how they load (standard library only).

Five kinds ship (built by ``buildtools/build_tables.py``, which needs NumPy and never ships):
the 15-puzzle's compact 7-tile tables (:data:`COMPACT_PATTERNS_4`, files :data:`COMPACT_4`, read by the
engine of :mod:`puzzlesolver.fast.engines.pdb_compact`), 8x2's (:data:`COMPACT_8X2`, read by
:mod:`puzzlesolver.fast.engines.pdb_8x2`), and these three:

* **4x4, additive 6-6-3** (goal 1..15 then the blank).  Tiles are split into three disjoint groups
  (:data:`PATTERNS_4`); for each group a table holds the fewest moves *of that group's tiles* that put
  them home, over every placement of the group (the other tiles are indistinguishable and their moves
  are free).  Moves of different groups never overlap, so the three values add up to an admissible
  estimate.  The same tables read on the board mirrored about its main diagonal give a second
  estimate (the "mirror lookup"); the solver takes the larger.  A table is indexed by the cells of the
  group's tiles as base-16 digits (``sum(cell_i << 4*i)``), a sparse but perfect-for-lookup hash: a
  move of one tile changes the index by ``(new - old) << 4*i``, so the search updates it in O(1).
* **5x5, additive 5-5-5-5-4** (goal 1..24 then the blank, :data:`PATTERNS_5`), the same way, indexed by
  base-25 digits (``sum(cell_i * 25**i)``, 9.8 MB per 5-tile table, 5.3 MB for the five files): they
  prove the anytime search's lower bound (:mod:`puzzlesolver.fast.searches.anytime`).
* **3x3, exact**: the true distance of every one of the 181,440 solvable arrangements, indexed by
  the permutation's Lehmer rank, for the goal with the blank in a corner (cell 8), on an edge (cell 7)
  or in the centre (cell 4); any other 3x3 goal is one of these after a symmetry of the square and a
  relabelling of the tiles (:func:`puzzlesolver.grid.canonical`).

Files are read from a data directory: :func:`set_data_dir` (the web worker), else
``$PUZZLESOLVER_PDB_DIR``, else ``.cache/pdb`` at the repository root, else ``puzzlesolver/data/pdb``.
The small tables are zlib-compressed (``*.zpdb``).  The 15-puzzle's compact tables (``*.bin``) are
exactly the bytes the engine reads, stored gzip-compressed (``*.bin.gz``, :func:`stored`): the web
worker inflates them with the browser's own DecompressionStream and writes the ``.bin`` (the first
15-puzzle solve in a fresh browser went from 4-5.5 s with xz decoded in Python to about 1 s; the download
is 27 MB instead of 14.6 MB, once, and only when a 4x4 board is solved), while CPython reads either.
:func:`reading` reads a file a few megabytes at a time and yields in between (:mod:`puzzlesolver.steps`),
so that loading the 173 MB of the 15-puzzle's tables never holds the web worker for long;
:func:`load_table` does it all at once.
"""

from __future__ import annotations

import os
import zlib
from dataclasses import dataclass
from math import prod
from pathlib import Path
from typing import Callable, Dict, List, Optional, Sequence, Tuple, Union

from ...steps import Work, to_end

__all__ = ["PATTERNS_4", "PATTERNS_5", "EXACT_3_BLANKS", "FILES", "FILES_5", "COMPACT_PATTERNS_4", "COMPACT_4",
           "COMPACT_PATTERN_8X2", "COMPACT_8X2", "COMPACT_TABLES", "CompactTable",
           "ALL_FILES", "TableFile",
           "files_for", "missing_files", "set_data_dir", "data_dir", "load_table", "reading", "loading", "stored",
           "at_hand", "tables_663", "tables_5", "exact_3", "compact_name", "rank_perm", "unrank_perm", "TablesMissing"]

#: The 6-6-3 partition of the 15-puzzle (goal 1..15, blank bottom right), by tile label:
#:   A A C C      1  2  3  4
#:   A A B B      5  6  7  8
#:   A A B B      9 10 11 12
#:   A B B .     13 14 15  .
PATTERNS_4: Tuple[Tuple[int, ...], ...] = ((1, 5, 6, 9, 10, 13), (7, 8, 11, 12, 14, 15), (2, 3, 4))
#: The 5-5-5-5-4 partition of the 24-puzzle (goal 1..24, blank bottom right), by tile label.  Compact blocks
#: that are not their own mirror image, so the mirror lookup reads a second partition (the estimate
#: averaged 80.0 on Korf & Felner's 50, linear conflicts 78.1, the tables without the mirror 79.3):
#:   A A A B B      1  2  3  4  5
#:   A A B B B      6  7  8  9 10
#:   C C D D D     11 12 13 14 15
#:   C C D D E     16 17 18 19 20
#:   C E E E .     21 22 23 24  .
PATTERNS_5: Tuple[Tuple[int, ...], ...] = ((1, 2, 3, 6, 7), (4, 5, 8, 9, 10), (11, 12, 16, 17, 21),
                                           (13, 14, 15, 18, 19), (20, 22, 23, 24))
#: Goal blank cells of the three exact 3x3 tables (corner, edge, centre).
EXACT_3_BLANKS = (8, 7, 4)

FILES_4 = tuple(f"15puzzle-663-{'abc'[i]}.zpdb" for i in range(3))
FILES_3 = tuple(f"8puzzle-exact-blank{b}.zpdb" for b in EXACT_3_BLANKS)
FILES_5 = tuple(f"24puzzle-55554-{'abcde'[i]}.zpdb" for i in range(5))

#: The 15-puzzle's compact 7-tile tables, the default 4x4 search's (:mod:`puzzlesolver.fast.engines.pdb_compact`):
#: R, the right half, and A and B, two ways of leaving one tile out of the left half; the estimate is R + max(A, B),
#: that is the larger of two 7-7-1 partitions that share R.  Each table has 16!/9! = 57,657,600 one-byte entries,
#: indexed by the k-permutation rank of its tiles' cells (``buildtools/build_compact.py``).
#:    R: 3 4 7 8 11 12 15      A: 1 2 5 6 9 10 14      B: 2 5 6 9 10 13 14
COMPACT_PATTERNS_4: Tuple[Tuple[int, ...], ...] = ((3, 4, 7, 8, 11, 12, 15), (1, 2, 5, 6, 9, 10, 14),
                                                   (2, 5, 6, 9, 10, 13, 14))


#: 8x2's compact 7-tile table (:mod:`puzzlesolver.fast.engines.pdb_8x2`): R, the right half of the board but
#: the blank's cell, its tiles' cells numbered column by column.  Two tables of it: one counted to the goal (the
#: blank in its corner), read on the board; one counted to the pattern at home with the blank anywhere, read on the
#: board turned half a turn and mirrored left to right (the left half's tiles, with one left out), where the goal's
#: blank is not in its corner.  16!/9! one-byte entries each.
#:    R:  .  .  .  .  5  6  7  8
#:        .  .  .  . 13 14 15  .
COMPACT_PATTERN_8X2: Tuple[int, ...] = (5, 6, 7, 8, 13, 14, 15)


@dataclass(frozen=True)
class CompactTable:
    """A compact 7-tile table (``buildtools/build_compact.py`` builds it): its tiles' ``pattern`` on the ``width`` x
    ``height`` board (16 cells), counted to the goal (1..15, then the blank) or, with ``any_blank``, to the pattern
    at home with the blank anywhere."""

    pattern: Tuple[int, ...]
    width: int = 4
    height: int = 4
    any_blank: bool = False

    @property
    def name(self) -> str:
        """The file it is read from: ``p15-<tiles>.bin`` (4x4), ``p8x2-<tiles>.bin`` or ``p8x2-any-<tiles>.bin``."""
        shape = "p15" if (self.width, self.height) == (4, 4) else f"p{self.width}x{self.height}"
        return "-".join([shape] + (["any"] if self.any_blank else []) + [str(t) for t in self.pattern]) + ".bin"

    @property
    def size(self) -> int:
        return prod(range(16, 16 - len(self.pattern), -1))


def compact_name(pattern: Sequence[int]) -> str:
    """The table of a compact 15-puzzle pattern, as the engine reads it: ``p15-<tiles>.bin``."""
    return CompactTable(tuple(pattern)).name


#: Every compact table, by its file's name.
COMPACT_TABLES: Dict[str, CompactTable] = {table.name: table for table in (
    *(CompactTable(p) for p in COMPACT_PATTERNS_4),
    CompactTable(COMPACT_PATTERN_8X2, 8, 2), CompactTable(COMPACT_PATTERN_8X2, 8, 2, any_blank=True))}
COMPACT_4 = tuple(compact_name(p) for p in COMPACT_PATTERNS_4)
#: 8x2's tables: the one counted to the goal, then the one to the blank anywhere.
COMPACT_8X2 = tuple(name for name, table in COMPACT_TABLES.items() if (table.width, table.height) == (8, 2))


@dataclass(frozen=True)
class TableFile:
    """What a table file holds: ``size`` one-byte entries (checked on load)."""

    size: int


#: Every table, by the name the engine reads it under.
FILES: Dict[str, TableFile] = {
    **{name: TableFile(16 ** len(p)) for name, p in zip(FILES_4, PATTERNS_4)},
    **{name: TableFile(25 ** len(p)) for name, p in zip(FILES_5, PATTERNS_5)},
    **{name: TableFile(362880) for name in FILES_3},
    **{name: TableFile(table.size) for name, table in COMPACT_TABLES.items()},
}

#: Every table the build makes.
ALL_FILES = tuple(FILES)


def stored(name: str) -> str:
    """The file a table is kept and served as: ``<name>.gz`` for the big ``.bin`` tables, else ``name``."""
    return name + ".gz" if name.endswith(".bin") else name


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
    package = Path(__file__).resolve().parents[2]  # puzzlesolver/ (fast/tables/pdb_files.py)
    if package.parent.name == "pysrc":  # running from the repository: the build's cache comes first
        return [package.parent.parent / ".cache" / "pdb", package / "data" / "pdb"]
    return [package / "data" / "pdb"]


def data_dir() -> Path:
    """The directory tables are read from (the first candidate holding any, else the first)."""
    folders = candidates()
    for folder in folders:
        if any(_on_disk(folder, name) for name in ALL_FILES):
            return folder
    return folders[0]


def _on_disk(folder: Path, name: str) -> Optional[Path]:
    """The file of table ``name`` in ``folder``: as read (``.bin``: the web worker inflates the stored
    copy into it, and it is removed once read, to spare the tab's memory) or as stored (compressed);
    None if neither is there."""
    for path in (folder / name, folder / stored(name)):
        if path.is_file():
            return path
    return None


def files_for(n: int) -> Tuple[str, ...]:
    """Names of the files an n x n board's strongest search reads (none for other sizes)."""
    return {3: FILES_3, 4: FILES_4, 5: FILES_5}.get(n, ())


def missing_files(names: Sequence[str]) -> List[str]:
    """Those of ``names`` that are neither loaded nor in the data directory."""
    folder = data_dir()
    return [name for name in names if name not in _cache and not _on_disk(folder, name)]


def load_table(name: str) -> Union[bytes, bytearray]:
    """The decompressed table in file ``name`` (cached); :class:`TablesMissing` if it is not there."""
    return to_end(reading(name))


def loading(names: Sequence[str]) -> Work[None]:
    """Read the tables ``names`` into memory in steps; files that are not there are left for the search
    to notice (it then does without them and says so)."""
    folder = data_dir()
    for name in names:
        if name not in _cache and _on_disk(folder, name):
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
    _make_room_for(name)
    _being_read.add(name)
    try:
        return (yield from _decompressing(name))
    finally:
        _being_read.discard(name)


def _make_room_for(name: str) -> None:
    """One board's compact tables in memory at a time (the 15-puzzle's 173 MB, 8x2's 115 MB: a browser tab's heap never
    shrinks): reading one board's drops the other board's from the cache.  A search running on them keeps its own
    reference; the next search that needs them reads them again (in the page, from the offline copy)."""
    table = COMPACT_TABLES.get(name)
    if table is None:
        return
    for other in [n for n in _cache if n in COMPACT_TABLES]:
        if (COMPACT_TABLES[other].width, COMPACT_TABLES[other].height) != (table.width, table.height):
            del _cache[other]


def _decompressing(name: str) -> Work[bytearray]:
    spec = FILES[name]
    path = _on_disk(data_dir(), name)
    if path is None:
        raise TablesMissing(f"The pattern table {name} is missing from {data_dir()}.")
    if path.suffix == ".bin":
        return (yield from _reading_raw(name, path))
    table = bytearray(spec.size)
    filled = 0
    try:
        for part in _parts(path):
            if filled + len(part) > spec.size:
                raise TablesMissing(f"The pattern table {name} is damaged (too long).")
            table[filled:filled + len(part)] = part
            filled += len(part)
            yield None
    except zlib.error:
        raise TablesMissing(f"The pattern table {name} is damaged.") from None
    if filled != spec.size:
        raise TablesMissing(f"The pattern table {name} is damaged (too short).")
    _cache[name] = table
    return table


def _reading_raw(name: str, path: Path) -> Work[bytearray]:
    """A ``.bin`` table (the web worker's hand-off: it inflated the stored copy) read straight into its
    buffer, 4 ``_CHUNK`` s per step; then removed, to spare the tab's memory: the table lives in ours."""
    size = FILES[name].size
    table = bytearray(size)
    view = memoryview(table)
    filled = 0
    with open(path, "rb") as handle:
        while filled < size:
            got = handle.readinto(view[filled:filled + 4 * _CHUNK])
            if not got:
                raise TablesMissing(f"The pattern table {name} is damaged (too short).")
            filled += got
            yield None
        if handle.read(1):
            raise TablesMissing(f"The pattern table {name} is damaged (too long).")
    _cache[name] = table
    path.unlink()
    return table


def _parts(path: Path):
    """The bytes of a compressed table file (gzip or zlib), inflated ``_CHUNK`` at a time."""
    decoder = zlib.decompressobj(wbits=47)   # 32 + 15: a gzip or a zlib header, whichever it is
    raw = path.read_bytes()
    while raw:
        part = decoder.decompress(raw, _CHUNK)
        raw = decoder.unconsumed_tail
        if part:
            yield part
    rest = decoder.flush()
    if rest:
        yield rest


def at_hand(load: Callable[[], object]) -> bool:
    """Whether ``load`` (e.g. :func:`tables_5`) finds its tables, loading them if so: for a search that does
    without them otherwise."""
    try:
        load()
    except TablesMissing:
        return False
    return True


def tables_663() -> List[bytes]:
    """The three 4x4 tables, in the order of :data:`PATTERNS_4`."""
    return [load_table(name) for name in FILES_4]


def tables_5() -> List[bytes]:
    """The five 5x5 tables, in the order of :data:`PATTERNS_5`."""
    return [load_table(name) for name in FILES_5]


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
