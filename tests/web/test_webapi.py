"""puzzlesolver.webapi on CPython: the JSON calls the web worker makes, without a browser.

Every request these tests send and every answer they get is checked against the protocol's JSON Schema
(pysrc/puzzlesolver/protocol.json), the one declaration of the messages.
"""

from __future__ import annotations

import itertools
import json
import re
import time

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesolver import budget, explain, webapi, words
from buildtools import jsclient
from puzzlesolver.ops import OPS, progress, protocol
from puzzlesolver.board import Board

PROTOCOL = json.loads(webapi.PROTOCOL.read_text())
REQUEST = jsonschema.Draft202012Validator({**PROTOCOL, "$ref": "#/$defs/request"})
ANSWER = jsonschema.Draft202012Validator({**PROTOCOL, "$ref": "#/$defs/answer"})


IDS = itertools.count(1000)  # ids count up, as the page's do (of two requests of one owner, the newer wins)


def call(**message):
    """One message through the API, the request and its answer both checked against the protocol."""
    message.setdefault("id", next(IDS))
    if message.get("op") in PROTOCOL["x-ops"] or message.get("op") == "advance":
        REQUEST.validate(message)
    answer = json.loads(webapi.call(json.dumps(message)))
    ANSWER.validate(answer)
    assert answer["id"] == message["id"]
    return answer


def run_job(answer, slice_ms=5, limit=100_000):
    """Advance a started job to its end; returns (final answer, progress answers seen)."""
    job_id = answer["id"]
    progress = [answer] if answer["type"] == "started" else []
    for _ in range(limit):
        if answer["type"] != "started" and answer["type"] != "progress":
            return answer, progress
        answer = call(id=job_id, op="advance", slice_ms=slice_ms)
        if answer["type"] == "progress":
            progress.append(answer)
    raise AssertionError("the job did not finish")


def solve_board(slice_ms=5, **params):
    return run_job(call(op="solve_board", slice_ms=slice_ms, **params), slice_ms=slice_ms)


@pytest.fixture
def common_words():
    try:
        words.load_dictionary("common")
    except words.WordError:
        pytest.skip("the common word list is missing (run `python3 build.py`)")


def test_the_protocol_declares_exactly_the_ops_the_api_answers():
    declared_jobs = {op for op, spec in PROTOCOL["x-ops"].items() if spec["job"]}
    assert declared_jobs == {name for name, op in OPS.items() if op.job is not None} | {"resume"}
    quick = {name for name, op in OPS.items() if op.answer}
    about_jobs = {name for name, op in OPS.items() if op.scheduler}
    assert set(PROTOCOL["x-ops"]) - declared_jobs == quick | about_jobs - {"resume"}
    assert about_jobs == {"advance", "cancel", "resume", "drop", "stats"}
    assert set(PROTOCOL["$defs"]["requests"]) == set(PROTOCOL["x-ops"])   # the worker answers no request itself


def test_each_answer_type_is_declared_once_and_carried_by_the_ops_that_give_it():
    declared = {}
    for op in OPS.values():
        for answer in op.answers:
            assert declared.setdefault(answer.type, answer) is answer, f"{answer.type} is declared twice"
    assert set(PROTOCOL["$defs"]["answers"]) == set(declared) | set(protocol.ENVELOPE_ANSWERS)
    assert all(PROTOCOL["x-ops"][op]["answers"] == [a.type for a in OPS[op].answers] for op in OPS)


def test_every_kind_of_progress_has_words_and_every_field_they_read_is_in_the_schema():
    fields = PROTOCOL["$defs"]["progress_fields"]["properties"]
    for tag, kind in PROTOCOL["x-progress"].items():
        assert kind["words"], f"{tag} has no words"
        assert set(progress.KINDS[tag].fields()) <= set(fields), tag
    assert {op.progress.tag for op in OPS.values() if op.progress} == set(PROTOCOL["x-progress"])


