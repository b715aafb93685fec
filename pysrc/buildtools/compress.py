"""The precompressed copies of dist/'s big text and wasm files (dist/.compressed/): gzip for every build,
brotli for the biggest; ``serve`` sends them as a real static host would send its own."""

from __future__ import annotations

import gzip
import subprocess
import tempfile
from pathlib import Path

from .console import log
from .environment import BROTLI_REQUIREMENT, build_python
from .layout import DIST
from .stamps import file_sha256

#: Precompressed copies live in dist/.compressed/ (hidden: not in build.json nor in the service worker's
#: lists): <file>.gz, and <file>.br for the big ones, each beside a <copy>.sha256 naming the file it was made from.
COMPRESSED_DIR = ".compressed"
COMPRESSIBLE = (".wasm", ".mjs", ".js", ".json", ".txt", ".html", ".css", ".svg", ".webmanifest", ".zip")
#: Files this big get a brotli copy too (quality 11: 42 s for the 9.6 MB wasm, once; 3.5 MB gzip -> 2.7 MB).
BROTLI_MIN_BYTES = 100_000
BROTLI_SCRIPT = "import brotli, sys\nfor src, out in zip(sys.argv[1::2], sys.argv[2::2]):\n" \
                "    open(out, 'wb').write(brotli.compress(open(src, 'rb').read(), quality=11))\n"


def _compressible() -> list:
    """The files of dist/ a static host would send compressed: (relative name, path)."""
    return [(path.relative_to(DIST).as_posix(), path) for path in sorted(p for p in DIST.rglob("*") if p.is_file())
            if not path.relative_to(DIST).as_posix().startswith(".") and path.suffix in COMPRESSIBLE
            and path.stat().st_size >= 1024]


def _stale_copies(encoding: str, files: list) -> list:
    """Of ``files``, those whose ``encoding`` copy is missing or was made from other bytes."""
    stale = []
    for rel, path in files:
        sha = DIST / COMPRESSED_DIR / f"{rel}.{encoding}.sha256"
        if not (sha.exists() and sha.read_text() == file_sha256(path)):
            stale.append((rel, path))
    return stale


def _keep_copy(rel: str, path: Path, encoding: str, data: bytes) -> None:
    """Keep a compressed copy when it is worth it (under 90% of the file), and record what it was made from."""
    copy = DIST / COMPRESSED_DIR / f"{rel}.{encoding}"
    copy.parent.mkdir(parents=True, exist_ok=True)
    if len(data) < 0.9 * path.stat().st_size:
        copy.write_bytes(data)
    elif copy.exists():
        copy.unlink()
    Path(f"{copy}.sha256").write_text(file_sha256(path))


def step_gzip() -> None:
    """Precompress the wasm, script, JSON, text and stored-zip files into dist/.compressed/ for ``serve``.

    Any real static host compresses these on the fly; the local server (and the tests) send the
    precompressed copy when the browser accepts it, so they transfer what a visitor would.  Each copy
    records the sha256 of the file it was made from, and is only served while that still matches.
    """
    files = _compressible()
    for rel, path in _stale_copies("gz", files):
        _keep_copy(rel, path, "gz", gzip.compress(path.read_bytes(), compresslevel=9, mtime=0))
    wanted = {f"{rel}.{encoding}{sha}" for rel, _ in files for encoding in ("gz", "br") for sha in ("", ".sha256")}
    folder = DIST / COMPRESSED_DIR
    if folder.exists():
        for stale in [p for p in folder.rglob("*") if p.is_file() and p.relative_to(folder).as_posix() not in wanted]:
            stale.unlink()


def step_brotli() -> None:
    """Brotli copies of the big files (the Pyodide runtime, the standard library): 0.9 MB less to download
    than gzip.  Needs the Brotli package (build time only, pinned; installed into .venv); without it
    the site is served with gzip, and says so."""
    stale = _stale_copies("br", [(rel, path) for rel, path in _compressible() if path.stat().st_size >= BROTLI_MIN_BYTES])
    if not stale:
        return
    try:
        python = build_python(BROTLI_REQUIREMENT, "brotli")
    except (subprocess.CalledProcessError, OSError) as error:
        log(f"no brotli copies ({error}): the site is served with gzip")
        return
    with tempfile.TemporaryDirectory() as tmp:
        outs = [Path(tmp) / f"{i}.br" for i in range(len(stale))]
        subprocess.run([python, "-c", BROTLI_SCRIPT] + [str(x) for (_, path), out in zip(stale, outs) for x in (path, out)],
                       check=True)
        for (rel, path), out in zip(stale, outs):
            _keep_copy(rel, path, "br", out.read_bytes())
    log(f"brotli copies of {len(stale)} files")

