"""Incremental bookkeeping: each step skips itself when the digest of its inputs is the one it stamped last
time in dist/.stamps.json; files are copied or written only when their bytes change."""

from __future__ import annotations

import functools
import hashlib
import json
import shutil
from pathlib import Path

from .layout import DIST, ROOT

STAMPS = DIST / ".stamps.json"


def digest_paths(paths) -> str:
    """sha256 over the relative names and contents of the given files (directories are walked)."""
    h = hashlib.sha256()
    files = []
    for path in paths:
        path = Path(path)
        if path.is_dir():
            files.extend(p for p in path.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
        elif path.is_file():
            files.append(path)
    for file in sorted(files):
        h.update(str(file.relative_to(ROOT) if file.is_relative_to(ROOT) else file).encode())
        h.update(b"\0")
        h.update(file_sha256(file).encode())
    return h.hexdigest()


@functools.lru_cache(maxsize=None)
def _sha256_cached(path: str, size: int, mtime_ns: int) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def file_sha256(path: Path) -> str:
    stat = path.stat()
    return _sha256_cached(str(path), stat.st_size, stat.st_mtime_ns)


def load_stamps() -> dict:
    try:
        return json.loads(STAMPS.read_text())
    except (OSError, ValueError):
        return {}


def up_to_date(step: str, digest: str, *outputs: Path) -> bool:
    return load_stamps().get(step) == digest and all(p.exists() for p in outputs)


def stamp(step: str, digest: str | list) -> None:
    """Record what ``step`` was made from (its inputs' digest; for the front end, the files it copied)."""
    stamps = load_stamps()
    stamps[step] = digest
    DIST.mkdir(parents=True, exist_ok=True)
    STAMPS.write_text(json.dumps(stamps, indent=1, sort_keys=True))


def sync_file(src: Path, dst: Path) -> bool:
    """Copy src to dst unless dst already has the same bytes; True if it copied."""
    if dst.exists() and dst.stat().st_size == src.stat().st_size and file_sha256(dst) == file_sha256(src):
        return False
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)
    return True


def write_if_changed(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` unless it already holds it, atomically (a server may be sending it)."""
    if path.exists() and path.read_text() == text:
        return
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text)
    tmp.replace(path)

