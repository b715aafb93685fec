"""Puzzle files and share links: every layout the seeds use is read, every bad input is named."""

import dataclasses

import pytest

from puzzlesolver.board import BoardError
from puzzlesolver.formats import BoardPuzzle, PuzzleFormatError, WordPuzzle, parse_board_text, parse_puzzle_text, plural
from puzzlesolver.links import board_fragment, parse_fragment, word_fragment

PUZZLE04 = "3\n 0  1  3\n 4  2  5\n 7  8  6\n"
SEED003_SAMPLE = "1 3 4\n8 6 2\n7 0 5\n\n1 2 3\n8 0 4\n7 6 5\n"


class TestLayouts:
    def test_princeton_format_is_size_then_tiles(self):
        assert parse_board_text(PUZZLE04) == BoardPuzzle(3, (0, 1, 3, 4, 2, 5, 7, 8, 6), None)

    def test_princeton_tiles_may_be_split_by_any_whitespace(self):
        assert parse_board_text("3\n0 1 3 4\t2 5\n\n7 8 6").tiles == (0, 1, 3, 4, 2, 5, 7, 8, 6)

    def test_princeton_format_may_carry_a_goal_after_the_tiles(self):
        puzzle = parse_board_text("2\n1 0 3 2\n0 1 2 3\n")
        assert puzzle.goal == (0, 1, 2, 3)

    def test_seed003_pair_is_initial_rows_then_goal_rows(self):
        puzzle = parse_board_text(SEED003_SAMPLE)
        assert puzzle == BoardPuzzle(3, (1, 3, 4, 8, 6, 2, 7, 0, 5), (1, 2, 3, 8, 0, 4, 7, 6, 5))

    def test_blank_lines_may_appear_anywhere_in_a_pair(self):
        assert parse_board_text("\n\n1 3 4\n\n8 6 2\n7 0 5\n\n\n1 2 3\n8 0 4\n\n7 6 5\n\n") == \
            parse_board_text(SEED003_SAMPLE)

    def test_bare_rows_are_one_board_with_the_usual_goal(self):
        # seed 000's test01.in
        assert parse_board_text("1  2\n0  3\n") == BoardPuzzle(2, (1, 2, 0, 3), None)

    def test_one_line_of_rows_separated_by_slashes_is_the_games_notation(self):
        assert parse_board_text("1 2 3/4 5 6/7 0 8") == BoardPuzzle(3, (1, 2, 3, 4, 5, 6, 7, 0, 8), None)
        assert parse_board_text(" 1 2 / 0 3 \n") == BoardPuzzle(2, (1, 2, 0, 3), None)

    def test_bare_rows_of_a_rectangle_are_a_w_by_h_board(self):
        puzzle = parse_board_text("1 2 3 4\n5 6 7 8\n9 10 0 11\n")
        assert (puzzle.width, puzzle.height, puzzle.goal) == (4, 3, None)
        assert parse_board_text("1 2 3 4/5 6 7 8/9 10 0 11") == puzzle

    def test_a_shape_first_gives_one_line_of_tiles_its_rows(self):
        puzzle = parse_board_text("4x3: 1 2 3 4 5 6 7 8 9 10 0 11")
        assert puzzle == parse_board_text("4x3\n1 2 3 4\n5 6 7 8\n9 10 0 11\n") == BoardPuzzle(4, puzzle.tiles)
        assert parse_board_text("2x4: 1 2 3 4 5 6 0 7").shape == "2x4"
        assert parse_puzzle_text("3x2: 1 2 3 4 0 5") == BoardPuzzle(3, (1, 2, 3, 4, 0, 5))

    def test_a_rectangle_may_carry_its_goal(self):
        assert parse_board_text("3x2: 1 2 3 4 0 5  0 1 2 3 4 5").goal == (0, 1, 2, 3, 4, 5)
        assert parse_board_text("1 2 3\n4 0 5\n\n0 1 2\n3 4 5\n").goal == (0, 1, 2, 3, 4, 5)

    def test_a_rectangle_is_written_as_it_is_read(self):
        board = parse_board_text("1 2 3 4\n5 6 7 8\n9 10 0 11\n").board()
        assert parse_board_text(str(board)).board() == board

    def test_one_line_of_n_by_n_numbers_is_an_n_by_n_board_row_by_row(self):
        assert parse_board_text("8 1 3 4 0 2 7 6 5") == BoardPuzzle(3, (8, 1, 3, 4, 0, 2, 7, 6, 5), None)
        assert parse_board_text(" 1 2 0 3\n") == BoardPuzzle(2, (1, 2, 0, 3), None)
        assert parse_board_text(" ".join(map(str, range(1, 400))) + " 0").n == 20

    def test_commas_separate_numbers_as_spaces_do_as_a_link_lists_tiles(self):
        assert parse_board_text("8,1,3,4,0,2,7,6,5") == BoardPuzzle(3, (8, 1, 3, 4, 0, 2, 7, 6, 5), None)
        assert parse_board_text("1, 2, 3\n4, 5, 6\n7, 0, 8") == BoardPuzzle(3, (1, 2, 3, 4, 5, 6, 7, 0, 8), None)
        assert parse_board_text("1,2/0,3") == BoardPuzzle(2, (1, 2, 0, 3), None)
        assert parse_puzzle_text("8,1,3,4,0,2,7,6,5\n") == BoardPuzzle(3, (8, 1, 3, 4, 0, 2, 7, 6, 5), None)

    def test_windows_line_endings_are_fine(self):
        assert parse_board_text(PUZZLE04.replace("\n", "\r\n")).n == 3

    def test_a_file_of_two_words_is_a_word_ladder(self):
        assert parse_puzzle_text("# a comment\nHorse\nnurse\n") == WordPuzzle("horse", "nurse")

    def test_a_file_starting_with_a_number_is_a_board(self):
        assert isinstance(parse_puzzle_text(PUZZLE04), BoardPuzzle)


