"""The benchmark: every answer is checked (a wrong length fails, never counts as a figure), one table, a summary."""

from __future__ import annotations

import io

import pytest

from puzzlesolver import bench, suites
from puzzlesolver.bench import Row, check, summary
from puzzlesolver.suites import Instance
from puzzlesolver.formats import BoardPuzzle, WordPuzzle
from spec_helpers import BENCHMARKS, PUZZLES


def run_bench(*args):
    out = io.StringIO()
    status = bench.main([str(a) for a in args], out=out)
    return status, out.getvalue()


def board_instance(expected):
    return Instance("test", "t", BoardPuzzle(2, (1, 2, 0, 3)), expected)


def test_right_length_passes_and_wrong_length_fails():
    row = Row(board_instance(1))
    check(row, "solved", [3], optimal=True)
    assert row.status == "ok" and row.moves == 1
    row = Row(board_instance(3))
    check(row, "solved", [3], optimal=True)
    assert row.status == "WRONG"
    row = Row(board_instance(3))
    check(row, "solved", [3], optimal=False)  # a non-optimal answer may be longer, never shorter
    assert row.status == "WRONG"


def test_illegal_moves_missed_goals_and_unsolvable_answers_fail():
    for answer in ([0], [3, 2], []):  # the blank cannot jump; wandering off; stopping short
        row = Row(board_instance(1))
        check(row, "solved", answer, optimal=True)
        assert row.status == "WRONG", answer
    row = Row(board_instance(1))
    check(row, "unsolvable", [], optimal=True)
    assert row.status == "WRONG"
    row = Row(board_instance("unsolvable"))
    check(row, "unsolvable", [], optimal=True)
    assert row.status == "ok"


def test_ladders_must_be_one_edit_per_step():
    inst = Instance("test", "w", WordPuzzle("cube", "tubes"), 2)
    row = Row(inst)
    check(row, "solved", ["cube", "tube", "tubes"], optimal=True)
    assert row.status == "ok" and row.moves == 2
    row = Row(inst)
    check(row, "solved", ["cube", "tubes"], optimal=True)
    assert row.status == "WRONG"


def test_files_print_one_row_each_then_a_summary():
    status, out = run_bench(PUZZLES / "boards" / "3x3-22.txt", PUZZLES / "boards" / "2x2-unsolvable.txt",
                            "--repeat", "2")
    rows = [line for line in out.splitlines() if line.startswith("file ")]
    assert status == 0 and len(rows) == 2
    assert rows[0].split()[3:5] == ["22", "22"] and " ok " in rows[0]
    assert rows[1].split()[3] == "unsolvable" and " ok " in rows[1]
    assert "file      2/2 solved, 0 wrong, 0 timed out" in out


def test_expected_answers_come_from_an_index_or_princeton_names():
    assert suites.expected_moves("x/puzzle4x4-30.txt") == 30
    assert suites.expected_moves("puzzle31.txt") == 31
    assert suites.expected_moves("puzzle3x3-unsolvable1.txt") == suites.UNSOLVABLE
    assert suites.expected_moves(PUZZLES / "pairs" / "seed003-sample.txt") == 5
    assert suites.expected_moves("my-board.txt") is None


def test_princeton_names_without_a_number_come_from_its_index():
    if not BENCHMARKS.is_dir():
        pytest.skip("../shared/benchmarks is absent")
    assert suites.expected_moves("puzzle4x4-hard2.txt") == 47


def test_a_wrong_answer_fails_with_status_1(tmp_path):
    liar = tmp_path / "puzzle07.txt"  # the name promises 7 moves; this board takes 4
    liar.write_text("3\n 0  1  3\n 4  2  5\n 7  8  6\n")
    status, out = run_bench(liar)
    assert status == 1 and "4 moves, the optimum is 7" in out and "FAILED: 1 instance" in out


