"""Replays (site/core/replay.js, under Node through replay_cases.mjs): real Slidysim world-record links from 4x4
to 20x20 (slidysim_links.json, each naming its repository@commit and file) read as what they say, play to the
solved board and come back from both links we write; pasted solutions with their scrambles; every damaged link
refused in one sentence; and a 20x20 world record of 14,203 moves imported without holding the page.

What a link "says" is read here again, in Python, from the link itself: Slidysim's layout (its
modules/replayGeneration.js, dphdmn/slidyreplay's replay_generator.py) is a JSON list whose first element holds
width, height, time (ms), moves x1000 and TPS x1000, and whose second is base64 of zlib of
"solution;time s;moves;tps;BLD memo;[move times ms]".  The scramble is not stored: it is the solved board with
the solution undone, which this file works out on its own (and plays through the engine's Board).
"""

from __future__ import annotations

import base64
import json
import re
import shutil
import subprocess
import zlib
from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import quote, unquote

import pytest

from puzzlesolver.board import Board

HERE = Path(__file__).resolve().parent
REAL = json.loads((HERE / "slidysim_links.json").read_text(encoding="utf-8"))["links"]
NOTATION = json.loads((HERE.parent / "parity" / "notation_cases.json").read_text(encoding="utf-8"))
SLIDYSIM = "https://slidysim.github.io/replay?r="
#: The blank's step for a letter in the tile convention (a tile sliding right came from the blank's left).
BLANK_STEP = {"L": 1, "R": -1, "U": "+row", "D": "-row"}
ONE_SENTENCE = re.compile(r"^[A-Z][^\n]*[.]$")


# -- Slidysim's layout, written and read in Python -----------------------------------------------------

def packed(data) -> str:
    """base64 of zlib of JSON (or of text), as Slidysim's compressArrayToString before its encodeURIComponent."""
    text = data if isinstance(data, str) else json.dumps(data)
    return base64.b64encode(zlib.compress(text.encode(), 9)).decode()


def link_of(data) -> str:
    return SLIDYSIM + quote(packed(data), safe="")


def data_of(link: str):
    return json.loads(zlib.decompress(base64.b64decode(unquote(link.split("r=", 1)[1]))))


def solve_data(data) -> tuple[str, list[int]]:
    """A leaderboard replay's solution (as written) and its move times."""
    text = zlib.decompress(base64.b64decode(data[1])).decode()
    return text.split(";")[0], json.loads(text[text.index("["):text.rindex("]") + 1])


def expanded(solution: str) -> str:
    return re.sub(r"([UDLR])(\d+)", lambda m: m.group(1) * int(m.group(2)), solution)


def undone(solution: str, width: int, height: int):
    """Slidysim's parseScramble: the solved board with the solution undone, last move first; or the index of
    the solution's move whose undoing takes the blank off the board."""
    tiles = list(range(1, width * height)) + [0]
    blank = width * height - 1
    moves = expanded(solution)
    for index in range(len(moves) - 1, -1, -1):
        back = {"L": "R", "R": "L", "U": "D", "D": "U"}[moves[index]]
        row, col = divmod(blank, width)
        row2, col2 = row + {"U": 1, "D": -1}.get(back, 0), col + {"L": 1, "R": -1}.get(back, 0)
        if not (0 <= row2 < height and 0 <= col2 < width):
            return index
        cell = row2 * width + col2
        tiles[blank], tiles[cell] = tiles[cell], 0
        blank = cell
    return tiles


def with_solve(data, solution=None, times=None, score=None):
    """A copy of a leaderboard replay with its solve data (or score) changed."""
    old_solution, old_times = solve_data(data)
    solution = old_solution if solution is None else solution
    times = old_times if times is None else times
    inner = f"{solution};1.000;1;1.000;-1.000;[{','.join(str(t) for t in times)}]"
    return [dict(data[0], **(score or {})), packed(inner)] + data[2:]


