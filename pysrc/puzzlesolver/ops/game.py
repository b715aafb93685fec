"""What the game asks: a position judged (``judge``: its optimal distance and each move's effect on it) and a
board dealt (``deal``: uniformly random, or exactly N moves from the goal)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Dict, Optional, Tuple

from .. import grid, play
from ..board import Board, random_board, validate_tiles
from ..formats import BoardPuzzle
from ..jobs import Job
from ..policy import Options
from .declare import Answer, InputError, Message, Op, Params, at_once, prepared, wire
from .progress import DEALS, POSITIONS

__all__ = ["OPS", "judge_job", "deal_job"]

TILES_OR_NULL = {"oneOf": [{"$ref": "#/$defs/tiles"}, {"type": "null"}]}


def judge_job(board: Board) -> Job[play.Judgement]:
    """A game's position judged (:func:`puzzlesolver.play.judging`); its budget of expansions ends it."""
    return prepared(BoardPuzzle(board.width, board.tiles, board.goal), Options(), play.judging(board))


def deal_job(n: int, moves: Optional[int], goal: Optional[Tuple[int, ...]] = None,
             rng: Optional[random.Random] = None) -> Job[Board]:
    """A board to play: uniform among those that reach ``goal``, or (``moves``) one whose optimal solution
    takes exactly that many moves (:func:`puzzlesolver.play.dealing`)."""
    rng = rng or random.Random()
    if moves is None:
        return Job(at_once(lambda: random_board(n, rng, goal)))
    return prepared(BoardPuzzle(n, grid.standard_goal(n)), Options(), play.dealing(n, moves, rng),
                    over_budget=f"No {n}x{n} board of exactly {moves} moves turned up in time; try again or "
                                "another length.")


@dataclass
class Judge(Params):
    tiles: Any = wire({"$ref": "#/$defs/tiles"}, required=True)
    goal: Any = wire(TILES_OR_NULL)
    #: Tiles to a row; null (or left out) for a square board.  A W x H game's position needs it.
    width: Any = wire({"type": ["integer", "null"]})
    board: Board = field(init=False)

    def check(self) -> None:
        if not isinstance(self.tiles, list) or (self.goal is not None and not isinstance(self.goal, list)):
            raise InputError("board", "A position is a list of tiles (and optionally a goal).")
        if self.width is not None and type(self.width) is not int:
            raise InputError("board", "The width of a board is a whole number of tiles.")
        self.board = Board.from_tiles(self.tiles, self.goal, width=self.width)
        if not self.board.is_solvable():
            raise InputError("board", "This board cannot reach its goal.")


def _describe_judgement(params: Judge, verdict: play.Judgement) -> Message:
    tiles = params.board.tiles
    moves = [{"cell": cell, "tile": tiles[cell], "delta": delta} for cell, delta in verdict.deltas.items()]
    return {"type": "judgement", "distance": verdict.distance, "exact": verdict.exact, "moves": moves,
            "method": verdict.method}


@dataclass
class Deal(Params):
    n: Any = wire({"type": "integer"}, required=True)
    goal: Any = wire(TILES_OR_NULL)
    seed: Any = wire({"type": "integer"})
    moves: Any = wire({"type": ["integer", "null"]})
    puzzle_field = "moves"

    def check(self) -> None:
        n = self.n
        if type(n) is not int or not 2 <= n <= 12:
            raise InputError("size", "Choose a board size from 2 to 12.")
        if self.goal is not None:
            if not isinstance(self.goal, list):
                raise InputError("goal", "The goal must be a list of tiles.")
            validate_tiles(self.goal, n, "goal")
        if self.moves is not None and type(self.moves) is not int:
            raise InputError("moves", "The number of moves must be a whole number.")
        if self.moves is not None:
            play.check_deal(n, self.moves)


def _deal(params: Deal) -> Job[Board]:
    rng = random.Random(params.seed if type(params.seed) is int else None)
    return deal_job(params.n, params.moves, None if params.goal is None else tuple(params.goal), rng)


def _describe_deal(params: Deal, board: Board) -> Message:
    return {"type": "deal", "n": params.n, "tiles": list(board.tiles), "goal": list(board.goal)}


JUDGEMENT_ANSWER = Answer("judgement",
    {"type": "object", "required": ["type", "id", "distance", "exact", "moves", "method"],
     "description": "The optimal distance of a game's position (exact; else a proven lower bound) and, "
                    "for each tile that can move, what moving it does to that distance (-1 or +1).",
     "properties": {"distance": {"type": "integer"}, "exact": {"type": "boolean"},
                    "moves": {"type": "array", "items": {
                        "type": "object", "required": ["cell", "tile", "delta"],
                        "properties": {"cell": {"type": "integer"}, "tile": {"type": "integer"},
                                       "delta": {"enum": [-1, 1]}}}}}})

DEAL_ANSWER = Answer("deal",
    {"type": "object", "required": ["type", "id", "n", "tiles", "goal"],
     "properties": {"n": {"type": "integer"}, "tiles": {"$ref": "#/$defs/tiles"},
                    "goal": {"$ref": "#/$defs/tiles"}}})

OPS = (
    Op("judge", Judge, (JUDGEMENT_ANSWER,), job=lambda params: judge_job(params.board), describe=_describe_judgement,
       description="A game's position judged: its distance to the goal, for the verdict on the move that led there.",
       progress=POSITIONS,
       examples=({"tiles": [1, 2, 3, 4, 5, 6, 7, 0, 8]},
                 {"tiles": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15]},
                 {"tiles": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 0, 14], "width": 5})),
    Op("deal", Deal, (DEAL_ANSWER,), job=_deal, describe=_describe_deal, progress=DEALS,
       description="Uniform over the boards that reach the goal, or, with `moves`, one (standard goal, 2x2 to 4x4) "
                   "whose optimal solution takes exactly that many moves.",
       examples=({"n": 4}, {"n": 3, "moves": 12, "seed": 1}, {"n": 9, "moves": 3})),
)