def test_memory_figures_and_unreadable_files(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("2\n1 1 2 0\n")
    status, out = run_bench(PUZZLES / "boards" / "3x3-09.txt", bad, "--memory")
    assert "MiB peak" in out and "Tile 1 appears twice" in out and status == 1


def test_suites_run_through_the_policy_and_exit_zero():
    if not BENCHMARKS.is_dir():
        pytest.skip("../shared/benchmarks is absent")
    status, out = run_bench("--suite", "5x5", "--suite", "puzzles")
    assert status == 0 and "summary" in out and "5x5       3/3 solved, 0 wrong" in out


def test_a_bound_above_the_known_optimum_fails():
    row = Row(Instance("test", "t", BoardPuzzle(2, (1, 2, 0, 3)), 1))
    check(row, "solved", [3], optimal=False, bound=3)
    assert row.status == "WRONG" and "bound" in row.note
    row = Row(Instance("test", "t", BoardPuzzle(2, (1, 2, 0, 3)), 1))
    check(row, "solved", [3], optimal=False, bound=1)
    assert row.status == "ok" and row.bound == 1 and "answer/optimum 1.000" in row.note


def test_the_anytime_suites_have_a_time_limit_and_random_boards_of_their_size():
    for suite, n in (("random6", 6), ("random7", 7)):
        instances = suites.load_suite(suite)
        assert len(instances) == suites.RANDOM_BOARDS
        assert {i.puzzle.n for i in instances} == {n} and {i.limit for i in instances} == {suites.ANYTIME_SECONDS}
        assert len({i.puzzle.tiles for i in instances}) == len(instances)


def test_the_big_suite_takes_the_first_three_boards_of_each_big_random_suite():
    big = suites.load_suite("big")
    assert [i.puzzle.n for i in big] == [n for n in suites.BIG_SIDES for _ in range(suites.BIG_BOARDS)]
    for n in suites.BIG_SIDES:
        first = suites.load_suite(f"random{n}")[:suites.BIG_BOARDS]
        assert [i.puzzle.tiles for i in big if i.puzzle.n == n] == [i.puzzle.tiles for i in first]
    assert {i.limit for i in big} == {suites.ANYTIME_SECONDS}


def test_the_bigrect_suite_has_seeded_boards_of_each_big_rectangle_and_the_anytime_limit():
    instances = suites.load_suite("bigrect")
    shapes = [(i.puzzle.n, len(i.puzzle.tiles) // i.puzzle.n) for i in instances]
    assert shapes == [shape for shape in suites.BIG_RECT_SHAPES for _ in range(suites.RECT_BOARDS)]
    assert {i.limit for i in instances} == {suites.ANYTIME_SECONDS}
    assert len({i.puzzle.tiles for i in instances}) == len(instances)
    assert [i.puzzle.tiles for i in instances] == [i.puzzle.tiles for i in suites.load_suite("bigrect")]


def test_a_suite_of_several_sizes_reports_answer_quality_per_size():
    rows = []
    for n, moves, bound in ((2, 3, 1), (2, 3, 1), (3, 9, 3)):
        row = Row(Instance("mixed", f"b{n}", BoardPuzzle(n, tuple(range(1, n * n)) + (0,))), moves=moves, bound=bound)
        row.seconds = 1.0
        rows.append(row)
    out = io.StringIO()
    summary(rows, out)
    assert "2x2: 2 answers not proven optimal; answer/bound mean 3.000" in out.getvalue()
    assert "3x3: 1 answers not proven optimal; answer/bound mean 3.000" in out.getvalue()


def test_a_suite_of_several_rectangles_reports_answer_quality_per_shape():
    rows = []
    for width, height in ((3, 2), (2, 3)):
        row = Row(Instance("mixed", f"b{width}x{height}", BoardPuzzle(width, tuple(range(1, 6)) + (0,))), moves=4,
                  bound=2)
        row.seconds = 1.0
        rows.append(row)
    out = io.StringIO()
    summary(rows, out)
    assert "3x2: 1 answers not proven optimal" in out.getvalue() and "3x2x3x2" not in out.getvalue()


@pytest.mark.skipif(not (BENCHMARKS / "korf50_24puzzle.txt").is_file(), reason="../shared/benchmarks is absent")
def test_korf24_reports_answer_and_bound_against_the_published_optimum():
    assert len(suites.load_suite("korf24")) == 50
    status, out = run_bench("--suite", "korf24", "--only", "korf24-01", "--limit", "3")
    assert status == 0 and "korf24    1/1 solved, 0 wrong" in out
    assert "answer/optimum mean " in out and "bound/optimum mean " in out


def test_the_rect16_suite_has_ten_seeded_boards_of_8x2_and_of_2x8_solved_optimally_in_60_s():
    instances = suites.load_suite("rect16")
    shapes = [(i.puzzle.n, len(i.puzzle.tiles) // i.puzzle.n) for i in instances]
    assert shapes == [(8, 2)] * 10 + [(2, 8)] * 10
    assert {i.limit for i in instances} == {suites.RECT_SECONDS}
    assert len({i.puzzle.tiles for i in instances}) == len(instances)
    assert [i.puzzle.tiles for i in instances] == [i.puzzle.tiles for i in suites.load_suite("rect16")]
    assert not {i.puzzle.tiles for i in instances} & {i.puzzle.tiles for i in suites.load_suite("rect")}