# -- the cases, answered by one Node process ------------------------------------------------------------

WR7 = next(case for case in REAL if case["width"] == 7)
WR4 = next(case for case in REAL if case["width"] == 4)
D7, D4 = data_of(WR7["link"]), data_of(WR4["link"])
VALUE7 = WR7["link"].split("r=", 1)[1]
GOAL3 = "1 2 3/4 5 6/7 8 0"


def fragment_of(text: str) -> str:
    return "#replay=" + base64.urlsafe_b64encode(zlib.compress(text.encode())).decode().rstrip("=")


DAMAGED = "This replay link is damaged"
CORRUPT = {
    "nothing pasted": ("  ", "Paste a slidysim replay link, a #replay= link or a solution first."),
    "not a link": ("hello world", "This is not a replay link: paste a slidysim replay link (…/replay?r=…) or a #replay= link."),
    "a solution without its scramble": ("R2D2 L2U2", "This is a solution, not a replay link: give its scramble with it."),
    "a character outside base64": (SLIDYSIM + VALUE7[:40] + "*" + VALUE7[40:], f"{DAMAGED}: its data is not base64."),
    "base64 cut one character past a block": (SLIDYSIM + unquote(VALUE7)[:41], f"{DAMAGED}: its data is not base64."),
    "base64 of bytes that are not zlib": (SLIDYSIM + base64.b64encode(b"not zlib at all").decode(), f"{DAMAGED}: its data does not decompress."),
    "zlib cut in half": (SLIDYSIM + quote(base64.b64encode(base64.b64decode(unquote(VALUE7))[:500]).decode(), safe=""),
                         f"{DAMAGED}: its data does not decompress."),
    "a solve data that is not zlib": (link_of([D7[0], base64.b64encode(b"hello").decode()] + D7[2:]), f"{DAMAGED}: its data does not decompress."),
    "text that is not JSON": (SLIDYSIM + quote(packed("not json"), safe=""), f"{DAMAGED}: its data is not laid out as a slidysim replay."),
    "a JSON object": (link_of({"width": 7, "height": 7}), f"{DAMAGED}: its data is not laid out as a slidysim replay."),
    "a list too short": (link_of(["R2D2L2U2"]), f"{DAMAGED}: its data is not laid out as a slidysim replay."),
    "a score that is not an object": (link_of([7] + D7[1:]), f"{DAMAGED}: its data is not laid out as a slidysim replay."),
    "a solve data that is not text": (link_of([D7[0], 5] + D7[2:]), f"{DAMAGED}: its data is not laid out as a slidysim replay."),
    "a custom replay whose solution is a number": (link_of([42, 15000, GOAL3, -1]), f"{DAMAGED}: its data is not laid out as a slidysim replay."),
    "a custom replay without a scramble": (link_of(["R2D2L2U2", 15000, None, -1]), f"{DAMAGED}: its data is not laid out as a slidysim replay."),
    "a letter that is not a move": (link_of(with_solve(D4, solution="R2X")),
                                    f'{DAMAGED}: "X" is not a move: use U, D, L and R, each optionally followed by a count.'),
    "an average of two solves": (link_of(with_solve(D4, solution="R2ULD,R2ULD")),
                                 "This replay holds 2 solves (an average or a relay); only a single solve can be imported."),
    "fewer move times than moves": (link_of(with_solve(D4, times=[0, 5, 28])), f"{DAMAGED}: it has 3 move times for 26 moves."),
    "move times running backwards": (link_of(with_solve(D4, times=[0, 5, 28, 27] + list(range(100, 122)))),
                                     f"{DAMAGED}: its move times do not run forward."),
    "a 7x7 solution on a 3x3 board": (link_of(with_solve(D7, score={"width": 3, "height": 3})),
                                      f"This replay cannot be played on a 3x3 board: move {undone(solve_data(D7)[0], 3, 3) + 1} "
                                      f"({expanded(solve_data(D7)[0])[undone(solve_data(D7)[0], 3, 3)]}) has no tile to slide."),
    "a custom replay's move off the board": (link_of(["R3", 15000, GOAL3, -1]),
                                             "This replay cannot be played on a 3x3 board: move 3 (R) has no tile to slide."),
    "a custom replay not ending solved": (link_of(["R", 15000, "1 2 3/4 5 6/7 0 8", -1]),
                                          "This solution does not solve its scramble: after its 1 move the board is not in order."),
    "a 21x3 leaderboard replay": (link_of(with_solve(D4, score={"width": 21, "height": 3})),
                                  "Boards up to 20x20 are supported (each side 2 to 20); this board is 21x3."),
    "a 21x3 custom replay": (link_of(["R", 15000, "/".join([" ".join(map(str, range(i * 21, i * 21 + 21))) for i in range(3)]), -1]),
                             "Boards up to 20x20 are supported (each side 2 to 20); this board is 21x3."),
    "a 1x5 leaderboard replay": (link_of(with_solve(D4, score={"width": 1, "height": 5})),
                                 "A board needs at least 2 rows and 2 columns; this one is 1x5."),
    "a custom replay's bad scramble": (link_of(["R", 15000, "1 2 3/4 5 6/7 0 0", -1]),
                                       f"{DAMAGED}: tile 8 is missing: a 3x3 position uses 0 to 8 once each."),
    "moves past the limit, in a small link": (link_of(with_solve(D4, solution="R10000" * 21)),
                                              "This replay has 210,000 moves; at most 200,000 can be imported."),
    "a zlib bomb": (link_of(" " * (5 * 1024 * 1024)), "This replay link is too large to import: it unpacks to over 4 MB."),
    "our link, not base64": ("#replay=@@@@", f"{DAMAGED}: its data is not base64."),
    "our link, not zlib": ("#replay=AAAAAAAA", f"{DAMAGED}: its data does not decompress."),
    "our link from a newer page": (fragment_of("3;3x3;1000;R2D2;0,500"), "This replay link was written by a newer version of this page."),
    "our link of version 2 without its about": (fragment_of("2;3x3;1000;R2D2L2U2;0,1,1,1,1,1,1,1"),
                                                 f"{DAMAGED}: its data is not laid out as this page's replays are."),
    "our link of another shape": (fragment_of("1;3x3;1000"), f"{DAMAGED}: its data is not laid out as this page's replays are."),
    "our link's times that are not numbers": (fragment_of("1;3x3;1000;R2D2L2U2;0,a"),
                                               f"{DAMAGED}: its data is not laid out as this page's replays are."),
    "our link's move off the board": (fragment_of("1;7x7;;R;"), "This replay cannot be played on a 7x7 board: move 1 (R) has no tile to slide."),
    "our link's times short of its moves": (fragment_of("1;3x3;500;LU;0"), f"{DAMAGED}: it has 1 move time for 2 moves."),
    "our link on a 3x21 board": (fragment_of("1;3x21;;U;0"), "Boards up to 20x20 are supported (each side 2 to 20); this board is 3x21."),
}

