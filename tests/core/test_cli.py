"""The command line reproduces the seeds' outputs, reports bad input in one line, and keeps going."""

import json
import os
import subprocess
import sys

import pytest

from spec_helpers import PUZZLES, REPO_ROOT

PUZZLE04 = "3\n 0  1  3\n 4  2  5\n 7  8  6\n"

# Seed 002 (Princeton): `java-algs4 Solver puzzle04.txt`; each board is printed with println(board),
# and the board's own text ends in a newline, so a blank line follows every board.
PUZZLE04_OUTPUT = """Minimum number of moves = 4
3
 0  1  3 
 4  2  5 
 7  8  6 

3
 1  0  3 
 4  2  5 
 7  8  6 

3
 1  2  3 
 4  0  5 
 7  8  6 

3
 1  2  3 
 4  5  0 
 7  8  6 

3
 1  2  3 
 4  5  6 
 7  8  0 

"""

SEED003_SAMPLE = "1 3 4\n8 6 2\n7 0 5\n\n1 2 3\n8 0 4\n7 6 5\n"

# Seed 003's sample run, without ant's "[java] " prefixes.
SEED003_TRACE = """[*]Initial state(S0)
[*]======================
1 3 4 
8 6 2 
7 0 5 
Cost =  4
g =  0
h =  4
[*]======================
[*]Goal state (Sg) reached: 
1 2 3 
8 0 4 
7 6 5 
Cost =  5
g =  5
h =  0
[*]---------
[*]Solution cost is: 5
[*]Size of the openQ at end of search process: 7
[*]First five states removed from openQ: 
[*]State #1
1 3 4 
8 6 2 
7 0 5 
Cost =  4
g =  0
h =  4
[*]State #2
1 3 4 
8 0 2 
7 6 5 
Cost =  4
g =  1
h =  3
[*]State #3
1 0 4 
8 3 2 
7 6 5 
Cost =  5
g =  2
h =  3
[*]State #4
1 3 4 
8 2 0 
7 6 5 
Cost =  5
g =  2
h =  3
[*]State #5
1 3 0 
8 2 4 
7 6 5 
Cost =  5
g =  3
h =  2
"""


def test_puzzle04_prints_exactly_the_princeton_sample(run_cli, write):
    result = run_cli(write("puzzle04.txt", PUZZLE04))
    assert (result.status, result.out, result.err) == (0, PUZZLE04_OUTPUT, "")


def test_seed000_two_by_two_example(run_cli, write):
    # Seed 000 shows test01.in as bare rows and its output without the size lines; ours adds them
    # (the algs4 format) and otherwise prints the same tiles, one blank line after each board.
    result = run_cli(write("test01.in", "1  2\n0  3\n"))
    assert result.out == "Minimum number of moves = 1\n2\n 1  2 \n 0  3 \n\n2\n 1  2 \n 3  0 \n\n"
    without_sizes = [line.split() for line in result.out.splitlines() if line.strip() not in ("2", "")]
    assert without_sizes == [["Minimum", "number", "of", "moves", "=", "1"], ["1", "2"], ["0", "3"],
                             ["1", "2"], ["3", "0"]]


def test_an_unsolvable_board_prints_no_solution_possible(run_cli, write):
    result = run_cli(write("unsolvable.txt", "3\n 1  2  3\n 4  5  6\n 8  7  0\n"))
    assert (result.status, result.out) == (0, "No solution possible\n")


def test_trace_reproduces_seed003_sample_run(run_cli, write):
    # Seed 003 counts misplaced tiles (Hamming), so --trace uses it unless --heuristic says otherwise.
    # Its queue is a binary heap keyed by cost alone; ours breaks cost ties by the smaller h, then
    # first-in.  On this file both disciplines dequeue the same five states and leave 7 nodes queued;
    # the tie-breaking could make the final queue size differ by a node or two on other files.
    for algorithm in ([], ["--algorithm", "astar-tree"]):
        result = run_cli("--trace", *algorithm, write("sample.txt", SEED003_SAMPLE))
        assert (result.status, result.out) == (0, SEED003_TRACE)


def test_trace_of_the_project_copy_of_the_sample(run_cli):
    assert run_cli("--trace", PUZZLES / "pairs" / "seed003-sample.txt").out == SEED003_TRACE


def test_trace_with_manhattan_still_finds_cost_5(run_cli, write):
    out = run_cli("--trace", "--heuristic", "manhattan", write("sample.txt", SEED003_SAMPLE)).out
    assert "[*]Solution cost is: 5\n" in out


def test_word_ladders_print_one_word_per_line(run_cli, write):
    dictionary = write("words.txt", "cube\ntube\ntubes\ncubes\n")
    result = run_cli("--words", "cube", "tubes", "--dictionary", dictionary)
    assert (result.status, result.out) == (0, "Minimum number of moves = 2\ncube\ntube\ntubes\n")


def test_a_word_pair_file_is_solved_with_the_chosen_dictionary(run_cli, write):
    dictionary = write("words.txt", "cat\ncot\ndot\ndog\n")
    result = run_cli("--dictionary", dictionary, write("pair.txt", "cat dog\n"))
    assert result.out == "Minimum number of moves = 3\ncat\ncot\ndot\ndog\n"


