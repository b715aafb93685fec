"""Every classic search side by side: breadth-first, greedy, A* with each estimate, tree A*, IDA*, weighted A*.

Each row's counters are the search's own (a trace recorded with the row's options, or the policy's A*, report
the same), and "optimal" is proven by comparing with the true optimum -- here the tests' own breadth-first
distances over all 8-puzzle boards.
"""

from __future__ import annotations

import random

import pytest

from puzzlesolver import policy
from puzzlesolver.board import Board
from puzzlesolver.explain import COMPARED, compare_searches, comparing_searches, explain, \
    searches_data_files
from puzzlesolver.formats import BoardPuzzle, WordPuzzle
from puzzlesolver.heuristics import ESTIMATES
from puzzlesolver.search import AStar
from spec_helpers import BENCHMARKS, random_solvable_3x3

PUZZLE = BoardPuzzle(3, (8, 1, 3, 4, 0, 2, 7, 6, 5))  # 14 moves


@pytest.fixture(scope="module")
def rows():
    return compare_searches(PUZZLE)["rows"]


def row(rows, algorithm, heuristic="manhattan"):
    return next(r for r in rows if r["algorithm"] == algorithm and r["heuristic"] == heuristic)


def test_every_classic_search_has_a_row_weakest_estimate_first(rows):
    assert [(r["algorithm"], r["heuristic"]) for r in rows] == (
        [("bfs", "manhattan"), ("greedy", "manhattan")] + [("astar", h) for h in COMPARED]
        + [("astar-tree", "manhattan"), ("ida", "manhattan"), ("weighted", "manhattan")])
    assert all(r["finished"] for r in rows)


def test_optimal_means_as_long_as_the_true_optimum(eight_puzzle_distances):
    for tiles in random_solvable_3x3(eight_puzzle_distances, 3, seed=20):
        comparison = compare_searches(BoardPuzzle(3, tiles))
        truth = eight_puzzle_distances[tiles]
        assert comparison["optimum"] == truth
        for r in comparison["rows"]:
            assert r["optimal"] == (r["moves"] == truth), r
            if r["guaranteed_optimal"]:
                assert r["moves"] == truth, r  # breadth-first, every A*, IDA*: the shortest answer
        assert row(comparison["rows"], "bfs")["moves"] == row(comparison["rows"], "astar")["moves"] == truth


def test_greedy_is_flagged_not_optimal_when_it_is_longer(rows):
    greedy = row(rows, "greedy")
    assert greedy["moves"] > 14 and greedy["optimal"] is False and greedy["guaranteed_optimal"] is False
    assert greedy["expanded"] < row(rows, "bfs")["expanded"]


def test_weighted_a_star_stays_within_its_weight_of_the_optimum(eight_puzzle_distances):
    for tiles in random_solvable_3x3(eight_puzzle_distances, 5, seed=21):
        for weight in (1.5, 3):
            comparison = compare_searches(BoardPuzzle(3, tiles), weight=weight, algorithms=["weighted"])
            [weighted] = comparison["rows"]
            assert weighted["weight"] == weight and weighted["moves"] <= weight * eight_puzzle_distances[tiles]


def test_a_better_estimate_expands_fewer_nodes(rows):
    expanded = [row(rows, "astar", h)["expanded"] for h in COMPARED]
    assert expanded[0] > expanded[1] >= expanded[-1]
    assert row(rows, "bfs")["expanded"] > expanded[0]


def test_counts_are_the_searches_own(rows):
    board = Board.from_tiles(PUZZLE.tiles)
    for r in rows:
        if r["algorithm"] == "ida":
            continue
        search = AStar(board, r["algorithm"], weight=r["weight"], heuristic=ESTIMATES[r["heuristic"]])
        search.run()
        assert (r["expanded"], r["enqueued"], r["max_frontier"]) == (
            search.stats.expanded, search.stats.enqueued, search.stats.max_frontier)
    solved = policy.solve(PUZZLE, policy.Options("astar", "manhattan"))  # the solver's own A*
    assert row(rows, "astar")["expanded"] == solved.stats.expanded
    ida = policy.solve(PUZZLE, policy.Options("ida", "manhattan"))
    assert row(rows, "ida")["expanded"] == ida.stats.expanded


