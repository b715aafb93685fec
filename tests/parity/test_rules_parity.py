"""The rules that exist twice, held to the same cases: in the engine, and in site/core/rules.js and site/core/links.js, which the
page needs before Python has booted (the game is playable at once and links load into the form at once).

Every case in cases.json runs through both languages and both must give its expected answer: solvability
(the parity rule), move legality (the engine's neighbors against the page's direction letters), the sides a
board may have and the sentence for one it may not (board.check_side), the share link grammar read (links.parse_fragment) and written (board_fragment, play_fragment, word_fragment), and the blank's
path in a solver's answer read as moves.  Random boards and
real solver answers (the blank's path, replayed as moves by the page) are compared between the two.
Node runs the JavaScript: one process for the whole module.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from puzzlesolver import grid, webapi
from puzzlesolver.board import Board, BoardError, check_side
from puzzlesolver.links import board_fragment, parse_fragment, play_fragment, word_fragment

HERE = Path(__file__).resolve().parent
CASES = json.loads((HERE / "cases.json").read_text(encoding="utf-8"))
#: The blank's step for each direction letter: the letter names the way the TILE slides, into the blank.
BLANK_STEP = {"l": (0, 1), "r": (0, -1), "u": (1, 0), "d": (-1, 0)}


def random_boards(count: int = 400, seed: int = 20261122) -> list:
    rng = random.Random(seed)
    boards = []
    for _ in range(count):
        n = rng.randint(2, 6)
        tiles = rng.sample(range(n * n), n * n)
        goal = rng.sample(range(n * n), n * n) if rng.random() < 0.3 else None
        boards.append({"n": n, "tiles": tiles, "goal": goal})
    return boards


def random_rectangles(count: int = 200, seed: int = 20261126) -> list:
    """Boards W wide and H high (W != H, each side 2 to 6), `n` their width, some with a goal of their own."""
    rng = random.Random(seed)
    boards = []
    while len(boards) < count:
        width, height = rng.randint(2, 6), rng.randint(2, 6)
        if width == height:
            continue
        cells = width * height
        goal = rng.sample(range(cells), cells) if rng.random() < 0.3 else None
        boards.append({"n": width, "tiles": rng.sample(range(cells), cells), "goal": goal})
    return boards


REPLAYS = [  # boards the worker's solver answers, some with goals it maps onto its tables by symmetry
    {"board": "8 1 3\n4 0 2\n7 6 5"},
    {"board": "1 3 4\n8 6 2\n7 0 5", "goal": "1 2 3\n8 0 4\n7 6 5"},
    {"board": "1 2 3\n4 5 6\n7 8 0", "goal": "0 1 2\n3 4 5\n6 7 8"},
    {"board": "2\n1 2\n0 3"},
    {"board": "8 1 3\n4 0 2\n7 6 5", "heuristic": "hamming", "algorithm": "astar"},
    {"board": "1 2 3 4\n5 6 7 8\n9 10 0 11\n13 14 15 12", "heuristic": "manhattan"},
    {"board": "1 2 0 4 9\n6 7 3 10 5\n11 12 8 13 15\n16 17 18 14 20\n21 22 23 19 24"},
    {"board": "5 0 7 4\n2 3 1 8\n9 6 10 11"},          # 4 wide, 3 high
    {"board": "6 1\n0 2\n4 8\n3 9\n5 7"},             # 2 wide, 5 high
]


def solved(request: dict) -> dict:
    answer = webapi.answer({"id": "parity", "op": "solve_board", **request})
    if answer["type"] == "fetch":
        pytest.skip("the pattern-database files are not built (python3 build.py)")
    assert answer["status"] == "solved", answer
    return answer


@pytest.fixture(scope="module")
def answers():
    """The solver's answers for REPLAYS (Python)."""
    return [solved(request) for request in REPLAYS]