def test_a_progress_record_carries_its_sentence_as_the_page_shows_it():
    first = call(op="solve_board", board="13 19 5 22 23\n16 7 24 9 6\n15 0 18 8 14\n21 11 3 17 2\n1 20 12 4 10",
                 max_seconds=5, slice_ms=1)
    record = first
    while record["type"] in ("started", "progress") and "frontier" not in record:
        record = call(op="advance", id=first["id"], slice_ms=20)
    assert record["type"] in ("started", "progress")
    assert re.fullmatch(r"Searching: [\d,]+ positions?, [\d,]+ on the frontier, at least \d+ moves?"
                        r"(; best answer so far \d+ moves?)?, [\d.]+ m?s\.", record["words"]), record["words"]
    call(op="cancel", job=first["id"])
    late = {"expanded": 5000000, "frontier": 900000, "bound": 30, "seconds": 12.345, "took": "12 s"}
    assert progress.SEARCH.words_for(late) == \
        "Searching: 5,000,000 positions, 900,000 on the frontier, at least 30 moves, 12 s."
    assert progress.POSITIONS.words_for({"expanded": 12000, "took": "3 ms"}) == "Thinking: 12,000 positions, 3 ms."
    assert progress.DEALS.words_for({"tried": 2, "expanded": 40}) == "Trying board 2: 40 positions searched."
    assert progress.SEARCH.words_for({"frontier": 0, "table": 1, "tables": 3}) == \
        "Building the pattern tables for this shape: table 1 of 3."


def test_a_request_the_worker_dropped_is_answered_by_the_engine_in_one_sentence():
    assert call(op="drop", why="cancelled")["type"] == "cancelled"
    refused = call(op="drop", why="files")
    assert (refused["type"], refused["field"]) == ("error", "internal") and "data files" in refused["message"]


def test_stats_counts_every_call_into_the_engine_and_names_an_advance_by_its_jobs_op():
    before = call(op="stats")
    deal = call(op="deal", n=3, moves=5, seed=1, slice_ms=50)
    assert deal["type"] == "deal"   # answered within its first slice: no advance
    started = call(op="solve_board", board="13 19 5 22 23\n16 7 24 9 6\n15 0 18 8 14\n21 11 3 17 2\n1 20 12 4 10",
                   max_seconds=5, slice_ms=1)
    call(op="advance", id=started["id"], slice_ms=1)
    call(op="cancel", job=started["id"])
    call(op="advance", id=started["id"], slice_ms=1)   # its last: cancelled
    after = call(op="stats")
    assert after["calls"] == before["calls"] + 6   # the first stats, deal, solve, two advances, cancel
    assert {"stats", "deal", "solve_board", "advance solve_board", "cancel"} <= set(after["longest_by_op"])
    assert after["longest_call_ms"] == max(after["longest_by_op"].values())
    assert after["longest_by_op"][after["longest_call_op"]] == after["longest_call_ms"]
    assert after["running"] == 0


def test_the_protocol_file_is_what_the_declarations_generate():
    assert protocol.PATH.read_text() == protocol.text(), "run python -m puzzlesolver.ops.protocol"


def test_the_pages_functions_are_what_the_protocol_generates_one_per_op_each_saying_what_it_does():
    source = jsclient.PATH.read_text()
    assert source == jsclient.text(protocol.protocol()), "run python3 build.py"
    assert jsclient.names_in(source) == [jsclient.function_name(name) for name in jsclient.page_ops(PROTOCOL)]
    assert "advance" not in jsclient.page_ops(PROTOCOL)   # the worker's own request
    assert all(op.description.strip() for op in OPS.values())


#: Where an op may be named in a string: the generated functions, and the transport under them.
TRANSPORT = {"core/ops.js", "core/job.js", "core/solver-client.js", "worker/worker.js"}


def test_views_call_the_generated_functions_never_an_op_by_its_name():
    site = webapi.PROTOCOL.parents[2] / "site"
    named = re.compile(r"new Job\(|\.request\(\s*[\"'`]|ask\(\s*[\"'`](?:%s)[\"'`]" % "|".join(PROTOCOL["x-ops"]))
    found = [f"{path.relative_to(site)}:{number}" for path in sorted(site.rglob("*.js"))
             if path.relative_to(site).as_posix() not in TRANSPORT and "vendor" not in path.parts
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1) if named.search(line)]
    assert found == []


def test_every_job_declares_the_tag_of_its_progress_and_each_progress_message_carries_it():
    assert all(spec["progress"] in PROTOCOL["x-progress"] for spec in PROTOCOL["x-ops"].values() if spec["job"])
    first = call(op="solve_board", board="13 19 5 22 23\n16 7 24 9 6\n15 0 18 8 14\n21 11 3 17 2\n1 20 12 4 10",
                 max_seconds=0.3, slice_ms=1)
    assert first["type"] == "started" and first["tag"] == "search"