@pytest.mark.parametrize("goal_test", ["removal", "generation"])
def test_each_rows_trace_has_the_rows_counts_and_steps(goal_test):
    comparison = compare_searches(BoardPuzzle(3, (0, 1, 3, 4, 2, 5, 7, 8, 6)), goal_test=goal_test)
    for r in comparison["rows"]:
        if r["trace"] is None:
            continue
        options = r["trace"]
        trace = explain(BoardPuzzle(3, (0, 1, 3, 4, 2, 5, 7, 8, 6)), options["heuristic"], options["algorithm"],
                        options["queue"], weight=options["weight"], goal_test=options["goal_test"])
        assert (trace.expanded, trace.enqueued, trace.max_frontier) == (r["expanded"], r["enqueued"], r["max_frontier"])
        assert len(trace.steps) == r["steps"] and r["traceable"]
        assert len(trace.path) - 1 == r["moves"]


def test_a_trace_with_dropped_nodes_counts_its_steps_too(eight_puzzle_distances):
    puzzle = BoardPuzzle(3, (2, 3, 6, 0, 8, 1, 5, 4, 7))  # graph A* with Manhattan drops nodes found cheaper
    r = row(compare_searches(puzzle)["rows"], "astar")
    trace = explain(puzzle, "manhattan", "astar", "tiebreak")
    assert any(step.discarded for step in trace.steps)
    assert len(trace.steps) == r["steps"] and trace.expanded == r["expanded"]


def boards_at(distances, moves, count, seed):
    """``count`` random 8-puzzle boards exactly ``moves`` moves from the goal."""
    return random.Random(seed).sample(sorted(t for t, d in distances.items() if d == moves), count)


def test_the_goal_test_on_generation_saves_breadth_first_expansions_and_stays_optimal(eight_puzzle_distances):
    for tiles in boards_at(eight_puzzle_distances, 12, 2, seed=22) + boards_at(eight_puzzle_distances, 19, 2, seed=23):
        puzzle = BoardPuzzle(3, tiles)
        searches = ["bfs", "astar", "astar-tree", "greedy"]
        on_removal = {r["algorithm"] + r["heuristic"]: r for r in compare_searches(puzzle, algorithms=searches)["rows"]}
        on_generation = {r["algorithm"] + r["heuristic"]: r
                         for r in compare_searches(puzzle, goal_test="generation", algorithms=searches)["rows"]}
        bfs_before, bfs_after = on_removal["bfsmanhattan"], on_generation["bfsmanhattan"]
        assert bfs_after["expanded"] < bfs_before["expanded"] and bfs_after["optimal"] is True
        for key, r in on_generation.items():
            # the row says whether the answer is optimal; A* never expands more for testing earlier
            assert r["optimal"] == (r["moves"] == eight_puzzle_distances[tiles])
            if r["algorithm"] in ("astar", "astar-tree"):
                assert r["expanded"] <= on_removal[key]["expanded"] and r["goal_test"] == "generation"


def test_ida_star_reports_its_iterations(rows):
    ida = row(rows, "ida")
    bounds = [bound for bound, _ in ida["iterations"]]
    assert bounds == list(range(bounds[0], 14, 2)) and all(nodes > 0 for _, nodes in ida["iterations"])
    assert sum(nodes for _, nodes in ida["iterations"]) < ida["expanded"]  # the last iteration finds the goal
    assert ida["trace"] is None and not ida["traceable"]


def test_a_search_past_the_cap_says_it_stopped():
    comparison = compare_searches(BoardPuzzle(3, (8, 6, 7, 2, 5, 4, 3, 0, 1)), max_expansions=300)
    bfs = row(comparison["rows"], "bfs")
    assert bfs["finished"] is False and bfs["moves"] is None and bfs["optimal"] is None
    assert bfs["expanded"] == 300 and not bfs["traceable"] and comparison["cap"] == 300