#: A board 2 wide and 21 high, in order: one row more than a board may have.
TALL_2X21 = "\n".join(f"{2 * r + 1} {2 * r + 2}" for r in range(20)) + "\n41 0\n"
BAD_BOARDS = [
    ("", PuzzleFormatError, "The file is empty"),
    ("  \n\n \t\n", PuzzleFormatError, "The file is empty"),
    ("1 2 3\n4 5\n7 8 0\n", PuzzleFormatError, "Row 2 has 2 numbers but row 1 has 3"),
    ("1 2 3\n4 5 6\n", BoardError, "Tile 6 is out of range: a 3x2 board uses 0 to 5."),
    ("1 2\n3 0\n2 1\n0 3\n1 2\n", BoardError, "Tile 2 appears twice in the board."),
    ("1 2\n3 0\n\n2 1\n3 3\n", BoardError, "Tile 3 appears twice in the goal."),
    ("4x1: 1 2 3 0", BoardError, "A board needs at least 2 rows and 2 columns; this one is 4x1."),
    ("21x3: 1 2 3", BoardError, "Boards up to 20x20 are supported (each side 2 to 20); this board is 21x3."),
    ("\n".join(["1 2"] * 21), BoardError, "Boards up to 20x20 are supported (each side 2 to 20); this board is 2x21."),
    (TALL_2X21 + "\n" + TALL_2X21, BoardError,              # a board and its goal, each past 20 rows
     "Boards up to 20x20 are supported (each side 2 to 20); this board is 2x21."),
    ("2x8:\n1 2 3 4 5 6 7 8\n9 10 11 12 13 14 15 0", PuzzleFormatError,
     "The shape 2x8 says rows of 2 tiles, but these rows hold 8 each: write 8x2, or rows of 2."),
    ("3x3: 1 2 3 4/5 6 7 8/0 9 10 11", PuzzleFormatError, "The shape 3x3 says rows of 3 tiles, but these rows hold 4 each."),
    ("4x3: 1 2 3", PuzzleFormatError, "A 4x3 board needs 12 numbers after its shape (24 with its goal), but there are 3."),
    ("4x3: 1 2 3 4 5 6 7 8 9 10 11 12", BoardError, "Tile 12 is out of range: a 4x3 board uses 0 to 11."),
    ("2\n1 1 2 0\n", BoardError, "Tile 1 appears twice in the board"),
    ("2\n1 2 3 0\n1 1 2 0\n", BoardError, "Tile 1 appears twice in the goal"),
    ("2\n1 2 3 4\n", BoardError, "Tile 4 is out of range: a 2x2 board uses 0 to 3"),
    ("-1 0\n1 2\n", BoardError, "Tile -1 is out of range"),
    ("2\n1 x 2 0\n", PuzzleFormatError, "Line 2: 'x' is not a whole number"),
    ("2\n1 2.5 3 0\n", PuzzleFormatError, "'2.5' is not a whole number"),
    ("8 1 3 4 0 2 7 6", PuzzleFormatError, "One line of 8 numbers is not a square board (a 3x3 board is 9 numbers, "
                                           "a 4x4 one 16): type one row per line, separate the rows with '/'"),
    ("1 2 3 4 5 6 7 8 0 1 2 3 4 5 6 7 8 0", PuzzleFormatError, "One line of 18 numbers is not a square board"),
    (" ".join(map(str, range(441))), BoardError, "Boards up to 20x20 are supported; this board is 21x21."),
    (" ".join(map(str, range(30))) + "\n" + " ".join(map(str, range(30))), PuzzleFormatError,
     "Boards up to 20x20 are supported, and row 1 has 30 numbers."),
    ("1\n0\n", BoardError, "A board needs at least 2 rows and 2 columns, not 1."),
    ("0\n", BoardError, "A board needs at least 2 rows and 2 columns, not 0."),
    ("3\n1 2 3\n4 5 6\n7 8\n", PuzzleFormatError, "A 3x3 board needs 9 numbers after the size (18 with its goal), "
                                                  "but there are 8"),
    ("2\n1 2 3 0 9\n", PuzzleFormatError, "needs 4 numbers after the size (8 with its goal), but there are 5"),
]


