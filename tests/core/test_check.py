"""The answer checker judges a program's output as algs4's PuzzleChecker would: right, or the first thing wrong.

A right answer is valid and optimal, or a true "No solution possible".  A wrong one is told its first bad
step by number (not one slide, a wrong start, an end that is not the goal), its stated count against the
moves it shows, and the optimum when it is valid but longer.  Text that is not an answer at all gets one
sentence naming the line.  The optimum comes from the policy; these specifications check it against the
tests' own breadth-first distances.
"""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzlesolver import cli, policy
from puzzlesolver.board import Board
from puzzlesolver.check import AnswerFormatError, check
from puzzlesolver.notation import move_string, parse_moves
from puzzlesolver.formats import BoardPuzzle, WordPuzzle
from spec_helpers import BENCHMARKS, slide_neighbors

PUZZLE04 = BoardPuzzle(3, (0, 1, 3, 4, 2, 5, 7, 8, 6))
UNSOLVABLE = BoardPuzzle(3, (1, 2, 3, 4, 6, 5, 7, 8, 0))  # puzzle3x3-unsolvable.txt
# The seeds' sample output for puzzle04 (seed 002, `java-algs4 Solver puzzle04.txt`): a blank line after each board.
PUZZLE04_BOARDS = ["0 1 3/4 2 5/7 8 6", "1 0 3/4 2 5/7 8 6", "1 2 3/4 0 5/7 8 6", "1 2 3/4 5 0/7 8 6",
                   "1 2 3/4 5 6/7 8 0"]


def algs4(boards, count=None, size=True, rows_end=" \n", after_board="\n"):
    """Output in the algs4 layout: the count line, then each board (size line, rows of '%2d ') and a blank line."""
    out = "" if count is None else f"Minimum number of moves = {count}\n"
    for board in boards:
        rows = [row.split() for row in board.split("/")]
        out += (f"{len(rows)}\n" if size else "") + "".join(
            "".join(f"{int(t):2d} " for t in row).rstrip() + rows_end for row in rows) + after_board
    return out


def solved_output(puzzle) -> str:
    """The command line's own algs4 output for ``puzzle``, from the policy."""
    return cli.render_text(policy.solve(puzzle))


# -- right answers, in the layouts programs print ---------------------------------------------------------

@pytest.mark.parametrize("layout", [
    pytest.param(lambda: algs4(PUZZLE04_BOARDS, 4), id="the seeds' sample output"),
    pytest.param(lambda: solved_output(PUZZLE04), id="this solver's output"),
    pytest.param(lambda: algs4(PUZZLE04_BOARDS, 4, size=False), id="no size lines (CS61B)"),
    pytest.param(lambda: algs4(PUZZLE04_BOARDS, 4, after_board=""), id="no blank lines"),
    pytest.param(lambda: algs4(PUZZLE04_BOARDS) + "Minimum number of moves = 4\n", id="the count last"),
    pytest.param(lambda: algs4(PUZZLE04_BOARDS, 4).replace("\n", "\r\n").replace(" ", "\t"), id="CRLF and tabs"),
    pytest.param(lambda: "\n\n  minimum number of moves: 4.\n\n" + "\n".join(PUZZLE04_BOARDS) + "\n\n", id="slashes"),
    pytest.param(lambda: "Minimum number of moves = 4\n" + "\n".join(b.replace("/", " ") for b in PUZZLE04_BOARDS),
                 id="one board per line"),
    pytest.param(lambda: "\n".join(PUZZLE04_BOARDS), id="boards only, no count"),
    pytest.param(lambda: "L U L U", id="a move string"),
    pytest.param(lambda: "l,u, l,u\n", id="lower case and commas"),
])
def test_a_right_answer_is_valid_and_optimal_in_every_layout(layout):
    verdict = check(layout(), PUZZLE04)
    assert verdict.right and verdict.status == "optimal", verdict.message
    assert (verdict.given, verdict.optimum) == (4, 4)
    assert verdict.message == "Right: 4 moves, valid and optimal."


def test_a_move_string_read_in_the_blanks_convention_says_so():
    verdict = check("R D R D", PUZZLE04)
    assert verdict.right and verdict.status == "optimal" and (verdict.given, verdict.optimum) == (4, 4)
    assert verdict.convention == "blank"
    assert verdict.message == ("Right: 4 moves, valid and optimal. The letters were read as the way the blank moves, "
                               "since read as the way the tiles move they do not solve the puzzle.")
    assert check("L U L U", PUZZLE04).convention == "tile"
    assert check("R D R D", PUZZLE04, convention="tile").status == "illegal-move"  # forced: read as tiles


