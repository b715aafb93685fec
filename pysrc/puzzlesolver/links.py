"""Share-URL fragments: the links that name a board (``board=``), a word ladder (``words=``) or a game played
(``play=``), written and read back into validated puzzles.  The page reads the same grammar in
``site/core/links.js``; tests/parity holds both to the same cases.

>>> parse_fragment(board_fragment(3, [8, 1, 3, 4, 0, 2, 7, 6, 5]))["tiles"]
(8, 1, 3, 4, 0, 2, 7, 6, 5)
"""

from __future__ import annotations

import re
from typing import Dict, List, Optional, Sequence, Tuple
from urllib.parse import quote, unquote

from . import grid
from .board import Board, check_side, shape_name, validate_tiles
from .formats import SHAPE_FIRST, BoardPuzzle, PuzzleFormatError, quoted, read_number, validated_puzzle
from .words import DICTIONARIES

__all__ = ["board_fragment", "word_fragment", "play_fragment", "parse_fragment", "DICTIONARY_NAMES"]

#: Dictionaries a share URL may name (a file path means nothing in somebody else's browser).
DICTIONARY_NAMES = DICTIONARIES

_NAME = re.compile(r"[a-z][a-z0-9_-]*")  # a heuristic's name; which names exist is the policy's to say
#: A game link (``play=``): the parts it may hold (each once), the most moves and the longest time (ms) it may
#: say.  It takes every shape a board link does (2 to grid.MAX_SIDE a side), as the page's game plays them all.
_PLAY_PARTS = ("play", "goal", "moves", "time")
_MAX_MOVES_IN_LINK = 20000
_MAX_TIME_IN_LINK = 10 ** 10
#: A tile's move in a game link ("l": the tile slides left) as the blank's step (row, column).
_BLANK_STEP = {"l": (0, 1), "r": (0, -1), "u": (1, 0), "d": (-1, 0)}


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
    return [read_number(item.strip(), f"The value {{word}} in the {what} {{problem}}.", what) for item in value.split(",")]


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
    check_side(width, height=height)
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
    return validated_puzzle(width, tiles, goal)


def _link_shape(size: str) -> Tuple[int, int]:
    """A link's size, ``3`` (a 3x3 board) or ``5x3`` (5 wide, 3 high), as (width, height)."""
    shape = SHAPE_FIRST.fullmatch(size)
    if shape and ":" not in size:
        return int(shape.group(1)), int(shape.group(2))
    n = read_number(size.strip(), "The board size {word} in the link {problem}.")
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
