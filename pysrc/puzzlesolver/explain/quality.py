"""How good each estimate is: its average against the exact distance over all 181,440 solvable 8-puzzle
boards (the Learn view's chart)."""

from __future__ import annotations

from ..board import Board
from ..fast.tables import pdb_files
from ..heuristics import ESTIMATES
from ..steps import Work, to_end
from .compare import COMPARED

__all__ = ["heuristic_quality", "measuring_quality"]


def heuristic_quality() -> dict:
    """Every estimate against the exact distance over all 181,440 solvable 8-puzzle boards.

    ``{"exact": [boards at distance d], "average": {name: [mean estimate at distance d]}}``, from the
    exact table; a few seconds of work.
    """
    return to_end(measuring_quality())


def measuring_quality() -> Work[dict]:
    """:func:`heuristic_quality` as work in steps; yields ``{"boards", "of"}`` as it goes."""
    table = pdb_files.exact_3(8)
    counts = [0] * 32
    sums = {name: [0] * 32 for name in COMPARED if name != "pdb"}
    for rank, distance in enumerate(table):
        if rank % 500 == 0:
            yield {"boards": rank, "of": len(table)}
        if distance == 255:
            continue
        board = Board.from_tiles(pdb_files.unrank_perm(rank, 9))
        counts[distance] += 1
        for name in sums:
            sums[name][distance] += ESTIMATES[name](board)
    average = {name: [round(total / count, 3) for total, count in zip(totals, counts)] for name, totals in sums.items()}
    average["pdb"] = [float(d) for d in range(32)]  # the 3x3 table is the exact distance itself
    return {"exact": counts, "average": average}