def test_counts_in_a_move_string_repeat_the_letter():
    puzzle = BoardPuzzle(3, (1, 2, 3, 4, 5, 6, 0, 7, 8))
    assert check("L2", puzzle).right and check("LL", puzzle).right
    assert parse_moves("R3 D2 L") == "rrrddl" and parse_moves("L3U2R", "blank") == "rrrddl"


def test_the_goal_itself_takes_zero_moves():
    assert check("Minimum number of moves = 0\n3\n1 2 3\n4 5 6\n7 8 0\n", BoardPuzzle(3, (1, 2, 3, 4, 5, 6, 7, 8, 0))).right


# -- wrong answers: the first bad step ------------------------------------------------------------------

def test_a_board_two_slides_away_is_the_first_bad_move_by_number_and_line():
    boards = PUZZLE04_BOARDS[:2] + PUZZLE04_BOARDS[3:]  # board 3 left out: move 2 jumps two slides
    verdict = check(algs4(boards, 3), PUZZLE04)
    assert not verdict.right and verdict.status == "illegal-move"
    assert verdict.first_bad == 2 and verdict.line == 12  # board 3 starts with its size line, line 12
    assert verdict.message == ("Move 2 (to the board on line 12) is not one slide: 3 cells changed, but a slide "
                               "changes two: the blank's and one tile's.")


@pytest.mark.parametrize("bad_board, reason", [
    ("1 0 3/4 2 5/7 8 6", "the board did not change"),
    ("1 5 3/4 2 0/7 8 6", "tile 5 jumped into the blank from a cell that is not next to it"),
])
def test_a_move_that_is_not_one_slide_says_why(bad_board, reason):
    verdict = check(algs4(PUZZLE04_BOARDS[:2] + [bad_board] + PUZZLE04_BOARDS[2:]), PUZZLE04)
    assert verdict.status == "illegal-move" and verdict.first_bad == 2 and reason in verdict.message


def test_a_board_with_a_repeated_tile_is_a_bad_move():
    verdict = check(algs4(PUZZLE04_BOARDS[:1] + ["1 1 3/4 2 5/7 8 6"] + PUZZLE04_BOARDS[2:]), PUZZLE04)
    assert verdict.status == "illegal-move" and verdict.first_bad == 1
    assert verdict.message == "Board 2 (line 6) is not a board: Tile 1 appears twice in the board."


def test_the_wrong_start_is_move_zero():
    verdict = check(algs4(PUZZLE04_BOARDS[1:], 3), PUZZLE04)
    assert verdict.status == "wrong-start" and verdict.first_bad == 0 and verdict.line == 2
    assert verdict.message == "The first board (line 2) is not the puzzle's start."


def test_an_answer_that_stops_short_of_the_goal():
    verdict = check(algs4(PUZZLE04_BOARDS[:-1], 3), PUZZLE04)
    assert verdict.status == "not-at-goal" and verdict.first_bad == 3
    assert verdict.message == "The last board (line 17) is not the goal."
    assert check("L U L", PUZZLE04).message == "After the 3 moves the board is not the goal."


def test_a_move_string_that_slides_off_the_board():
    verdict = check("L U U U", PUZZLE04, convention="tile")
    assert verdict.status == "illegal-move" and verdict.first_bad == 4
    assert verdict.message == "Move 4 cannot be made: no tile is below the blank to slide up."


# -- wrong answers: counts and length -------------------------------------------------------------------

def test_a_valid_answer_longer_than_the_optimum_names_the_optimum():
    detour = PUZZLE04_BOARDS[:2] + ["0 1 3/4 2 5/7 8 6", "1 0 3/4 2 5/7 8 6"] + PUZZLE04_BOARDS[2:]
    verdict = check(algs4(detour, 6), PUZZLE04)
    assert not verdict.right and verdict.status == "longer" and (verdict.given, verdict.optimum) == (6, 4)
    assert verdict.message == "Valid, but not optimal: 6 moves where 4 suffice."
    assert check("L R L U L U", PUZZLE04).message == "Valid, but not optimal: 6 moves where 4 suffice."