@pytest.mark.parametrize("text, error, message", BAD_BOARDS)
def test_every_bad_board_gets_one_clear_sentence(text, error, message):
    with pytest.raises(error) as raised:
        parse_board_text(text)
    assert message in str(raised.value)
    assert "\n" not in str(raised.value)


def test_a_word_file_must_hold_exactly_two_words():
    with pytest.raises(PuzzleFormatError, match="holds two words, the start and the goal, but this one holds 3"):
        parse_puzzle_text("horse nurse purse\n")


def test_a_huge_size_is_rejected_without_building_anything():
    with pytest.raises(BoardError, match="Boards up to 20x20 are supported; this board is 100000x100000"):
        parse_board_text("100000\n1 2 3 0\n")


class TestShareLinks:
    def test_a_board_round_trips(self):
        fragment = board_fragment(3, [8, 1, 3, 4, 0, 2, 7, 6, 5])
        assert fragment == "board=3:8,1,3,4,0,2,7,6,5"
        assert parse_fragment(fragment) == {"kind": "board", "n": 3, "height": 3,
                                            "tiles": (8, 1, 3, 4, 0, 2, 7, 6, 5), "goal": None, "heuristic": None}

    def test_a_rectangle_is_written_with_its_shape_width_first(self):
        fragment = board_fragment(4, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 11], goal=[0] + list(range(1, 12)))
        assert fragment == "board=4x3:1,2,3,4,5,6,7,8,9,10,0,11&goal=0,1,2,3,4,5,6,7,8,9,10,11"
        parsed = parse_fragment(fragment)
        assert (parsed["n"], parsed["height"], parsed["goal"]) == (4, 3, tuple(range(12)))
        assert parse_fragment("board=2x3:1,2,3,4,0,5&goal=2x3:1,2,3,4,5,0")["height"] == 3

    def test_goal_and_heuristic_are_optional_parts(self):
        fragment = board_fragment(3, [1, 3, 4, 8, 6, 2, 7, 0, 5], goal=[1, 2, 3, 8, 0, 4, 7, 6, 5],
                                  heuristic="manhattan")
        assert fragment == "board=3:1,3,4,8,6,2,7,0,5&goal=1,2,3,8,0,4,7,6,5&h=manhattan"
        parsed = parse_fragment("#" + fragment)
        assert parsed["goal"] == (1, 2, 3, 8, 0, 4, 7, 6, 5) and parsed["heuristic"] == "manhattan"

    def test_the_usual_goal_is_left_out(self):
        assert board_fragment(2, [1, 2, 0, 3], goal=[1, 2, 3, 0]) == "board=2:1,2,0,3"

    def test_a_goal_may_repeat_the_size(self):
        assert parse_fragment("board=2:1,2,0,3&goal=2:0,1,2,3")["goal"] == (0, 1, 2, 3)

    def test_words_round_trip(self):
        assert word_fragment("horse", "nurse") == "words=horse,nurse"
        assert parse_fragment("words=horse,nurse&dict=large") == {
            "kind": "words", "start": "horse", "goal": "nurse", "dictionary": "large"}

    def test_unknown_keys_are_ignored_so_newer_links_still_open(self):
        assert parse_fragment("board=2:1,2,0,3&speed=fast")["tiles"] == (1, 2, 0, 3)

    @pytest.mark.parametrize("fragment, message", [
        ("", "describes no puzzle"),
        ("foo=1", "describes no puzzle"),
        ("board", "has no '=' and value"),
        ("board=8,1,3", "must look like 'board=3:"),
        ("board=x:1,2,3,0", "The board size 'x' in the link is not a whole number"),
        ("board=1:0", "at least 2"),
        ("board=2:1,2,a,0", "'a' in the board is not a whole number"),
        ("board=3:8,1", "A 3x3 board needs 9 tiles, not 2"),
        ("board=2:1,1,2,0", "Tile 1 appears twice in the board"),
        ("board=2:1,2,0,3&goal=3:1,2,3,0", "The goal is 3 wide but the board is 2"),
        ("board=3x2:1,2,3,4,0,5&goal=2x3:1,2,3,4,5,0", "The goal is 2x3 but the board is 3x2."),
        ("board=4x3:1,2,3", "A 4x3 board needs 12 tiles, not 3."),
        ("board=21x3:1,2,3", "Boards up to 20x20 are supported (each side 2 to 20); this board is 21x3."),
        ("board=4x1:1,2,3,0", "A board needs at least 2 rows and 2 columns; this one is 4x1."),
        ("board=4xx3:1,2,3", "The board size '4xx3' in the link is not a whole number"),
        ("play=21x3:1,2,3", "Boards up to 20x20 are supported (each side 2 to 20); this board is 21x3."),
        ("board=2:1,2,0,3&h=<script>", "The heuristic '<script>' in the link is not a name a heuristic can have"),
        ("words=horse", "must look like 'words=horse,nurse'"),
        ("words=horse,", "must look like 'words=horse,nurse'"),
        ("words=a,b&dict=/etc/passwd", "Unknown dictionary '/etc/passwd'"),
    ])
    def test_bad_links_get_one_clear_sentence(self, fragment, message):
        with pytest.raises(ValueError) as raised:
            parse_fragment(fragment)
        assert message in str(raised.value)


