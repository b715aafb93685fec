"""Explain mode: A* step by step, reproducing the Princeton checklist's puzzle04 trace and CS61B's example."""

from __future__ import annotations

import json

import pytest

from puzzlesolver import cli
from puzzlesolver.board import Board
from puzzlesolver.explain import PSEUDOCODE, ExplainTooLong, Recorder, apply_change, explain, node_id, trace_record
from puzzlesolver.formats import BoardPuzzle, WordPuzzle
from puzzlesolver.search import ENTRY_NODE, AStar
from spec_helpers import BENCHMARKS
from why_not import why_not_reason, why_not_removed

PUZZLE04 = BoardPuzzle(3, (0, 1, 3, 4, 2, 5, 7, 8, 6))

# The checklist's boards by its own ids (seed 001), and its queue arrays (from position 1) after each
# delMin and each insert, step by step.  Our ids may name A's two children the other way round (they are
# created in the order up, left, down, right), so the trace is compared as boards, as the issue asks.
CHECKLIST_BOARDS = {
    "A": "0 1 3 4 2 5 7 8 6", "B": "1 0 3 4 2 5 7 8 6", "C": "4 1 3 0 2 5 7 8 6", "d": "0 1 3 4 2 5 7 8 6",
    "E": "1 2 3 4 0 5 7 8 6", "F": "1 3 0 4 2 5 7 8 6", "g": "1 0 3 4 2 5 7 8 6", "H": "1 2 3 0 4 5 7 8 6",
    "I": "1 2 3 4 8 5 7 0 6", "J": "1 2 3 4 5 0 7 8 6", "K": "1 2 0 4 5 3 7 8 6", "l": "1 2 3 4 0 5 7 8 6",
    "M": "1 2 3 4 5 6 7 8 0",
}
CHECKLIST_STEPS = [  # (removed, queue after the removal, [(inserted, queue after it)], not enqueued)
    (None, [], [("A", "A")], ""),
    ("A", "", [("B", "B"), ("C", "B C")], ""),
    ("B", "C", [("E", "E C"), ("F", "E C F")], "d"),
    ("E", "F C", [("H", "F C H"), ("I", "F C H I"), ("J", "J F H I C")], "g"),
    ("J", "C F H I", [("K", "C F H I K"), ("M", "M F C I K H")], "l"),
    ("M", "H F C I K", [], ""),
]


def boards(ids, trace):
    return [" ".join(map(str, trace.nodes[i].state)) for i in ids]


def checklist(ids):
    return [CHECKLIST_BOARDS[i] for i in ids.split()] if isinstance(ids, str) else [CHECKLIST_BOARDS[i] for i in ids]


@pytest.mark.parametrize("algorithm", ["astar", "astar-tree"])
def test_the_checklist_trace_of_puzzle04_is_reproduced_position_by_position(algorithm):
    trace = explain(PUZZLE04, "manhattan", algorithm, "textbook")
    assert len(trace.steps) == len(CHECKLIST_STEPS)
    arrays = trace.queue_arrays()
    for step, (queue_after_removal, queues_after_inserts), (removed, after_removal, inserts, skipped) in zip(
            trace.steps, arrays, CHECKLIST_STEPS):
        if removed is not None:
            assert boards([step.removed], trace) == checklist([removed])
            assert boards(queue_after_removal, trace) == checklist(after_removal)
        assert sorted(boards(step.inserted, trace)) == sorted(checklist([name for name, _ in inserts]))
        if inserts:  # the queue array at the end of the step, position by position
            assert boards(queues_after_inserts[-1], trace) == checklist(inserts[-1][1])
        if step.removed != "A":  # after A, our neighbor order creates A's two children the other way round
            assert [boards(q, trace) for q in queues_after_inserts] == [checklist(q) for _, q in inserts]
        assert boards(step.skipped, trace) == checklist(list(skipped))
        assert all(name.islower() for name in step.skipped) and all(name.isupper() for name in step.inserted)
    assert boards(trace.path, trace) == checklist("A B E J M")


def test_every_node_has_moves_estimate_priority_and_parent_as_in_the_table():
    trace = explain(PUZZLE04)
    by_board = {" ".join(map(str, n.state)) + f"@{n.moves}": n for n in trace.nodes.values()}
    j = by_board[CHECKLIST_BOARDS["J"] + "@3"]
    assert (j.estimate, j.priority) == (1, 4) and boards([j.parent], trace) == [CHECKLIST_BOARDS["E"]]
    d = by_board[CHECKLIST_BOARDS["d"] + "@2"]
    assert not d.enqueued and d.id == "d" and d.priority == 6


