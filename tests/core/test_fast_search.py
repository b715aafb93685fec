"""The fast path: optimal answers (against breadth-first search and published lengths), slices, fallbacks."""

from __future__ import annotations

import random

import pytest

from spec_helpers import BENCHMARKS, bfs_distances

from puzzlesolver import grid, policy
from puzzlesolver.board import Board, random_board
from puzzlesolver.fast.tables import pdb_files
from puzzlesolver.policy import OptionError, Options

PRINCETON = BENCHMARKS / "princeton"


def make_search(board, algorithm="auto", heuristic="auto", weight=None):
    return policy.board_search(board, Options(algorithm, heuristic, weight))


def solve(board, max_expansions=None, **kwargs):
    search = make_search(board, **kwargs)
    while not search.run(max_expansions):
        pass
    return search


def check_path(board, path):
    assert path[0] == board and path[-1].is_goal()
    for a, b in zip(path, path[1:]):
        assert b in a.neighbors()


def read_princeton(name):
    values = [int(v) for v in (PRINCETON / name).read_text().split()]
    n = values[0]
    return Board.from_tiles(values[1:1 + n * n])


needs_benchmarks = pytest.mark.skipif(not PRINCETON.is_dir(), reason="../shared/benchmarks is absent")


def needs_tables(n):
    missing = pdb_files.missing_files(pdb_files.files_for(n))
    if missing:
        pytest.skip(f"pattern databases missing: {missing} (run `python3 build.py`)")


@pytest.fixture(scope="module")
def random_goals_3x3():
    """Four goals (standard, blank on an edge, blank in the centre, a random one) with all distances."""
    rng = random.Random(3)
    goals = [(1, 2, 3, 4, 5, 6, 7, 8, 0), (1, 2, 3, 4, 5, 6, 7, 0, 8), (1, 2, 3, 4, 0, 5, 6, 7, 8)]
    shuffled = list(range(9))
    rng.shuffle(shuffled)
    goals.append(tuple(shuffled))
    return {goal: bfs_distances(goal, 3) for goal in goals}


@pytest.mark.parametrize("heuristic", ["auto", "linear-conflict", "manhattan"])
def test_3x3_optimal_against_bfs_any_goal(random_goals_3x3, heuristic):
    if heuristic == "auto":
        needs_tables(3)
    rng = random.Random(hash(heuristic) & 0xFFFF)
    for goal, dist in random_goals_3x3.items():
        states = list(dist)
        for tiles in rng.sample(states, 25) + [max(states, key=dist.get)]:
            board = Board.from_tiles(tiles, goal)
            search = solve(board, heuristic=heuristic, max_expansions=50)
            path = search.path()
            assert len(path) - 1 == dist[tiles], (tiles, goal)
            check_path(board, path)
            assert search.optimal


def test_3x3_auto_uses_the_exact_table_and_walks_straight():
    needs_tables(3)
    board = Board.from_tiles([8, 6, 7, 2, 5, 4, 3, 0, 1])
    search = solve(board)
    assert "exact" in search.method
    assert len(search.path()) - 1 == 31
    assert search.stats.expanded <= 31


def test_unsolvable_board_finishes_with_no_path():
    board = Board.from_tiles([1, 2, 3, 4, 5, 6, 8, 7, 0])
    for algorithm in ("auto", "ida", "astar", "weighted"):
        search = make_search(board, algorithm)
        assert search.run(10) is True
        assert search.path() == []


def test_an_unsolvable_board_needs_no_tables_and_says_when_the_blank_first_goal_would_do():
    from puzzlesolver.formats import BoardPuzzle
    korf1 = BoardPuzzle(4, (14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3))   # Korf's goal: blank first
    assert policy.data_files(korf1) == []
    assert policy.solve(korf1).reason.endswith("it would reach the goal with the blank first (0, 1, 2, 3, ...).")
    neither = BoardPuzzle(3, (1, 2, 3, 4, 5, 6, 8, 7, 0))
    assert "blank first" not in policy.solve(neither).reason


def test_goal_board_has_a_path_of_one_board():
    for n in (2, 3, 4, 5):
        board = Board.from_tiles(grid.standard_goal_with_blank(n, n * n - 1))
        assert solve(board).path() == [board]


def test_unknown_names_are_rejected():
    board = Board.from_tiles([1, 2, 3, 0])
    with pytest.raises(ValueError):
        make_search(board, "bogus")
    with pytest.raises(ValueError):
        make_search(board, "auto", "bogus")
    with pytest.raises(ValueError):
        make_search(board, "ida", "hamming")


