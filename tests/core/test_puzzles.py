"""puzzles/: every example puzzle is solved in exactly its recorded number of moves."""

import json

import pytest

from puzzlesolver.board import Board
from puzzlesolver.cli import read_puzzle
from puzzlesolver.formats import WordPuzzle
from puzzlesolver.policy import Options, solve
from spec_helpers import PUZZLES, assert_legal_solution

INDEX = json.loads((PUZZLES / "index.json").read_text(encoding="utf-8"))["puzzles"]


def test_the_collection_spans_2x2_to_5x5_custom_goals_unsolvable_boards_and_words():
    boards = [e for e in INDEX if e["kind"] == "board"]
    assert {e["n"] for e in boards} == {2, 3, 4, 5}
    assert {e["n"] for e in boards if e["moves"] == "unsolvable"} == {2, 3, 4, 5}
    assert any(e["layout"] == "pair" and e["goal"] != "standard" for e in boards)
    assert any(e["kind"] == "words" for e in INDEX)
    assert 20 <= len(INDEX) <= 60


def test_every_file_in_the_folders_is_listed():
    listed = {e["file"] for e in INDEX}
    on_disk = {str(p.relative_to(PUZZLES)) for p in PUZZLES.glob("*/*.txt")}
    assert listed == on_disk


@pytest.mark.parametrize("entry", [e for e in INDEX if e["kind"] == "board"], ids=lambda e: e["file"])
def test_each_board_takes_its_recorded_moves(entry):
    puzzle = read_puzzle(str(PUZZLES / entry["file"]))
    assert puzzle.n == entry["n"]
    assert (puzzle.goal is None) == (entry["goal"] == "standard")
    result = solve(puzzle, Options(algorithm="astar"))
    if entry["moves"] == "unsolvable":
        assert result.status == "unsolvable"
        assert not Board.from_tiles(puzzle.tiles, puzzle.goal).is_solvable()
    else:
        assert result.moves == entry["moves"]
        assert_legal_solution(result.states(), puzzle.n, result.moves)


@pytest.mark.parametrize("entry", [e for e in INDEX if e["kind"] == "words"], ids=lambda e: e["file"])
def test_each_word_pair_takes_its_recorded_moves(entry, common_words):
    puzzle = read_puzzle(str(PUZZLES / entry["file"]))
    assert isinstance(puzzle, WordPuzzle)
    result = solve(WordPuzzle(puzzle.start, puzzle.goal, entry["dictionary"]))
    assert (result.moves if result.solved else "unsolvable") == entry["moves"]
