"""The one reader of a position's text (puzzlesolver.positions): what a row and a number are, decided once for the
puzzle files, the share links, the answer checker and the notation, so that each refuses the same word alike."""

from __future__ import annotations

import pytest

from puzzlesolver.board import BoardError
from puzzlesolver.check import AnswerFormatError, check
from puzzlesolver.formats import PuzzleFormatError, parse_board_text
from puzzlesolver.links import parse_fragment
from puzzlesolver.notation import NotationError, parse_position
from puzzlesolver.positions import MAX_DIGITS, NumberError, number_rows, numbers, position_rows, read_number


def test_rows_end_at_line_breaks_and_slashes_and_numbers_are_split_by_spaces_or_commas():
    assert number_rows("1 2 3/4 5 6\n\n7,8,  0") == [(1, [1, 2, 3]), (1, [4, 5, 6]), (3, [7, 8, 0])]
    with pytest.raises(NumberError) as refused:   # where "/" is not a row break, it is part of a word
        number_rows("1 2/3 0", slash=False)
    assert refused.value.word == "2/3"


def test_a_number_has_at_most_seven_digits_a_sign_allowed():
    assert MAX_DIGITS == 7
    assert read_number("9999999") == 9_999_999 and read_number("-1234567") == -1_234_567 and read_number("+7") == 7
    for word, problem in [("12345678", "is far too large"), ("-12345678", "is far too large"), ("1.5", "is not a whole number"),
                          ("x", "is not a whole number"), ("", "is not a whole number"), ("1e3", "is not a whole number")]:
        with pytest.raises(NumberError) as refused:
            read_number(word)
        assert (refused.value.word, refused.value.problem) == (word, problem)


def test_a_word_is_named_with_its_line():
    with pytest.raises(NumberError) as refused:
        number_rows("1 2\n3 x")
    assert (refused.value.line, refused.value.word) == (2, "x")
    assert numbers(" 4, 5 ,6 ") == [4, 5, 6]


def test_the_notation_splits_rows_as_notation_js_does():
    assert position_rows(" 1 2 / 3,0 \n") == [["1", "2"], ["3", "0"]]
    assert position_rows(",1 2/3 0") == [["", "1", "2"], ["3", "0"]]   # notation.js: a leading comma, an empty word


@pytest.mark.parametrize("word, problem", [("12345678", "is far too large"), ("1x", "is not a whole number")])
def test_files_links_and_answers_refuse_the_same_word_in_the_same_words(word, problem):
    with pytest.raises(PuzzleFormatError, match=f"^Line 2: '{word}' {problem}.$"):
        parse_board_text(f"1 2\n{word} 0")
    with pytest.raises(PuzzleFormatError, match=f"^The value '{word}' in the board {problem}.$"):
        parse_fragment(f"board=2:1,2,{word},0")
    board = parse_board_text("1 2\n0 3")
    with pytest.raises(AnswerFormatError, match=f"^Line 2: '{word}' {problem}.$"):
        check(f"1 2\n{word} 3\n\n1 2\n3 0", board)


def test_seven_digits_are_read_and_then_refused_by_the_board_as_out_of_range():
    with pytest.raises(BoardError):
        parse_board_text("1 2\n1234567 0")
    with pytest.raises(NotationError, match="^Tile 3 is missing: a 2x2 position uses 0 to 3 once each.$"):
        parse_position("1 2/1234567 0")


@pytest.mark.parametrize("word", ["1234567", "+1234567", "-1234567", "0000000"])
def test_seven_digits_are_a_number_in_a_file_and_a_link_a_sign_not_counted(word):
    """Read, then refused by the board as a tile (out of range, or a second blank)."""
    with pytest.raises(BoardError, match="^Tile .* (is out of range|appears twice)"):
        parse_board_text(f"2\n1 2 {word} 0")
    with pytest.raises(BoardError, match="^Tile .* (is out of range|appears twice)"):
        parse_fragment(f"board=2:1,2,{word.replace('+', '%2B')},0")


@pytest.mark.parametrize("word", ["12345678", "+12345678", "-12345678", "00000000"])
def test_eight_digits_are_far_too_large_in_a_file_and_a_link_a_sign_not_counted(word):
    with pytest.raises(PuzzleFormatError) as refused:
        parse_board_text(f"2\n1 2 {word} 0")
    assert str(refused.value) == f"Line 2: '{word}' is far too large."
    with pytest.raises(PuzzleFormatError) as refused:
        parse_fragment(f"board=2:1,2,{word.replace('+', '%2B')},0")
    assert str(refused.value) == f"The value '{word}' in the board is far too large."
