"""The kinds of progress record a job yields, each with what it holds and its words for the page.

A job's op names one :class:`ProgressKind`; every record the worker forwards carries its ``tag`` and ``words``,
the sentence the page shows on its progress line (site/core/job.js shows it as it comes).  A kind's words are
tried in order: the first whose ``when`` fields the record holds is written, ``{field}`` as a number with
thousands separated, ``{field|noun}`` as that many nouns, ``{took}`` as ", " and the record's time; a record
that holds none of them (a search still reading its tables) says nothing, and the page keeps its own word.

>>> SEARCH.words_for({"expanded": 1500, "frontier": 12, "bound": 40, "took": "0.2 s"})
'Searching: 1,500 positions, 12 on the frontier, at least 40 moves, 0.2 s.'
>>> SEARCH.words_for({"seconds": 0.0})
''
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Dict, Tuple

from ..formats import plural

__all__ = ["Wording", "ProgressKind", "KINDS", "SEARCH", "POSITIONS", "DEALS", "STEPS", "ROWS", "BOARDS"]

_PLACE = re.compile(r"\{(\w+)(?:\|(\w+))?\}")


@dataclass(frozen=True)
class Wording:
    """A sentence for the records that hold every field of ``when``."""

    when: Tuple[str, ...]
    text: str

    def write(self, record: Dict[str, Any]) -> str:
        def place(match: "re.Match[str]") -> str:
            name, noun = match.groups()
            if name == "took":
                return f", {record['took']}" if record.get("took") else ""
            value = record[name]
            return plural(value, noun) if noun else f"{value:,}"
        return _PLACE.sub(place, self.text)


@dataclass(frozen=True)
class ProgressKind:
    """One kind of progress record: its ``tag``, what its records hold (``about``), and its ``words``."""

    tag: str
    about: str
    words: Tuple[Wording, ...]

    def words_for(self, record: Dict[str, Any]) -> str:
        """The record in words: its first wording whose fields it holds, or "" when none fits."""
        for wording in self.words:
            if all(record.get(name) is not None for name in wording.when):
                return wording.write(record)
        return ""

    def fields(self) -> Tuple[str, ...]:
        """Every field its words read (the protocol's schema must know each)."""
        return tuple(dict.fromkeys(name for wording in self.words for name, _ in _PLACE.findall(wording.text)
                                   if name != "took"))


def _thinking() -> Wording:
    return Wording(("expanded",), "Thinking: {expanded} positions{took}.")


SEARCH = ProgressKind(
    "search", "a search: expanded, frontier, bound, enqueued, method; boards add iterations and best (an anytime "
              "search's answer so far), and table of tables while a rectangle's pattern tables are built",
    (Wording(("frontier", "table"), "Building the pattern tables for this shape: table {table} of {tables}."),
     Wording(("frontier", "best"), "Searching: {expanded|position}, {frontier} on the frontier, at least "
                                   "{bound|move}; best answer so far {best|move}{took}."),
     Wording(("frontier",), "Searching: {expanded|position}, {frontier} on the frontier, at least {bound|move}{took}.")))
POSITIONS = ProgressKind("positions", "positions searched: expanded", (_thinking(),))
DEALS = ProgressKind("deals", "boards tried for an exact deal: tried, expanded",
                 (Wording(("tried",), "Trying board {tried}: {expanded} positions searched{took}."), _thinking()))
STEPS = ProgressKind("steps", "a search recorded step by step: steps", (Wording(("steps",), "Recording step {steps}{took}."),))
ROWS = ProgressKind("rows", "searches compared: rows done of `of`, expanded in the current one",
                (Wording(("rows",), "Comparing: {rows} of {of} searches done, {expanded} nodes in this one{took}."),
                 _thinking()))
BOARDS = ProgressKind("boards", "boards measured: boards of `of`",
                  (Wording(("boards",), "Working through the boards: {boards} of {of}{took}."),))

#: Every kind by its tag.
KINDS: Dict[str, ProgressKind] = {kind.tag: kind for kind in (SEARCH, POSITIONS, DEALS, STEPS, ROWS, BOARDS)}