def test_the_tiebreak_queue_is_the_solvers_own():
    trace = explain(PUZZLE04, queue="tiebreak")
    assert trace.queue == "tiebreak" and boards(trace.path, trace) == checklist("A B E J M")


def test_ids_run_a_to_z_then_aa():
    assert [node_id(k) for k in (0, 1, 25, 26, 51, 52)] == ["A", "B", "Z", "AA", "AZ", "BA"]


def test_long_searches_stop_with_a_clear_message():
    with pytest.raises(ExplainTooLong, match="too many to follow one by one; solve it with the plain solver"):
        explain(BoardPuzzle(3, (8, 6, 7, 2, 5, 4, 3, 0, 1)), "hamming", max_steps=200)


def test_an_unsolvable_board_is_explained_in_one_step():
    trace = explain(BoardPuzzle(2, (2, 1, 3, 0)))
    assert trace.path == [] and len(trace.steps) == 1


def test_cs61b_stories_to_shore_after_two_removals():
    words = BENCHMARKS / "cs61b" / "words10000.txt"
    if not words.is_file():
        pytest.skip("../shared/benchmarks is absent")
    trace = explain(WordPuzzle("stories", "shore", str(words)))
    assert [trace.nodes[trace.steps[i].removed].state for i in (1, 2)] == ["stories", "stores"]
    assert len(trace.queue_arrays()[2][1][-1]) == 4  # the queue at the end of step 2
    store = trace.nodes[trace.steps[3].removed]
    assert (store.state, store.moves, store.estimate) == ("store", 2, 1)