#: The 4x4 world record pasted in the forms a link travels in: the r= value alone, the value percent-decoded,
#: Slidysim's other addresses (slidysim.online, its leaderboard page, slidyreplay's ?replay=), with spaces.
PASTED_4X4 = {
    "the r= value alone": WR4["link"].split("r=", 1)[1],
    "the value percent-decoded": unquote(WR4["link"].split("r=", 1)[1]),
    "slidysim.online's leaderboard": WR4["link"].replace("https://slidysim.github.io/replay?", "https://slidysim.online/lb?x=1&"),
    "slidyreplay's ?replay=": WR4["link"].replace("replay?r=", "?replay="),
    "with blanks around it": "\n  " + WR4["link"] + "  \n",
}

#: Leaderboard links whose about (who, when, the video) comes from outside: each kept only as far as it checks out.
ABOUT = {
    "markup in the name is kept as text": (
        {"nameFilter": '<img src=x onerror="alert(1)">'}, {}, {"by": '<img src=x onerror="alert(1)">'}),
    "the title's name when the score has none, tags left out": (
        {"nameFilter": None, "videolink": None, "timestamp": None},
        {6: '<span class="alpha"><span class="WRPB">[WR] </span>Solve by vovker</span>'}, {"by": "vovker"}),
    "a name cut at 40 characters": ({"nameFilter": "x" * 60}, {}, {"by": "x" * 40}),
    "a javascript: video is dropped": ({"videolink": "javascript:alert(1)"}, {7: "javascript:alert(1)"}, {}),
    "an http: video is dropped": ({"videolink": "http://youtu.be/x"}, {7: -1}, {}),
    "the link's own video when the score has none": ({"videolink": None}, {7: "https://youtu.be/abc"}, {"video": "https://youtu.be/abc"}),
    "a timestamp that is not a time is dropped": ({"timestamp": "soon"}, {}, {}),
}


