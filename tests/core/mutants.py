"""How many bugs the engine's tests catch, measured: a sample of mutants of a module (one small change each: ``<``
for ``<=``, ``and`` for ``or``, a constant off by one...), each run against the tests that need no browser
(tests/core and tests/parity) that execute the mutated line.  A mutant the tests fail on is killed; one they pass
is a survivor, printed with its change, to be read: either a test is missing, or the change makes no difference
(an equivalent mutant, which no test can kill).  Not a test, and not in CI: a figure, measured on demand.

    .venv/bin/python tests/core/mutants.py pysrc/puzzlesolver/board.py pysrc/puzzlesolver/grid.py --sample 80

It changes the module files in place (each restored at once, and at the end even when stopped with Ctrl-C), so
run it in a clean checkout of its own (``git worktree add /tmp/mutants HEAD``) while nobody else uses that one.

First it runs the tests once with a line tracer on the modules (about five minutes): which tests run which line.
Then each mutant runs only those tests, stopping at the first failure (``pytest -x``), within ``--timeout``
seconds (a mutant that makes a search endless is killed by the time limit).  Figures go to stdout and, as JSON,
to ``--report`` (test-results/mutants.json).
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, Iterator, List, Optional, Set

ROOT = Path(__file__).resolve().parents[2]
SUITES = ["tests/core", "tests/parity"]

#: Each operator and what it is changed into.
SWAPS = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq, ast.NotEq: ast.Eq,
    ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is,
    ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.FloorDiv, ast.FloorDiv: ast.Mult, ast.Mod: ast.FloorDiv,
    ast.And: ast.Or, ast.Or: ast.And, ast.BitAnd: ast.BitOr, ast.BitOr: ast.BitAnd, ast.LShift: ast.RShift,
    ast.RShift: ast.LShift,
}


@dataclass(frozen=True)
class Mutant:
    """The ``index``-th change of a module: on ``line`` (in the statement beginning on ``statement``), ``change``
    (in words)."""

    path: Path
    index: int
    line: int
    statement: int
    change: str


def _mutation_points(tree: ast.AST) -> Iterator[tuple]:
    """(node, field, description, statement line) for every change this sampler makes, in the order of the walk.
    Docstrings and annotations are left alone."""
    skip: Set[int] = set()
    statement_line: Dict[int, int] = {}
    for statement in ast.walk(tree):
        if isinstance(statement, ast.stmt):
            for child in ast.walk(statement):
                statement_line.setdefault(id(child), statement.lineno)
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Module)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                skip.add(id(first.value))
        if isinstance(node, (ast.AnnAssign, ast.arg)) and node.annotation is not None:
            skip.update(id(child) for child in ast.walk(node.annotation))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.returns is not None:
            skip.update(id(child) for child in ast.walk(node.returns))
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        found = []
        if isinstance(node, ast.Compare):
            found = [(("ops", position), f"{type(op).__name__} -> {SWAPS[type(op)].__name__}")
                     for position, op in enumerate(node.ops) if type(op) in SWAPS]
        elif isinstance(node, (ast.BinOp, ast.BoolOp, ast.AugAssign)) and type(node.op) in SWAPS:
            found = [(("op", None), f"{type(node.op).__name__} -> {SWAPS[type(node.op)].__name__}")]
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            found = [(("not", None), "not removed")]
        elif isinstance(node, ast.Constant) and type(node.value) is bool:
            found = [(("value", None), f"{node.value} -> {not node.value}")]
        elif isinstance(node, ast.Constant) and type(node.value) is int:
            found = [(("value", None), f"{node.value} -> {node.value + 1}")]
        for field, change in found:
            yield node, field, change, statement_line.get(id(node), node.lineno)


class _Apply(ast.NodeTransformer):
    """Make the ``index``-th change of :func:`_mutation_points`."""

    def __init__(self, target: ast.AST, field: tuple) -> None:
        self.target, self.field = target, field

    def visit(self, node: ast.AST) -> ast.AST:
        if node is not self.target:
            return self.generic_visit(node)
        name, position = self.field
        if name == "ops":
            node.ops[position] = SWAPS[type(node.ops[position])]()
        elif name == "op":
            node.op = SWAPS[type(node.op)]()
        elif name == "not":
            return node.operand
        elif type(node.value) is bool:
            node.value = not node.value
        else:
            node.value += 1
        return node


def mutants_of(path: Path) -> List[Mutant]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [Mutant(path, index, node.lineno, statement, f"line {node.lineno}: {change}")
            for index, (node, _, change, statement) in enumerate(_mutation_points(tree))]


def mutated_source(mutant: Mutant) -> str:
    tree = ast.parse(mutant.path.read_text(encoding="utf-8"))
    node, field, _, _ = list(_mutation_points(tree))[mutant.index]
    return ast.unparse(ast.fix_missing_locations(_Apply(node, field).visit(tree)))


# -- which tests run which line ---------------------------------------------------------------------------

#: The lines run while the tests are collected (the modules' own top level): a mutant there runs every test.
COLLECTION = "<collection>"


class LineMap:
    """A pytest plugin: the lines of ``files`` each test runs (its setup, call and teardown), and those run while
    the tests are collected."""

    def __init__(self, files: List[Path]) -> None:
        self.files = {str(path.resolve()) for path in files}
        self.lines: Dict[str, Set[tuple]] = {}
        self.current: Optional[Set[tuple]] = None

    def pytest_sessionstart(self):
        self.current = self.lines.setdefault(COLLECTION, set())
        sys.settrace(self._global)

    def pytest_collection_finish(self):
        sys.settrace(None)
        self.current = None

    def _local(self, frame, event, arg):
        if event == "line" and self.current is not None:
            self.current.add((frame.f_code.co_filename, frame.f_lineno))
        return self._local

    def _global(self, frame, event, arg):
        if frame.f_code.co_filename in self.files:
            if self.current is not None:
                self.current.add((frame.f_code.co_filename, frame.f_lineno))
            return self._local
        return None

    def pytest_runtest_protocol(self, item):
        self.current = self.lines.setdefault(item.nodeid, set())
        sys.settrace(self._global)
        threading.settrace(self._global)

    def pytest_runtest_logfinish(self):
        sys.settrace(None)
        threading.settrace(None)
        self.current = None


def line_map(files: List[Path], suites: List[str]) -> Dict[tuple, List[str]]:
    """{(file, line): [test ids]} over ``suites``, from one traced run of pytest (in this process); a line run
    while collecting maps to the suites themselves."""
    import pytest

    plugin = LineMap(files)
    os.chdir(ROOT)
    pytest.main([*suites, "-q", "-p", "no:cacheprovider", "--no-header"], plugins=[plugin])   # a timed test may fail, traced
    by_line: Dict[tuple, List[str]] = {}
    for nodeid, lines in plugin.lines.items():
        for key in lines:
            by_line.setdefault(key, []).append(nodeid)
    for key in plugin.lines.get(COLLECTION, ()):
        by_line[key] = list(suites)
    return by_line


def tests_of(mutant: Mutant, by_line: Dict[tuple, List[str]], suites: List[str]) -> List[str]:
    """The tests that run the mutant's line or its statement's first line (a line of a long expression may
    not be traced as its own)."""
    found = by_line.get((str(mutant.path), mutant.line), []) + by_line.get((str(mutant.path), mutant.statement), [])
    return list(suites) if any(test in suites for test in found) else sorted(set(found))


# -- running the mutants ------------------------------------------------------------------------------------

def run_mutant(mutant: Mutant, tests: List[str], timeout: float) -> str:
    """"killed", "survived", "timeout" (killed by the time limit) or "uncovered" (no test runs its line)."""
    if not tests:
        return "uncovered"
    original = mutant.path.read_text(encoding="utf-8")
    try:
        mutant.path.write_text(mutated_source(mutant), encoding="utf-8")
        command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests]
        try:
            run = subprocess.run(command, cwd=ROOT, capture_output=True, timeout=timeout,
                                 env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
        except subprocess.TimeoutExpired:
            return "timeout"
        return "survived" if run.returncode == 0 else "killed"
    finally:
        mutant.path.write_text(original, encoding="utf-8")


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="+", type=Path, help="module files to mutate")
    parser.add_argument("--sample", type=int, default=80, help="mutants sampled per module (default 80)")
    parser.add_argument("--seed", type=int, default=1, help="the sample's seed (default 1)")
    parser.add_argument("--timeout", type=float, default=300, help="seconds a mutant's tests may take (default 300)")
    parser.add_argument("--report", type=Path, default=ROOT / "test-results" / "mutants.json")
    parser.add_argument("--tests", nargs="+", default=SUITES,
                        help="the test files or folders to trace and run (default: tests/core and tests/parity); "
                             "fewer make a module whose lines run at import (links.py) quicker to measure, "
                             "and its figure a lower bound")
    args = parser.parse_args(argv)
    modules = [path.resolve() for path in args.modules]
    changed = subprocess.run(["git", "status", "--porcelain", "--", *map(str, modules)], cwd=ROOT, capture_output=True,
                             text=True).stdout.strip()
    if changed:
        parser.error(f"the modules differ from git's (a run stopped by force leaves its mutant?):\n{changed}")
    # Stopped (Ctrl-C, kill): the mutated module is put back by run_mutant's finally, as SIGTERM raises too.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("stopped"))
    began = time.monotonic()
    print(f"tracing which of {' '.join(args.tests)} run which line of {', '.join(path.name for path in modules)}...",
          flush=True)
    by_line = line_map(modules, args.tests)
    print(f"traced in {time.monotonic() - began:.0f} s", flush=True)
    report = {}
    for path in modules:
        everyone = mutants_of(path)
        sample = sorted(random.Random(args.seed).sample(everyone, min(args.sample, len(everyone))), key=lambda m: m.index)
        outcomes = {}
        for mutant in sample:
            outcome = run_mutant(mutant, tests_of(mutant, by_line, args.tests), args.timeout)
            outcomes[f"{mutant.change} (mutant {mutant.index})"] = outcome   # one line may hold the same change twice
            if outcome in ("survived", "uncovered"):
                print(f"  {path.name} {mutant.change} (mutant {mutant.index}): {outcome}", flush=True)
        killed = sum(outcome in ("killed", "timeout") for outcome in outcomes.values())
        print(f"{path.name}: {killed} of {len(sample)} sampled mutants killed ({killed / len(sample):.0%}); "
              f"{len(everyone)} in all", flush=True)
        report[path.name] = {"mutants": len(everyone), "sampled": len(sample), "killed": killed, "outcomes": outcomes}
    args.report.parent.mkdir(exist_ok=True)
    args.report.write_text(json.dumps(report, indent=1), encoding="utf-8")
    print(f"done in {time.monotonic() - began:.0f} s; report in {args.report}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