def test_info_lists_heuristics_and_dictionaries():
    info = call(op="info")
    assert info["type"] == "info"
    assert {"manhattan", "hamming"} <= set(info["heuristics"])
    assert info["default_heuristic"] in info["heuristics"]
    assert info["dictionaries"] == ["common", "large"]


def test_info_says_which_estimate_idas_searches_run_with():
    """The Learn view's IDA* (the comparison's row and Watch IDA*) runs with the estimate chosen when it is one
    of IDA*'s, else Manhattan distance; the worker's info says which for each estimate, as the row does."""
    info = call(op="info")
    assert set(info["ida_estimate"]) == set(explain.COMPARED)
    assert info["ida_estimate"]["walking-distance"] == "manhattan" and info["ida_estimate"]["pdb"] == "pdb"
    assert info["ida_estimate"]["linear-conflict"] == "linear-conflict" and info["ida_estimate"]["hamming"] == "manhattan"
    for chosen in ("hamming", "walking-distance", "linear-conflict"):
        final, _ = run_job(call(op="compare", board="8 1 3\n4 0 2\n7 6 5", heuristic=chosen, algorithms=["ida"]))
        assert [row["heuristic"] for row in final["rows"]] == [info["ida_estimate"][chosen]], chosen


def test_check_board_describes_a_board():
    answer = call(op="check_board", board="3\n8 1 3\n4 0 2\n7 6 5")
    assert answer["type"] == "board"
    assert answer["n"] == 3 and answer["solvable"] is True and answer["usual_goal"] is True
    assert answer["board_text"] == "8 1 3\n4 0 2\n7 6 5"
    assert answer["fragment"] == "board=3:8,1,3,4,0,2,7,6,5"


def test_check_board_reports_unsolvable_with_a_reason():
    answer = call(op="check_board", board="1 2 3\n4 5 6\n8 7 0")
    assert answer["solvable"] is False and "parity" in answer["reason"]
    assert "blank_first_goal" not in answer   # no goal it reaches: nothing to offer


def test_a_board_that_reaches_only_the_goal_with_the_blank_first_is_offered_that_goal():
    """Korf's boards (goal 0 1 2 3 ...): the check names that goal, for the page's "Solve with the blank first"."""
    answer = call(op="check_board", board="1 0 2 3\n4 5 6 7\n8 9 10 11\n12 13 14 15")
    assert answer["solvable"] is False and "blank first" in answer["reason"]
    assert answer["blank_first_goal"] == list(range(16))
    assert "blank_first_goal" not in call(op="check_board", board="0 1 2\n3 4 5\n6 7 8")   # solvable as it is


def test_a_bad_board_and_a_bad_goal_are_both_named_each_by_its_field():
    for op in ("check_board", "solve_board"):
        answer = call(op=op, board="1 2 3\n4 5 x\n7 8 0", goal="1 2 3\n4 5 5\n7 8 0")
        assert answer["type"] == "error" and answer["field"] == "board" and "'x'" in answer["message"]
        assert answer["also"] == [{"field": "goal", "message": "Tile 5 appears twice in the goal."}]


@pytest.mark.parametrize("params, field, words_in_message", [
    ({"board": "1 2 3\n4 5\n6 7 0"}, "board", "same length"),
    ({"board": "1 2 3\n4 5 6\n7 7 0"}, "board", "twice"),
    ({"board": ""}, "board", "Enter a board"),
    ({"board": "1 2\n3 0", "goal": "1 2 3\n4 5 6\n7 8 0"}, "goal", "The goal is 3x3"),
    ({"board": "1 2\n3 0", "goal": "1 1\n3 0"}, "goal", "twice"),
    ({"board": "1 2\n3 0", "heuristic": "psychic"}, "heuristic", "Unknown heuristic"),
])
def test_bad_boards_name_their_field(params, field, words_in_message):
    for op in ("check_board", "solve_board"):
        answer = call(op=op, **params)
        assert answer["type"] == "error", answer
        assert answer["field"] == field
        assert words_in_message in answer["message"]


def boards_along(answer):
    """The boards of a solve's answer, as the page rebuilds them: the blank swapped with each cell of blank_path."""
    tiles = list(answer["board"]["tiles"])
    boards = [tiles[:]]
    for cell in answer["blank_path"]:
        blank = tiles.index(0)
        tiles[blank], tiles[cell] = tiles[cell], 0
        boards.append(tiles[:])
    return boards


