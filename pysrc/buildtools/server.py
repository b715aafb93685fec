"""The development server (``python3 build.py serve``): dist/ with the MIME types the app needs, the
precompressed copies when the browser accepts them, and what the build leaves for later finished in the
background.  The browser tests serve the built site with the same handler."""

from __future__ import annotations

import functools
import http.server
import os
import threading
import time
from pathlib import Path

from . import console
from .compress import COMPRESSED_DIR, step_brotli
from .console import log
from .headers import SITE_HEADERS
from .layout import DIST
from .manifest import step_manifest
from .stamps import file_sha256
from .steps import build
from .tables import LATE_GROUPS, step_pdb, step_rect_tables

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".txt": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".bin": "application/octet-stream",
}


class DistHandler(http.server.SimpleHTTPRequestHandler):
    """Static files from dist/ with the MIME types the app needs and no caching surprises."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def __init__(self, *args, directory: str | None = None, **kwargs):
        super().__init__(*args, directory=directory or str(DIST), **kwargs)

    #: What the server sends compressed, best first.
    ENCODINGS = (("br", "br"), ("gzip", "gz"))

    def send_head(self):
        """Send a precompressed copy (see :func:`buildtools.compress.step_gzip`) when the browser accepts its encoding."""
        found = self._compressed_copy()
        if found is None:
            return super().send_head()
        source, copy, encoding = found
        f = open(copy, "rb")
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(source)))
        self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(os.fstat(f.fileno()).st_size))
        self.send_header("Last-Modified", self.date_time_string(source.stat().st_mtime))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return f

    def _compressed_copy(self):
        """(file, copy, encoding) for the best copy the browser accepts that was made from this file, or None."""
        accepted = {part.split(";")[0].strip() for part in self.headers.get("Accept-Encoding", "").split(",")}
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not self.path.split("?", 1)[0].endswith("/"):
                return None
            path = path / "index.html"
        root = Path(self.directory)
        try:
            rel = path.relative_to(root).as_posix()
        except ValueError:
            return None
        if rel.startswith(".") or not path.is_file():
            return None
        for encoding, suffix in self.ENCODINGS:
            copy = root / COMPRESSED_DIR / f"{rel}.{suffix}"
            sha = Path(f"{copy}.sha256")
            # a file changed after the build is sent as it is
            if encoding in accepted and copy.is_file() and sha.is_file() and sha.read_text() == file_sha256(path):
                return path, copy, encoding
        return None

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        for name, value in SITE_HEADERS.items():
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - the base class's name
        if os.environ.get("PUZZLESOLVER_HTTP_LOG"):
            super().log_message(format, *args)


def make_server(port: int = 8000, host: str = "127.0.0.1", directory: Path = DIST):
    """A threaded HTTP server for dist/ (port 0 picks a free port); call serve_forever() on it."""
    handler = functools.partial(DistHandler, directory=str(directory))
    return http.server.ThreadingHTTPServer((host, port), handler)


def serve(port: int) -> None:
    """Build what the app needs at once, serve dist/, and finish the rest in the background: the rectangles'
    tables and the tables of LATE_GROUPS (the app does without them meanwhile, and uses them from the next solve once they are in
    tables.json: no reload) and the brotli copies (gzip meanwhile)."""
    began = time.monotonic()
    build(brotli=False, tables=("small",), rect_tables=False)
    server = make_server(port)
    log(f"serving dist/ on http://127.0.0.1:{server.server_address[1]}/ after {time.monotonic() - began:.0f} s  (Ctrl+C stops)")
    if console.VERBOSE:
        os.environ.setdefault("PUZZLESOLVER_HTTP_LOG", "1")
    threading.Thread(target=finish_in_background, daemon=True).start()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


def finish_in_background() -> None:
    """What ``serve`` leaves for later: the rectangles' tables (the page builds the 5-tile ones itself until
    then), the tables of LATE_GROUPS (then tables.json, after each), the brotli copies."""
    try:
        step_rect_tables()
        step_manifest()
        step_pdb(LATE_GROUPS)
        step_manifest()
        step_brotli()
    except Exception as error:  # noqa: BLE001 - the site is up and stays up; say what did not happen
        log(f"WARNING: the background build stopped ({error}); the site works, with what it has")

