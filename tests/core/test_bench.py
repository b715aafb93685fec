"""The benchmark command: a table per file, a summary, and a failure when an answer is wrong."""

import io

from puzzlesolver import bench
from spec_helpers import PUZZLES


def run_bench(*args):
    out = io.StringIO()
    status = bench.main([str(a) for a in args], stdout=out)
    return status, out.getvalue()


def test_it_prints_moves_nodes_rate_and_seconds_per_file_then_a_summary():
    status, out = run_bench(PUZZLES / "boards" / "3x3-22.txt", PUZZLES / "boards" / "2x2-unsolvable.txt",
                            "--repeat", "2")
    lines = out.splitlines()
    assert status == 0
    assert lines[0].split() == ["file", "moves", "expanded", "nodes/s", "seconds"]
    assert lines[1].split()[1] == "22" and lines[1].endswith("ok")
    assert "unsolvable" in lines[2] and lines[2].endswith("ok")
    assert lines[3].startswith("2 files, 2 checked, 0 failed")


def test_expected_answers_come_from_princeton_names_or_an_index():
    assert bench.expected_moves("x/puzzle4x4-30.txt") == 30
    assert bench.expected_moves("puzzle31.txt") == 31
    assert bench.expected_moves("puzzle4x4-hard2.txt") == 47
    assert bench.expected_moves("puzzle3x3-unsolvable1.txt") == bench.UNSOLVABLE
    assert bench.expected_moves(PUZZLES / "pairs" / "seed003-sample.txt") == 5
    assert bench.expected_moves("my-board.txt") is None


def test_a_wrong_answer_fails_with_status_1(tmp_path):
    liar = tmp_path / "puzzle07.txt"  # the name promises 7 moves; this board takes 4
    liar.write_text("3\n 0  1  3\n 4  2  5\n 7  8  6\n")
    status, out = run_bench(liar, "--repeat", "1")
    assert status == 1 and "FAIL (expected 7)" in out and "1 failed" in out


def test_memory_column_and_bad_files(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("2\n1 1 2 0\n")
    status, out = run_bench(PUZZLES / "boards" / "3x3-09.txt", bad, "--memory", "--repeat", "1")
    assert "peak MiB" in out and "ERROR: tile 1 appears twice" in out and status == 1