def test_a_count_that_differs_from_the_boards_shown_is_wrong_even_when_they_are_optimal():
    verdict = check(algs4(PUZZLE04_BOARDS, 5), PUZZLE04)
    assert not verdict.right and verdict.status == "miscounted" and (verdict.stated, verdict.given) == (5, 4)
    assert verdict.message == "The moves are valid, but the answer says 5 and shows 4 (which is optimal)."
    longer = PUZZLE04_BOARDS[:2] + ["0 1 3/4 2 5/7 8 6", "1 0 3/4 2 5/7 8 6"] + PUZZLE04_BOARDS[2:]
    assert check(algs4(longer, 4), PUZZLE04).message == ("The moves are valid, but the answer says 4 and shows 6; "
                                                          "the optimum is 4.")


# -- "No solution possible" -----------------------------------------------------------------------------

@pytest.mark.parametrize("claim", ["No solution possible", "no solution possible.\n", "Unsolvable puzzle",
                                   "Minimum number of moves = -1"])
def test_a_true_no_solution_claim_is_right(claim):
    verdict = check(claim, UNSOLVABLE)
    assert verdict.right and verdict.status == "no-solution" and verdict.solvable is False
    assert verdict.message == "Right: this board has no solution."


def test_a_false_no_solution_claim_is_wrong_and_names_the_optimum():
    verdict = check("No solution possible\n", PUZZLE04)
    assert not verdict.right and verdict.status == "missed-solution" and verdict.optimum == 4
    assert verdict.message == "Wrong: this board has a solution, of 4 moves at best."


def test_moves_for_an_unsolvable_board_are_wrong_whatever_they_show():
    verdict = check(algs4(["1 2 3/4 6 5/7 8 0", "1 2 3/4 6 0/7 8 5"], 1), UNSOLVABLE)
    assert verdict.status == "unsolvable" and not verdict.right and verdict.first_bad == 1
    assert verdict.message.startswith("Wrong: this board has no solution, so the right output is 'No solution "
                                      "possible'; besides, the last board (line 7) is not the goal.")


# -- text that is not an answer: one sentence naming the line ----------------------------------------------

@pytest.mark.parametrize("text, message", [
    ("", "The answer is empty: paste the program's output"),
    ("  \n\n", "The answer is empty"),
    ("Minimum number of moves = 4\n3\n0 1 3\n4 2\n7 8 6\n", "Line 4 has 2 numbers, but a row of this 3x3 board has 3."),
    ("3\n0 1 3\n4 two 5\n7 8 6\n", "Line 3: 'two' is not a whole number."),
    ("4\n0 1 3 4\n", "Line 1: the size line says 4, but the puzzle is 3x3."),
    ("3\n0 1 3\n4 2 5\n", "Line 1: the board there has 2 rows, not 3."),
    ("Minimum number of moves = 4\n", "Line 1: the move count is not followed by the solution."),
    ("Minimum number of moves = 4\n0 1 3 4 2 5 7 8 6\nMinimum number of moves = 4\n",
     "Line 3: the answer states its move count twice."),
    ("0 1 3 4 2 5 7 8 6\nMinimum number of moves = 1\n1 0 3 4 2 5 7 8 6\n",
     "Line 2: the move count belongs on the first or the last line."),
    ("Minimum moves: 4\nL U L U\n", "Line 1: \"M\" is not a move"),
    ("Number of moves is 4\n", "Line 1: the move count must read 'Minimum number of moves = N'."),
    ("L U X", "Line 1: \"X\" is not a move: use U, D, L and R, each optionally followed by a count."),
    ("L U\n3R", "Line 2: a count must follow a letter, as in R3."),
    ("R0", "Line 1: the count 0 must be from 1 to 10,000."),
    ("Minimum number of moves = 4\nNo solution possible\n", "Line 2: the answer states a move count and also"),
    ("L U L U\nNo solution possible\n", "Line 2: 'no solution' cannot come with a solution."),
])
def test_malformed_answers_get_one_sentence_naming_the_line(text, message):
    with pytest.raises(AnswerFormatError) as raised:
        check(text, PUZZLE04)
    assert str(raised.value).startswith(message)
    assert str(raised.value).count(". ") == 0 and "\n" not in str(raised.value)


# -- word ladders -----------------------------------------------------------------------------------------

LADDER_WORDS = frozenset("horse hose hole cole core cure pure purse nurse house home come".split())
HORSE_NURSE = WordPuzzle("horse", "nurse", LADDER_WORDS)
LADDER = ["horse", "hose", "hole", "cole", "core", "cure", "pure", "purse", "nurse"]


