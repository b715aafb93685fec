"""The speedsolvers' notation, held to the strings slidy, Slidysim and slidyreplay write (notation_cases.json,
each case naming its repository and file), in both languages: ``pysrc/puzzlesolver/notation.py`` and
``site/core/notation.js`` (through notation_cases.mjs, one Node process for the module).

Positions of every shape from 2 to 20 a side read as width, height and tiles, or are refused in one sentence,
the same in both; move strings read as the same letters; tiles written back as the same text (and moves as Slidysim compresses them); every real
solution, read in the tile convention, takes its scramble to the goal (Python's Board for every shape, the
game's rules.js for the square ones) and is written back by move_string as the notation writes its letters.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from puzzlesolver.board import Board
from puzzlesolver.notation import (NotationError, board_text, move_string, parse_moves, parse_position,
                                   position_text, to_notation)

HERE = Path(__file__).resolve().parent
CASES = json.loads((HERE / "notation_cases.json").read_text(encoding="utf-8"))
#: The blank's step (row, column) for a letter in the tile convention: R = a tile slides right, into the blank.
BLANK_STEP = {"l": (0, 1), "r": (0, -1), "u": (1, 0), "d": (-1, 0)}


@pytest.fixture(scope="module")
def js():
    """Every case's answer from site/core/notation.js."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed")
    run = subprocess.run([node, str(HERE / "notation_cases.mjs")], capture_output=True, text=True, encoding="utf-8",
                         timeout=120)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def played(board: Board, letters: str):
    """The board after ``letters`` (tile convention) and the blank's path, or None when a move cannot be made."""
    path = []
    for letter in letters:
        row, col = divmod(board.blank, board.width)
        dr, dc = BLANK_STEP[letter]
        if not (0 <= row + dr < board.height and 0 <= col + dc < board.width):
            return None
        path.append((row + dr) * board.width + col + dc)
        board = board.slide(path[-1])
    return board, path


def python_position(text: str) -> dict:
    try:
        position = parse_position(text)
    except NotationError as error:
        return {"refused": str(error)}
    return {"parsed": {"width": position.width, "height": position.height, "tiles": list(position.tiles)}}


def ids(section: str, key: str):
    return lambda i: repr(CASES[section][i][key])[:50]


# -- positions ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("index", range(len(CASES["positions"])), ids=ids("positions", "text"))
def test_positions_read(js, index):
    case = CASES["positions"][index]
    expected = {"parsed": case["parsed"]} if "parsed" in case else {"refused": case["refused"]}
    assert python_position(case["text"]) == expected
    answer = js["positions"][index]
    if "parsed" in answer:  # a square's side comes along as n, which the game reads
        shape = answer["parsed"]
        assert shape.pop("n", None) == (shape["width"] if shape["width"] == shape["height"] else None)
    assert answer == expected


def test_every_shape_from_2_to_20_a_side_reads_and_writes_back():
    """A shuffled position of each of the 361 shapes, written both ways and read again, in Python (the
    JavaScript round trip of the same rule is tests/web/test_player_notation.py's)."""
    rng = random.Random(27)
    for width in range(2, 21):
        for height in range(2, 21):
            tiles = tuple(rng.sample(range(width * height), width * height))
            assert parse_position(position_text(tiles, width)) == (width, height, tiles)
            assert parse_position(board_text(tiles, width)) == (width, height, tiles)


# -- moves -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("index", range(len(CASES["moves"])), ids=ids("moves", "text"))
def test_move_strings_read(js, index):
    case = CASES["moves"][index]
    convention = case.get("convention", "tile")
    if "letters" in case:
        assert parse_moves(case["text"], convention) == case["letters"]
        assert js["moves"][index] == {"letters": case["letters"]}
    else:  # the checker's reading names the line; the page's sentence is the case's
        with pytest.raises(ValueError):
            parse_moves(case["text"], convention)
        assert js["moves"][index] == {"refused": case["refused"]}


@pytest.mark.parametrize("index", range(len(CASES["notation"])), ids=ids("notation", "text"))
def test_moves_written_as_notation(js, index):
    case = CASES["notation"][index]
    convention = case.get("convention", "tile")
    assert to_notation(case["letters"], convention) == case["text"]
    assert js["notation"][index] == case["text"]


@pytest.mark.parametrize("index", range(len(CASES["written"])), ids=ids("written", "source"))
def test_positions_written(js, index):
    case = CASES["written"][index]
    assert js["written"][index]["position"] == position_text(case["tiles"], case["width"])
    assert js["written"][index]["board"] == board_text(case["tiles"], case["width"])
    if "position" in case:
        assert position_text(case["tiles"], case["width"]) == case["position"]
    if "board" in case:
        assert board_text(case["tiles"], case["width"]) == case["board"]


# -- real solutions, played ----------------------------------------------------------------------------

@pytest.mark.parametrize("index", range(len(CASES["solutions"])),
                         ids=lambda i: f"{CASES['solutions'][i]['width']}x{CASES['solutions'][i]['height']}-{i}")
def test_real_solutions_solve_their_scrambles(js, index):
    case = CASES["solutions"][index]
    position = parse_position(case["scramble"])
    assert (position.width, position.height) == (case["width"], case["height"])
    letters = parse_moves(case["solution"])
    if "moves" in case:  # the move count the replay link records
        assert len(letters) == case["moves"]
    start = Board.from_tiles(position.tiles, width=position.width)
    end, blank_path = played(start, letters)
    assert end.is_goal()
    assert move_string(start, blank_path) == to_notation(letters) == case["compressed"]  # as Slidysim writes it
    assert parse_moves(move_string(start, blank_path, "blank"), "blank") == letters
    answer = js["solutions"][index]
    assert answer["letters"] == letters and answer["written"] == case["compressed"]
    assert (answer["parsed"]["width"], answer["parsed"]["height"], answer["parsed"]["tiles"]) == (
        position.width, position.height, list(position.tiles))
    assert answer["solved"] is (True if position.n else None)


@pytest.mark.parametrize("index", range(len(CASES["applied"])), ids=ids("applied", "source"))
def test_slidys_moves_played_where_slidy_plays_them(js, index):
    case = CASES["applied"][index]
    position = parse_position(case["start"])
    done = played(Board.from_tiles(position.tiles, width=position.width), parse_moves(case["moves"]))
    answer = js["applied"][index]
    if case.get("legal") is False:
        assert done is None and answer is None
        return
    board, _ = done
    if "after" in case:
        assert list(board.tiles) == case["after"]
    if "blank" in case:
        assert board.blank == case["blank"]
    for cell, tile in case.get("tile_at", {}).items():
        assert board.tiles[int(cell)] == tile
    assert answer == (list(board.tiles) if position.n else "rectangle")
