"""Check a program's answer to a puzzle, as algs4's PuzzleChecker would judge it.

The answer is the text a student's Solver prints for one puzzle:

* the algs4 output: ``Minimum number of moves = N`` then every board of the solution (each board
  optionally headed by its size line, rows of numbers, any spacing and blank lines; rows may also be
  written ``1 2 3/4 5 6/7 8 0``, as the page writes positions); the count may come last instead;
* ``No solution possible`` (or the assignment's ``Unsolvable puzzle``, or ``Minimum number of moves = -1``);
* a move string in the page's notation (``site/core/notation.js``): U, D, L, R for the way a *tile* moves, each
  optionally followed by a count (``R3 D2 L``), either case, spaces and commas anywhere.  A string that only
  works read in the other convention -- letters for the way the *blank* moves -- is read that way, and its
  verdict says so (:data:`READ_AS_THE_BLANKS_MOVES`);
* for a word ladder, the words in order (one per line, or separated by spaces, commas, hyphens or arrows,
  as in CS61B's ``horse-hose-...``).

:func:`check` returns a :class:`Verdict`: right (valid and optimal, or a true "No solution possible")
or the first thing wrong -- a start that is not the puzzle's, the first move that is not one slide (or
one edit to a dictionary word), an end that is not the goal, a stated count that differs from the moves
shown, a valid answer longer than the optimum (which it names).  The optimum comes from
:func:`puzzlesolver.policy.start`, the method every front end uses.  Text that is not an answer at all (a
ragged board, a word where a number belongs, an empty paste) raises :class:`AnswerFormatError`, one
sentence naming the line.  :func:`checking` is the same as work in steps (:mod:`puzzlesolver.steps`).

>>> verdict = check("Minimum number of moves = 1\\n2\\n1 2\\n0 3\\n\\n2\\n1 2\\n3 0\\n", BoardPuzzle(2, (1, 2, 0, 3)))
>>> verdict.right, verdict.message
(True, 'Right: 1 move, valid and optimal.')
>>> check("R R", BoardPuzzle(2, (1, 2, 0, 3))).message
'Move 1 cannot be made: no tile is left of the blank to slide right.'
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from typing import List, Optional, Sequence, Tuple, Union

from . import grid, policy
from .board import Board, BoardError, shape_name, validate_tiles
from .formats import BoardPuzzle, WordPuzzle, quoted
from .positions import NumberError, numbers
from .budget import within
from .results import Result
from .steps import Work, to_end
from .words import WordState, edit_distance, ladder_start

__all__ = ["Verdict", "AnswerFormatError", "check", "checking", "optimum", "move_letters", "numbered_lines", "OPPOSITE",
           "STATUSES", "CONVENTIONS", "MAX_ANSWER_CHARS", "MAX_MOVES"]

Puzzle = Union[BoardPuzzle, WordPuzzle]

#: Every verdict's ``status``; the first two are right answers.
STATUSES = ("optimal", "no-solution", "missed-solution", "unsolvable", "wrong-start", "illegal-move",
            "not-at-goal", "miscounted", "longer", "unproven")
#: How a move string's letters are read: ``"tile"`` (the way a tile moves, the page's default),
#: ``"blank"`` (the way the blank moves), or ``"auto"`` (tile, unless only the blank's reading works).
CONVENTIONS = ("auto", "tile", "blank")
#: The longest answer read (characters) and the most moves replayed.
MAX_ANSWER_CHARS = 1_000_000
MAX_MOVES = 100_000
#: The most a count in a move string may say (as site/core/notation.js).
MAX_COUNT = 10_000

_COUNT_LINE = re.compile(r"(?:minimum\s+)?number\s+of\s+moves\s*[=:]\s*([+-]?\d{1,9})\s*(?:\(.*\))?\s*\.?", re.I)
_COUNT_START = re.compile(r"(?:minimum\s+)?number\s+of\s+moves", re.I)
_NO_SOLUTION = re.compile(r"(?:no\s+solution(?:\s+possible)?|unsolvable(?:\s+puzzle)?)\s*[.!]?", re.I)
_SHAPE_LINE = re.compile(r"\s*\d{1,2}\s*[xX]\s*\d{1,2}\s*")  # a rectangle's size line, "4x3"
_MOVE_TEXT = re.compile(r"[UDLRudlr0-9\s,]*")
#: The blank's step (row, column) for a letter read in the tile convention: L = a tile slides left, so
#: the blank moves right.
_BLANK_STEP = {"l": (0, 1), "r": (0, -1), "u": (1, 0), "d": (-1, 0)}
OPPOSITE = {"l": "r", "r": "l", "u": "d", "d": "u"}
_SIDE = {"l": "right of", "r": "left of", "u": "below", "d": "above"}
_WORD_SEPARATORS = re.compile(r"(?:->|=>|→|[\s,;-])+")
#: Said after the verdict of a move string that was read as the blank's moves because it is no solution read
#: as the tiles' (the reading the page's help and the game's notation give).
READ_AS_THE_BLANKS_MOVES = ("The letters were read as the way the blank moves, since read as the way the tiles "
                            "move they do not solve the puzzle.")


class AnswerFormatError(ValueError):
    """Text that is not an answer to check; the message is one sentence and names the line (``line``)."""

    field = "answer"

    def __init__(self, message: str, line: Optional[int] = None) -> None:
        super().__init__(message)
        self.line = line


@dataclass
class Verdict:
    """The judgement of one answer.

    ``right``: valid and optimal, or a true "No solution possible".  ``status``: one of :data:`STATUSES`.
    ``message``: one line for a person.  ``form``: ``"boards"``, ``"moves"``, ``"ladder"`` or
    ``"no-solution"``.  ``stated``: the count the answer states; ``given``: the moves it shows;
    ``optimum``: the optimal number of moves (None: no solution, or not proven); ``bound``: a proven
    lower bound on it.  ``first_bad``: the number of the first bad move (1 = the first; 0 = the start);
    ``line``: the line of the answer it is on.  ``convention``: how a move string was read.
    """

    kind: str
    right: bool
    status: str
    message: str
    form: str
    stated: Optional[int] = None
    given: Optional[int] = None
    optimum: Optional[int] = None
    bound: Optional[int] = None
    first_bad: Optional[int] = None
    line: Optional[int] = None
    convention: Optional[str] = None
    solvable: Optional[bool] = None

    def to_record(self) -> dict:
        """The verdict as a JSON-ready dict (every field above)."""
        return asdict(self)


# -- the optimum, through the policy ------------------------------------------------------------------

def optimum(puzzle: Puzzle, max_expansions: Optional[int] = None) -> Work[Result]:
    """The policy's answer for ``puzzle`` with its default options (the method the command line and the page
    use), as work in steps; yields ``{"expanded"}``.  Past ``max_expansions`` the Result is "stopped", or an
    unproven "solved" from a search with an answer in hand, as :meth:`policy.Solving.stop` says."""
    solving = yield from policy.starting(puzzle, policy.Options())
    return (yield from within(solving, max_expansions=max_expansions,
                              progress=lambda running: {"expanded": running.stats.expanded}))


# -- reading an answer ----------------------------------------------------------------------------------

@dataclass
class _Answer:
    """An answer as read: its form, stated count, and what it shows (boards, letters or words, with lines)."""

    form: str
    stated: Optional[int]
    items: list            # boards: (line, tiles); moves: (line, letter); ladder: (line, word)
    claim_none: bool = False


def numbered_lines(text: str) -> List[Tuple[int, str]]:
    return [(number, line.strip()) for number, line in enumerate(text.splitlines(), start=1) if line.strip()]


def _read_answer(text: str, puzzle: Puzzle) -> _Answer:
    """The answer's form and content; :class:`AnswerFormatError` for text that is not an answer."""
    if len(text) > MAX_ANSWER_CHARS:
        raise AnswerFormatError(f"The answer is over {MAX_ANSWER_CHARS:,} characters: too long to check.")
    lines = numbered_lines(text)
    if not lines:
        raise AnswerFormatError("The answer is empty: paste the program's output, such as 'Minimum number of "
                                "moves = 4' and the boards, or a move string such as 'L U R'.")
    stated, body, count_line = _count(lines)
    if len(body) == 1 and _NO_SOLUTION.fullmatch(body[0][1]):
        if stated is not None:
            raise AnswerFormatError(f"Line {body[0][0]}: the answer states a move count and also that there is "
                                    "no solution.", body[0][0])
        return _Answer("no-solution", None, [], claim_none=True)
    if not body:
        if stated == -1:  # algs4's moves() is -1 for an unsolvable board
            return _Answer("no-solution", -1, [], claim_none=True)
        raise AnswerFormatError(f"Line {count_line}: the move count is not followed by the solution.", count_line)
    for number, line in body:
        if line[0] in "nNuU" and _NO_SOLUTION.fullmatch(line):
            raise AnswerFormatError(f"Line {number}: 'no solution' cannot come with a solution.", number)
    if isinstance(puzzle, WordPuzzle):
        return _Answer("ladder", stated, _ladder_words(body))
    if body[0][1][0].isalpha():
        return _Answer("moves", stated, move_letters(body))
    return _Answer("boards", stated, _boards(body, puzzle.width, puzzle.height))