def test_a_star_choices_stay_available():
    board = Board.from_tiles([0, 1, 3, 4, 2, 5, 7, 8, 6])
    for heuristic in ("hamming", "manhattan", "linear-conflict", "walking-distance", "pdb"):
        search = solve(board, algorithm="astar", heuristic=heuristic)
        assert len(search.path()) - 1 == 4 and heuristic in search.method
    assert "A*" in make_search(board, "auto", "hamming").method


@pytest.mark.parametrize("engine", ["auto", "linear-conflict", "manhattan"])
def test_slices_give_the_same_answer_as_one_run(engine):
    if engine == "auto":
        needs_tables(4)
    board = Board.from_tiles([5, 1, 3, 4, 9, 2, 7, 8, 0, 6, 11, 12, 13, 10, 14, 15])
    board = Board.from_tiles([2, 7, 3, 4, 1, 6, 0, 8, 5, 10, 11, 12, 9, 13, 14, 15]) if engine != "auto" else \
        Board.from_tiles([5, 4, 3, 8, 9, 2, 6, 1, 0, 13, 14, 7, 15, 11, 10, 12])  # puzzle4x4-hard1, 38 moves
    whole = solve(board, heuristic=engine)
    for size in (1, 7, 100):
        sliced = make_search(board, heuristic=engine)
        slices = 0
        while not sliced.run(size):
            slices += 1
            assert sliced.bound <= len(whole.path()) - 1
        assert [b.tiles for b in sliced.path()] == [b.tiles for b in whole.path()]
        assert sliced.stats.expanded >= whole.stats.expanded
        assert slices >= whole.stats.expanded // size - 1


def test_the_compact_engine_resumes_with_the_estimates_it_would_compute_afresh():
    from puzzlesolver.fast.engines.pdb_compact import EngineMax
    if pdb_files.missing_files(pdb_files.COMPACT_4):
        pytest.skip("compact 7-tile tables missing (run `python3 build.py tables`)")
    rng = random.Random(26)
    for _ in range(5):
        engine = EngineMax(random_board(4, rng).tiles, [0])
        node = engine.reset(200)   # so large a bound that no move is pruned
        for _ in range(60):
            step = engine.child(node, rng.choice(engine.order(node)))
            if step is True:
                break
            node = step[0]
            assert node[3:] == engine._state(engine.board)


def test_4x4_goal_with_blank_in_a_corner_uses_the_tables_by_symmetry():
    needs_tables(4)
    goal = tuple(range(16))  # Korf's goal: blank top left
    rng = random.Random(11)
    board = Board.from_tiles(goal, goal)
    for _ in range(40):
        board = rng.choice(board.neighbors())
    by_tables = solve(board)
    assert "pattern databases" in by_tables.method
    by_conflicts = solve(board, heuristic="linear-conflict")
    assert len(by_tables.path()) == len(by_conflicts.path())
    check_path(board, by_tables.path())