def test_puzzles_read_are_immutable_values():
    words, board = parse_puzzle_text("horse nurse"), parse_board_text("1 2\n0 3")
    for puzzle, field in [(words, "start"), (words, "goal"), (words, "dictionary"), (board, "tiles"), (board, "goal")]:
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(puzzle, field, None)
    assert words == WordPuzzle("horse", "nurse") and len({words, WordPuzzle("horse", "nurse")}) == 1


LARGEST = list(range(1, 400)) + [0]


def test_the_largest_board_with_its_goal_is_801_numbers_and_one_more_is_refused_before_reading():
    """The size, then a 20x20 board's 400 tiles and its goal's 400: the most numbers a board's text holds."""
    text = "20\n" + " ".join(map(str, LARGEST)) + "\n" + " ".join(map(str, LARGEST[::-1]))
    assert len(text.split()) == 801
    puzzle = parse_board_text(text)
    assert (puzzle.n, puzzle.tiles, puzzle.goal) == (20, tuple(LARGEST), tuple(LARGEST[::-1]))
    with pytest.raises(PuzzleFormatError) as refused:
        parse_board_text(text + " 1")
    assert str(refused.value) == ("Boards up to 20x20 are supported, and this holds far more numbers than one of "
                                  "them.")



def test_a_slash_breaks_rows_only_in_one_line_of_text():
    with pytest.raises(PuzzleFormatError) as refused:
        parse_board_text("3\n1 2 3/4 5 6/7 8 0")
    assert str(refused.value) == "Line 2: '3/4' is not a whole number."
    with pytest.raises(PuzzleFormatError) as refused:
        parse_board_text("1 2/3\n0 4 5")
    assert str(refused.value) == "Line 1: '2/3' is not a whole number."