def test_a_pair_of_words_with_no_ladder_gets_no_solution_possible(run_cli, write):
    dictionary = write("words.txt", "cat\ncot\ndog\n")
    assert run_cli("--words", "cat", "dog", "--dictionary", dictionary).out == "No solution possible\n"


def test_json_gives_one_object_per_input(run_cli, write):
    dictionary = write("words.txt", "cube\ntube\ntubes\n")
    result = run_cli("--json", "--dictionary", dictionary, "--words", "cube", "tubes",
                     write("puzzle04.txt", PUZZLE04), write("bad.txt", "3\n1 2\n"),
                     write("unsolvable.txt", "2\n 2  1\n 3  0\n"))
    records = [json.loads(line) for line in result.out.splitlines()]
    assert [r.get("kind") for r in records] == ["board", None, "board", "words"]
    board, bad, unsolvable, word = records
    assert board["file"].endswith("puzzle04.txt") and board["solvable"] and board["moves"] == 4
    assert board["solution"][0] == [0, 1, 3, 4, 2, 5, 7, 8, 6] and board["solution"][-1] == [1, 2, 3, 4, 5, 6, 7, 8, 0]
    for key in ("expanded", "enqueued", "max_frontier", "seconds", "method"):
        assert key in board
    assert bad["error"].startswith("A 3x3 board needs 9 numbers")
    assert unsolvable["solvable"] is False and unsolvable["moves"] is None and unsolvable["solution"] == []
    assert word["solution"] == ["cube", "tube", "tubes"] and word["moves"] == 2
    assert result.status == 2


def test_heuristic_and_algorithm_options_keep_the_answer_optimal(run_cli, write):
    path = write("p.txt", "3\n 8 1 3\n 4 0 2\n 7 6 5\n")
    answers = set()
    for heuristic in ("hamming", "manhattan"):
        for algorithm in ("astar", "astar-tree"):
            out = run_cli("--json", "--heuristic", heuristic, "--algorithm", algorithm, path).out
            answers.add(json.loads(out)["moves"])
    assert len(answers) == 1


def test_several_files_are_labelled(run_cli, write):
    out = run_cli(write("a.txt", PUZZLE04), write("b.txt", "2\n1 2\n3 0\n")).out
    assert out.count("==> ") == 2 and "b.txt <==\nMinimum number of moves = 0\n" in out


def test_a_dash_reads_standard_input(monkeypatch, run_cli):
    import io
    monkeypatch.setattr(sys, "stdin", io.StringIO(PUZZLE04))
    assert run_cli("-").out == PUZZLE04_OUTPUT


def test_max_nodes_gives_up_with_a_clear_message_and_status_3(run_cli, write):
    hard = write("hard.txt", "3\n8 6 7\n2 5 4\n3 0 1\n")
    result = run_cli("--max-nodes", "10", hard)
    assert result.status == 3 and result.out == ""
    assert result.err_lines == [f"puzzlesolver: {hard}: Gave up after expanding 10 nodes "
                                "without reaching the goal (raise --max-nodes)."]


BAD_INPUTS = [
    ("ragged.txt", "1 2 3\n4 5\n7 8 0\n", "Row 2 has 2 numbers but row 1 has 3"),
    ("no-blank.txt", "1 2 3\n4 5 6\n", "Tile 6 is out of range: a 3x2 board uses 0 to 5"),
    ("too-wide.txt", "21x2: " + " ".join(map(str, range(42))), "Boards up to 20x20 are supported (each side 2 to 20)"),
    ("repeated.txt", "2\n1 1\n2 0\n", "Tile 1 appears twice in the board"),
    ("missing-tile.txt", "2\n1 2\n3 3\n", "Tile 3 appears twice"),  # 0 missing: the repeat is named
    ("out-of-range.txt", "2\n1 2\n3 4\n", "Tile 4 is out of range: a 2x2 board uses 0 to 3"),
    ("text.txt", "3\n1 2 3\n4 five 6\n7 8 0\n", "Line 3: 'five' is not a whole number"),
    ("one-by-one.txt", "1\n0\n", "A board needs at least 2 rows and 2 columns, not 1."),
    ("empty.txt", "", "The file is empty"),
    ("count.txt", "3\n1 2 3 4 5 6 7 8\n", "A 3x3 board needs 9 numbers after the size"),
    ("three-words.txt", "horse nurse purse\n", "holds two words"),
]


@pytest.mark.parametrize("name, text, message", BAD_INPUTS)
def test_bad_input_costs_one_stderr_line_and_status_2_while_other_files_are_solved(run_cli, write, name, text,
                                                                                     message):
    bad = write(name, text)
    good = write("good.txt", "2\n1 2\n0 3\n")
    result = run_cli(bad, good)
    assert result.status == 2
    assert len(result.err_lines) == 1 and result.err_lines[0].startswith(f"puzzlesolver: {bad}: ")
    assert message in result.err
    assert "Minimum number of moves = 1" in result.out