def test_solve_board_in_slices_with_progress():
    final, progress = solve_board(board="8 6 7\n2 5 4\n3 0 1", heuristic="hamming", slice_ms=2)
    assert final["status"] == "solved" and final["moves"] == 31
    assert len(progress) >= 2, "a 31-move board with Hamming takes more than a few slices of 2 ms"
    assert all({"expanded", "frontier", "bound"} <= set(p) for p in progress)
    bounds = [p["bound"] for p in progress]
    assert bounds == sorted(bounds) and bounds[-1] <= 31
    path = [Board.from_tiles(tiles) for tiles in boards_along(final)]
    assert path[0].tiles == (8, 6, 7, 2, 5, 4, 3, 0, 1) and path[-1].is_goal()
    for before, after in zip(path, path[1:]):
        assert after in before.neighbors()


def test_custom_goal_from_the_goal_field_or_the_pair_text():
    by_field, _ = solve_board(board="1 3 4\n8 6 2\n7 0 5", goal="1 2 3\n8 0 4\n7 6 5")
    in_text, _ = solve_board(board="1 3 4\n8 6 2\n7 0 5\n\n1 2 3\n8 0 4\n7 6 5")
    assert by_field["moves"] == in_text["moves"] == 5
    assert boards_along(by_field)[-1] == [1, 2, 3, 8, 0, 4, 7, 6, 5]


def test_a_job_that_ends_in_its_first_slice_answers_at_once():
    answer = call(op="solve_board", board="2\n2 1\n3 0")
    assert answer["type"] == "result" and answer["status"] == "unsolvable" and answer["moves"] is None


def test_node_budget_stops_with_advice():
    answer = call(op="solve_board", board="7 3 8 12\n2 4 14 1\n6 13 0 9\n5 10 15 11", heuristic="hamming",
                  max_nodes=5000)
    final, _ = run_job(answer)
    assert final["status"] == "stopped"
    assert "stronger heuristic" in final["message"] and "manhattan" in final["message"]


HARD_4X4 = "7 3 8 12\n2 4 14 1\n6 13 0 9\n5 10 15 11"  # 38 moves; slow with Hamming


def test_cancel_ends_a_job_with_its_last_progress():
    job = call(op="solve_board", board=HARD_4X4, heuristic="hamming", slice_ms=1)["id"]
    assert call(id=job, op="advance", slice_ms=1)["type"] == "progress"
    assert call(op="cancel", job=job)["jobs"] == [job]
    cancelled = call(id=job, op="advance")
    assert cancelled["type"] == "cancelled" and cancelled["progress"]["expanded"] > 0
    after = call(id=job, op="advance")
    assert after["type"] == "error" and after["field"] == "internal"


def test_a_job_cancelled_before_its_search_ran_says_so():
    """A solve cancelled before its first step (it waited its turn behind other jobs) says why it has nothing
    to report, not a bare "Cancelled."."""
    from puzzlesolver.jobs import Jobs
    from puzzlesolver.formats import BoardPuzzle
    from puzzlesolver.ops.solving import solve_job
    registry = Jobs()
    registry.start(1, "form", solve_job(BoardPuzzle(4, tuple(int(t) for t in HARD_4X4.split()))))
    registry.cancel(1)
    outcome = registry.advance(1, 0.01)
    assert outcome.kind == "cancelled"
    assert budget.cancelled_message(outcome.value) == "Cancelled before the search began: nothing was searched."


def test_every_answer_writes_its_time_as_its_message_does():
    """One rule writes a search's seconds (budget.took): the answer carries them written (``took``) for the
    page's Details, the same words as in a stopped or cancelled search's message."""
    stopped, _ = solve_board(board=HARD_4X4, heuristic="hamming", max_seconds=0.2)
    assert stopped["status"] == "stopped" and stopped["took"] == budget.took(stopped["seconds"])
    assert stopped["message"].startswith(f"Stopped after {stopped['took']} of searching")
    solved, _ = solve_board(board="0 1 3\n4 2 5\n7 8 6")
    assert solved["took"] == budget.took(solved["seconds"]) and solved["took"].endswith(" ms")
    job = call(op="solve_board", board=HARD_4X4, heuristic="hamming", slice_ms=1)["id"]
    call(id=job, op="advance", slice_ms=100)
    call(op="cancel", job=job)
    cancelled = call(id=job, op="advance")
    assert cancelled["took"] == budget.took(cancelled["progress"]["seconds"])
    assert cancelled["message"].startswith(f"Cancelled after {cancelled['took']} of searching")


