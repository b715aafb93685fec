"""The benchmark's answer checks: a wrong length is a failure, not a figure."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from puzzlesolver import bench_suites, fast
from puzzlesolver.bench_suites import Instance, Row, check

BENCHMARKS = Path(__file__).resolve().parents[3] / "shared" / "benchmarks"


def _instance(expected):
    return Instance("test", "t", 2, [1, 2, 0, 3], None, expected)


def test_right_length_passes_and_wrong_length_fails():
    path = [[1, 2, 0, 3], [1, 2, 3, 0]]
    row = Row(_instance(1))
    check(row, path, optimal=True)
    assert row.status == "ok" and row.moves == 1
    row = Row(_instance(3))
    check(row, path, optimal=True)
    assert row.status == "WRONG"
    row = Row(_instance(3))
    check(row, path, optimal=False)  # a non-optimal answer may be longer, never shorter
    assert row.status == "WRONG"


def test_illegal_paths_and_unsolvable_answers_fail():
    row = Row(_instance(1))
    check(row, [[1, 2, 0, 3], [2, 1, 3, 0]], optimal=True)
    assert row.status == "WRONG"
    row = Row(_instance(1))
    check(row, [], optimal=True)
    assert row.status == "WRONG"
    row = Row(_instance("unsolvable"))
    check(row, [], optimal=True)
    assert row.status == "ok"


def test_suite_run_exits_zero_and_prints_a_summary():
    if not BENCHMARKS.is_dir():
        pytest.skip("../shared/benchmarks is absent")
    out = io.StringIO()
    assert bench_suites.main(["--suite", "5x5", "--suite", "puzzles"], out=out) == 0
    text = out.getvalue()
    assert "summary" in text and "3/3 solved, 0 wrong" in text


def test_uses_pattern_databases():
    assert fast.uses_pattern_databases(4) and fast.uses_pattern_databases(3, "ida", "pdb")
    assert not fast.uses_pattern_databases(5)
    assert not fast.uses_pattern_databases(4, "auto", "manhattan")
    assert not fast.uses_pattern_databases(4, "weighted")
