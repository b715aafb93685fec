"""Shared fixtures for the engine's specifications.

The reference data in ``../shared/benchmarks`` (next to the repository) is optional: tests that
need it skip when it is absent.  The word lists made by ``python3 build.py`` are optional too.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Dict, List

import pytest

from puzzlesolver import cli, words
from spec_helpers import BENCHMARKS, GOAL_3X3, Tiles, bfs_distances


@pytest.fixture(scope="session")
def eight_puzzle_distances() -> Dict[Tiles, int]:
    """Breadth-first search from the 3x3 goal over all 181,440 solvable states (about a second)."""
    distances = bfs_distances(GOAL_3X3, 3)
    assert len(distances) == 181_440
    return distances


@pytest.fixture(scope="session")
def benchmarks() -> Path:
    if not BENCHMARKS.is_dir():
        pytest.skip("reference data ../shared/benchmarks is absent")
    return BENCHMARKS


@pytest.fixture(scope="session")
def common_words() -> frozenset:
    try:
        return words.load_dictionary("common")
    except words.WordError:
        pytest.skip("the common word list is missing (run `python3 build.py`)")


class CliRun:
    """The outcome of one in-process run of the command line."""

    def __init__(self, status: int, out: str, err: str) -> None:
        self.status, self.out, self.err = status, out, err

    @property
    def err_lines(self) -> List[str]:
        return self.err.splitlines()


@pytest.fixture
def run_cli():
    """Call ``puzzlesolver.cli.main`` with arguments; capture stdout, stderr and the exit status."""
    def run(*args: str) -> CliRun:
        out, err = io.StringIO(), io.StringIO()
        status = cli.main([str(a) for a in args], stdout=out, stderr=err)
        return CliRun(status, out.getvalue(), err.getvalue())
    return run


@pytest.fixture
def write(tmp_path):
    """Write text to a file in a temporary folder and return its path."""
    def write_file(name: str, text: str) -> Path:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return path
    return write_file