def test_progress_writes_its_time_as_the_answers_do():
    """Every progress message (and a job's first, "started") carries its seconds written by the same rule
    (``took``), for the page's progress line: "50 ms" after a slice, "0.2 s", "12 s".  A second of search gives
    about 20 messages (0.3 s gave 8 on a quiet machine, and 4 on a loaded one: too few to be sure of five)."""
    stopped, progress = solve_board(board=HARD_4X4, heuristic="hamming", max_seconds=1.0, slice_ms=20)
    assert stopped["status"] == "stopped" and len(progress) >= 5
    assert progress[0]["type"] == "started"
    assert all(p["took"] == budget.took(p["seconds"]) for p in progress), progress
    assert progress[0]["took"].endswith(" ms") and progress[-1]["took"].endswith(" s")
    recorded, steps = run_job(call(op="explain", board="8 1 3\n4 0 2\n7 6 5", slice_ms=1), slice_ms=1)
    assert recorded["type"] == "explanation" and steps
    assert all(p["took"] == budget.took(p["seconds"]) for p in steps)


def test_a_newer_request_of_an_owner_replaces_the_older_one_and_no_other():
    form, game, newer = (call(op="solve_board", board=HARD_4X4, heuristic="hamming", owner=owner, slice_ms=1)
                         for owner in ("form", "game", "form"))
    assert form["type"] == game["type"] == newer["type"] == "started"
    assert call(id=form["id"], op="advance")["type"] == "cancelled"
    assert call(id=game["id"], op="advance", slice_ms=1)["type"] == "progress"
    assert call(id=newer["id"], op="advance", slice_ms=1)["type"] == "progress"
    assert call(op="cancel", owner="game")["jobs"] == [game["id"]]
    assert call(id=game["id"], op="advance")["type"] == "cancelled"
    assert call(op="cancel")["jobs"] == [newer["id"]]
    assert call(id=newer["id"], op="advance")["type"] == "cancelled"


@pytest.mark.alone   # times itself: run on a machine the other tests leave alone
def test_no_slice_holds_the_worker_much_longer_than_asked():
    """Every job advances in steps of about 10 ms: a 20 ms slice of a slow search takes about 20 ms of
    computing (process time, so that other programs on the machine do not count).  Now and then one
    step is longer: A* growing its table of states past a size doubles it in one go (the collector, which
    would walk the whole table now and then, is kept off it: jobs._spare_the_collector)."""
    job = call(op="solve_board", board=HARD_4X4, heuristic="hamming", slice_ms=20)["id"]
    took = []
    for _ in range(20):
        began = time.process_time()
        answer = call(id=job, op="advance", slice_ms=20)
        took.append(time.process_time() - began)
    assert answer["type"] == "progress"
    assert sorted(took)[len(took) // 2] < 0.04 and max(took) < 0.3
    call(op="cancel", job=job)


def test_fragments():
    board = call(op="fragment", fragment="board=3:8,1,3,4,0,2,7,6,5&goal=1,2,3,4,5,6,7,0,8&h=hamming")
    assert board["kind"] == "board" and board["board_text"] == "8 1 3\n4 0 2\n7 6 5"
    assert board["goal_text"] == "1 2 3\n4 5 6\n7 0 8" and board["heuristic"] == "hamming"
    ladder = call(op="fragment", fragment="words=horse,nurse")
    assert ladder == {"type": "fragment", "kind": "words", "start": "horse", "goal": "nurse",
                      "dictionary": "common", "id": ladder["id"]}
    bad = call(op="fragment", fragment="board=3:1,2")
    assert bad["type"] == "error" and bad["field"] == "link"


def test_word_ladder(common_words):
    final, _ = run_job(call(op="solve_words", start="horse", goal="nurse"))
    assert final["status"] == "solved" and final["moves"] == 5
    assert final["ladder"][0] == "horse" and final["ladder"][-1] == "nurse"


@pytest.mark.parametrize("start, goal, field", [
    ("xyzzyq", "nurse", "start_word"), ("horse", "qqqzz", "goal_word"), ("", "nurse", "start_word"),
    ("horse", "", "goal_word"),
])
def test_bad_words_name_their_field(common_words, start, goal, field):
    answer = call(op="solve_words", start=start, goal=goal)
    assert answer["type"] == "error" and answer["field"] == field


@pytest.mark.parametrize("start, goal, messages", [
    ("", "", ["Enter a start word.", "Enter a goal word."]),
    ("xyzzyq", "qqqzz", ["The start word 'xyzzyq' is not in the common dictionary.",
                         "The goal word 'qqqzz' is not in the common dictionary."]),
])
def test_both_bad_words_are_named_in_one_answer(common_words, start, goal, messages):
    answer = call(op="solve_words", start=start, goal=goal)
    if answer["type"] != "error":
        answer, _ = run_job(answer)
    assert answer["type"] == "error" and (answer["field"], answer["message"]) == ("start_word", messages[0])
    assert answer["also"] == [{"field": "goal_word", "message": messages[1]}]


def test_no_ladder(common_words):
    final, _ = run_job(call(op="solve_words", start="quiz", goal="xylophone"))
    assert final["status"] == "unsolvable" and "no ladder" in final["reason"]


def test_missing_word_list_is_requested_from_the_worker(monkeypatch, tmp_path):
    monkeypatch.setattr(words, "DATA_DIR", tmp_path)
    answer = call(op="solve_words", start="horse", goal="nurse", dictionary="large")
    assert answer["type"] == "fetch"
    refused = call(op="solve_words", start="horse", goal="nurse", dictionary="large",
                   unavailable=["data/words-large.txt"])
    assert refused["field"] == "dictionary" and "could not be downloaded" in refused["message"]
    assert answer["files"] == [{"url": "data/words-large.txt", "path": str(tmp_path / "words-large.txt")}]


def test_unknown_operations_and_garbage_get_one_line_errors():
    assert json.loads(webapi.call(json.dumps({"id": 1, "op": "launch"})))["field"] == "internal"
    for garbage in ("{", "[]", "null", '"text"'):
        answer = json.loads(webapi.call(garbage))
        assert answer["type"] == "error" and "Traceback" not in answer["message"]


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=" \n0123456789-+x,:#", max_size=60),
       st.one_of(st.none(), st.text(alphabet=" \n0123456789", max_size=30)))