@pytest.mark.parametrize("text, message", [
    ("3\n7", "A 3x3 board needs 9 numbers after the size (18 with its goal), but there is 1."),
    ("3\n7 5", "A 3x3 board needs 9 numbers after the size (18 with its goal), but there are 2."),
    ("4x3: 7", "A 4x3 board needs 12 numbers after its shape (24 with its goal), but there is 1."),
    ("4x3: 7 5", "A 4x3 board needs 12 numbers after its shape (24 with its goal), but there are 2."),
])
def test_a_count_of_numbers_is_told_in_good_english(text, message):
    with pytest.raises(PuzzleFormatError) as refused:
        parse_board_text(text)
    assert str(refused.value) == message


def test_plural_counts_one_thing_alone_and_any_other_number_of_things_in_the_plural():
    assert [plural(count, "move") for count in (0, 1, 2, 1500)] == ["0 moves", "1 move", "2 moves", "1,500 moves"]


def test_a_shape_first_may_put_the_board_and_its_goal_on_a_line_each():
    assert parse_board_text("3x2:\n1 2 3 4 0 5\n0 1 2 3 4 5\n") == BoardPuzzle(3, (1, 2, 3, 4, 0, 5), (0, 1, 2, 3, 4, 5))


def test_a_shape_contradicted_by_the_rows_of_a_board_and_its_goal_is_refused_with_the_shape_they_fill():
    with pytest.raises(PuzzleFormatError) as refused:
        parse_board_text("2x3:\n1 2 3\n4 0 5\n1 2 3\n4 5 0\n")
    assert str(refused.value) == "The shape 2x3 says rows of 2 tiles, but these rows hold 3 each: write 3x2, or rows of 2."


def test_rows_are_a_board_then_its_goal_only_when_the_first_half_is_a_board():
    """Otherwise they are one board, with its fault named as the board's."""
    with pytest.raises(BoardError) as refused:
        parse_board_text("1 2\n3 4\n\n0 1\n2 3\n")
    assert str(refused.value) == "Tile 1 appears twice in the board."


def test_the_first_word_decides_between_a_board_and_a_word_ladder():
    assert parse_puzzle_text("cold 5") == WordPuzzle("cold", "5")
    with pytest.raises(PuzzleFormatError) as refused:
        parse_puzzle_text("7")
    assert str(refused.value) == "A 7x7 board needs 49 numbers after the size (98 with its goal), but there are 0."


def test_a_board_puzzle_knows_its_shape():
    square, wide = BoardPuzzle(3, tuple(range(9))), BoardPuzzle(3, tuple(range(6)))
    assert (square.width, square.height, square.shape, square.square) == (3, 3, "3x3", True)
    assert (wide.width, wide.height, wide.shape, wide.square) == (3, 2, "3x2", False)
