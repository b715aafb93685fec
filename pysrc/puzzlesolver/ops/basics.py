"""The quick ops: what the engine offers (``info``) and a share link read (``fragment``)."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Any, Dict, Optional

from .. import __version__, explain, grid, policy
from ..board import BoardError
from ..formats import PuzzleFormatError
from ..links import parse_fragment
from ..words import DICTIONARIES
from .declare import Answer, InputError, Message, NoParams, Op, Params, wire
from .solving import DEFAULT_HEURISTIC, MAX_STORED_NODES, SOLVE_SECONDS, rows_text

__all__ = ["OPS"]


def _info(params: Params) -> Message:
    return {"type": "info", "version": __version__, "python": sys.version.split()[0],
            "heuristics": list(policy.HEURISTICS), "default_heuristic": DEFAULT_HEURISTIC,
            "algorithms": list(policy.ALGORITHMS), "dictionaries": list(DICTIONARIES),
            "max_side": grid.MAX_SIDE, "max_stored_nodes": MAX_STORED_NODES, "max_seconds": SOLVE_SECONDS,
            "ida_estimate": {name: explain.ida_estimate(name) for name in explain.COMPARED}}


@dataclass
class Fragment(Params):
    fragment: str = wire({"type": "string"}, "", required=True)
    puzzle_field = "link"


def _fragment(params: Fragment) -> Message:
    try:
        puzzle = parse_fragment(str(params.fragment))
    except (PuzzleFormatError, BoardError) as error:
        raise InputError("link", f"The link is not a puzzle: {_lower_first(str(error))}") from None
    if puzzle["kind"] in ("board", "play"):   # a game's link: its starting board, to solve
        n, goal = puzzle["n"], puzzle["goal"]
        return {"type": "fragment", "kind": "board", "n": n, "tiles": list(puzzle["tiles"]),
                "goal": None if goal is None else list(goal), "heuristic": puzzle.get("heuristic"),
                "board_text": rows_text(puzzle["tiles"], n),
                "goal_text": "" if goal is None else rows_text(goal, n)}
    return {"type": "fragment", "kind": "words", "start": puzzle["start"], "goal": puzzle["goal"],
            "dictionary": puzzle["dictionary"]}


def _lower_first(sentence: str) -> str:
    return sentence[:1].lower() + sentence[1:]



INFO_DESCRIPTION = ("What the engine offers. ida_estimate: for each estimate the Learn view's searches compare, the "
                    "one IDA* runs with when it is chosen (explain.ida_estimate: itself, or Manhattan distance).")

INFO_ANSWER = Answer("info",
    {"type": "object", "required": ["type", "id", "version", "python", "heuristics", "default_heuristic",
                                    "algorithms", "dictionaries", "max_side", "max_stored_nodes",
                                    "max_seconds", "ida_estimate"],
     "description": INFO_DESCRIPTION,
     "properties": {"heuristics": {"type": "array", "items": {"type": "string"}},
                    "algorithms": {"type": "array", "items": {"type": "string"}},
                    "dictionaries": {"type": "array", "items": {"type": "string"}},
                    "max_side": {"type": "integer"},
                    "ida_estimate": {"type": "object", "additionalProperties": {"type": "string"}}}})

FRAGMENT_ANSWER = Answer("fragment",
    {"type": "object", "required": ["type", "id", "kind"],
     "properties": {"kind": {"enum": ["board", "words"]}}})

OPS = (
    Op("info", NoParams, (INFO_ANSWER,), answer=_info,
       description="What the engine offers: its version, estimates, searches, dictionaries and limits."),
    Op("fragment", Fragment, (FRAGMENT_ANSWER,), answer=_fragment,
       description="A share link's fragment (board=..., words=..., play=...) read as the puzzle it holds.",
       examples=({"fragment": "board=3:8,1,3,4,0,2,7,6,5&h=hamming"}, {"fragment": "words=horse,nurse&dict=large"},
                 {"fragment": "board=3:1,2"})),
)