def test_any_text_gets_a_board_or_a_field_error(text, goal):
    answer = call(op="check_board", board=text, goal=goal)
    assert answer["type"] in ("board", "error")
    if answer["type"] == "error":
        assert answer["field"] in ("board", "goal") and answer["message"]
        assert "Traceback" not in answer["message"] and "\n" not in answer["message"]


def random_5x5_text(seed=5):
    from random import Random
    from puzzlesolver.board import random_board
    tiles = random_board(5, Random(seed)).tiles
    return "\n".join(" ".join(str(t) for t in tiles[r * 5:r * 5 + 5]) for r in range(5))


def test_a_random_5x5_gets_an_answer_and_a_proven_bound_when_its_time_budget_runs_out():
    final, progress = run_job(call(op="solve_board", board=random_5x5_text(), max_seconds=2.0), slice_ms=50)
    assert final["status"] == "solved" and final["optimal"] is False and final["resumable"] is True
    assert final["moves"] >= final["bound"] > 0 and "anytime" in final["method"]
    assert f"found {final['moves']} moves, not proven shortest; the optimum is at least {final['bound']}" \
        in final["message"]
    assert any("best" in p for p in progress)
    tiles = final["board"]["tiles"]
    board = Board.from_tiles(tiles)
    assert board.along(final["blank_path"])[-1].is_goal()


@pytest.mark.parametrize("options", [{"algorithm": "astar"}, {"algorithm": "ida", "heuristic": "manhattan"}])
def test_every_method_stops_on_its_time_budget_with_a_proven_bound_and_advice(options):
    final, _ = run_job(call(op="solve_board", board=random_5x5_text(), max_seconds=0.2, **options), slice_ms=50)
    assert final["status"] == "stopped" and final["resumable"] is True
    assert final["bound"] > 0 and f"at least {final['bound']} moves" in final["message"]
    assert "keep going" in final["message"] and "fast answer" in final["message"]


