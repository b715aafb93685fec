"""The assignment's tests run on a student's own Board and Solver (``python -m puzzlesolver --grade``).

The solutions under ``solutions/`` are what students write: plain correct ones, and each classic bug as one edit
to a correct one (``solutions/classic_bugs.py``).  A correct solution passes every row with no advice; each bug fails the row that names it; bad input is
one sentence and exit status 2.  The page's worker calls the same ``run_test`` (tests/web/test_code_view.py).
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Dict, List

import pytest

from puzzlesolver import cli
from puzzlesolver.teach import exercises, interrupted_row, plan, run_test
from puzzlesolver.teach.grade_files import grade, run_isolated
from puzzlesolver.teach.page import answer_json

sys.path.insert(0, str(Path(__file__).parent / "solutions"))
from classic_bugs import solution  # noqa: E402


def student_file(tmp_path: Path, name: str) -> str:
    """The solution ``name`` written to ``tmp_path/name.py``: its path."""
    path = tmp_path / f"{name}.py"
    path.write_text(solution(name))
    return str(path)


def grade_cli(tmp_path: Path, name: str) -> tuple:
    """(exit status, stdout, stderr) of ``--grade`` on the solution ``name``."""
    out, err = io.StringIO(), io.StringIO()
    status = cli.main(["--grade", student_file(tmp_path, name)], out, err)
    return status, out.getvalue(), err.getvalue()


def sources_of(name: str) -> Dict[str, str]:
    return {f"{name}.py": solution(name)}


def row_of(name: str, test: str, exercise: str = "8puzzle") -> dict:
    limit = {t["name"]: t["limit_seconds"] for t in plan(exercise, sources_of(name))["tests"]}[test]
    return run_isolated(exercise, sources_of(name), test, limit)


@pytest.mark.parametrize("name, exercise, rows", [
    pytest.param("eight_correct", "8puzzle", 18, marks=pytest.mark.slow),   # as eight_plain, with algs4's MinPQ
    ("eight_plain", "8puzzle", 18),     # heapq and a counter, as most students write it
    ("cs61b_correct", "cs61b", 17),     # a WorldState and a generic Solver, checked on word ladders too
])
def test_a_plain_correct_solution_passes_every_row_without_advice(tmp_path, name, exercise, rows):
    status, out, err = grade_cli(tmp_path, name)
    assert (status, err) == (0, ""), out
    assert f"as {exercise}:" in out.splitlines()[0]
    assert out.splitlines()[-1] == f"{rows} of {rows} passed"
    assert sum(line.startswith("PASS") for line in out.splitlines()) == rows
    assert "advice:" not in out


@pytest.mark.parametrize("name, failing_row, status, words", [
    ("bug_weighted_priority", "moves_3x3_ladder", "fail", "moves()"),
    ("bug_seen_when_enqueued", "moves_3x3_random", "fail", "moves()"),
    ("bug_seen_when_enqueued_heapq", "moves_3x3_random", "fail", "moves()"),
    ("bug_hamming_counts_blank", "hamming", "fail", "blank"),
    ("bug_keeps_callers_lists", "immutable", "fail", "caller"),
    ("bug_twin_moves_blank", "twin", "fail", "blank"),
])
def test_a_classic_bug_fails_the_row_that_names_it(name, failing_row, status, words):
    row = row_of(name, failing_row)
    assert row["status"] == status, row
    assert words in row["title"] + row["message"]
    assert row["expected"] != row["got"]
    assert row["board"] and len(row["board"]["tiles"]) == row["board"]["width"] * row["board"]["height"]


def test_the_rows_a_bug_does_not_touch_still_pass():
    for test in ("hamming", "manhattan", "neighbors", "twin", "immutable", "moves_2x2", "solution", "unsolvable"):
        assert row_of("bug_seen_when_enqueued", test)["status"] == "pass", test


def test_a_search_that_never_ends_times_out_and_the_next_test_still_runs(tmp_path):
    def quick(exercise, sources, name, limit_seconds):  # the unsolvable row's limit cut to 2 s
        return run_isolated(exercise, sources, name, 2.0 if name == "unsolvable" else limit_seconds)

    out, err = io.StringIO(), io.StringIO()
    status = grade([student_file(tmp_path, "bug_no_unsolvable_detection")], None, out, err, runner=quick)
    lines = out.getvalue().splitlines()
    assert status == 1
    assert any(line.startswith("TIMEOUT unsolvable") for line in lines)
    assert "never ends" in out.getvalue()
    assert lines[-1] == "17 of 18 passed"  # the rows after it ran and passed


@pytest.mark.parametrize("name, cause", [
    ("bug_no_critical_optimization", "critical optimization"),
    ("bug_hamming_priority", "hamming()"),
])
def test_a_search_far_above_a_plain_a_stars_boards_gets_advice_not_a_failure(name, cause):
    row = row_of(name, "efficiency")
    assert row["status"] == "pass"
    assert cause in row["advice"]
    assert row["counts"]


def test_a_syntax_error_is_one_sentence_with_its_line(tmp_path):
    status, out, err = grade_cli(tmp_path, "bug_syntax_error")
    assert (status, out) == (2, "")
    assert err == "puzzlesolver: bug_syntax_error.py, line 4: expected ':'.\n"


def test_a_missing_class_is_named(tmp_path):
    status, _, err = grade_cli(tmp_path, "bug_missing_solver")
    assert status == 2
    assert "No class Solver is defined in bug_missing_solver.py" in err


@pytest.mark.parametrize("sources, words", [
    ({}, "file"),
    ({"board.py": b"\xff\xfe not text"}, "UTF-8"),
    ({"board.py": "x = 1\n" * 200_000}, "1 MB"),
    ({"board.py": "import no_such_module_here\n"}, "no_such_module_here"),
    ({"board.py": "raise RuntimeError('at import')\nclass Board: pass\nclass Solver: pass\n"}, "at import"),
])
def test_bad_files_are_one_sentence(sources, words):
    planned = plan("8puzzle", sources)
    assert not planned["ok"]
    assert words in planned["error"] and "\n" not in planned["error"]


def test_files_import_each_other_and_are_imported_afresh_each_run():
    text = solution("eight_plain")
    board, solver = text.split("\nclass Solver")
    solver = "import heapq\nfrom board import *\n\nclass Solver" + solver
    sources = {"board.py": board, "solver.py": solver}
    assert plan("8puzzle", sources)["ok"]
    assert run_test("8puzzle", sources, "moves_2x2")["status"] == "pass"
    broken = {**sources, "board.py": board.replace("def size(self):", "def size(self):\n        return 99")}
    assert run_test("8puzzle", broken, "size")["status"] == "fail"


def test_a_print_flood_is_capped():
    flood = solution("eight_plain").replace(
        "def size(self):", "def size(self):\n        print('x' * 1000)", 1)
    row = run_test("8puzzle", {"board.py": flood}, "size")
    assert row["status"] == "pass"
    assert 10_000 <= len(row["output"]) < 10_300


def test_an_error_in_the_students_code_shows_their_file_and_line():
    broken = solution("eight_plain").replace(
        "def hamming(self):", "def hamming(self):\n        return 1 / 0", 1)
    row = run_test("8puzzle", {"mine.py": broken}, "hamming")
    assert row["status"] == "error"
    assert "ZeroDivisionError" in row["message"]
    frame = row["traceback"][-1]
    assert frame["file"] == "mine.py" and frame["code"] == "return 1 / 0"
    assert broken.splitlines()[frame["line"] - 1].strip() == "return 1 / 0"


def test_the_trace_row_draws_the_dequeued_boards_beside_the_checklists():
    row = run_test("8puzzle", sources_of("eight_correct"), "trace")
    trace = row["trace"]
    assert row["status"] == "pass"
    assert trace["first_difference"] is None
    assert trace["student"] == trace["reference"] and len(trace["reference"]) >= 5


def test_the_page_asks_the_same_questions_and_gets_the_same_rows():
    sources = sources_of("bug_weighted_priority")
    asked = json.loads(answer_json(json.dumps({"type": "run", "exercise": "8puzzle", "sources": sources,
                                               "name": "moves_3x3_ladder"})))
    assert asked == run_test("8puzzle", sources, "moves_3x3_ladder")
    stopped = json.loads(answer_json(json.dumps({"type": "interrupted", "exercise": "8puzzle", "name": "moves_2x2",
                                                 "kind": "stopped"})))
    assert stopped == interrupted_row("8puzzle", "moves_2x2", "stopped")
    assert stopped["status"] == "stopped"


def test_every_exercise_has_skeleton_starters_that_are_not_answers():
    for exercise in exercises():
        assert set(exercise["files"]) == {"board.py", "solver.py"}
        starter_rows = [run_test(exercise["id"], exercise["files"], t["name"])["status"]
                        for t in exercise["tests"] if t["name"] in ("hamming", "size")]
        assert starter_rows and "pass" not in starter_rows
        assert all('"""' in text for text in exercise["files"].values())