@pytest.mark.parametrize("text", [
    "Minimum number of moves = 8\n" + "\n".join(LADDER) + "\n",
    " -> ".join(LADDER), ", ".join(LADDER).upper(),
])
def test_a_shortest_ladder_is_right(text):
    verdict = check(text, HORSE_NURSE)
    assert verdict.right and verdict.form == "ladder" and verdict.message == "Right: 8 moves, valid and optimal."


@pytest.mark.parametrize("words, status, move, message", [
    (["house"] + LADDER[1:], "wrong-start", 0, "The ladder starts with 'house' (line 1), not 'horse'."),
    (LADDER[:3] + ["holx"] + LADDER[3:], "illegal-move", 3, "Step 3: 'holx' (line 4) is not a word of the dictionary."),
    (LADDER[:3] + LADDER[4:], "illegal-move", 3, "Step 3: 'hole' to 'core' (line 4) is 2 edits, not one."),
    (LADDER[:3] + ["hole"] + LADDER[3:], "illegal-move", 3, "Step 3: 'hole' to 'hole' (line 4) is the same word twice."),
    (LADDER[:-1], "not-at-goal", 7, "The ladder ends with 'purse' (line 8), not 'nurse'."),
])
def test_a_wrong_ladder_names_its_first_bad_step(words, status, move, message):
    verdict = check("\n".join(words), HORSE_NURSE)
    assert (verdict.status, verdict.first_bad, verdict.message) == (status, move, message)


def test_a_longer_ladder_and_a_miscounted_one():
    longer = ["horse", "house", "horse"] + LADDER[1:]
    assert check("\n".join(longer), HORSE_NURSE).message == "Valid, but not optimal: 10 moves where 8 suffice."
    assert check("Minimum number of moves = 9\n" + "\n".join(LADDER), HORSE_NURSE).status == "miscounted"


def test_no_ladder_claims():
    island = WordPuzzle("horse", "come", frozenset({"horse", "come"}))
    assert check("No solution possible", island).message == \
        "Right: there is no ladder between these words in this dictionary."
    assert check("No solution possible", HORSE_NURSE).message == "Wrong: this ladder has a solution, of 8 moves at best."


def test_a_ladder_with_a_number_is_malformed():
    with pytest.raises(AnswerFormatError, match=r"^Line 2: '4ever' is not a word\.$"):
        check("horse\n4ever\n", HORSE_NURSE)


def test_cs61b_ladders_check_against_their_known_lengths(benchmarks):
    words = str(benchmarks / "cs61b" / "words10000.txt")
    for line in (benchmarks / "cs61b" / "word_puzzles.txt").read_text().splitlines()[:8]:
        if not line.strip() or line.startswith("#"):
            continue
        start, goal, path = [part.strip() for part in line.split(",")[:3]]
        verdict = check(path, WordPuzzle(start, goal, words))  # written as CS61B does: polar-solar
        assert verdict.right, (line, verdict.message)


# -- properties: the solver's own answers always check; corrupted ones never do --------------------------

def solvable_3x3(seed: int) -> BoardPuzzle:
    tiles = list(range(9))
    random.Random(seed).shuffle(tiles)
    board = Board.from_tiles(tiles)
    return BoardPuzzle(3, (board if board.is_solvable() else board.twin()).tiles)


SEEDS = st.integers(min_value=0, max_value=2**32)
SLOW = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SLOW
@given(SEEDS)
def test_the_solvers_own_answers_check_as_valid_and_optimal(seed):
    puzzle = solvable_3x3(seed)
    result = policy.solve(puzzle)
    board = Board.from_tiles(puzzle.tiles)
    for answer in (cli.render_text(result), move_string(board, result.blank_path),
                   move_string(board, result.blank_path, "blank")):
        verdict = check(answer, puzzle)
        assert verdict.right and verdict.optimum == result.moves, (answer, verdict.message)


def test_the_optimum_is_the_true_distance(eight_puzzle_distances):
    for seed in range(30):
        puzzle = solvable_3x3(seed)
        result = policy.solve(puzzle)
        verdict = check(cli.render_text(result), puzzle)
        assert verdict.optimum == eight_puzzle_distances[puzzle.tiles]