def about_link(score: dict, elements: dict) -> str:
    data = [dict(D4[0], nameFilter=None, videolink=None, timestamp=None)] + D4[1:]
    data[0].update(score)
    data[6], data[7] = "", -1
    for index, value in elements.items():
        data[index] = value
    return link_of(data)


SOLUTIONS = [dict(case) for case in NOTATION["solutions"]]
SOLUTION_CASES = SOLUTIONS + [
    {"solution": "L2U2R2D2", "scramble": "4 1 2/7 5 3/8 6 0", "convention": "blank", "width": 3, "height": 3,
     "note": "slidyreplay's README solution R2D2L2U2, written in the blank's convention"},
    {"solution": "R2D2L2U2", "scramble": "4 1 2/7 5 3/8 6 0", "time_ms": 700, "width": 3, "height": 3, "note": "timed"},
]
SOLUTION_REFUSALS = {
    "a 21x3 scramble": ("R", "/".join(" ".join(map(str, range(i * 21, i * 21 + 21))) for i in range(3)),
                        "Boards up to 20x20 are supported (each side 2 to 20); this board is 21x3."),
    "a move with no tile to slide": ("L", GOAL3, "This replay cannot be played on a 3x3 board: move 1 (L) has no tile to slide."),
    "a solution that stops short": ("R2D2L2U", "4 1 2/7 5 3/8 6 0",
                                    "This solution does not solve its scramble: after its 7 moves the board is not in order."),
    "a letter that is not a move": ("R2Q", GOAL3, '"Q" is not a move: use U, D, L and R, each optionally followed by a count.'),
    "no moves": ("", GOAL3, "This replay has no moves."),
    "a ragged scramble": ("R", "1 2 3/4 5/6 7 0", "Each of the 3 rows needs 3 tiles."),
}


@pytest.fixture(scope="module")
def js():
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed")
    solutions = [{k: case[k] for k in ("solution", "scramble", "convention", "time_ms") if k in case} for case in SOLUTION_CASES]
    solutions += [{"solution": s, "scramble": p} for s, p, _ in SOLUTION_REFUSALS.values()]
    request = {
        "links": [case["link"] for case in REAL] + list(PASTED_4X4.values()) + [text for text, _ in CORRUPT.values()]
                 + [about_link(score, elements) for score, elements, _ in ABOUT.values()],
        "solutions": solutions,
        "timing": [next(case["link"] for case in REAL if case["width"] == 20)],
    }
    run = subprocess.run([node, str(HERE / "replay_cases.mjs")], input=json.dumps(request), capture_output=True,
                         text=True, encoding="utf-8", timeout=300)
    assert run.returncode == 0, run.stderr
    answers = json.loads(run.stdout)
    links = iter(answers["links"])
    answers["real"] = [next(links) for _ in REAL]
    answers["pasted"] = {name: next(links) for name in PASTED_4X4}
    answers["corrupt"] = {name: next(links) for name in CORRUPT}
    answers["about"] = {name: next(links) for name in ABOUT}
    solutions = iter(answers["solutions"])
    answers["solutions"] = [next(solutions) for _ in SOLUTION_CASES]
    answers["solution_refusals"] = {name: next(solutions) for name in SOLUTION_REFUSALS}
    return answers