def test_a_stopped_search_resumes_where_it_stopped():
    board = "8 6 7\n2 5 4\n3 0 1"  # 31 moves: A* with Hamming takes a while
    first, _ = run_job(call(op="solve_board", board=board, heuristic="hamming", max_seconds=0.05))
    assert first["status"] == "stopped" and first["job"] == first["id"]
    resumed = call(op="resume", job=first["job"], max_seconds=60)
    assert resumed["type"] == "started"
    final, _ = run_job(resumed)
    assert final["status"] == "solved" and final["moves"] == 31
    assert final["expanded"] >= first["expanded"]
    assert call(op="resume", job=first["job"])["type"] == "error"  # resumed once, then gone


def test_answers_carry_moves_not_the_boards_the_page_rebuilds_from_them():
    final, _ = solve_board(board="0 1 3\n4 2 5\n7 8 6")
    assert final["blank_path"] == [1, 4, 5, 8] and "path" not in final


def test_a_trace_carries_the_queue_changes_the_page_applies_not_whole_arrays():
    answer, _ = run_job(call(op="explain", board="0 1 3\n4 2 5\n7 8 6"))
    assert all("changes" in step and "queue" not in step for step in answer["steps"])


def test_explain_gives_the_checklist_trace_and_refuses_long_ones():
    answer, _ = run_job(call(op="explain", board="0 1 3\n4 2 5\n7 8 6"))
    assert answer["type"] == "explanation" and answer["queue_mode"] == "textbook"
    assert [step["removed"] for step in answer["steps"]] == [None, "A", "C", "E", "J", "M"]
    assert answer["nodes"]["M"]["tiles"] == [1, 2, 3, 4, 5, 6, 7, 8, 0]
    long, progress = run_job(call(op="explain", board="8 6 7\n2 5 4\n3 0 1", heuristic="hamming"))
    assert long["type"] == "error" and long["field"] == "board" and "plain solver" in long["message"]


def test_compare_gives_every_classic_search_with_the_engines_counts():
    from puzzlesolver.explain import compare_searches
    from puzzlesolver.formats import BoardPuzzle
    answer = run_job(call(op="compare", board="8 1 3\n4 0 2\n7 6 5"))[0]
    engine = compare_searches(BoardPuzzle(3, (8, 1, 3, 4, 0, 2, 7, 6, 5)))
    assert answer["type"] == "comparison" and answer["rows"] == engine["rows"] and answer["optimum"] == 14
    assert [r["algorithm"] for r in answer["rows"]][:2] == ["bfs", "greedy"]
    assert {r["moves"] for r in answer["rows"] if r["guaranteed_optimal"]} == {14}
    only = run_job(call(op="compare", board="8 1 3\n4 0 2\n7 6 5", weight=3, algorithms=["weighted"]))[0]
    assert [r["label"] for r in only["rows"]] == ["Weighted A* (w=3)"]
    refused = call(op="compare", board="8 1 3\n4 0 2\n7 6 5", weight=0)
    assert refused["type"] == "error" and refused["field"] == "algorithm"


def test_check_judges_an_answer_and_names_the_line_of_a_malformed_one():
    right = run_job(call(op="check", board="0 1 3\n4 2 5\n7 8 6", answer="L U L U"))[0]
    assert right["type"] == "verdict" and right["right"] is True and right["optimum"] == 4
    illegal = run_job(call(op="check", board="0 1 3\n4 2 5\n7 8 6", answer="R U L"))[0]
    assert illegal["right"] is False and illegal["status"] == "illegal-move" and illegal["first_bad"] == 1
    ladder = run_job(call(op="check", start="cold", goal="warm", answer="cold cord card ward warm"))[0]
    assert ladder["right"] is True and ladder["optimum"] == 4
    ragged = call(op="check", board="1 2 3\n0 4 6\n7 5 8", answer="Minimum number of moves = 1\n1 2 3\n0 4\n7 5 8")
    assert ragged["type"] == "error" and ragged["field"] == "answer" and ragged["message"].startswith("Line 3 ")
    empty = call(op="check", board="1 2 3\n0 4 6\n7 5 8", answer=" ")
    assert empty["type"] == "error" and empty["field"] == "answer"


def test_ida_reports_each_finished_iteration():
    final, progress = solve_board(board="7 3 8 12\n2 4 14 1\n6 13 0 9\n5 10 15 11", algorithm="ida",
                                  heuristic="linear-conflict", slice_ms=1)
    bounds = [bound for bound, _ in final["iterations"]]
    assert final["moves"] == 38 and bounds == list(range(bounds[0], 38, 2))
    assert all(nodes > 0 for _, nodes in final["iterations"]) and any(p["iterations"] for p in progress)