def corrupt_boards(boards, rng: random.Random):
    """One random corruption of a list of boards (tuples): drop, repeat, swap tiles, or reorder."""
    boards = list(boards)
    kind = rng.choice(["drop", "repeat", "swap-tiles", "swap-boards", "detour"])
    if kind == "drop":
        del boards[rng.randrange(len(boards))]
    elif kind == "repeat":
        at = rng.randrange(len(boards))
        boards.insert(at, boards[at])
    elif kind == "swap-tiles":
        at = rng.randrange(len(boards))
        cells = list(boards[at])
        i, j = rng.sample([c for c in range(9) if cells[c]], 2)
        cells[i], cells[j] = cells[j], cells[i]
        boards[at] = tuple(cells)
    elif kind == "swap-boards" and len(boards) > 2:
        i, j = rng.sample(range(len(boards)), 2)
        boards[i], boards[j] = boards[j], boards[i]
    else:  # a detour: to a neighbor and back, somewhere on the way
        at = rng.randrange(len(boards))
        side = rng.choice(slide_neighbors(boards[at], 3))
        boards[at + 1:at + 1] = [side, boards[at]]
    return boards, kind


@SLOW
@given(SEEDS, SEEDS)
def test_a_randomly_corrupted_answer_is_always_caught(seed, corruption):
    puzzle = solvable_3x3(seed)
    result = policy.solve(puzzle)
    boards = [board.tiles for board in result.states()]
    rng = random.Random(corruption)
    changed, kind = corrupt_boards(boards, rng)
    if changed == boards:
        return  # a swap of two equal boards (a one-board answer): nothing was corrupted
    as_text = ["/".join(" ".join(map(str, b[r * 3:r * 3 + 3])) for r in range(3)) for b in changed]
    for count in (len(changed) - 1, result.moves):  # honest about the boards shown, or claiming the optimum
        try:
            verdict = check(algs4(as_text, count), puzzle)
        except AnswerFormatError:
            continue  # the only board of a 0-move answer dropped: no boards left, which is caught too
        assert not verdict.right, (kind, verdict.message)


@SLOW
@given(SEEDS, SEEDS)
def test_a_move_string_with_one_letter_changed_is_always_caught(seed, corruption):
    puzzle = solvable_3x3(seed)
    result = policy.solve(puzzle)
    letters = parse_moves(move_string(Board.from_tiles(puzzle.tiles), result.blank_path))
    if not letters:
        return
    rng = random.Random(corruption)
    at = rng.randrange(len(letters))
    letters = letters[:at] + rng.choice([c for c in "udlr" if c != letters[at]]) + letters[at + 1:]
    assert not check(letters, puzzle, convention="tile").right
    assert not check(letters, puzzle).right or check(letters, puzzle).convention == "blank"


def test_a_ladder_of_the_solver_checks_and_its_corruptions_do_not(benchmarks):
    words = str(benchmarks / "cs61b" / "words10000.txt")
    puzzle = WordPuzzle("stories", "shore", words)
    ladder = policy.solve(puzzle).ladder
    assert check(cli.render_text(policy.solve(puzzle)), puzzle).right
    rng = random.Random(61)
    for _ in range(20):
        broken = list(ladder)
        at = rng.randrange(len(broken))
        broken[at] = broken[at][:-1] if rng.random() < 0.5 else broken[at] + "s"
        assert not check("\n".join(broken), puzzle).right


def test_a_puzzle_with_its_own_goal_is_checked_against_that_goal():
    seed003 = BoardPuzzle(3, (1, 3, 4, 8, 6, 2, 7, 0, 5), (1, 2, 3, 8, 0, 4, 7, 6, 5))  # seed 003's pair, 5 moves
    result = policy.solve(seed003)
    assert check(cli.render_text(result), seed003).right
    assert check(move_string(Board.from_tiles(seed003.tiles, seed003.goal), result.blank_path), seed003).right
    assert check("No solution possible", seed003).status == "missed-solution"


@pytest.mark.parametrize("text", [
    "3\n0 1 3\n4 2 5\n7 8 6\n3\n1 0 3\n4 2 5\n7 8 6\n" * 24_000,   # a million characters of boards
    "1\n" * 499_999, "L R " * 249_999, "R9999" * 200_000, "x" * 999_999, "7" * 999_999,
])
def test_a_huge_answer_is_judged_or_refused_in_about_a_second(text):
    began = time.process_time()
    try:
        check(text, PUZZLE04)
    except AnswerFormatError as error:
        assert "\n" not in str(error)
    assert time.process_time() - began < 2.5  # about 0.6 s on the development machine


def test_an_answer_over_a_million_characters_is_refused_at_once():
    with pytest.raises(AnswerFormatError, match=r"^The answer is over 1,000,000 characters: too long to check\.$"):
        check("L" * 1_000_001, PUZZLE04)
