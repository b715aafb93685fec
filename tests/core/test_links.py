"""Game links (``play=``): a record of a game played, read back only when the board can reach its goal, every move
can be played on it, and the time is a sane whole number of milliseconds.  (Board and word links: test_formats.py;
the page reads the same grammar, held to the same cases in tests/parity.)"""

from __future__ import annotations

import pytest

from puzzlesolver.board import Board, BoardError
from puzzlesolver.formats import PuzzleFormatError
from puzzlesolver.links import parse_fragment, play_fragment

SOLVED_2X2 = "play=2:1,2,3,0"


def refusal(fragment: str) -> str:
    with pytest.raises(ValueError) as refused:
        parse_fragment(fragment)
    return str(refused.value)


def blank_after(width: int, tiles: list, moves: str):
    """The blank's cell after ``moves``, by the tests' own rule: a letter names the way a TILE slides, into the
    blank (``l``: the tile right of the blank slides left, so the blank goes right); None when no tile is there."""
    height = len(tiles) // width
    row, col = divmod(tiles.index(0), width)
    for letter in moves:
        row, col = {"l": (row, col + 1), "r": (row, col - 1), "u": (row + 1, col), "d": (row - 1, col)}[letter]
        if not (0 <= row < height and 0 <= col < width):
            return None
    return row * width + col


def test_a_game_link_is_read_back_as_written():
    fragment = play_fragment(3, [8, 1, 3, 4, 0, 2, 7, 6, 5], goal=list(range(9)), moves="ul", time=4210)
    assert parse_fragment("#" + fragment) == {"kind": "play", "n": 3, "height": 3, "tiles": (8, 1, 3, 4, 0, 2, 7, 6, 5),
                                              "goal": tuple(range(9)), "moves": "ul", "time": 4210}
    assert parse_fragment("play=3x2:1,2,3,4,0,5") == {"kind": "play", "n": 3, "height": 2, "tiles": (1, 2, 3, 4, 0, 5),
                                                      "goal": None, "moves": "", "time": None}


@pytest.mark.parametrize("width, tiles", [
    (2, [1, 2, 3, 0]), (2, [1, 2, 0, 3]), (2, [1, 0, 2, 3]), (2, [0, 1, 2, 3]),    # the blank in each corner
    (3, [1, 2, 3, 4, 0, 5]), (2, [1, 2, 0, 3, 4, 5]),                                # on an edge, wide and tall
])
@pytest.mark.parametrize("moves", ["l", "r", "u", "d", "ll", "rr", "uu", "dd", "lu", "rd", "ul", "dr"])
def test_a_move_is_played_only_when_a_tile_stands_where_the_blank_goes(width, tiles, moves):
    fragment = play_fragment(width, tiles, goal=tiles, moves=moves)
    if blank_after(width, tiles, moves) is None:
        assert refusal(fragment) == "The game link's moves cannot be played on its board."
    else:
        assert parse_fragment(fragment)["moves"] == moves


def test_a_game_link_holds_at_most_20000_moves():
    back_and_forth = "rl" * 10_000                                   # the blank goes left and back, 20,000 moves
    assert parse_fragment(f"{SOLVED_2X2}&moves={back_and_forth}")["moves"] == back_and_forth
    assert refusal(f"{SOLVED_2X2}&moves={back_and_forth}r") == "The game link has too many moves."


@pytest.mark.parametrize("time", ["0", "7", "10000000000", "0000000042"])
def test_the_time_played_is_a_whole_number_of_milliseconds_up_to_ten_billion(time):
    assert parse_fragment(f"{SOLVED_2X2}&time={time}")["time"] == int(time)


@pytest.mark.parametrize("time", ["10000000001", "99999999999", "010000000000", "9" * 5000])
def test_a_longer_time_is_refused_without_reading_a_huge_number(time):
    assert refusal(f"{SOLVED_2X2}&time={time}") == "The time in the game link is far too long."


@pytest.mark.parametrize("fragment, message", [
    (f"{SOLVED_2X2}&h=manhattan", "The game link has an unknown part, 'h'."),
    (f"moves=l&{SOLVED_2X2}&play=2:1,2,0,3", "The game link repeats 'play'."),
    (f"{SOLVED_2X2}&goal=0,1,2,3&GOAL=0,1,2,3", "The game link repeats 'goal'."),
    ("play=2:2,1,3,0", "This board cannot reach its goal: the tiles' parity does not match."),
    ("play=2:1,2,3,0&goal=2,1,3,0", "This board cannot reach its goal: the tiles' parity does not match."),
    (f"{SOLVED_2X2}&moves=L", "The moves must be letters l, r, u and d."),
    (f"{SOLVED_2X2}&time=+5", "The time in the game link must be a whole number of milliseconds."),
    ("play=2:1,2,3,0&goal=3x2:1,2,3,4,5,0", "The goal is 3x2 but the board is 2."),
    ("play=2:1,2,3,0&goal=123456789012345:1", "The goal is 123456789012 wide but the board is 2."),
    ("play=3", "The game in the link must look like 'play=3:8,1,3,4,0,2,7,6,5'."),
    ("play=0000002x0000003:1,2,3,4,0,5&goal=3x2:1,2,3,4,5,0", "The goal is 3x2 but the board is 0000002x0000."),
    ("play=4x2:1,0", "A 4x2 board needs 8 tiles, not 2."),                 # in the shape's words, whatever
    ("play=3:5", "A 3x3 board needs 9 tiles, not 1."),                      # shape the tiles would fill
])
def test_a_bad_game_link_is_refused_in_one_sentence(fragment, message):
    assert refusal(fragment) == message


def test_a_game_link_takes_the_largest_board_with_its_goal():
    tiles = list(range(1, 400)) + [0]
    goal = tiles[:-2] + [0, tiles[-2]]                          # the last tile one slide away
    game = parse_fragment(play_fragment(20, tiles, goal=goal, moves="r"))
    assert (game["n"], game["height"], len(game["tiles"]), game["goal"]) == (20, 20, 400, tuple(goal))
    assert Board.from_tiles(tiles, goal).slide(398).is_goal()
    with pytest.raises(BoardError, match=r"^Boards up to 20x20 are supported; this board is 21x21\.$"):
        parse_fragment("play=21:" + ",".join(map(str, range(441))))
