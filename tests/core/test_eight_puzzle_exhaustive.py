"""Every 3x3 board's optimal length equals a breadth-first search over all 181,440 solvable states.

The default run checks a large random sample with both algorithms; ``pytest -m slow`` checks every
state (about 20 minutes on one core).
"""

import time

import pytest

from puzzlesolver.board import Board
from puzzlesolver.heuristics import ESTIMATES
from puzzlesolver.search import Solver
from spec_helpers import random_solvable_3x3

SAMPLE = 800
TREE_SAMPLE = 150


def test_bfs_covers_exactly_the_solvable_half_and_its_deepest_boards_take_31(eight_puzzle_distances):
    assert len(eight_puzzle_distances) == 181_440  # 9! / 2
    deepest = sorted(t for t, d in eight_puzzle_distances.items() if d == 31)
    assert deepest == [(6, 4, 7, 8, 5, 0, 3, 2, 1), (8, 6, 7, 2, 5, 4, 3, 0, 1)]
    assert all(Board.from_tiles(t).is_solvable() for t in deepest)


def test_a_large_random_sample_solves_at_the_bfs_length(eight_puzzle_distances):
    began = time.perf_counter()
    for tiles in random_solvable_3x3(eight_puzzle_distances, SAMPLE):
        assert Solver(Board.from_tiles(tiles)).moves() == eight_puzzle_distances[tiles], tiles
    print(f"\n{SAMPLE} random 3x3 boards (astar, Manhattan) in {time.perf_counter() - began:.2f} s")


def test_the_seeds_tree_search_and_hamming_also_match_on_a_sample(eight_puzzle_distances):
    for tiles in random_solvable_3x3(eight_puzzle_distances, TREE_SAMPLE, seed=61):
        expected = eight_puzzle_distances[tiles]
        assert Solver(Board.from_tiles(tiles), "astar-tree").moves() == expected, tiles
        if expected <= 20:
            assert Solver(Board.from_tiles(tiles), heuristic=ESTIMATES["hamming"]).moves() == expected, tiles


CHUNKS = 24  # the exhaustive check in slices, so progress shows and pytest-xdist can spread it


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_every_solvable_3x3_board_solves_at_the_bfs_length(eight_puzzle_distances, chunk):
    states = sorted(eight_puzzle_distances)[chunk::CHUNKS]
    for tiles in states:
        assert Solver(Board.from_tiles(tiles)).moves() == eight_puzzle_distances[tiles], tiles


def test_the_unsolvable_half_is_recognised(eight_puzzle_distances):
    for tiles in random_solvable_3x3(eight_puzzle_distances, 300, seed=7):
        swapped = list(tiles)
        i, j = [k for k, t in enumerate(swapped) if t][:2]
        swapped[i], swapped[j] = swapped[j], swapped[i]
        assert tuple(swapped) not in eight_puzzle_distances
        assert not Solver(Board.from_tiles(swapped)).is_solvable()
