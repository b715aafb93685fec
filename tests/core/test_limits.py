"""Big and hostile input: refused at once with one sentence, never a hang, a quadratic table or a traceback."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzlesolver import grid
from puzzlesolver.board import Board, BoardError, Goal
from puzzlesolver.formats import PuzzleFormatError, parse_board_text, parse_puzzle_text
from puzzlesolver.links import parse_fragment

ONE_SECOND = 1.0


def test_building_a_100x100_goal_is_linear_in_the_cells():
    began = time.perf_counter()
    goal = Goal(100)
    took = time.perf_counter() - began
    assert goal.distance(1, 99 * 100 + 99) == 99 + 99
    assert took < 0.1, f"{took:.3f} s"


def test_a_board_past_the_largest_side_is_refused_in_one_sentence():
    side = grid.MAX_SIDE + 1
    tiles = list(range(side * side))
    with pytest.raises(BoardError, match=f"Boards up to {grid.MAX_SIDE}x{grid.MAX_SIDE} are supported"):
        Board.from_tiles(tiles)
    largest = list(range(1, grid.MAX_SIDE ** 2)) + [0]
    assert Board.from_tiles(largest).is_goal()


@pytest.mark.parametrize("text", [
    "200\n" + " ".join(map(str, range(40_000))),
    "\n".join(" ".join(map(str, range(r * 115, r * 115 + 115))) for r in range(115)),
    "7" * 2_000_000,
])
def test_huge_boards_are_refused_within_a_second(text):
    began = time.perf_counter()
    with pytest.raises((PuzzleFormatError, BoardError)) as raised:
        parse_board_text(text)
    assert time.perf_counter() - began < ONE_SECOND
    assert "\n" not in str(raised.value) and len(str(raised.value)) < 200


def test_a_huge_board_link_is_refused_within_a_second():
    tiles = list(range(200 * 200))
    random.Random(1).shuffle(tiles)
    began = time.perf_counter()
    with pytest.raises(BoardError, match="Boards up to 20x20 are supported; this board is 200x200"):
        parse_fragment("board=200:" + ",".join(map(str, tiles)))
    assert time.perf_counter() - began < ONE_SECOND


def one_sentence_or_a_puzzle(parse, text):
    began = time.perf_counter()
    try:
        parse(text)
    except (PuzzleFormatError, BoardError) as error:
        message = str(error)
        assert message and "\n" not in message and message[0].isupper() and message.endswith(".")
        assert len(message) < 300, message[:100]
    assert time.perf_counter() - began < ONE_SECOND


LINK_PIECES = st.sampled_from(["board=", "words=", "goal=", "h=", "dict=", "&", ",", ":", "=", "%", "%2C",
                               "3", "2", "0", "1", "8", "-1", "99999999", "x", "<script>", " ", "#", "large"])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.text(max_size=200), st.lists(LINK_PIECES, max_size=60).map("".join)))
def test_any_link_gives_one_sentence_or_a_puzzle(fragment):
    one_sentence_or_a_puzzle(parse_fragment, fragment)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.text(max_size=200),
                 st.lists(st.sampled_from(["0", "1", "2", "3", "4", "5", "8", " ", "\n", "-", "x", "99999999"]),
                          max_size=80).map("".join)))
def test_any_typed_board_gives_one_sentence_or_a_puzzle(text):
    one_sentence_or_a_puzzle(parse_puzzle_text, text)


@pytest.mark.parametrize("size", [2_000_000])
def test_two_megabytes_of_anything_give_one_sentence_within_a_second(size):
    rng = random.Random(size)
    alphabet = "0123456789,:&=%x -\n"
    for text in ("board=3:" + "".join(rng.choice(alphabet) for _ in range(size)),
                 "words=" + "a" * size + ",b",
                 "1 " * (size // 2),
                 "".join(rng.choice(alphabet) for _ in range(size))):
        one_sentence_or_a_puzzle(parse_fragment if "=" in text[:8] else parse_puzzle_text, text)