def _count(lines: List[Tuple[int, str]]) -> Tuple[Optional[int], List[Tuple[int, str]], Optional[int]]:
    """The stated move count (first or last line), the other lines, and the count's line."""
    stated = count_line = None
    body = []
    for index, (number, line) in enumerate(lines):
        found = _COUNT_LINE.fullmatch(line) if line[0] in "mMnN" else None  # (cheap on a million lines)
        if found is None:
            if line[0] in "mMnN" and _COUNT_START.match(line):
                raise AnswerFormatError(f"Line {number}: the move count must read 'Minimum number of moves = N'.",
                                        number)
            body.append((number, line))
            continue
        if stated is not None:
            raise AnswerFormatError(f"Line {number}: the answer states its move count twice.", number)
        if 0 < index < len(lines) - 1:
            raise AnswerFormatError(f"Line {number}: the move count belongs on the first or the last line.", number)
        stated, count_line = int(found.group(1)), number
    return stated, body, count_line


def _boards(body: List[Tuple[int, str]], n: int, height: int) -> List[Tuple[int, Tuple[int, ...]]]:
    """The boards of an algs4 answer for a puzzle ``n`` tiles wide and ``height`` high: ``(first line, tiles)``
    each.  A board may follow a size line: ``n`` for a square, the shape (``4x3``, as the CLI writes it) for a
    rectangle."""
    boards: List[Tuple[int, Tuple[int, ...]]] = []
    rows: List[int] = []
    first = sized = 0  # the line of the board's first row, and of its size line (0: none yet)
    shape, cells = shape_name(n, height), n * height
    for number, line in body:
        for chunk in line.split("/"):
            if not rows and not sized and _SHAPE_LINE.fullmatch(chunk):
                if chunk.strip().lower().replace(" ", "") != shape:
                    raise AnswerFormatError(f"Line {number}: the size line says {chunk.strip()[:12]}, but the puzzle "
                                            f"is {shape}.", number)
                sized = number
                continue
            numbers = _numbers(chunk, number)
            if not numbers:
                continue
            if len(numbers) == 1 and not rows and not sized:
                if numbers[0] != n or height != n:
                    raise AnswerFormatError(f"Line {number}: the size line says {numbers[0]}, but the puzzle is "
                                            f"{shape}.", number)
                sized = number
                continue
            if len(numbers) == cells and not rows:
                boards.append((sized or number, tuple(numbers)))
                sized = 0
                continue
            if len(numbers) != n:
                raise AnswerFormatError(f"Line {number} has {_count_of(len(numbers), 'number')}, but a row of this "
                                        f"{shape} board has {n}.", number)
            if not rows:
                first = sized or number
            rows += numbers
            if len(rows) == cells:
                boards.append((first, tuple(rows)))
                rows, sized = [], 0
    if rows or sized:
        raise AnswerFormatError(f"Line {first or sized}: the board there has {_count_of(len(rows) // n, 'row')}, "
                                f"not {height}.", first or sized)
    return boards


