"""The pattern tables (buildtools.build_tables): built once with NumPy into .cache/pdb, copied to
dist/pdb/; the late groups, which ``serve`` builds after the site is up, are listed apart."""

from __future__ import annotations

import functools
import os
import subprocess
import time

from . import console
from .console import detail, log
from .environment import NUMPY_REQUIREMENT, build_python
from .layout import DIST, PYSRC, ROOT, engine_module
from .stamps import sync_file

PDB_CACHE = ROOT / ".cache" / "pdb"  # git-ignored, kept between builds

#: The groups of pattern tables that ``serve`` builds after the site is up (the 15-puzzle's 7-tile tables,
#: the 24-puzzle's): the app does without them meanwhile (6-6-3 tables; linear conflicts) and takes them up
#: from the next solve, without a reload.
LATE_GROUPS = ("compact", "24", "8x2")


@functools.lru_cache(maxsize=None)
def _late_table_paths() -> frozenset:
    tables = engine_module("fast.tables.pdb_files")
    return frozenset(f"pdb/{tables.stored(name)}" for group in LATE_GROUPS for name in _group(group))


def is_late_table(rel: str) -> bool:
    """A table of :data:`LATE_GROUPS`, or a rectangle's (:func:`step_rect_tables`, which ``serve`` also runs after the
    site is up): ``serve`` may add it after the site is up, so it is listed apart, in
    tables.json, left out of the build's id and of the service worker's lists, and kept offline by its own
    sha256 once a solve has fetched it (site/sw.js) -- never downloaded for a puzzle that does not need it."""
    return rel in _late_table_paths() or rel.startswith(f"pdb/{engine_module('fast.tables.rect_tables').FOLDER_NAME}/")


#: The groups of 7-tile tables (buildtools.build_compact), built by one builder when several are missing.
SEVEN_TILE_GROUPS = ("compact", "8x2")

#: What ``serve`` says when a late group is not built yet (it builds it in the background).
LATE_GROUP_NOTES = {
    "compact": "the 15-puzzle's 7-tile tables are not built yet: building them (about 3 minutes on 2 cores; "
               "until then 4x4 boards use the 6-6-3 tables)",
    "24": "the 24-puzzle's tables are not built yet: building them (about a minute on 2 cores; until then the "
          "5x5 bound uses linear conflicts)",
    "8x2": "8x2's 7-tile tables are not built yet: building them (about a minute on 2 cores; until then 8x2 and 2x8 "
           "boards use the 5-tile tables)",
}


def step_pdb(groups=("small", "24", "compact", "8x2")) -> None:
    """Pattern tables: build the missing ones of ``groups`` into .cache/pdb (NumPy, once: the small ones in
    about 15 s, the 24-puzzle's in about 50 s, the 15-puzzle's compact ones in about 3 minutes and 8x2's in
    about a minute on 2 cores), copy them to dist/pdb/.

    Without them the solver still works (weaker heuristic, said in its answer), so a failed build only warns.
    """
    tables = engine_module("fast.tables.pdb_files")
    missing = [group for group in groups if not all((PDB_CACHE / tables.stored(name)).is_file() for name in _group(group))]
    seven_tile = [group for group in missing if group in SEVEN_TILE_GROUPS]   # one builder, its searches in one pool
    batches = [[group] for group in missing if group not in SEVEN_TILE_GROUPS]
    if seven_tile:
        batches.insert(missing.index(seven_tile[0]), seven_tile)   # where the first of them was
    for batch in batches:
        for group in batch:
            if group in LATE_GROUP_NOTES:
                log(LATE_GROUP_NOTES[group])
        env = {**os.environ, "PYTHONPATH": str(PYSRC)}
        command = [build_python(NUMPY_REQUIREMENT, "numpy"), "-m", "buildtools.build_tables", str(PDB_CACHE),
                   *(arg for group in batch for arg in ("--only", group))] + (["--verbose"] if console.VERBOSE else [])
        try:
            _run_with_progress(command, env, sum(len(_group(group)) for group in batch), " and ".join(batch))
        except (subprocess.CalledProcessError, OSError) as error:
            log(f"WARNING: could not build the pattern tables ({error}); the solver will use weaker heuristics")
    copy_tables()


def _run_with_progress(command: list, env: dict, count: int, group: str) -> None:
    """Run a table builder: one progress line per table with an estimate of the time left (every line
    it prints with ``--verbose``)."""
    began = time.monotonic()
    done = 0
    with subprocess.Popen(command, env=env, cwd=ROOT, stdout=subprocess.PIPE, text=True) as builder:
        for line in builder.stdout:
            if console.VERBOSE:
                print(line, end="", flush=True)
            if " bytes in " in line:
                done += 1
                spent = time.monotonic() - began
                left = spent / done * (count - done)
                log(f"{group} tables: {done} of {count} built in {spent:.0f} s" +
                    (f", about {left:.0f} s to go" if done < count else ""))
    if builder.returncode:
        raise subprocess.CalledProcessError(builder.returncode, command)


def _group(group: str) -> tuple:
    """The table files of a group ("small", "24", "compact"), as the builder names them (imported when first needed,
    as :func:`~.layout.engine_module` does the engine's modules: the builder reads the engine's names)."""
    from .build_tables import GROUP_FILES
    return GROUP_FILES[group]


def copy_tables() -> None:
    """Copy the tables built so far from .cache/pdb into dist/pdb/ (and remove those the engine no longer reads)."""
    tables = engine_module("fast.tables.pdb_files")
    names = set(map(tables.stored, tables.ALL_FILES))
    for name in sorted(names):
        if (PDB_CACHE / name).is_file() and sync_file(PDB_CACHE / name, DIST / "pdb" / name):
            detail(f"copied pdb/{name}")
    for stale in (DIST / "pdb").glob("*") if (DIST / "pdb").is_dir() else ():
        if stale.name not in names and stale.is_file():
            stale.unlink()


def step_rect_tables() -> None:
    """The rectangles' 5-tile pattern tables (rect_tables.SHIPPED: 2.4 MB, about 17 s of pure Python once) built into
    .cache/pdb/rect and copied to dist/pdb/rect/, so that the page downloads them instead of building them in the
    worker.  ``serve`` runs it after the site is up (the page builds them itself meanwhile); they are late tables
    (:func:`is_late_table`)."""
    rect_tables = engine_module("fast.tables.rect_tables")
    folder, served = PDB_CACHE / rect_tables.FOLDER_NAME, DIST / "pdb" / rect_tables.FOLDER_NAME
    names = set()
    for width, height in rect_tables.SHIPPED:
        files = rect_tables.shipped_files(width, height)
        if not all((folder / name).is_file() for name in files):
            began = time.monotonic()
            rect_tables.tables_for(width, height, folder=folder)
            log(f"{width}x{height} tables built in {time.monotonic() - began:.1f} s")
        names.update(files)
    for name in sorted(names):
        if sync_file(folder / name, served / name):
            detail(f"copied pdb/{rect_tables.FOLDER_NAME}/{name}")
    for stale in served.glob("*"):
        if stale.name not in names:
            stale.unlink()
