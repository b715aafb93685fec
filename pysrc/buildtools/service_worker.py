"""dist/sw.js, the service worker that keeps the app offline (issue 4): site/sw.js with its BUILD lines filled
in -- the precache list, the runtime list and a cache name derived from the content."""

from __future__ import annotations

import functools
import hashlib
import json
import re
import sys
import zlib
from pathlib import Path

from .compress import COMPRESSIBLE
from .headers import SITE_HEADERS
from .console import log
from .layout import DIST, SITE
from .stamps import file_sha256
from .tables import is_late_table

#: Precached: every file of dist/ but sw.js, hidden files and source maps.  The big optional ones (the 4x4
#: pattern databases, the large word list, the rectangles' tables) are precached too while the first visit's estimated transfer
#: (gzip, as any static host sends it) stays within FIRST_VISIT_BUDGET; past it they are left to the
#: service worker's runtime list: cached the first time the worker fetches them, so they too work offline
#: after one use.
SW_OPTIONAL = ("data/words-large.txt",)
#: Never precached, cached on first use: the whole standard library, which only the Code view's worker reads (it
#: boots without it, on the trimmed one, when it cannot be had).
SW_RUNTIME_ONLY = ("pyodide/python_stdlib_full.zip",)
PRECACHE_MAX_PDB_BYTES = 1_000_000
FIRST_VISIT_BUDGET = 14_000_000


def _sw_role(rel: str, size: int) -> str:
    """"skip", "optional" (precached within the budget, else cached on first use), "runtime" (cached on first use)
    or "required"."""
    if rel in ("sw.js", "tables.json") or rel.endswith(".map") or any(part.startswith(".") for part in rel.split("/")) \
            or is_late_table(rel):
        return "skip"
    if rel in SW_RUNTIME_ONLY:
        return "runtime"
    if rel in SW_OPTIONAL or (rel.startswith("pdb/") and size > PRECACHE_MAX_PDB_BYTES):
        return "optional"
    return "required"


@functools.lru_cache(maxsize=None)
def _transfer_estimate(path: str, sha256: str) -> int:
    """Bytes a static host would send for the file: gzip for text and wasm, as is for the rest."""
    data = Path(path).read_bytes()
    if Path(path).suffix in COMPRESSIBLE:
        return min(len(data), len(zlib.compress(data, 1)))
    return len(data)


def write_service_worker(dist: Path = DIST) -> str:
    """Write dist/sw.js from site/sw.js: precache and runtime lists, and a cache name derived from the content.

    Every file in ``dist`` that :func:`_sw_role` keeps is listed with its
    sha256; the cache name is a hash of that list, so any change to any file gives a new cache (and a new
    sw.js, which is how browsers notice a deploy).  Returns the cache name.
    """
    entries, runtime, transfer = _precache_lists(dist)
    cache = "puzzlesolver-" + hashlib.sha256(json.dumps([entries, runtime]).encode()).hexdigest()[:16]
    text = (SITE / "sw.js").read_text(encoding="utf-8")
    for name, marker, value in (("CACHE", "cache name", cache), ("PRECACHE", "precache list", entries),
                                ("RUNTIME", "runtime list", runtime), ("SITE_HEADERS", "headers", SITE_HEADERS)):
        text = _fill_build_line(text, name, marker, value)
    target = dist / "sw.js"
    if not target.exists() or target.read_text(encoding="utf-8") != text:
        target.write_text(text, encoding="utf-8")
        log(f"wrote sw.js (cache {cache}, {len(entries)} files, "
            f"{sum((dist / rel).stat().st_size for rel, _ in entries) / 1e6:.1f} MB precached, about "
            f"{transfer / 1e6:.1f} MB to transfer; {len(runtime)} cached on first use)")
    return cache


def _precache_lists(dist: Path) -> tuple[list, list, int]:
    """([file, sha256] to precache, sorted; [file, sha256] to cache on first use; the first visit's estimated
    transfer): the required files, then the optional ones, smallest first, while the budget lasts."""
    entries, optional, runtime = [], [], []
    for path in sorted(p for p in dist.rglob("*") if p.is_file()):
        rel = path.relative_to(dist).as_posix()
        role = _sw_role(rel, path.stat().st_size)
        if role != "skip":
            {"required": entries, "optional": optional, "runtime": runtime}[role].append([rel, file_sha256(path)])
    transfer = sum(_transfer_estimate(str(dist / rel), sha) for rel, sha in entries)
    for rel, sha in sorted(optional, key=lambda item: (dist / item[0]).stat().st_size):
        size = _transfer_estimate(str(dist / rel), sha)
        if transfer + size <= FIRST_VISIT_BUDGET:
            entries.append([rel, sha])
            transfer += size
        else:
            runtime.append([rel, sha])
    entries.sort()
    return entries, runtime, transfer


def _fill_build_line(text: str, name: str, marker: str, value) -> str:
    """Replace sw.js's line ``const NAME = ...; // BUILD: marker`` by ``const NAME = <value as JSON, one line>;``."""
    line = f"const {name} = " + json.dumps(value, indent=0).replace("\n", "") + ";"
    text, found = re.subn(rf"^const {name} = .*; // BUILD: {marker}$", lambda _: line, text, count=1, flags=re.M)
    if found != 1:
        sys.exit("build.py: site/sw.js lost its BUILD marker lines")
    return text