def test_an_unsolvable_board_has_no_answer_in_any_row():
    comparison = compare_searches(BoardPuzzle(3, (1, 2, 3, 4, 5, 6, 8, 7, 0)))
    assert comparison["optimum"] is None
    assert all(r["moves"] is None and r["finished"] for r in comparison["rows"])


def test_progress_names_the_search_running():
    work = comparing_searches(BoardPuzzle(3, (8, 6, 7, 2, 5, 4, 3, 0, 1)), max_expansions=5000)
    seen = set()
    try:
        while True:
            progress = next(work)
            if progress:
                seen.add(progress["search"])
                assert 0 <= progress["rows"] < progress["of"]
    except StopIteration:
        pass
    assert "Breadth-first search" in seen


def test_word_ladders_compare_every_search_but_ida_star():
    if not (BENCHMARKS / "cs61b" / "words10000.txt").is_file():
        pytest.skip("../shared/benchmarks is absent")
    comparison = compare_searches(WordPuzzle("horse", "nurse", str(BENCHMARKS / "cs61b" / "words10000.txt")))
    by_search = {r["algorithm"]: r for r in comparison["rows"]}
    assert set(by_search) == {"bfs", "greedy", "astar", "astar-tree", "weighted"} and comparison["optimum"] == 8
    assert by_search["bfs"]["moves"] == by_search["astar"]["moves"] == 8
    assert all(r["heuristic"] == "edit-distance" for r in comparison["rows"])
    assert all(r["optimal"] == (r["moves"] == 8) for r in comparison["rows"])


def test_bad_options_are_one_sentence():
    with pytest.raises(ValueError, match=r"^The weight must be a number above 0 and at most 1000, not '-1'\.$"):
        compare_searches(PUZZLE, weight=-1)
    with pytest.raises(ValueError, match=r"^The goal test is made on removal or generation, not 'never'\.$"):
        compare_searches(PUZZLE, goal_test="never")
    with pytest.raises(ValueError, match=r"^Unknown search 'dfs'; choose among bfs, greedy, astar, "):
        compare_searches(PUZZLE, algorithms=["dfs"])


def test_the_data_files_are_the_tables_the_searches_read(tmp_path, monkeypatch):
    from puzzlesolver.fast.tables import pdb_files
    monkeypatch.setenv("PUZZLESOLVER_PDB_DIR", str(tmp_path))  # an empty folder, and no table loaded
    monkeypatch.setattr(pdb_files, "_cache", {})
    assert sorted(f.url for f in searches_data_files(PUZZLE, "pdb")) == sorted(f"pdb/{name}" for name in
                                                                              pdb_files.files_for(3))


def test_a_comparison_is_deterministic():
    first, second = compare_searches(PUZZLE), compare_searches(PUZZLE)
    assert first == second  # the page's test can compare its counts with a run of its own


def test_the_comparison_says_what_its_goal_test_means():
    for goal_test in ("removal", "generation"):
        comparison = compare_searches(PUZZLE, goal_test=goal_test, algorithms=["bfs"])
        word = "removed from the queue" if goal_test == "removal" else "as soon as it is generated"
        assert comparison["goal_test"] == goal_test and word in comparison["goal_test_note"]


def test_the_comparison_names_its_queue_beside_the_step_throughs_textbook_one():
    """The table's best-first rows use the solver's queue; the step-through starts with algs4's MinPQ, which
    can remove more nodes (this board: 36 expansions against 76), so the comparison says which queue it used."""
    comparison = compare_searches(PUZZLE, algorithms=["astar"])
    assert comparison["queue"] == "tiebreak" and all(r["trace"]["queue"] == "tiebreak" for r in comparison["rows"])
    assert "solver's queue" in comparison["queue_note"] and "MinPQ" in comparison["queue_note"]
    astar = row(comparison["rows"], "astar")
    assert explain(PUZZLE, "manhattan", "astar", "tiebreak").expanded == astar["expanded"]
    assert explain(PUZZLE, "manhattan", "astar", "textbook").expanded > astar["expanded"]