def test_missing_and_unreadable_files(run_cli, write, tmp_path):
    good = write("good.txt", PUZZLE04)
    result = run_cli(tmp_path / "nope.txt", tmp_path, good)
    assert result.status == 2
    assert result.err_lines == [f"puzzlesolver: {tmp_path / 'nope.txt'}: No such file.",
                                f"puzzlesolver: {tmp_path}: It is a directory, not a puzzle file."]
    assert result.out.endswith(PUZZLE04_OUTPUT)


def test_a_binary_file_is_not_text(run_cli, tmp_path):
    binary = tmp_path / "image.png"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    assert run_cli(binary).err_lines == [f"puzzlesolver: {binary}: It is not a text file."]


def test_an_unknown_word_is_bad_input(run_cli, write):
    dictionary = write("words.txt", "horse\nnurse\n")
    result = run_cli("--words", "horse", "zzzzq", "--dictionary", dictionary, write("good.txt", PUZZLE04))
    assert result.status == 2
    assert result.err_lines == [f"puzzlesolver: --words horse zzzzq: The goal word 'zzzzq' is not in the word list {dictionary}."]
    assert result.out.startswith("==> ")


def test_two_unknown_words_are_both_named_on_one_line(run_cli, write):
    dictionary = write("words.txt", "horse\nnurse\n")
    result = run_cli("--words", "qqqqx", "zzzzq", "--dictionary", dictionary)
    assert result.status == 2
    assert result.err_lines == [f"puzzlesolver: --words qqqqx zzzzq: The start word 'qqqqx' is not in the word list "
                                f"{dictionary}. The goal word 'zzzzq' is not in the word list {dictionary}."]


def test_a_missing_dictionary_is_bad_input(run_cli, tmp_path):
    result = run_cli("--words", "a", "b", "--dictionary", tmp_path / "none.txt")
    assert result.status == 2 and "Cannot read the word list" in result.err and len(result.err_lines) == 1


def test_no_input_at_all_is_a_usage_error(run_cli):
    with pytest.raises(SystemExit) as raised:
        run_cli()
    assert raised.value.code == 2


def test_python_dash_m_runs_without_tracebacks(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("2\n1 1\n2 0\n")
    good = tmp_path / "good.txt"
    good.write_text(PUZZLE04)
    env = dict(os.environ, PYTHONPATH=str(REPO_ROOT / "pysrc"))
    done = subprocess.run([sys.executable, "-m", "puzzlesolver", str(bad), str(good)], capture_output=True,
                          text=True, env=env, timeout=60)
    assert done.returncode == 2
    assert done.stderr == f"puzzlesolver: {bad}: Tile 1 appears twice in the board.\n"
    assert done.stdout == f"==> {good} <==\n" + PUZZLE04_OUTPUT  # the bad file printed nothing


def test_a_search_that_is_not_optimal_does_not_claim_a_minimum(run_cli, write):
    out = run_cli("--algorithm", "weighted", write("p.txt", PUZZLE04)).out
    assert out.startswith("Number of moves = 4 (not proven minimal: ")


KORF24_FIRST = "5\n12 3 9 22 1\n18 24 4 14 19\n21 5 15 0 10\n8 13 6 2 17\n7 23 16 20 11\n"
KORF100_FIRST = "4\n13 6 8 12\n15 14 0 10\n11 7 4 5\n9 1 3 2\n"


def test_max_seconds_gives_the_best_answer_found_by_then_with_its_bound_from_5x5_on(run_cli, write):
    import json
    from puzzlesolver import grid
    result = run_cli("--max-seconds", "3", "--json", write("korf24.txt", KORF24_FIRST))
    assert result.status == 0 and result.err == ""
    record = json.loads(result.out)
    assert record["status"] == "solved" and record["optimal"] is False
    assert record["moves"] == len(record["blank_path"]) == len(record["solution"]) - 1
    assert 0 < record["bound"] < record["moves"]
    *_, last = grid.tiles_along(record["solution"][0], record["blank_path"])
    assert list(last) == record["goal"]


def test_max_seconds_in_text_says_the_answer_is_not_proven_minimal_and_gives_the_bound(run_cli, write):
    out = run_cli("--max-seconds", "3", write("korf24.txt", KORF24_FIRST)).out
    first = out.splitlines()[0]
    assert first.startswith("Number of moves = ") and "not proven minimal" in first
    assert "the optimum is at least " in first


def test_max_seconds_stops_an_optimal_search_with_advice_and_status_3(run_cli, write):
    hard = write("korf100.txt", KORF100_FIRST)
    result = run_cli("--max-seconds", "0.2", "--algorithm", "ida", "--heuristic", "manhattan", hard)
    assert result.status == 3 and result.out == ""
    assert len(result.err_lines) == 1 and result.err_lines[0].startswith(f"puzzlesolver: {hard}: Stopped after 0.2 s ")
    assert "raise --max-seconds" in result.err


@pytest.mark.parametrize("value", ["0", "-1", "soon", "inf"])
def test_max_seconds_takes_a_positive_number(run_cli, write, value):
    with pytest.raises(SystemExit) as raised:
        run_cli("--max-seconds", value, write("p.txt", PUZZLE04))
    assert raised.value.code == 2