def test_4x4_goal_with_blank_inside_falls_back_with_a_note():
    needs_tables(4)
    goal = (1, 2, 3, 4, 5, 0, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
    board = Board.from_tiles((1, 2, 3, 4, 5, 6, 10, 7, 8, 9, 0, 11, 12, 13, 14, 15), goal)
    search = solve(board)
    assert "linear conflicts" in search.method and "no pattern database" in search.method
    assert len(search.path()) - 1 == 2


def test_missing_tables_fall_back_with_a_note(tmp_path):
    pdb_files.set_data_dir(tmp_path)
    try:
        search = solve(Board.from_tiles([8, 1, 3, 4, 0, 2, 7, 6, 5]))
        assert "missing" in search.method and "linear conflicts" in search.method
        assert len(search.path()) - 1 == 14
    finally:
        pdb_files._data_dir = None
        pdb_files._cache.clear()


@needs_benchmarks
def test_princeton_files_against_their_names():
    """Every solvable Princeton file up to 5x5 (but the two near-80-move ones), against the index."""
    needs_tables(3)
    needs_tables(4)
    checked = 0
    for line in (BENCHMARKS / "princeton_index.tsv").read_text().splitlines()[1:]:
        name, n, solvable, expected = line.split("\t")[:4]
        if solvable != "True" or int(n) > 5 or name in ("puzzle4x4-78.txt", "puzzle4x4-80.txt"):
            continue
        board = read_princeton(name)
        search = solve(board)
        assert len(search.path()) - 1 == int(expected), name
        checked += 1
    assert checked > 100


@needs_benchmarks
def test_princeton_unsolvable_files():
    for path in PRINCETON.glob("*unsolvable*.txt"):
        board = read_princeton(path.name)
        assert solve(board).path() == []


@needs_benchmarks
def test_easy_korf_instances():
    needs_tables(4)
    lines = [line.split() for line in (BENCHMARKS / "korf100_goal_1to15_0.txt").read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    easy = {9, 12, 42, 47, 55, 79, 93, 94, 97}
    for fields in lines:
        if int(fields[0]) in easy:
            board = Board.from_tiles([int(v) for v in fields[2:18]])
            assert len(solve(board).path()) - 1 == int(fields[1]), fields[0]


@needs_benchmarks
def test_weighted_mode_is_fast_and_labelled_non_optimal():
    for name in ("puzzle00.txt", "puzzle16.txt", "puzzle10.txt", "puzzle44.txt"):
        board = read_princeton(name)
        search = make_search(board, "weighted")
        assert search.run(200_000)
        assert not search.optimal and "NOT optimal" in search.method
        check_path(board, search.path())


def test_weighted_mode_on_a_scrambled_10x10():
    rng = random.Random(7)
    board = Board.from_tiles(grid.standard_goal_with_blank(10, 99))
    for _ in range(300):
        board = rng.choice(board.neighbors())
    search = make_search(board, "weighted")
    assert search.run(300_000)
    check_path(board, search.path())


@pytest.mark.slow
@needs_benchmarks
def test_puzzle4x4_78_optimal():
    needs_tables(4)
    assert len(solve(read_princeton("puzzle4x4-78.txt")).path()) - 1 == 78


@pytest.mark.parametrize("n", [5, 7, 10])
def test_line_by_line_mode_on_random_boards_with_random_goals(n):
    rng = random.Random(n)
    goal = list(range(n * n))
    rng.shuffle(goal)
    while True:
        tiles = list(range(n * n))
        rng.shuffle(tiles)
        board = Board.from_tiles(tiles, goal)
        if board.is_solvable():
            break
    search = make_search(board, "weighted")
    assert search.run(None) and not search.optimal and "NOT optimal" in search.method
    check_path(board, search.path())
    assert len(search.path()) - 1 >= board.manhattan()


def test_line_by_line_mode_runs_in_slices():
    board = Board.from_tiles(grid.standard_goal_with_blank(6, 35))
    rng = random.Random(1)
    for _ in range(200):
        board = rng.choice(board.neighbors())
    whole = make_search(board, "lines")
    whole.run(None)
    sliced = make_search(board, "lines")
    calls = 1
    while not sliced.run(50):
        calls += 1
    assert calls > 1
    assert [b.tiles for b in sliced.path()] == [b.tiles for b in whole.path()]


def test_anytime_search_has_an_answer_at_once_that_only_gets_shorter_and_a_rising_bound():
    from puzzlesolver.board import random_board
    board = random_board(5, random.Random(5))
    search = make_search(board)
    assert "anytime" in search.method
    lengths, bounds, slices_to_first_answer = [], [], None
    for slices in range(1, 40):
        if search.run(20_000):
            break
        bounds.append(search.bound)
        if search.blank_path():
            slices_to_first_answer = slices_to_first_answer or slices
            lengths.append(len(search.blank_path()))
            check_path(board, search.path())
    assert slices_to_first_answer is not None and slices_to_first_answer <= 15
    assert lengths == sorted(lengths, reverse=True) and bounds == sorted(bounds)
    assert lengths[-1] >= bounds[-1] >= board.manhattan()


def test_anytime_search_proves_easy_boards_optimal():
    board = Board.from_tiles([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 0, 23, 24])
    search = solve(board)
    assert search.optimal and len(search.blank_path()) == 2


def test_the_compact_engines_table_outlives_its_iterations_and_answers_stay_optimal():
    """The transposition table keeps the depths of earlier iterations (pdb_compact's docstring); answers are as
    long as without any table, whole or in slices."""
    from puzzlesolver.fast.engines.pdb_compact import EngineMax
    from puzzlesolver.fast.searches.ida import IDAStar
    if pdb_files.missing_files(pdb_files.COMPACT_4):
        pytest.skip("compact 7-tile tables missing (run `python3 build.py tables`)")
    rng = random.Random(35)
    for _ in range(5):
        board = Board.from_tiles(grid.standard_goal_with_blank(4, 15))
        for _ in range(70):
            board = rng.choice(board.neighbors())
        tiles = board.tiles
        plain = IDAStar(board, lambda counter: EngineMax(tiles, counter, tt_slack=None), "no table")
        assert plain.run()
        for size in (None, 53):
            kept = IDAStar(board, lambda counter: EngineMax(tiles, counter), "table")
            while not kept.run(size):
                pass
            assert len(kept.path()) == len(plain.path())
            check_path(board, kept.path())
    engine = EngineMax(tiles, [1 << 40])
    engine.dfs(*engine.reset(engine.estimate() + 4))
    stored = dict(engine.tt)
    engine.reset(engine.estimate() + 6)
    assert stored and engine.tt == stored
