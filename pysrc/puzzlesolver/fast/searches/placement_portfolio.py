"""Which placement beams (:mod:`.placement`) the anytime search (:mod:`.anytime`) runs on a big board, in rounds.

Answers vary much from one weighting of a beam's rank to another, and from placing the lines one way round or the
other, so the rounds try several, and the anytime search keeps the best answer.  A beam's work is its width x the
answer's length, about side**3, so the widths shrink as side**3.  Up to 10x10 the beams differ by their step and
carrying weights; above it they also weigh the tiles of the next lines more (:data:`BIG_KINDS`), and a carrying move
weighs the less, the bigger the board: too heavy, and the beam wanders, sorting the tiles around the one it should
place.  The figures behind every value here are in ``docs/performance.md``.
"""

from __future__ import annotations

from typing import List, NamedTuple, Tuple

__all__ = ["BIG_KINDS", "QUICK", "Settings", "portfolio"]


class Settings(NamedTuple):
    """One placement beam of a portfolio, as :class:`~.placement.PlacementBeam` takes it: its width (as many
    laggards again), its weights (of one move of the placement under way and one of carrying the other tiles
    home), whether its lines are placed the other way round, and the weights of the next lines' tiles
    (``ahead``)."""

    width: int
    step_weight: int
    carry_weight: int
    flip: bool = False
    ahead: Tuple[int, ...] = ()


#: The first beam on any board: about as fast as the line-by-line solver, and shorter.
QUICK = Settings(8, 8, 1)


#: The kinds of placement beam on squares above 10x10, in the order the portfolio tries them: (step weight,
#: carrying weight, ``ahead``), the three best of those measured on random 15x15 and 20x20 boards.
BIG_KINDS = ((15, 1, (3, 3, 3, 3, 2, 2, 2, 2)), (18, 1, (3, 3, 3, 3, 3, 3, 2, 2, 2, 2)),
             (12, 1, (3, 3, 3, 3, 3, 3, 2, 2, 2, 2)))


def portfolio(side: float) -> List[List[Settings]]:
    """The placement beams an anytime search runs on a side x side board (on a rectangle, ``side`` is that of the
    square of as many cells), in rounds (the anytime search sweeps
    windows over the best answer after each round but the first, :data:`QUICK`, for an answer at once; above
    10x10, where a sweep costs as much as several beams and gains less, after the last round).

    Up to 10x10: three kinds of weights, the lines placed one way in the first round and the other way in the
    second (as short on average, and other answers).  Above 10x10: the kinds of :data:`BIG_KINDS`, each once each
    way round.
    """
    first = max(16, round(128 * (10 / side) ** 3))
    quick = [[QUICK]] if first > 2 * QUICK.width else []
    if side > 10:
        kinds = [Settings(first, step, carry, False, ahead) for step, carry, ahead in BIG_KINDS]
        flipped = [kind._replace(flip=True) for kind in kinds]
        return quick + [[kinds[0], flipped[1]], [kinds[1], flipped[0]], [kinds[2], flipped[2]]]
    kinds = ((2, 2), (6, 4), (2, 3))
    return quick + [[Settings(first, *weights, flip) for weights in kinds] for flip in (False, True)]
