"""One plan per request: every board request's search comes from one table (policy/plans.py), keyed by the board's
shape class and the request's kind, and a request chooses it once for its data files, its loading and its search."""

from __future__ import annotations

import pytest

from puzzlesolver import grid, policy
from puzzlesolver.fast.tables import pdb_files
from puzzlesolver.formats import BoardPuzzle
from puzzlesolver.policy import plans
from puzzlesolver.policy.options import ALGORITHMS, HEURISTICS, OptionError, Options
from puzzlesolver.policy.plans import PLANS, TABLE, Row, plan_for, request_kind, shape_class
from puzzlesolver.steps import to_end

SIDES = range(2, grid.MAX_SIDE + 1)


def goals(width: int, height: int):
    """The usual goal, the blank first (in a corner) and the blank one cell in (off the corners)."""
    usual = grid.standard_goal(width, height)
    inside = list(usual)
    inside[-2], inside[-1] = 0, inside[-2]
    return [usual, tuple(range(width * height)), tuple(inside)]


def test_every_shape_class_and_request_kind_maps_to_exactly_one_named_plan():
    for row in TABLE.values():
        assert isinstance(row, Row) and all(plan in PLANS for plan in row)
    names = [plan.name for plan in PLANS]
    assert len(set(names)) == len(names), "two plans of one name"
    for plan in PLANS:
        assert plan.fallback is None or plan.fallback in PLANS


def test_every_board_reads_one_row_and_every_row_is_read():
    read = {shape_class(width, height, goal) for width in SIDES for height in SIDES for goal in goals(width, height)}
    assert read == set(TABLE)


def test_every_option_is_one_column_or_refused_in_one_sentence_naming_its_field():
    kinds = set()
    for algorithm in ALGORITHMS + ("bfs",):
        for heuristic in HEURISTICS + ("nope",):
            try:
                kinds.add(request_kind(Options(algorithm, heuristic)))
            except OptionError as refused:
                assert refused.field in ("algorithm", "heuristic") and str(refused).endswith(".")
    assert kinds == set(Row._fields)


@pytest.mark.parametrize("width, height, goal, options, name", [
    (3, 3, None, Options(), "IDA* on the exact 3x3 tables"),
    (3, 3, tuple(range(9)), Options(), "IDA* on the exact 3x3 tables"),            # any goal: three tables
    (4, 4, None, Options(), "IDA* on the 4x4 compact tables"),
    (4, 4, tuple(range(16)), Options(), "IDA* on the 4x4 compact tables"),          # Korf's goal, by a symmetry
    (4, 4, goals(4, 4)[2], Options(), "IDA* on linear conflicts: no tables for this goal"),
    (5, 5, None, Options(), "anytime: beams, bound by IDA* on the 5x5 tables"),
    (5, 5, None, Options("ida"), "IDA* on the 5x5 tables"),
    (7, 7, None, Options(), "anytime: beams, bound by IDA* on linear conflicts"),
    (10, 10, None, Options(), "anytime: placement beams, bound by IDA* on linear conflicts"),
    (7, 3, None, Options(), "anytime: placement beams, bound by IDA* on linear conflicts"),  # 3 across: beams stall
    (5, 4, None, Options("ida", "pdb"), "IDA* on linear conflicts: no tables for this shape"),
    (5, 3, None, Options(), "IDA* on tables built for the rectangle"),
    (8, 2, None, Options(), "IDA* on the 8x2 compact tables"),                          # 16 cells: optimal
    (2, 8, (0,) + tuple(range(1, 16)), Options(), "IDA* on the 8x2 compact tables"),    # by a symmetry
    (8, 2, (1, 0) + tuple(range(2, 16)), Options(), "IDA* on tables built for the rectangle"),  # blank off the corners
    (7, 2, None, Options(), "IDA* on tables built for the rectangle"),
    (6, 3, None, Options(), "anytime: placement beams, bound by IDA* on linear conflicts"),
    (5, 4, None, Options(), "anytime: beams, bound by IDA* on linear conflicts"),
    (16, 4, None, Options(), "anytime: beams, bound by IDA* on linear conflicts"),      # 64 cells
    (13, 5, None, Options(), "anytime: placement beams, bound by IDA* on linear conflicts"),  # 65 cells
    (8, 8, None, Options(), "anytime: beams, bound by IDA* on linear conflicts"),
    (9, 9, None, Options(), "anytime: placement beams, bound by IDA* on linear conflicts"),
    (4, 4, None, Options("weighted"), "weighted A*"),
    (5, 5, None, Options("weighted"), "line by line"),
    (3, 3, None, Options("astar"), "A* on the exact 3x3 tables"),
    (3, 3, None, Options("auto", "hamming"), "A* on the estimate asked for"),
])
def test_which_search_runs_is_read_from_the_table(width, height, goal, options, name):
    assert plan_for(width, height, goal or grid.standard_goal(width, height), options).name == name


def test_the_15_puzzles_tables_fall_back_on_the_663_ones_then_on_linear_conflicts_naming_the_missing_files():
    chain, plan = [], TABLE["4x4"].auto
    while plan is not None:
        chain.append(plan.name)
        plan = plan.fallback
    assert chain == ["IDA* on the 4x4 compact tables", "IDA* on the 4x4 6-6-3 tables",
                     "IDA* on linear conflicts: the tables missing"]


def test_a_request_chooses_its_plan_once_for_its_files_its_loading_and_its_search(monkeypatch):
    """The worker asks for a request's data files, then reads its tables, then starts it: one choice serves all."""
    chosen = []

    def counted(width, height, goal):
        chosen.append((width, height))
        return shape_class(width, height, goal)

    monkeypatch.setattr(plans, "shape_class", counted)
    plan_for.cache_clear()
    puzzle = BoardPuzzle(3, (8, 1, 3, 4, 0, 2, 7, 6, 5))
    policy.data_files(puzzle, unavailable=["pdb/x"])
    to_end(policy.loading(puzzle))
    assert policy.solve(puzzle).moves == 14
    assert chosen == [(3, 3)]


def test_the_plan_names_the_files_the_worker_fetches_and_the_search_reads(tmp_path, monkeypatch):
    """With no table at hand, the 15-puzzle's request asks for its compact tables; when one of those cannot be had,
    for the 6-6-3 ones instead; and its search, with neither, is IDA* on linear conflicts naming what is missing."""
    monkeypatch.setattr(pdb_files, "_data_dir", tmp_path)
    monkeypatch.setattr(pdb_files, "_cache", {})  # the tables other tests loaded stay theirs
    puzzle = BoardPuzzle(4, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 0, 14, 15))
    compact = [file.url for file in policy.data_files(puzzle)]
    assert compact == [f"pdb/{name}.gz" for name in pdb_files.COMPACT_4]
    assert [file.url for file in policy.data_files(puzzle, unavailable=compact[:1])] == [
        f"pdb/{name}" for name in pdb_files.FILES_4]
    assert policy.solve(puzzle).method.startswith(
        "IDA* + Manhattan distance + linear conflicts (pattern tables missing: 15puzzle-663-a.zpdb")