@pytest.fixture(scope="module")
def js(answers):
    """Every case's answer from site/core/rules.js."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed")
    cases = {
        "solvable": CASES["solvable"] + random_boards() + random_rectangles(),
        "moves": CASES["moves"],
        "blank_paths": CASES["blank_paths"],
        "shapes": CASES["shapes"],
        "links": CASES["links"],
        "written": CASES["written"],
        "replays": [{"n": a["board"]["n"], "tiles": a["board"]["tiles"], "blank_path": a["blank_path"]} for a in answers],
    }
    run = subprocess.run([node, str(HERE / "rules_cases.mjs")], input=json.dumps(cases), capture_output=True,
                         text=True, encoding="utf-8", timeout=120)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def case_id(case: dict) -> str:
    return case.get("link") or json.dumps(case.get("board") or case.get("words") or case["tiles"])[:60]


# -- parity ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("index", range(len(CASES["solvable"])), ids=lambda i: case_id(CASES["solvable"][i]))
def test_solvability(js, index):
    case = CASES["solvable"][index]
    assert Board.from_tiles(case["tiles"], case["goal"]).is_solvable() is case["solvable"]
    assert js["solvable"][index] is case["solvable"]


def test_solvability_of_random_boards_and_goals(js):
    boards = random_boards()
    python = [Board.from_tiles(b["tiles"], b["goal"]).is_solvable() for b in boards]
    first = len(CASES["solvable"])
    assert js["solvable"][first:first + len(boards)] == python
    assert 0.3 < sum(python) / len(python) < 0.7


def test_solvability_of_random_rectangles_and_goals(js):
    """The page's parity rule, given a rectangle's width (rules.js's n), says what the engine's says."""
    boards = random_rectangles()
    python = [Board.from_tiles(b["tiles"], b["goal"], width=b["n"]).is_solvable() for b in boards]
    assert js["solvable"][len(CASES["solvable"]) + len(random_boards()):] == python
    assert 0.3 < sum(python) / len(python) < 0.7


# -- moves -------------------------------------------------------------------------------------------

def python_moves(n: int, tiles: list, moves: str):
    """The tiles after `moves`, each one of the engine's own neighbors, or None when one is not."""
    board = Board.from_tiles(tiles)
    for letter in moves:
        dr, dc = BLANK_STEP[letter]
        row, col = divmod(board.blank, n)
        if not (0 <= row + dr < n and 0 <= col + dc < n):
            return None
        target = (row + dr) * n + col + dc
        board = next((b for b in board.neighbors() if b.blank == target), None)
        if board is None:
            return None
    return list(board.tiles)


@pytest.mark.parametrize("index", range(len(CASES["moves"])), ids=lambda i: CASES["moves"][i]["moves"] or "none")
def test_move_legality(js, index):
    case = CASES["moves"][index]
    assert python_moves(case["n"], case["tiles"], case["moves"]) == case["after"]
    assert js["moves"][index] == case["after"]


def python_blank_walk(tiles: list, blank_path: list):
    """The tiles after the blank walks `blank_path` through the engine's neighbors, or None."""
    board = Board.from_tiles(tiles)
    for cell in blank_path:
        board = next((b for b in board.neighbors() if b.blank == cell), None)
        if board is None:
            return None
    return list(board.tiles)


@pytest.mark.parametrize("index", range(len(CASES["blank_paths"])), ids=lambda i: str(CASES["blank_paths"][i]["moves"]))
def test_blank_paths_read_as_moves(js, index):
    """The solver answers with the blank's cells; the page reads them as direction letters, or refuses them."""
    case = CASES["blank_paths"][index]
    walked = python_blank_walk(case["tiles"], case["blank_path"])
    assert (walked is None) == (case["moves"] is None)
    if walked is not None:
        assert python_moves(case["n"], case["tiles"], case["moves"]) == walked
    assert js["blankPaths"][index] == case["moves"]


def test_solver_answers_replay_as_moves_in_the_page(js, answers):
    """A solved board's blank_path, turned into moves and played by the page's rules (rules.js), passes through
    the boards the engine's own rule (grid.tiles_along) makes of it."""
    for answer, replayed in zip(answers, js["replays"]):
        board = answer["board"]   # its n: tiles to a row (a rectangle's width)
        engine_path = [list(tiles) for tiles in grid.tiles_along(board["tiles"], answer["blank_path"], board["n"])]
        assert replayed == engine_path, answer["method"]
        assert len(answer["blank_path"]) == answer["moves"]


# -- shapes ------------------------------------------------------------------------------------------

def python_shape_refusal(width: int, height: int):
    """board.check_side's sentence for a W x H shape, or None when it takes it."""
    try:
        check_side(width, height=height)
    except BoardError as error:
        return str(error)
    return None


@pytest.mark.parametrize("index", range(len(CASES["shapes"])),
                         ids=lambda i: f'{CASES["shapes"][i]["width"]}x{CASES["shapes"][i]["height"]}')
def test_the_sides_a_board_may_have_and_the_sentence_for_one_it_may_not(js, index):
    case = CASES["shapes"][index]
    assert python_shape_refusal(case["width"], case["height"]) == case["refused"]
    assert js["shapes"][index] == case["refused"]


# -- links -------------------------------------------------------------------------------------------

def sentence(message: str) -> str:
    """The engine's message as the page shows it: capitalised, one sentence with its full stop."""
    message = message[0].upper() + message[1:]
    return message if message.endswith(".") else message + "."


def python_link(link: str) -> dict:
    try:
        parsed = parse_fragment(link)
    except ValueError as error:  # PuzzleFormatError and BoardError: a message for a person
        return {"refused": sentence(str(error))}
    parsed = {key: list(value) if isinstance(value, tuple) else value for key, value in parsed.items()}
    return {"parsed": parsed}


def expected_link(case: dict) -> dict:
    return {"parsed": case["parsed"]} if "parsed" in case else {"refused": case["refused"]}


@pytest.mark.parametrize("index", range(len(CASES["links"])), ids=lambda i: CASES["links"][i]["link"][:60])
def test_link_grammar(js, index):
    case = CASES["links"][index]
    if case.get("only") != "js":
        assert python_link(case["link"]) == expected_link(case)
    if case.get("only") != "python":
        assert js["links"][index] == expected_link(case)
    if case.get("only") == "js" and "parsed" in case:  # a game the page opens is a board the engine can solve
        game = case["parsed"]
        assert Board.from_tiles(game["tiles"], game["goal"]).is_solvable()
        assert python_moves(game["n"], game["tiles"], game["moves"]) is not None


@pytest.mark.parametrize("index", range(len(CASES["written"])), ids=lambda i: CASES["written"][i]["link"])
def test_links_written(js, index):
    case = CASES["written"][index]
    if "board" in case:
        board = case["board"]
        python = board_fragment(board["n"], board["tiles"], board.get("goal"), board.get("heuristic"))
    elif "play" in case:
        python = play_fragment(**case["play"])
    else:
        python = word_fragment(**case["words"])
    assert python == case["link"]
    assert js["written"][index] == case["link"]
    assert python_link(case["link"])["parsed"]["kind"] in ("board", "words", "play")
