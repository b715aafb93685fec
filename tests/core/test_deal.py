"""The "New puzzle" deal: every board is solvable and all solvable boards are equally likely.

The page's first board (dealt in JavaScript before the solver has booted, site/core/rules.js) follows
the same rule as board.random_board: a uniform shuffle, with the first two tiles swapped when the
shuffle cannot reach the goal.  Fixed seeds keep these statistical tests from ever flaking.
"""

import itertools
import random
from collections import Counter

import pytest

from puzzlesolver import webapi
from puzzlesolver.board import Board, random_board

# Upper 0.1% points of the chi-square distribution (df -> value).
CHI2_999 = {8: 26.12, 11: 31.26}


def chi_square(counts, expected):
    return sum((observed - expected) ** 2 / expected for observed in counts)


def solvable_arrangements(n, goal=None):
    return [p for p in itertools.permutations(range(n * n)) if Board.from_tiles(p, goal).is_solvable()]


@pytest.mark.parametrize("goal", [None, (0, 1, 2, 3), (3, 2, 1, 0)])
def test_2x2_deal_is_uniform_over_all_12_solvable_arrangements(goal):
    arrangements = solvable_arrangements(2, goal)
    assert len(arrangements) == 12
    rng = random.Random(20261122)
    draws = 24_000
    counts = Counter(random_board(2, rng, goal).tiles for _ in range(draws))
    assert set(counts) == set(arrangements)          # only solvable boards, and every one of them
    assert chi_square([counts[a] for a in arrangements], draws / 12) < CHI2_999[11]


def test_3x3_deal_marginals_are_uniform():
    rng = random.Random(4)
    draws = 9_000
    where = {tile: Counter() for tile in range(9)}
    for _ in range(draws):
        board = random_board(3, rng)
        assert board.is_solvable()
        for cell, tile in enumerate(board.tiles):
            where[tile][cell] += 1
    for tile, cells in where.items():
        stat = chi_square([cells[c] for c in range(9)], draws / 9)
        assert stat < CHI2_999[8], f"tile {tile} lands unevenly: {dict(cells)}"


def test_a_short_random_walk_would_fail_this_test():
    """The test has teeth: boards made by 10 random slides from the goal are far from uniform."""
    rng = random.Random(1)
    draws = 9_000
    cells = Counter()
    for _ in range(draws):
        board = Board.from_tiles([1, 2, 3, 4, 5, 6, 7, 8, 0])
        for _ in range(10):
            board = rng.choice(board.neighbors())
        cells[board.tiles.index(1)] += 1
    assert chi_square([cells[c] for c in range(9)], draws / 9) > CHI2_999[8]


def test_webapi_deal_answers_a_solvable_board_and_refuses_bad_sizes():
    for n in range(2, 8):
        answer = webapi.answer({"id": n, "op": "deal", "n": n})
        assert answer["type"] == "deal" and answer["id"] == n
        assert sorted(answer["tiles"]) == list(range(n * n))
        assert Board.from_tiles(answer["tiles"]).is_solvable()
    goal = [0, 1, 2, 3, 4, 5, 6, 7, 8]
    answer = webapi.answer({"id": 9, "op": "deal", "n": 3, "goal": goal, "seed": 5})
    assert Board.from_tiles(answer["tiles"], goal).is_solvable() and answer["goal"] == goal
    again = webapi.answer({"id": 9, "op": "deal", "n": 3, "goal": goal, "seed": 5})
    assert again["tiles"] == answer["tiles"]          # a seed makes a deal repeatable
    for bad in ({"n": 1}, {"n": "4"}, {"n": 3, "goal": [1, 1, 2, 3, 4, 5, 6, 7, 8]}):
        answer = webapi.answer({"id": 0, "op": "deal", **bad})
        assert answer["type"] == "error" and answer["message"]