def _numbers(chunk: str, number: int) -> List[int]:
    try:
        return numbers(chunk)
    except NumberError as error:
        raise AnswerFormatError(f"Line {number}: {quoted(error.word)} {error.problem}.", number) from None


def _count_of(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def move_letters(body: List[Tuple[int, str]]) -> List[Tuple[int, str]]:
    """A move string's single moves, lowercase letters in the order written, each with its line."""
    letters: List[Tuple[int, str]] = []
    for number, line in body:
        if not _MOVE_TEXT.fullmatch(line):
            bad = re.search(r"[^UDLRudlr0-9\s,]", line).group(0)
            raise AnswerFormatError(f"Line {number}: \"{bad}\" is not a move: use U, D, L and R, each optionally "
                                    "followed by a count.", number)
        compact = re.sub(r"[\s,]+", "", line)
        if compact[:1].isdigit():
            raise AnswerFormatError(f"Line {number}: a count must follow a letter, as in R3.", number)
        for letter, count in (found.groups() for found in re.finditer(r"([UDLRudlr])([0-9]*)", compact)):
            times = 1 if not count else int(count) if len(count) <= 6 else MAX_COUNT + 1
            if not 1 <= times <= MAX_COUNT:
                raise AnswerFormatError(f"Line {number}: the count {count[:8]} must be from 1 to {MAX_COUNT:,}.",
                                        number)
            if len(letters) + times > MAX_MOVES:
                raise AnswerFormatError(f"Line {number}: the answer has more than {MAX_MOVES:,} moves: too many to "
                                        "check.", number)
            letters += [(number, letter.lower())] * times
    return letters


def _ladder_words(body: List[Tuple[int, str]]) -> List[Tuple[int, str]]:
    words = []
    for number, line in body:
        for word in _WORD_SEPARATORS.split(line):
            if not word:
                continue
            if not word.isalpha():
                raise AnswerFormatError(f"Line {number}: {quoted(word)} is not a word.", number)
            words.append((number, word.lower()))
    return words


# -- judging --------------------------------------------------------------------------------------------

@dataclass
class _Fault:
    """The first thing wrong with a path: its status, the move's number and line, and a sentence."""

    status: str
    move: int
    line: Optional[int]
    sentence: str


def check(text: str, puzzle: Puzzle, convention: str = "auto", max_expansions: Optional[int] = None) -> Verdict:
    """Judge ``text``, a program's answer to ``puzzle`` (see the module docstring)."""
    return to_end(checking(text, puzzle, convention, max_expansions))


def checking(text: str, puzzle: Puzzle, convention: str = "auto",
             max_expansions: Optional[int] = None) -> Work[Verdict]:
    """:func:`check` as work in steps: reads the answer at once (:class:`AnswerFormatError`), then solves the
    puzzle through the policy when the verdict needs the optimum, yielding ``{"expanded"}``.

    ``convention`` reads a move string (:data:`CONVENTIONS`); ``max_expansions`` bounds the optimal solve
    (past it a valid answer gets the status ``"unproven"``).  The puzzle's own errors (BoardError,
    WordError) pass through.
    """
    if convention not in CONVENTIONS:
        raise ValueError(f"Unknown convention {str(convention)[:20]!r}; choose one of {', '.join(CONVENTIONS)}.")
    kind = "words" if isinstance(puzzle, WordPuzzle) else "board"
    start = ladder_start(puzzle.start, puzzle.goal, puzzle.dictionary) if kind == "words" else \
        puzzle.board()
    answer = _read_answer(text, puzzle)
    if answer.claim_none:
        best = yield from optimum(puzzle, max_expansions)
        return _judge_claim(kind, answer, best)
    fault, given, used = _replay(answer, start, convention)
    verdict = Verdict(kind, False, "", "", answer.form, answer.stated, given, convention=used,
                      solvable=start.is_solvable() if kind == "board" else None)
    if kind == "board" and not verdict.solvable:
        return _unsolvable(verdict, fault)
    if fault is not None:
        verdict.status, verdict.first_bad, verdict.line, verdict.message = (fault.status, fault.move, fault.line,
                                                                            fault.sentence)
        return verdict
    best = yield from optimum(puzzle, max_expansions)
    verdict = _judge_length(verdict, best)
    if convention == "auto" and used == "blank":
        verdict.message += " " + READ_AS_THE_BLANKS_MOVES
    return verdict


def _judge_claim(kind: str, answer: _Answer, best: Result) -> Verdict:
    verdict = Verdict(kind, False, "", "", "no-solution", answer.stated, solvable=best.status != "unsolvable")
    thing = "board" if kind == "board" else "ladder"
    if best.status == "unsolvable":
        verdict.right, verdict.status = True, "no-solution"
        verdict.message = f"Right: this {thing} has no solution." if kind == "board" else \
            "Right: there is no ladder between these words in this dictionary."
        return verdict
    verdict.status = "missed-solution"
    if best.solved and best.optimal:
        verdict.optimum = verdict.bound = best.moves
        verdict.message = f"Wrong: this {thing} has a solution, of {_count_of(best.moves, 'move')} at best."
    else:
        verdict.bound = best.bound
        verdict.message = f"Not settled: no solution was found within the budget (at least {best.bound} moves)."
        verdict.status, verdict.solvable = "unproven", None
    return verdict


def _unsolvable(verdict: Verdict, fault: Optional[_Fault]) -> Verdict:
    verdict.status, verdict.solvable = "unsolvable", False
    verdict.message = "Wrong: this board has no solution, so the right output is 'No solution possible'"
    if fault is not None:
        verdict.first_bad, verdict.line = fault.move, fault.line
        verdict.message += "; besides, " + fault.sentence[0].lower() + fault.sentence[1:]
    else:
        verdict.message += "."
    return verdict


def _judge_length(verdict: Verdict, best: Result) -> Verdict:
    """A valid path's verdict: its stated count, then its length against the optimum."""
    given, stated = verdict.given, verdict.stated
    verdict.solvable = True
    proven = best.moves if best.solved and best.optimal else None
    if proven is None and given == best.bound:
        proven = given  # as long as a proven lower bound: optimal
    verdict.optimum, verdict.bound = proven, proven if proven is not None else best.bound
    if proven is not None and given < proven:
        raise AssertionError(f"a valid answer of {given} moves is shorter than the optimum {proven}")
    shown = _count_of(given, "move")
    if stated is not None and stated != given:
        verdict.status = "miscounted"
        verdict.message = f"The moves are valid, but the answer says {stated} and shows {given}" + (
            " (which is optimal)." if given == proven else f"; the optimum is {proven}." if proven is not None
            else ".")
    elif proven is None:
        verdict.status = "unproven"
        verdict.message = (f"The {shown} are valid; the optimum, at least {best.bound} moves, could not be settled "
                           "within the budget.")
    elif given > proven:
        verdict.status = "longer"
        verdict.message = f"Valid, but not optimal: {shown} where {proven} suffice."
    else:
        verdict.right, verdict.status = True, "optimal"
        verdict.message = f"Right: {shown}, valid and optimal."
    return verdict


def _replay(answer: _Answer, start, convention: str) -> Tuple[Optional[_Fault], int, Optional[str]]:
    """The first fault of the answer's path (None if it is a valid solution), its number of moves, and the
    convention a move string was read in."""
    if answer.form == "ladder":
        return _ladder_fault(answer.items, start), len(answer.items) - 1, None
    if answer.form == "boards":
        return _boards_fault(answer.items, start), len(answer.items) - 1, None
    letters = answer.items
    if convention != "auto":
        return _moves_fault(letters, start, convention), len(letters), convention
    fault = _moves_fault(letters, start, "tile")
    if fault is not None and _moves_fault(letters, start, "blank") is None:
        return None, len(letters), "blank"
    return fault, len(letters), "tile"


def _boards_fault(boards: List[Tuple[int, Tuple[int, ...]]], start: Board) -> Optional[_Fault]:
    n, height = start.width, start.height
    first_line, first = boards[0]
    if first != start.tiles:
        return _Fault("wrong-start", 0, first_line, f"The first board (line {first_line}) is not the puzzle's start.")
    for move, ((_, before), (line, after)) in enumerate(zip(boards, boards[1:]), start=1):
        try:
            validate_tiles(list(after), n, height=height)
        except BoardError as error:
            return _Fault("illegal-move", move, line, f"Board {move + 1} (line {line}) is not a board: {error}")
        problem = _slide_problem(before, after, n, height)
        if problem:
            return _Fault("illegal-move", move, line, f"Move {move} (to the board on line {line}) is not one slide: "
                                                      f"{problem}.")
    last_line, last = boards[-1]
    if last != start.goal:
        return _Fault("not-at-goal", len(boards) - 1, last_line,
                      f"The last board (line {last_line}) is not the goal.")
    return None


def _slide_problem(before: Sequence[int], after: Sequence[int], n: int, height: int) -> str:
    """Why ``after`` is not ``before`` after one slide on a board ``n`` wide ("" when it is)."""
    changed = [cell for cell in range(n * height) if before[cell] != after[cell]]
    if not changed:
        return "the board did not change"
    blank = before.index(0)
    if len(changed) != 2 or blank not in changed:
        return f"{len(changed)} cells changed, but a slide changes two: the blank's and one tile's"
    target = changed[0] if changed[1] == blank else changed[1]
    if target not in grid.blank_moves(n, height)[blank]:
        return f"tile {before[target]} jumped into the blank from a cell that is not next to it"
    return ""


def _moves_fault(letters: List[Tuple[int, str]], start: Board, convention: str) -> Optional[_Fault]:
    n, height = start.width, start.height
    tiles = list(start.tiles)
    blank = tiles.index(0)
    for move, (line, letter) in enumerate(letters, start=1):
        tile_way = letter if convention == "tile" else OPPOSITE[letter]
        step_row, step_col = _BLANK_STEP[tile_way]
        row, col = divmod(blank, n)
        if not (0 <= row + step_row < height and 0 <= col + step_col < n):
            way = {"l": "left", "r": "right", "u": "up", "d": "down"}[tile_way]
            return _Fault("illegal-move", move, line, f"Move {move} cannot be made: no tile is {_SIDE[tile_way]} "
                                                      f"the blank to slide {way}.")
        target = (row + step_row) * n + col + step_col
        tiles[blank], tiles[target] = tiles[target], 0
        blank = target
    if tuple(tiles) != start.goal:
        line = letters[-1][0] if letters else None
        return _Fault("not-at-goal", len(letters), line, f"After the {_count_of(len(letters), 'move')} the board is "
                                                         "not the goal.")
    return None


def _ladder_fault(words: List[Tuple[int, str]], start: WordState) -> Optional[_Fault]:
    first_line, first = words[0]
    if first != start.word:
        return _Fault("wrong-start", 0, first_line, f"The ladder starts with {quoted(first)} (line {first_line}), "
                                                    f"not {quoted(start.word)}.")
    for move, ((_, before), (line, after)) in enumerate(zip(words, words[1:]), start=1):
        if after not in start.dictionary:
            return _Fault("illegal-move", move, line, f"Step {move}: {quoted(after)} (line {line}) is not a word of "
                                                      "the dictionary.")
        edits = edit_distance(before, after)
        if edits != 1:
            what = "the same word twice" if edits == 0 else f"{edits} edits, not one"
            return _Fault("illegal-move", move, line, f"Step {move}: {quoted(before)} to {quoted(after)} (line {line}) "
                                                      f"is {what}.")
    last_line, last = words[-1]
    if last != start.goal:
        return _Fault("not-at-goal", len(words) - 1, last_line, f"The ladder ends with {quoted(last)} (line "
                                                                f"{last_line}), not {quoted(start.goal)}.")
    return None