def test_the_command_line_prints_the_trace_and_its_json(tmp_path, capsys):
    path = tmp_path / "puzzle04.txt"
    path.write_text("3\n 0  1  3\n 4  2  5\n 7  8  6\n")
    assert cli.main(["--explain", str(path)]) == 0
    text = capsys.readouterr().out
    assert "Step 5\n  delMin() returns M" in text and "A -> C -> E -> J -> M (4 moves)" in text
    assert "algs4's MinPQ" in text and "not enqueued: d" in text
    assert cli.main(["--explain", "--json", "--queue", "tiebreak", str(path)]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["queue_mode"] == "tiebreak" and record["nodes"]["A"]["tiles"] == [0, 1, 3, 4, 2, 5, 7, 8, 6]
    assert record["steps"][5]["removed"] == "M" and record["nodes"]["d"]["enqueued"] is False
    assert set(record["steps"][1]) >= {"removed", "inserted", "skipped", "queue"}


def test_explain_needs_a_star(tmp_path, capsys):
    path = tmp_path / "p.txt"
    path.write_text("2\n1 2\n0 3\n")
    assert cli.main(["--explain", "--algorithm", "ida", str(path)]) == 2
    assert "--explain shows A*'s steps" in capsys.readouterr().err


# -- every classic search, step by step ------------------------------------------------------------------

SEARCH_OPTIONS = [("astar", {}), ("astar-tree", {}), ("bfs", {}), ("greedy", {}), ("weighted", {"weight": 3}),
                  ("astar", {"goal_test": "generation"}), ("bfs", {"goal_test": "generation"})]
HARDER = BoardPuzzle(3, (2, 3, 6, 0, 8, 1, 5, 4, 7))  # 21 moves; graph A* drops nodes found cheaper later


def traced(puzzle, algorithm, queue="tiebreak", **options):
    return explain(puzzle, "manhattan", algorithm, queue, **options)


@pytest.mark.parametrize("algorithm, options", SEARCH_OPTIONS, ids=lambda x: str(x))
def test_each_search_can_be_followed_step_by_step(algorithm, options):
    trace = traced(PUZZLE04, algorithm, **options)
    assert trace.algorithm == algorithm and boards([trace.path[0]], trace) == checklist("A")
    assert trace.nodes[trace.path[-1]].state == (1, 2, 3, 4, 5, 6, 7, 8, 0)
    for node in trace.nodes.values():  # the priority is the search's own
        expected = {"bfs": node.moves, "greedy": node.estimate,
                    "weighted": node.moves + options.get("weight", 0) * node.estimate}.get(
                        algorithm, node.moves + node.estimate)
        assert node.priority == expected


def test_the_queue_changes_replay_to_a_heap_holding_exactly_the_queued_nodes():
    for queue in ("textbook", "tiebreak"):
        trace = traced(HARDER, "astar", queue)
        assert any(step.discarded for step in trace.steps)
        queued = set()
        order = {name: k for k, name in enumerate(trace.nodes)}
        for step, (after_removal, after_inserts) in zip(trace.steps, trace.queue_arrays()):
            queued.discard(step.removed)
            queued |= set(step.inserted)
            array = after_inserts[-1] if after_inserts else after_removal
            assert sorted(array) == sorted(queued)
            keys = [(trace.nodes[name].priority,) + ((trace.nodes[name].estimate, order[name])
                                                     if queue == "tiebreak" else ()) for name in array]
            assert all(keys[(k - 1) // 2] <= keys[k] for k in range(1, len(keys)))  # the heap property


@pytest.mark.parametrize("queue", ["textbook", "tiebreak"])
def test_each_step_names_the_next_node_and_why_every_other_queued_node_is_not_it(queue):
    trace = traced(HARDER, "astar", queue)
    record = trace_record(trace, arrays=False)
    assert record["tie_break"] == ("heap" if queue == "textbook" else "estimate")
    order = {name: k for k, name in enumerate(trace.nodes)}
    reasons = set()
    for number, (step, (after_removal, after_inserts)) in enumerate(zip(record["steps"], trace.queue_arrays())):
        following = record["steps"][number + 1]["removed"] if number + 1 < len(record["steps"]) else None
        assert step["next"] == following
        if following is None:
            continue
        chosen = record["nodes"][following]
        for name in (after_inserts[-1] if after_inserts else after_removal):
            if name == following:
                continue
            node = record["nodes"][name]
            reason = why_not_reason(node, chosen, record["tie_break"])
            reasons.add(reason)
            if reason == "priority":
                assert node["priority"] > chosen["priority"]
            else:  # a tie, decided by the heap's positions, or the smaller estimate, or the older node
                assert node["priority"] == chosen["priority"]
                assert reason == ("heap" if queue == "textbook" else "tie" if node["estimate"] != chosen["estimate"]
                                  else "older")
                assert reason != "tie" or chosen["estimate"] < node["estimate"]
                assert reason != "older" or order[following] < order[name]
            sentence = why_not_removed(record, number, name)
            assert sentence.startswith(f"{name} has ") and following in sentence and sentence.endswith(".")
    assert reasons == ({"priority", "heap"} if queue == "textbook" else {"priority", "tie", "older"})


def test_why_not_reads_a_higher_priority_or_the_tie_break():
    assert why_not_reason({"priority": 6, "estimate": 3}, {"priority": 4, "estimate": 1}, "heap") == "priority"
    assert why_not_reason({"priority": 4, "estimate": 3}, {"priority": 4, "estimate": 1}, "estimate") == "tie"
    record = trace_record(explain(PUZZLE04), arrays=False)
    assert record["steps"][1]["next"] == "C"
    assert why_not_removed(record, 1, "B") == ("B has priority 6, higher than 4 for C: the node of lowest priority "
                                               "is always removed first.")


def test_why_not_sentences_name_the_rule_that_decides():
    record = trace_record(traced(HARDER, "astar", "tiebreak"), arrays=False)
    nodes = record["nodes"]
    chosen = nodes[record["steps"][1]["next"]]
    rival = next(name for name, node in nodes.items() if node["priority"] == chosen["priority"]
                 and node["estimate"] > chosen["estimate"])
    assert why_not_reason(nodes[rival], chosen, "estimate") == "tie"
    assert why_not_reason(nodes[rival], chosen, "heap") == "heap"
    assert why_not_reason(nodes[rival], chosen, "age") == "older"
    with pytest.raises(ValueError, match="is the last: no node is removed after it"):
        why_not_removed(record, len(record["steps"]) - 1, "A")


def test_the_pseudocode_lines_follow_each_step():
    record = trace_record(explain(PUZZLE04), arrays=False)
    code = record["pseudocode"]
    line = {text.split(":")[0].strip(): number for number, text in enumerate(code, start=1)}
    remove, goal, insert = line["node <- delMin()"], line["if node's state is the goal"], line["insert the child into the queue (moves + 1, priority = moves + estimate)"]
    assert record["steps"][0]["run"] == [[1, "A"]]
    assert record["steps"][1]["run"] == [[remove, "A"], [insert, "B"], [insert, "C"]]
    assert record["steps"][-1]["run"] == [[remove, "M"], [goal, "M"]]
    skip = line["if the neighbor was already reached in as few moves or fewer"]
    assert [skip, "d"] in record["steps"][2]["run"]
    for step in record["steps"][1:]:
        assert remove in step["lines"] and goal in step["lines"] and set(step["lines"]) <= set(range(1, len(code) + 1))


def test_pseudocode_differs_where_the_searches_differ():
    assert any("grandparent" in text for text in PSEUDOCODE["astar-tree"]["removal"])
    assert not any("reached in fewer moves after" in text for text in PSEUDOCODE["greedy"]["removal"])
    assert any("priority = moves)" in text for text in PSEUDOCODE["bfs"]["removal"])
    assert any("moves + w * estimate" in text for text in PSEUDOCODE["weighted"]["removal"])
    generation = PSEUDOCODE["astar"]["generation"]
    assert generation[0] == "if the start is the goal: return it"
    assert any("if the neighbor is the goal" in text for text in generation)
    assert not any("if node's state is the goal" in text for text in generation)


def test_a_goal_found_when_generated_ends_the_step_that_generated_it():
    trace = traced(PUZZLE04, "astar", goal_test="generation")
    record = trace_record(trace, arrays=False)
    last = record["steps"][-1]
    assert last["reached"] == trace.path[-1] and last["removed"] == trace.path[-2]
    assert record["nodes"][last["reached"]]["enqueued"] is False and last["reached"].isupper()
    reached_line = record["pseudocode"].index("        if the neighbor is the goal: return the path to it") + 1
    assert [reached_line, last["reached"]] == last["run"][-1]


def test_a_dropped_node_is_a_step_of_its_own():
    record = trace_record(traced(HARDER, "astar"), arrays=False)
    stale = record["pseudocode"].index("    if node's state was reached in fewer moves after node was queued: skip node") + 1
    dropped = [step for step in record["steps"] if step.get("discarded")]
    assert dropped and all(step["run"] == [[stale - 1, step["removed"]], [stale, step["removed"]]] and
                           not step["inserted"] for step in dropped)


def test_the_record_is_compact_without_the_whole_arrays():
    trace = explain(BoardPuzzle(3, (1, 6, 2, 3, 7, 4, 5, 8, 0)))  # 20 moves, hundreds of steps
    compact, whole = json.dumps(trace_record(trace, arrays=False)), json.dumps(trace_record(trace))
    assert len(trace.steps) > 250 and len(compact) * 4 < len(whole)


def test_unknown_search_options_are_one_sentence():
    with pytest.raises(ValueError, match=r"^Unknown search 'dfs'; choose one of astar, astar-tree, bfs, greedy, weighted\.$"):
        explain(PUZZLE04, algorithm="dfs")
    with pytest.raises(ValueError, match=r"^A weight applies to weighted A\* only\.$"):
        explain(PUZZLE04, algorithm="astar", weight=2)


class SnapshotRecorder(Recorder):
    """The recorder, also copying the whole queue array after every heap operation (the oracle)."""

    def __init__(self):
        super().__init__()
        self.snapshots = []

    def _change(self, removal):
        change = super()._change(removal)
        self.snapshots.append([self._ids[id(entry[ENTRY_NODE])] for entry in self.search.queue_entries()])
        return change


@pytest.mark.parametrize("algorithm", ["astar", "astar-tree", "bfs", "greedy", "weighted"])
@pytest.mark.parametrize("queue", ["textbook", "tiebreak"])
def test_the_recorded_changes_replay_to_the_heaps_own_array_after_every_operation(algorithm, queue):
    for tiles in [(2, 3, 6, 0, 8, 1, 5, 4, 7), (1, 6, 2, 3, 7, 4, 5, 8, 0), (0, 1, 3, 4, 2, 5, 7, 8, 6)]:
        recorder = SnapshotRecorder()
        search = AStar(Board.from_tiles(tiles), algorithm, queue, observer=recorder)
        search.run(400 if algorithm == "bfs" else None)
        replayed, array = [], []
        for step in recorder.steps:
            for change in step.changes:
                array = apply_change(array, change)
                replayed.append(array)
        assert replayed == recorder.snapshots


@pytest.mark.parametrize("algorithm, options", SEARCH_OPTIONS, ids=lambda x: str(x))
def test_each_search_steps_through_a_word_ladder_too(algorithm, options):
    words = frozenset("horse hose hole cole core cure pure purse nurse house home come".split())
    trace = explain(WordPuzzle("horse", "nurse", words), algorithm=algorithm, queue="tiebreak", **options)
    assert trace.kind == "words" and trace.heuristic == "edit-distance"
    assert [trace.nodes[name].state for name in (trace.path[0], trace.path[-1])] == ["horse", "nurse"]
    record = trace_record(trace, arrays=False)
    assert record["nodes"][trace.path[-1]]["word"] == "nurse" and record["steps"][-1]["next"] is None
