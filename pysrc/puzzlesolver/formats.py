"""Puzzle files and share-URL fragments: text in, validated puzzles out.

These board layouts are read, all with 0 as the blank; boards are W x H, each side from 2 to 20:

* **Princeton** (algs4): the size ``n``, then ``n*n`` tiles separated by any whitespace.  An optional
  second group of ``n*n`` numbers after the tiles is read as the goal.
* **Shape first**: ``WxH`` (or ``WxH:``, as a link writes it), then the W*H tiles, on one line or in rows,
  optionally followed by the goal's: ``4x3: 1 2 3 4 5 6 7 8 9 10 0 11``.  A rectangle is written so.
* **Pair** (seed 003): the initial board's rows, then the goal board's rows, no size line; blank
  lines may appear anywhere.
* **Bare rows**: ``H`` lines of ``W`` numbers, no size line; the goal is the usual 1..W*H-1 then 0.
* **One line**: rows separated by ``/`` (the game's notation, ``1 2 3/4 5 6/7 8 0``), or just the ``n*n``
  tiles of a square board row by row (``8 1 3 4 0 2 7 6 5``, or ``8,1,3,4,0,2,7,6,5`` as a share link lists
  them); the usual goal.

In every layout a comma separates numbers as whitespace does.

A file whose first word is not a number is a **word ladder**: exactly two words, start and goal.

Every problem is reported as one short sentence (no file name, no traceback) in a
:class:`PuzzleFormatError` or, for tile problems, a :class:`~puzzlesolver.board.BoardError`:

>>> parse_board_text("3\\n 0 1 3\\n 4 2 5\\n 7 8 6\\n")
BoardPuzzle(n=3, tiles=(0, 1, 3, 4, 2, 5, 7, 8, 6), goal=None)
>>> parse_board_text("1 2\\n3")
Traceback (most recent call last):
...
puzzlesolver.formats.PuzzleFormatError: Row 2 has 1 number but row 1 has 2: every row must have the same length.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple, Union
from urllib.parse import quote, unquote

from . import grid
from .board import Board, check_side, shape_name, validate_tiles
from .words import DICTIONARIES

__all__ = [
    "PuzzleFormatError", "BoardPuzzle", "WordPuzzle", "parse_board_text", "parse_puzzle_text",
    "board_fragment", "word_fragment", "play_fragment", "parse_fragment", "DICTIONARY_NAMES", "quoted", "plural",
]

#: Dictionaries a share URL may name (a file path means nothing in somebody else's browser).
DICTIONARY_NAMES = DICTIONARIES

_INTEGER = re.compile(r"[+-]?[0-9]+")
_NAME = re.compile(r"[a-z][a-z0-9_-]*")  # a heuristic's name; which names exist is the policy's to say
_MAX_DIGITS = 7
#: A game link (``play=``): the parts it may hold (each once), the most moves and the longest time (ms) it may
#: say.  It takes every shape a board link does (2 to grid.MAX_SIDE a side), as the page's game plays them all.
_PLAY_PARTS = ("play", "goal", "moves", "time")
_MAX_MOVES_IN_LINK = 20000
_MAX_TIME_IN_LINK = 10 ** 10
#: A tile's move in a game link ("l": the tile slides left) as the blank's step (row, column).
_BLANK_STEP = {"l": (0, 1), "r": (0, -1), "u": (1, 0), "d": (-1, 0)}
#: The most numbers a board's text can hold: the size, then the tiles and a goal of the largest board.
_MOST_NUMBERS = 1 + 2 * grid.MAX_SIDE ** 2
#: A shape written before the tiles: ``4x3`` or ``4x3:`` (width x height).
_SHAPE = re.compile(r"\s*([0-9]{1,7})\s*[xX×]\s*([0-9]{1,7})\s*:?")


class PuzzleFormatError(ValueError):
    """Text that is not a puzzle; the message is one sentence fit to show a person.

    ``field`` is the part of the puzzle it is about: ``"board"``, ``"goal"``, ``"heuristic"``,
    ``"start"``, ``"dictionary"`` or ``"link"`` (the link as a whole).
    """

    def __init__(self, message: str, field: str = "board") -> None:
        super().__init__(message)
        self.field = field


def quoted(text: str, limit: int = 40) -> str:
    """``text`` as a message quotes it: repr, cut to about ``limit`` characters.

    >>> quoted("x" * 50)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'"
    """
    return repr(text) if len(text) <= limit else repr(text[:limit - 3] + "...")


@dataclass(frozen=True)
class BoardPuzzle:
    """A sliding board read from text: ``n`` tiles to a row (the size of an n x n board, the width of a
    rectangle), the tiles row-major, and the goal (None = the usual one).

    >>> BoardPuzzle(4, tuple(range(12))).shape
    '4x3'
    """

    n: int
    tiles: Tuple[int, ...]
    goal: Optional[Tuple[int, ...]] = None

    @property
    def width(self) -> int:
        return self.n

    @property
    def height(self) -> int:
        return len(self.tiles) // self.n

    @property
    def shape(self) -> str:
        return shape_name(self.width, self.height)

    @property
    def square(self) -> bool:
        return self.height == self.n

    def board(self) -> Board:
        """The puzzle as a :class:`~puzzlesolver.board.Board`."""
        return Board.from_tiles(self.tiles, self.goal, self.n)


@dataclass(frozen=True)
class WordPuzzle:
    """A word ladder: turn ``start`` into ``goal`` one letter at a time, every step a word of
    ``dictionary`` (``"common"``, ``"large"``, a word-list path, or a set of words)."""

    start: str
    goal: str
    dictionary: object = "common"


def plural(count: int, word: str) -> str:
    """A count and its noun, thousands separated: ``plural(1, "move")`` '1 move', ``plural(1500, "node")``
    '1,500 nodes' (as the page's messages.plural writes them)."""
    return f"{count:,} {word}" if count == 1 else f"{count:,} {word}s"


def _number(word: str, template: str, field: str = "board") -> int:
    """``word`` as an int, or PuzzleFormatError: ``template`` with ``{word}`` (quoted) and ``{problem}``.

    A whole number longer than 7 digits cannot be a tile or a size, and int() of a huge digit string is
    slow (and refused by Python), so it is refused as far too large.
    """
    if not _INTEGER.fullmatch(word):
        raise PuzzleFormatError(template.format(word=quoted(word), problem="is not a whole number"), field)
    if len(word) > _MAX_DIGITS:
        raise PuzzleFormatError(template.format(word=quoted(word), problem="is far too large"), field)
    return int(word)


def _commas_as_spaces(text: str) -> str:
    """Commas separate numbers as whitespace does: a share link lists tiles as ``8,1,3,4,0,2,7,6,5``."""
    return text.replace(",", " ")


def _number_rows(text: str) -> List[Tuple[int, List[int]]]:
    """The non-blank lines as ``(line number, numbers)``; PuzzleFormatError on a word."""
    rows = []
    for line_number, line in enumerate(text.splitlines(), start=1):
        words = line.split()
        if not words:
            continue
        numbers = []
        for word in words:
            numbers.append(_number(word, f"Line {line_number}: {{word}} {{problem}}."))
        rows.append((line_number, numbers))
    return rows


def parse_board_text(text: str) -> BoardPuzzle:
    """Read a board in the Princeton, pair or bare-rows layout, or on one line: rows separated by "/" (the
    game's notation for a position, "1 2 3/4 5 6/7 0 8") or n*n tiles row by row, and validate it completely.

    Raises :class:`PuzzleFormatError` for the layout (empty text, words, ragged or non-square
    grids, a wrong count of numbers, n < 2) and :class:`~puzzlesolver.board.BoardError` for the
    tiles (a repeated tile, a number out of range).

    >>> parse_board_text("1 3 4\\n8 6 2\\n7 0 5\\n\\n1 2 3\\n8 0 4\\n7 6 5\\n").goal
    (1, 2, 3, 8, 0, 4, 7, 6, 5)
    >>> parse_board_text("8 1 3 4 0 2 7 6 5")
    BoardPuzzle(n=3, tiles=(8, 1, 3, 4, 0, 2, 7, 6, 5), goal=None)
    >>> parse_board_text("8,1,3,4,0,2,7,6,5")
    BoardPuzzle(n=3, tiles=(8, 1, 3, 4, 0, 2, 7, 6, 5), goal=None)
    """
    text = _commas_as_spaces(text)
    if len(text.split()) > _MOST_NUMBERS:  # checked before reading any number: huge input is refused at once
        raise PuzzleFormatError(f"Boards up to {grid.MAX_SIDE}x{grid.MAX_SIDE} are supported, and this holds far "
                                "more numbers than one of them.")
    shape = _SHAPE.match(text)
    if shape:
        return _parse_shape_first(int(shape.group(1)), int(shape.group(2)), text[shape.end():])
    if "/" in text and len(text.strip().splitlines()) == 1:
        text = text.replace("/", "\n")
    rows = _number_rows(text)
    if not rows:
        raise PuzzleFormatError("The file is empty: expected a board such as '2' then '1 2 3 0'.")
    if len(rows[0][1]) == 1:
        return _parse_princeton([number for _, numbers in rows for number in numbers])
    return _parse_rows(rows)


def _parse_princeton(numbers: List[int]) -> BoardPuzzle:
    n, values = numbers[0], numbers[1:]
    _check_side(n)
    cells = n * n
    if len(values) not in (cells, 2 * cells):
        verb = "is" if len(values) == 1 else "are"
        raise PuzzleFormatError(f"A {n}x{n} board needs {cells} numbers after the size ({2 * cells} with "
                                f"its goal), but there {verb} {len(values)}.")
    return _validated(n, values[:cells], values[cells:] or None)


def _parse_shape_first(width: int, height: int, text: str) -> BoardPuzzle:
    """The tiles after a ``WxH`` shape (any layout, "/" as a line break), then optionally the goal's."""
    _check_shape(width, height)
    rows = [numbers for _, numbers in _number_rows(text.replace("/", "\n"))]
    _check_rows_fit_shape(rows, width, height)
    values = [number for numbers in rows for number in numbers]
    cells = width * height
    if len(values) not in (cells, 2 * cells):
        verb = "is" if len(values) == 1 else "are"
        raise PuzzleFormatError(f"A {shape_name(width, height)} board needs {cells} numbers after its shape "
                                f"({2 * cells} with its goal), but there {verb} {len(values)}.")
    return _validated(width, values[:cells], values[cells:] or None)


def _check_rows_fit_shape(rows: List[List[int]], width: int, height: int) -> None:
    """Rows of equal length other than the shape's width (nor a whole board a line) contradict the shape:
    ``2x8:`` then two rows of 8 is refused in a sentence, not read across as 2 wide and 8 high."""
    lengths = {len(numbers) for numbers in rows}
    if len(rows) < 2 or len(lengths) != 1 or lengths & {width, width * height}:
        return
    length = lengths.pop()
    fits = length * len(rows) in (width * height, 2 * width * height)
    advice = f": write {shape_name(length, width * height // length)}, or rows of {width}" if fits else ""
    raise PuzzleFormatError(f"The shape {shape_name(width, height)} says rows of {width} tiles, but these rows "
                            f"hold {length} each{advice}.")


def _parse_one_line(numbers: List[int]) -> BoardPuzzle:
    """One line of n*n numbers (n at least 2) is an n x n board, row by row."""
    side = math.isqrt(len(numbers))
    if side * side != len(numbers):
        raise PuzzleFormatError(f"One line of {len(numbers)} numbers is not a square board (a 3x3 board is 9 "
                                "numbers, a 4x4 one 16): type one row per line, separate the rows with '/' "
                                "as in '1 2 3/4 5 6/7 8 0', or give the shape first, as in '4x3: 1 2 3 ...'.")
    _check_side(side)
    return _validated(side, numbers, None)


def _parse_rows(rows: List[Tuple[int, List[int]]]) -> BoardPuzzle:
    if len(rows) == 1:
        return _parse_one_line(rows[0][1])
    width = len(rows[0][1])
    if width > grid.MAX_SIDE:  # a row's length, not a size: not _check_side's 'this one is 30x30'
        raise PuzzleFormatError(f"Boards up to {grid.MAX_SIDE}x{grid.MAX_SIDE} are supported, and row 1 has "
                                f"{width} numbers.")
    for index, (_, numbers) in enumerate(rows[1:], start=2):
        if len(numbers) != width:
            raise PuzzleFormatError(f"Row {index} has {plural(len(numbers), 'number')} but row 1 has "
                                    f"{width}: every row must have the same length.")
    values = [number for _, numbers in rows for number in numbers]
    if _board_then_goal(values, width):
        return _validated(width, values[:len(values) // 2], values[len(values) // 2:])
    _check_shape(width, len(rows))
    return _validated(width, values, None)


def _board_then_goal(values: List[int], width: int) -> bool:
    """Whether the rows are a board and then its goal: the first half holds 0..k-1 once, and so does the second
    (one board of twice the rows holds 0..2k-1, so it cannot), or it is the square pair's shape (seed 003's
    files), whose goal's faults are then named as the goal's."""
    half, odd = divmod(len(values), 2)
    if odd or sorted(values[:half]) != list(range(half)):
        return False
    return half == width * width or sorted(values[half:]) == list(range(half))


def _check_shape(width: int, height: int) -> None:
    """Refuse a W x H shape outside 2..MAX_SIDE a side before reading a single tile (in the board's words)."""
    if width == height:
        _check_side(width)
    else:
        check_side(width, height=height)


def _check_side(n: int) -> None:
    """Refuse a size outside 2..MAX_SIDE before reading a single tile."""
    if n < 2:
        raise PuzzleFormatError(f"The board size must be at least 2, not {n}.")
    if n > grid.MAX_SIDE:
        raise PuzzleFormatError(f"Boards up to {grid.MAX_SIDE}x{grid.MAX_SIDE} are supported; this one is {n}x{n}.")


def _validated(width: int, tiles: Sequence[int], goal: Optional[Sequence[int]]) -> BoardPuzzle:
    height = len(tiles) // width
    validate_tiles(tiles, width, "board", height)
    if goal is not None:
        validate_tiles(goal, width, "goal", height)
    return BoardPuzzle(width, tuple(tiles), None if goal is None else tuple(goal))


def parse_puzzle_text(text: str) -> Union[BoardPuzzle, WordPuzzle]:
    """A board (see :func:`parse_board_text`) or, when the first word is not a number, a word pair.

    Lines starting with ``#`` are comments in word files only (board files stay exactly the seeds').

    >>> parse_puzzle_text("horse nurse\\n")
    WordPuzzle(start='horse', goal='nurse', dictionary='common')
    """
    words = _commas_as_spaces(text).split()
    if not words or _INTEGER.fullmatch(words[0]) or _SHAPE.match(text):
        return parse_board_text(text)
    words = [w for line in text.splitlines() if not line.lstrip().startswith("#") for w in line.split()]
    if len(words) != 2:
        raise PuzzleFormatError(f"A word-ladder file holds two words, the start and the goal, "
                                f"but this one holds {len(words)}.", "start")
    return WordPuzzle(words[0].lower(), words[1].lower())


# -- share-URL fragments ------------------------------------------------------------------------

def board_fragment(n: int, tiles: Sequence[int], goal: Optional[Sequence[int]] = None,
                   heuristic: Optional[str] = None) -> str:
    """The URL fragment that describes a board ``n`` tiles wide, e.g. ``"board=3:8,1,3,4,0,2,7,6,5"``; a
    rectangle's size is its shape, ``"board=3x2:1,2,3,4,0,5"``.

    The goal is added only when it is not the usual one; ``heuristic`` only when given.

    >>> board_fragment(2, [1, 2, 0, 3], goal=[0, 1, 2, 3], heuristic="hamming")
    'board=2:1,2,0,3&goal=0,1,2,3&h=hamming'
    >>> board_fragment(3, [1, 2, 3, 4, 0, 5])
    'board=3x2:1,2,3,4,0,5'
    """
    height = len(tiles) // n
    validate_tiles(list(tiles), n, "board", height)
    size = str(n) if height == n else shape_name(n, height)
    parts = [f"board={size}:" + ",".join(str(t) for t in tiles)]
    if goal is not None and tuple(goal) != grid.standard_goal(n, height):
        validate_tiles(list(goal), n, "goal", height)
        parts.append("goal=" + ",".join(str(t) for t in goal))
    if heuristic:
        parts.append(f"h={heuristic}")
    return "&".join(parts)


def word_fragment(start: str, goal: str, dictionary: str = "common") -> str:
    """The URL fragment for a word ladder, e.g. ``"words=horse,nurse"`` (``&dict=`` unless common)."""
    fragment = "words=" + quote(start) + "," + quote(goal)
    return fragment if dictionary == "common" else fragment + "&dict=" + quote(dictionary)


def play_fragment(n: int, tiles: Sequence[int], goal: Optional[Sequence[int]] = None, moves: str = "",
                  time: Optional[int] = None) -> str:
    """The URL fragment of a game: its starting board, its moves (tile directions) and the time played (ms).

    >>> play_fragment(3, [8, 1, 3, 4, 0, 2, 7, 6, 5], moves="ul", time=4210)
    'play=3:8,1,3,4,0,2,7,6,5&moves=ul&time=4210'
    >>> play_fragment(3, [1, 2, 3, 4, 0, 5], moves="l")
    'play=3x2:1,2,3,4,0,5&moves=l'
    """
    fragment = board_fragment(n, tiles, goal).replace("board=", "play=", 1)
    return fragment + (f"&moves={moves}" if moves else "") + ("" if time is None else f"&time={int(time)}")


def parse_fragment(fragment: str) -> Dict[str, object]:
    """Read a share-URL fragment back into a puzzle description (parsing only, never HTML).

    Returns ``{"kind": "board", "n" (tiles to a row), "height", "tiles", "goal" (None = usual), "heuristic" (None =
    default)}``,
    ``{"kind": "words", "start", "goal", "dictionary"}`` or a game, ``{"kind": "play", "n", "tiles", "goal",
    "moves" (tile directions), "time" (ms played; None when not given)}``.  Board and word links ignore
    unknown keys so that newer links still open; a game link is a record of play and holds only its own
    parts, once each.  Bad values raise :class:`PuzzleFormatError` (or BoardError for the tiles).
    The page reads the same grammar in ``site/core/links.js`` (one test holds both to the same cases).

    >>> parse_fragment("#board=2:1,2,0,3&h=hamming")["tiles"]
    (1, 2, 0, 3)
    >>> parse_fragment("words=horse,nurse")
    {'kind': 'words', 'start': 'horse', 'goal': 'nurse', 'dictionary': 'common'}
    """
    fields = _fragment_fields(fragment)
    if "board" in fields:
        return _board_from_fields(fields)
    if "words" in fields:
        return _words_from_fields(fields)
    if "play" in fields:
        return _play_from_fields(fields, _fragment_keys(fragment))
    raise PuzzleFormatError("The link describes no puzzle: it needs 'board=...', 'words=...' or 'play=...'.", "link")


def _fragment_keys(fragment: str) -> List[str]:
    """The link's keys in order, repeats kept (a game link refuses an unknown or repeated part)."""
    return [unquote(part.partition("=")[0]).strip().lower() for part in fragment.lstrip("#").split("&") if part]


def _fragment_fields(fragment: str) -> Dict[str, str]:
    fields: Dict[str, str] = {}
    for part in fragment.lstrip("#").split("&"):
        if not part:
            continue
        key, sep, value = part.partition("=")
        if not sep:
            raise PuzzleFormatError(f"The link part {quoted(unquote(key))} has no '=' and value.", "link")
        fields[unquote(key).strip().lower()] = unquote(value).strip()
    return fields


def _numbers_in(value: str, what: str) -> List[int]:
    return [_number(item.strip(), f"The value {{word}} in the {what} {{problem}}.", what) for item in value.split(",")]


def _board_from_fields(fields: Dict[str, str]) -> Dict[str, object]:
    puzzle = _board_and_goal(fields, "board")
    heuristic = fields.get("h") or None
    if heuristic is not None and not _NAME.fullmatch(heuristic):
        raise PuzzleFormatError(f"The heuristic {quoted(heuristic)} in the link is not a name a heuristic can have.",
                                "heuristic")
    return {"kind": "board", "n": puzzle.n, "height": puzzle.height, "tiles": puzzle.tiles, "goal": puzzle.goal,
            "heuristic": heuristic}


def _play_from_fields(fields: Dict[str, str], keys: List[str]) -> Dict[str, object]:
    """A game link (site/core/links.js playFromFields, held to the same cases): a board of any shape a board
    link takes that can reach its goal, moves that can be played on it, and the time played."""
    unknown = next((key for key in keys if key not in _PLAY_PARTS), None)
    if unknown is not None:
        raise PuzzleFormatError(f"The game link has an unknown part, {quoted(unknown)}.", "link")
    repeated = next((key for i, key in enumerate(keys) if key in keys[:i]), None)
    if repeated is not None:
        raise PuzzleFormatError(f"The game link repeats {quoted(repeated)}.", "link")
    puzzle = _board_and_goal(fields, "play")
    if not Board.from_tiles(puzzle.tiles, puzzle.goal, width=puzzle.n).is_solvable():
        raise PuzzleFormatError("This board cannot reach its goal: the tiles' parity does not match.")
    moves = fields.get("moves") or ""
    if not re.fullmatch(r"[lrud]*", moves):
        raise PuzzleFormatError("The moves must be letters l, r, u and d.", "link")
    if len(moves) > _MAX_MOVES_IN_LINK:
        raise PuzzleFormatError("The game link has too many moves.", "link")
    if not _moves_playable(puzzle.n, puzzle.height, puzzle.tiles.index(0), moves):
        raise PuzzleFormatError("The game link's moves cannot be played on its board.", "link")
    return {"kind": "play", "n": puzzle.n, "height": puzzle.height, "tiles": puzzle.tiles, "goal": puzzle.goal,
            "moves": moves,
            "time": _play_time(fields.get("time"))}


def _moves_playable(width: int, height: int, blank: int, moves: str) -> bool:
    """Whether each tile move has a tile to slide (the blank stays on the W x H board)."""
    row, col = divmod(blank, width)
    for letter in moves:
        row, col = row + _BLANK_STEP[letter][0], col + _BLANK_STEP[letter][1]
        if not (0 <= row < height and 0 <= col < width):
            return False
    return True


def _play_time(text: Optional[str]) -> Optional[int]:
    """The time a game link says was played, in whole milliseconds; None when it does not say."""
    if text is None:
        return None
    if not re.fullmatch(r"[0-9]+", text):
        raise PuzzleFormatError("The time in the game link must be a whole number of milliseconds.", "link")
    if len(text) > len(str(_MAX_TIME_IN_LINK)) or int(text) > _MAX_TIME_IN_LINK:
        raise PuzzleFormatError("The time in the game link is far too long.", "link")
    return int(text)


def _board_and_goal(fields: Dict[str, str], kind: str) -> BoardPuzzle:
    """The board of a board link or a game link (``kind``: its key) and its goal, validated."""
    what = "game" if kind == "play" else "board"
    size, colon, tile_text = fields[kind].partition(":")
    if not colon:
        raise PuzzleFormatError(f"The {what} in the link must look like '{kind}=3:8,1,3,4,0,2,7,6,5'.")
    width, height = _link_shape(size)
    _check_shape(width, height)
    tiles = _numbers_in(_tiles_after(size, tile_text, what), "board")
    if len(tiles) != width * height:   # in the shape's words, before the tiles are read as a board of theirs
        validate_tiles(tiles, width, "board", height)
    goal = None
    if fields.get("goal"):
        goal_text = fields["goal"]
        goal_size, colon, rest = goal_text.partition(":")
        if colon:
            goal_shape, board_shape = goal_size.strip().lower()[:12], size.strip().lower()[:12]
            if goal_shape != board_shape:
                wide = "" if "x" in goal_shape + board_shape else " wide"
                raise PuzzleFormatError(f"The goal is {goal_shape}{wide} but the board is {board_shape}.", "goal")
            goal_text = _tiles_after(goal_size, rest, "goal")
        goal = tuple(_numbers_in(goal_text, "goal"))
    return _validated(width, tiles, goal)


def _link_shape(size: str) -> Tuple[int, int]:
    """A link's size, ``3`` (a 3x3 board) or ``5x3`` (5 wide, 3 high), as (width, height)."""
    shape = _SHAPE.fullmatch(size)
    if shape and ":" not in size:
        return int(shape.group(1)), int(shape.group(2))
    n = _number(size.strip(), "The board size {word} in the link {problem}.")
    return n, n


def _tiles_after(size: str, tiles: str, what: str) -> str:
    """The tiles after a link's size and colon; nothing there is refused in those terms (not as a value '')."""
    if not tiles.strip():
        raise PuzzleFormatError(f"The {what} in the link lists no tiles after {quoted(size + ':')}.", what)
    return tiles


def _words_from_fields(fields: Dict[str, str]) -> Dict[str, object]:
    words = [word.strip().lower() for word in fields["words"].split(",")]
    if len(words) != 2 or not all(words):
        raise PuzzleFormatError("The word ladder in the link must look like 'words=horse,nurse'.", "start")
    dictionary = fields.get("dict") or "common"
    if dictionary not in DICTIONARY_NAMES:
        raise PuzzleFormatError(f"Unknown dictionary {quoted(dictionary)}: choose "
                                f"{' or '.join(DICTIONARY_NAMES)}.", "dictionary")
    return {"kind": "words", "start": words[0], "goal": words[1], "dictionary": dictionary}
