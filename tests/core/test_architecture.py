"""The package's shape: its layers, no import cycle, nothing registered at import, one policy for every front end."""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from puzzlesolver import cli, webapi
from spec_helpers import REPO_ROOT, run_pinned_tool

PACKAGE = REPO_ROOT / "pysrc" / "puzzlesolver"
#: build.py's tools: beside the engine in pysrc/, but neither in its wheel nor imported by it.
BUILDTOOLS = REPO_ROOT / "pysrc" / "buildtools"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def module_level_imports(path: Path) -> set:
    """The package modules ``path`` imports outside its functions and classes, those under
    ``if TYPE_CHECKING:`` included: an import used only for type hints is a dependency too."""
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rsplit(".", 1)[0]
    found = set()
    tree = ast.parse(path.read_text())
    for node in tree.body:
        for child in ast.walk(node) if not isinstance(node, (ast.FunctionDef, ast.ClassDef)) else ():
            if isinstance(child, ast.ImportFrom) and child.level:
                base = package.rsplit(".", child.level - 1)[0] if child.level > 1 else package
                target = f"{base}.{child.module}" if child.module else base
                for alias in child.names:
                    candidate = f"{target}.{alias.name}"
                    found.add(candidate if (PACKAGE.parent / candidate.replace(".", "/")).with_suffix(".py").exists()
                              else target)
    return {name for name in found if name != here}


@pytest.mark.parametrize("package", [PACKAGE, BUILDTOOLS], ids=lambda package: package.name)
def test_the_package_has_no_import_cycle_not_even_through_type_hints(package):
    graph = {module_name(p): module_level_imports(p) for p in package.rglob("*.py")}
    state: dict = {}

    def visit(node, trail):
        if state.get(node) == "done":
            return
        assert state.get(node) != "open", "import cycle: " + " -> ".join(trail + [node])
        state[node] = "open"
        for nxt in sorted(graph.get(node, ())):
            if nxt in graph:
                visit(nxt, trail + [node])
        state[node] = "done"

    for node in sorted(graph):
        visit(node, [])


@pytest.mark.parametrize("package", [PACKAGE, BUILDTOOLS], ids=lambda package: package.name)
def test_no_module_is_named_after_a_standard_library_module(package):
    names = {p.stem for p in package.rglob("*.py")} - {"__init__", "__main__"}
    assert not names & set(sys.stdlib_module_names)


def test_the_engine_never_imports_the_build_tools():
    importers = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else []
            if any(name.split(".")[0] == "buildtools" for name in names):
                importers.add(module_name(path))
    assert importers == set()


def test_the_layers_declared_in_pyproject_hold():
    """pyproject.toml's [tool.importlinter] contracts, checked by import-linter on every import (in functions
    and for type hints too): grid, board, search, the engines, policy, the requests, the front ends, each
    importing only the layers below it; no module of puzzlesolver/ left out of a layer."""
    done = run_pinned_tool("lint-imports", "--config", "pyproject.toml", "--no-cache")
    assert done.returncode == 0, (
        "an import crosses a declared layer (pyproject.toml's [tool.importlinter]: move the import, or the module "
        "to its layer there):\n" + done.stdout[done.stdout.find("Contracts"):] + done.stderr)


#: The most lines a module of pysrc/ may have (issue 37): past it, a module mixes concerns.
MAX_PYTHON_MODULE_LINES = 500
#: build.py and its tools' modules are held to the page's bound (they were, by a shadowed name, until 2026-12-07).
MAX_BUILD_MODULE_LINES = 400


def test_no_module_in_pysrc_is_over_500_lines():
    """The engine's and the build tools' modules alike (issue 37: none over 500 lines anywhere in pysrc/)."""
    sizes = {path.relative_to(REPO_ROOT).as_posix(): len(path.read_text().splitlines())
             for path in (REPO_ROOT / "pysrc").rglob("*.py")}
    assert {name: lines for name, lines in sizes.items() if lines > MAX_PYTHON_MODULE_LINES} == {}