def slid_to_goal(width: int, tiles: list[int], moves: str) -> bool:
    """Whether the moves (tile convention, l r u d) take the tiles to the goal, by the engine's Board."""
    board = Board.from_tiles(tuple(tiles), width=width)
    for letter in moves:
        row, col = divmod(board.blank, width)
        step = {"l": (0, 1), "r": (0, -1), "u": (1, 0), "d": (-1, 0)}[letter]
        row, col = row + step[0], col + step[1]
        assert 0 <= row < board.height and 0 <= col < width
        board = board.slide(row * width + col)
    return board.is_goal()


# -- real world records ------------------------------------------------------------------------------

@pytest.mark.parametrize("index", range(len(REAL)), ids=lambda i: f"{REAL[i]['width']}x{REAL[i]['height']}")
def test_a_real_link_reads_as_what_it_says_and_plays_to_the_solved_board(js, index):
    case, answer = REAL[index], js["real"][index]
    assert "replay" in answer, answer
    replay, data = answer["replay"], data_of(case["link"])
    score, (solution, times) = data[0], solve_data(data)
    assert score == dict(data[0]) and case["states"] == {"moves_x1000": score["moves"], "time_ms": score["time"],
                                                          "tps_x1000": score["tps"]}
    assert (replay["width"], replay["height"]) == (score["width"], score["height"]) == (data[4], data[5])
    assert replay["stm"] * 1000 == score["moves"]
    assert replay["timeMs"] == score["time"]
    assert round(replay["tps"] * 1000) == score["tps"] == data[3]
    assert replay["mtm"] == len(re.findall("[UDLR]", solution))  # Slidysim writes each run once, with its count
    assert replay["moves"] == expanded(solution).lower()
    assert replay["times"] == times and len(times) == replay["stm"]
    assert replay["scramble"] == undone(solution, score["width"], score["height"])
    assert replay["solved"] is True and replay["final"] == list(range(1, len(replay["final"]))) + [0]
    assert slid_to_goal(replay["width"], replay["scramble"], replay["moves"])
    assert replay["halfway"] != replay["scramble"] and replay["halfway"] != replay["final"]


@pytest.mark.parametrize("index", range(len(REAL)), ids=lambda i: f"{REAL[i]['width']}x{REAL[i]['height']}")
def test_a_real_replay_comes_back_from_both_links_we_write(js, index):
    case, answer = REAL[index], js["real"][index]
    assert answer["fragmentReadsBack"] and answer["slidysimReadsBack"]
    solution, times = solve_data(data_of(case["link"]))
    replay = answer["replay"]
    exported = data_of(answer["slidysim"])  # Slidysim's custom layout, as its Share button writes it
    scramble_text = "/".join(" ".join(map(str, replay["scramble"][r * replay["width"]:(r + 1) * replay["width"]]))
                             for r in range(replay["height"]))
    assert exported == [solution, data_of(case["link"])[0]["tps"], scramble_text, times]
    assert answer["slidysim"].startswith(SLIDYSIM)
    assert answer["fragment"].startswith("#replay=") and re.fullmatch(r"#replay=[A-Za-z0-9_-]+", answer["fragment"])
    assert len(answer["fragment"]) < len(case["link"])


@pytest.mark.parametrize("index", range(len(REAL)), ids=lambda i: f"{REAL[i]['width']}x{REAL[i]['height']}")
def test_a_world_record_keeps_who_solved_it_when_and_its_video_and_our_link_carries_them(js, index):
    case, answer = REAL[index], js["real"][index]
    when = datetime.fromtimestamp(data_of(case["link"])[0]["timestamp"] / 1000, timezone.utc)
    assert answer["about"] == {"by": case["solver"], "date": when.isoformat(timespec="milliseconds").replace("+00:00", "Z"),
                               "video": case["video"]}
    assert answer["fragmentAbout"] == answer["about"]


