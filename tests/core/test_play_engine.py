"""A player's questions: each move judged against the optimal distance, deals of an exact difficulty."""

from __future__ import annotations

import random

import pytest

from puzzlesolver import webapi
from puzzlesolver.board import Board
from puzzlesolver.fast.tables import pdb_files
from puzzlesolver.play import DealError, deal_exactly, judge
from spec_helpers import GOAL_3X3, bfs_distances


@pytest.fixture(scope="module")
def eight_puzzle():
    return bfs_distances(GOAL_3X3, 3)


def needs_tables(n):
    if pdb_files.missing_files(pdb_files.files_for(n)):
        pytest.skip("pattern tables missing (run `python3 build.py`)")


def test_every_move_of_a_3x3_is_judged_against_breadth_first_search(eight_puzzle):
    for tiles in random.Random(9).sample(sorted(eight_puzzle), 40):
        board = Board.from_tiles(tiles)
        verdict = judge(board)
        assert verdict.exact and verdict.distance == eight_puzzle[tiles]
        for cell, delta in verdict.deltas.items():
            assert eight_puzzle[board.slide(cell).tiles] - eight_puzzle[tiles] == delta


def test_4x4_moves_are_judged_by_solving_each_child():
    needs_tables(4)
    board = Board.from_tiles([5, 1, 3, 4, 9, 2, 7, 8, 0, 6, 11, 12, 13, 10, 14, 15])
    verdict = judge(board)
    assert verdict.exact and verdict.distance == 8
    for cell, delta in verdict.deltas.items():
        assert judge(board.slide(cell)).distance == verdict.distance + delta


def test_from_5x5_on_the_judgement_is_a_lower_bound_past_the_budget():
    board = Board.from_tiles([2, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 0])
    assert not board.is_solvable()
    with pytest.raises(ValueError):
        judge(board)
    hard = Board.from_tiles([24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0])
    verdict = judge(hard, budget=20_000)
    assert not verdict.exact and verdict.deltas == {} and verdict.distance >= hard.manhattan()


def test_from_5x5_on_a_judgement_spends_its_whole_budget_on_the_bound():
    from puzzlesolver.board import random_board
    from puzzlesolver.policy import Options, board_search
    board = random_board(5, random.Random(18))   # IDA* alone is an iteration further, with or without 5x5 tables
    verdict = judge(board, budget=200_000)
    ida_alone = board_search(board, Options(algorithm="ida"))
    ida_alone.run(200_000)
    anytime = board_search(board)
    anytime.run(200_000)
    assert not verdict.exact and verdict.distance == ida_alone.bound > anytime.bound


@pytest.mark.parametrize("n, moves", [(2, 5), (3, 31), (3, 0), (3, 17), (4, 24)])
def test_deals_of_an_exact_difficulty_need_exactly_that_many_moves(n, moves, eight_puzzle):
    if n == 4:
        needs_tables(4)
    board = deal_exactly(n, moves, random.Random(moves))
    if n == 3:
        assert eight_puzzle[board.tiles] == moves
    else:
        assert judge(board).distance == moves


def test_impossible_deals_are_refused_in_one_sentence():
    for n, moves in ((3, 32), (5, 10), (4, -1)):
        with pytest.raises(DealError) as raised:
            deal_exactly(n, moves)
        assert str(raised.value).endswith(".") and "\n" not in str(raised.value)


def test_the_worker_judges_and_deals():
    answer = webapi.answer({"id": 1, "op": "judge", "tiles": [1, 2, 3, 4, 5, 6, 7, 0, 8]})
    assert answer["type"] == "judgement" and answer["distance"] == 1 and answer["exact"]
    assert {(m["tile"], m["delta"]) for m in answer["moves"]} == {(5, 1), (7, 1), (8, -1)}
    deal = webapi.answer({"id": 2, "op": "deal", "n": 3, "moves": 12, "seed": 4})
    assert judge(Board.from_tiles(deal["tiles"])).distance == 12
    refused = webapi.answer({"id": 3, "op": "deal", "n": 3, "moves": 40})
    assert refused["type"] == "error" and refused["field"] == "moves"
