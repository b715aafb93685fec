"""What a request may ask for: the algorithm and heuristic names, :class:`Options`, and the one check of them.

The plan table (:mod:`.plans`) reads a request's options as one of a few *request kinds*; this module only says
which names exist and refuses the others in one sentence naming the field.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

from ..heuristics import CHOICES as HEURISTICS
from ..search import ALGORITHMS as ASTAR_ALGORITHMS

__all__ = ["Options", "OptionError", "ALGORITHMS", "WORD_ALGORITHMS", "HEURISTICS", "IDA_HEURISTICS",
           "ASTAR_ALGORITHMS", "check_options"]

#: Algorithm names a board request accepts.
ALGORITHMS = ("auto", "ida", "astar", "astar-tree", "weighted", "lines")
#: Algorithm names a word-ladder request accepts.
WORD_ALGORITHMS = ("auto",) + ASTAR_ALGORITHMS
#: Heuristics the IDA* engines update incrementally (the others run on the seeds' A*).
IDA_HEURISTICS = ("auto", "pdb", "linear-conflict", "manhattan")


class OptionError(ValueError):
    """An option no search accepts; ``field`` is ``"algorithm"`` or ``"heuristic"``."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class Options:
    """How to search: ``algorithm`` and ``heuristic`` (see :mod:`puzzlesolver.policy`), ``weight`` for
    the weighted searches (None: their default)."""

    algorithm: str = "auto"
    heuristic: str = "auto"
    weight: Optional[float] = None


def check_options(options: Options, algorithms: Sequence[str]) -> None:
    """Refuse an algorithm not in ``algorithms`` or an unknown heuristic (:class:`OptionError`)."""
    if options.algorithm not in algorithms:
        raise OptionError(f"Unknown algorithm {options.algorithm[:40]!r}; choose one of "
                          f"{', '.join(algorithms)}.", "algorithm")
    if options.heuristic not in HEURISTICS:
        raise OptionError(f"Unknown heuristic {options.heuristic[:40]!r}; choose one of "
                          f"{', '.join(HEURISTICS)}.", "heuristic")