@pytest.mark.parametrize("name", ABOUT)
def test_what_a_link_says_of_its_solve_is_kept_only_as_far_as_it_checks_out(js, name):
    answer = js["about"][name]
    assert (answer["about"] or {}) == ABOUT[name][2]
    assert answer["fragmentAbout"] == answer["about"]


@pytest.mark.parametrize("form", PASTED_4X4)
def test_a_link_reads_the_same_in_every_form_it_is_pasted_in(js, form):
    assert js["pasted"][form]["replay"] == js["real"][REAL.index(WR4)]["replay"]


# -- damaged links -------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", CORRUPT)
def test_a_damaged_link_gets_one_sentence_and_no_replay(js, name):
    _, sentence = CORRUPT[name]
    assert js["corrupt"][name] == {"refused": sentence}
    assert ONE_SENTENCE.match(sentence) and not re.search(r"[.] [A-Z]", sentence)


# -- pasted solutions ------------------------------------------------------------------------------------

@pytest.mark.parametrize("index", range(len(SOLUTION_CASES)),
                         ids=lambda i: f"{SOLUTION_CASES[i]['width']}x{SOLUTION_CASES[i]['height']}-{i}")
def test_a_pasted_solution_with_its_scramble_is_a_replay(js, index):
    case, answer = SOLUTION_CASES[index], js["solutions"][index]
    replay = answer["replay"]
    assert (replay["width"], replay["height"]) == (int(case["width"]), int(case["height"]))
    assert replay["solved"] is True and slid_to_goal(replay["width"], replay["scramble"], replay["moves"])
    if "compressed" in case:  # a real solution: its letters, and one MTM move per letter Slidysim writes
        assert replay["moves"] == expanded(case["compressed"]).lower()
        assert replay["mtm"] == len(re.findall("[UDLR]", case["compressed"]))
    assert answer["fragmentReadsBack"]
    if "time_ms" in case:
        stm = replay["stm"]
        assert replay["timeMs"] == case["time_ms"] and replay["times"][0] == 0 and replay["times"][-1] == case["time_ms"]
        assert replay["tps"] == pytest.approx(stm * 1000 / case["time_ms"]) and answer["slidysimReadsBack"]
    else:  # untimed: no TPS; Slidysim plays it at its default 15 TPS, so it comes back timed
        assert (replay["times"], replay["timeMs"], replay["tps"]) == (None, None, None)
        assert data_of(answer["slidysim"])[1::2] == [15000, -1] and not answer["slidysimReadsBack"]


def test_the_blank_convention_reads_as_the_tiles_opposite_moves(js):
    replay = js["solutions"][len(SOLUTIONS)]["replay"]
    assert replay["moves"] == "rrddlluu" and replay["mtm"] == 4 and replay["stm"] == 8


@pytest.mark.parametrize("name", SOLUTION_REFUSALS)
def test_a_pasted_solution_that_cannot_be_a_replay_gets_one_sentence(js, name):
    assert js["solution_refusals"][name] == {"refused": SOLUTION_REFUSALS[name][2]}


# -- a big import ------------------------------------------------------------------------------------------

def test_a_20x20_world_record_of_14203_moves_imports_without_holding_the_page(js):
    """No stretch of 200 ms without a turn of the event loop (a task the page could not interrupt), while the
    57 KB link is read, written back both ways and read again."""
    figures = js["timing"][0]
    assert figures["stm"] == 14203 and figures["linkChars"] == 57660
    for step in ("import", "fragment", "slidysim", "importFragment", "importSlidysim"):
        assert figures[step]["longestStretchMs"] < 200, (step, figures)
    print(json.dumps(figures, indent=1))
