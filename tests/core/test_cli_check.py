"""`python -m puzzlesolver --check OUTPUT PUZZLE`: a one-line verdict; exit 0 right, 1 wrong, 2 bad input."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys

import pytest

from spec_helpers import REPO_ROOT

PUZZLE04 = "3\n 0  1  3\n 4  2  5\n 7  8  6\n"
UNSOLVABLE = "3\n 1  2  3\n 4  6  5\n 7  8  0\n"


@pytest.fixture
def puzzle04(write):
    return write("puzzle04.txt", PUZZLE04)


def test_the_solvers_own_output_checks_as_right(run_cli, write, puzzle04):
    output = write("output.txt", run_cli(puzzle04).out)
    result = run_cli("--check", output, puzzle04)
    assert (result.status, result.out, result.err) == (0, "Right: 4 moves, valid and optimal.\n", "")


@pytest.mark.parametrize("answer, status, line", [
    ("L U L U", 0, "Right: 4 moves, valid and optimal."),
    ("L U L", 1, "After the 3 moves the board is not the goal."),
    ("L R L U L U", 1, "Valid, but not optimal: 6 moves where 4 suffice."),
    ("No solution possible", 1, "Wrong: this board has a solution, of 4 moves at best."),
])
def test_the_verdict_is_one_line_and_the_status_says_whether_it_is_right(run_cli, write, puzzle04, answer, status,
                                                                          line):
    result = run_cli("--check", write("answer.txt", answer), puzzle04)
    assert (result.status, result.out) == (status, line + "\n")


def test_a_true_no_solution_claim_exits_0(run_cli, write):
    result = run_cli("--check", write("answer.txt", "No solution possible\n"), write("p.txt", UNSOLVABLE))
    assert (result.status, result.out) == (0, "Right: this board has no solution.\n")


def test_a_malformed_answer_is_one_stderr_line_naming_the_file_and_line(run_cli, write, puzzle04):
    answer = write("answer.txt", "Minimum number of moves = 4\n3\n0 1 3\n4 2\n")
    result = run_cli("--check", answer, puzzle04)
    assert result.status == 2 and result.out == ""
    assert result.err_lines == [f"puzzlesolver: {answer}: Line 4 has 2 numbers, but a row of this 3x3 board has 3."]


def test_unreadable_files_and_bad_puzzles_are_bad_input(run_cli, write, tmp_path, puzzle04):
    answer = write("answer.txt", "L U L U")
    missing = run_cli("--check", tmp_path / "none.txt", puzzle04)
    assert (missing.status, missing.err_lines) == (2, [f"puzzlesolver: {tmp_path / 'none.txt'}: No such file."])
    bad = write("bad.txt", "2\n1 1\n2 0\n")
    assert run_cli("--check", answer, bad).err_lines == [f"puzzlesolver: {bad}: Tile 1 appears twice in the board."]
    both = run_cli("--check", answer, puzzle04, puzzle04)
    assert both.status == 2 and "one PUZZLE file" in both.err


def test_json_gives_the_verdicts_record(run_cli, write, puzzle04):
    record = json.loads(run_cli("--check", write("a.txt", "L U L"), puzzle04, "--json").out)
    assert record["status"] == "not-at-goal" and record["right"] is False and record["given"] == 3


def test_word_ladders_are_checked_with_the_chosen_dictionary(run_cli, write):
    words = write("words.txt", "horse\nhose\nhole\ncole\ncore\ncure\npure\npurse\nnurse\n")
    ladder = write("ladder.txt", "horse hose hole cole core cure pure purse nurse\n")
    right = run_cli("--check", ladder, "--words", "horse", "nurse", "--dictionary", words)
    assert (right.status, right.out) == (0, "Right: 8 moves, valid and optimal.\n")
    wrong = run_cli("--check", write("bad.txt", "horse nurse"), "--words", "horse", "nurse", "--dictionary", words)
    assert (wrong.status, wrong.out) == (1, "Step 1: 'horse' to 'nurse' (line 1) is 2 edits, not one.\n")
    unknown = run_cli("--check", ladder, "--words", "horse", "zzzzq", "--dictionary", words)
    assert unknown.status == 2 and unknown.err_lines == [
        f"puzzlesolver: --words horse zzzzq: The goal word 'zzzzq' is not in the word list {words}."]
    both_unknown = run_cli("--check", ladder, "--words", "qqqqx", "zzzzq", "--dictionary", words)
    assert both_unknown.status == 2 and both_unknown.err_lines == [
        f"puzzlesolver: --words qqqqx zzzzq: The start word 'qqqqx' is not in the word list {words}. "
        f"The goal word 'zzzzq' is not in the word list {words}."]


def test_max_nodes_leaves_a_valid_answer_unsettled_with_status_3(run_cli, write):
    hard = write("hard.txt", "4\n 0 12  9 13\n15 11 10 14\n 3  7  2  5\n 4  8  6  1\n")  # 80 moves at best
    answer = write("answer.txt", "No solution possible")
    result = run_cli("--check", answer, hard, "--max-nodes", "1000")
    assert result.status == 3 and result.out.startswith("Not settled: no solution was found within the budget")


def test_a_dash_reads_the_answer_from_standard_input(monkeypatch, run_cli, puzzle04):
    monkeypatch.setattr(sys, "stdin", io.StringIO("L U L U\n"))
    assert run_cli("--check", "-", puzzle04).status == 0


def test_python_dash_m_check_exits_with_the_verdict(tmp_path):
    puzzle = tmp_path / "p.txt"
    puzzle.write_text(PUZZLE04)
    env = dict(os.environ, PYTHONPATH=str(REPO_ROOT / "pysrc"))
    done = subprocess.run([sys.executable, "-m", "puzzlesolver", "--check", "-", str(puzzle)], input="L U L\n",
                          capture_output=True, text=True, env=env, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (1, "After the 3 moves the board is not the goal.\n", "")