def test_build_py_is_the_command_line_and_its_tools_modules_of_their_own():
    sizes = {path.relative_to(REPO_ROOT).as_posix(): len(path.read_text().splitlines())
             for path in [REPO_ROOT / "build.py", *BUILDTOOLS.glob("*.py")]}
    assert {name: lines for name, lines in sizes.items() if lines > MAX_BUILD_MODULE_LINES} == {}
    assert "def step_" not in (REPO_ROOT / "build.py").read_text()


@pytest.mark.parametrize("command", [
    ["-m", "puzzlesolver", "--words", "cube", "tubes", "--dictionary", "{words}"],
    ["-m", "puzzlesolver", "{board}"],
    ["-m", "puzzlesolver.bench", "{board}"],
    ["-m", "buildtools.build_tables", "--help"],
])
def test_documented_commands_print_no_warning(command, tmp_path):
    (tmp_path / "words.txt").write_text("cube\ntube\ntubes\n")
    (tmp_path / "board.txt").write_text("3\n0 1 3\n4 2 5\n7 8 6\n")
    argv = [arg.format(words=tmp_path / "words.txt", board=tmp_path / "board.txt") for arg in command]
    env = dict(os.environ, PYTHONPATH=str(REPO_ROOT / "pysrc"))
    done = subprocess.run([sys.executable, "-W", "error", *argv], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "Warning" not in done.stderr


REQUESTS = [
    ("0 1 3\n4 2 5\n7 8 6", {}),
    ("0 1 3\n4 2 5\n7 8 6", {"algorithm": "astar"}),
    ("0 1 3\n4 2 5\n7 8 6", {"algorithm": "astar", "heuristic": "hamming"}),
    ("8 1 3\n4 0 2\n7 6 5", {"heuristic": "walking-distance"}),
    ("1 2 3 4\n5 6 7 8\n9 10 11 12\n13 0 14 15", {}),
    ("1 2 3 4\n5 6 7 8\n9 10 11 12\n13 0 14 15", {"algorithm": "weighted"}),
    ("1 2 3 4 5\n6 7 8 9 10\n11 12 13 14 15\n16 17 18 19 20\n21 22 23 0 24", {}),
    ("1 2 3 4 5\n6 7 8 9 10\n11 12 13 14 15\n16 17 18 19 20\n21 22 23 0 24", {"algorithm": "lines"}),
]


@pytest.mark.parametrize("board, options", REQUESTS)
def test_the_command_line_and_the_worker_report_the_same_method(board, options, tmp_path, capsys):
    path = tmp_path / "board.txt"
    path.write_text(board + "\n")
    argv = ["--json", str(path)] + [arg for key, value in options.items() for arg in (f"--{key}", value)]
    assert cli.main(argv) == 0
    from_cli = json.loads(capsys.readouterr().out)
    answer = webapi.answer({"id": 1, "op": "solve_board", "board": board, **options})
    assert answer["method"] == from_cli["method"]
    assert answer["moves"] == from_cli["moves"] and answer["blank_path"] == from_cli["blank_path"]


def test_importing_the_package_registers_nothing():
    code = ("import puzzlesolver.heuristics as h; before = dict(h.ESTIMATES); import puzzlesolver; "
            "import puzzlesolver.webapi; assert h.ESTIMATES == before")
    env = dict(os.environ, PYTHONPATH=str(REPO_ROOT / "pysrc"))
    subprocess.run([sys.executable, "-c", code], check=True, env=env, timeout=60)


# -- the front end (site/): by concern, no cycle, one router ---------------------------------------------

SITE = REPO_ROOT / "site"
JS_IMPORT = re.compile(
    r"""(?:^|\n)\s*(?:import|export)\s[^;'"]*?from\s*["'](\.{1,2}/[^"']+)["']|import\(\s*["'](\.{1,2}/[^"']+)["']\s*\)""")
MAX_FRONT_END_MODULE_LINES = 400
#: The page's folders by concern: what every view shares, each view's own, and the Python workers (the solver's
#: and the Code view's: other global scopes).  At the top only the page's start-up (main.js) and the service
#: worker (sw.js, whose scope is its folder: it must sit at the root to control the whole site).
SHARED, VIEWS, WORKER = "core", ("play", "solve", "learn", "code"), "worker"
TOP_SCRIPTS = {"main.js", "sw.js"}


def site_imports() -> dict:
    """Each site module and the site modules it imports (statically or when a view is first shown)."""
    graph = {}
    for path in SITE.rglob("*.js"):
        targets = {(path.parent / (a or b)).resolve() for a, b in JS_IMPORT.findall(path.read_text())}
        graph[path.resolve()] = {t for t in targets if t.is_relative_to(SITE.resolve())}
    return graph


def concern(path: Path) -> str:
    """The folder of site/ a module belongs to ("" for the top)."""
    parts = path.resolve().relative_to(SITE.resolve()).parts
    return parts[0] if len(parts) > 1 else ""


def test_the_front_end_has_no_import_cycle():
    graph = site_imports()
    state: dict = {}

    def visit(node, trail):
        state[node] = "open"
        for target in graph.get(node, ()):
            assert state.get(target) != "open", " -> ".join(p.name for p in trail + [node, target])
            if target not in state:
                visit(target, trail + [node])
        state[node] = "done"

    for node in graph:
        if node not in state:
            visit(node, [])
    assert graph, "no site modules found"


def test_the_front_end_is_in_folders_by_concern():
    """Every module is in its concern's folder, and each view's folder has the view.js the router mounts."""
    folders = {concern(path) for path in SITE.rglob("*.js")}
    assert folders == {"", SHARED, *VIEWS, WORKER}
    assert {path.name for path in SITE.glob("*.js")} == TOP_SCRIPTS
    for view in VIEWS:
        assert re.search(r"^export function mount\(", (SITE / view / "view.js").read_text(), re.M), view


def test_each_concern_imports_only_what_is_shared():
    """core/ imports only core/; a view's folder imports only itself and core/ (never another view's
    modules); the workers import only the Pyodide runtime (dist/pyodide/, put there by build.py) and what they
    share, and the service worker nothing; main.js starts core/ and loads each view's view.js."""
    allowed = {SHARED: {SHARED}, WORKER: {WORKER, "pyodide"}, **{view: {view, SHARED} for view in VIEWS}}
    for module, targets in site_imports().items():
        name = module.relative_to(SITE.resolve()).as_posix()
        reached = {concern(target) for target in targets}
        if name == "main.js":
            assert {t.relative_to(SITE.resolve()).as_posix() for t in targets if concern(t) != SHARED} == \
                {f"{view}/view.js" for view in VIEWS}
        elif name == "sw.js":
            assert not targets
        else:
            assert reached <= allowed[concern(module)], (name, reached)


def test_no_front_end_module_is_over_400_lines():
    sizes = {path.relative_to(SITE).as_posix(): len(path.read_text().splitlines()) for path in SITE.rglob("*.js")}
    assert {name: lines for name, lines in sizes.items() if lines > MAX_FRONT_END_MODULE_LINES} == {}


def test_one_router_reads_the_address_and_one_module_reads_links():
    sources = {path.relative_to(SITE).as_posix(): path.read_text() for path in SITE.rglob("*.js")}
    assert [name for name, text in sources.items() if "hashchange" in text] == ["core/router.js"]
    assert [name for name, text in sources.items() if "function parseFragment" in text] == ["core/links.js"]
    assert [name for name, text in sources.items() if "export function sentence" in text] == ["core/messages.js"]


def test_the_pages_wording_helpers_have_one_home_each():
    """How a sentence, a count and the Learn view's "no puzzle open" are written is defined once, in
    core/messages.js, and imported wherever it is used: no module keeps a private copy that could drift."""
    sources = {path.relative_to(SITE).as_posix(): path.read_text() for path in SITE.rglob("*.js")}
    for name in ("sentence", "number", "plural", "NO_PUZZLE"):
        defined = re.compile(rf"^(?:export\s+)?(?:function|const|let|var)\s+{name}\b", re.M)
        assert [module for module, text in sources.items() if defined.search(text)] == ["core/messages.js"], name


def test_the_parts_of_the_page_meet_through_modules_not_window():
    """Only main.js sets the documented test hooks (index.html's early Solve press is the one flag read elsewhere)."""
    for path in SITE.rglob("*.js"):
        name = path.relative_to(SITE).as_posix()
        assigned = set(re.findall(r"window\.(\w+)\s*=(?!=)", path.read_text()))
        assert assigned <= ({"__solver", "__app"} if name == "main.js" else set()), (name, assigned)
