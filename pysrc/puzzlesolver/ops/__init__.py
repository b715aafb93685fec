"""Every request kind the web worker answers, declared once (:class:`~puzzlesolver.ops.declare.Op`).

Grouped by what asks: :mod:`~puzzlesolver.ops.basics` (info, links), :mod:`~puzzlesolver.ops.solving`
(the solver form), :mod:`~puzzlesolver.ops.game` (the game), :mod:`~puzzlesolver.ops.learning` (the Learn
view) and :mod:`~puzzlesolver.ops.scheduling` (the jobs themselves: advance, cancel, resume, drop; and stats,
how long the calls into the engine held the worker).  Each op carries its answer types and its kind of progress record (:mod:`~puzzlesolver.ops.progress`, with its words).
:mod:`puzzlesolver.webapi` dispatches to :data:`OPS`; :mod:`puzzlesolver.ops.protocol` writes them out as
``protocol.json``, and the build writes the page's functions from it (site/core/ops.js).  A new request kind
is one more :class:`Op` in the module of what asks for it, and a view calling its generated function.
"""

from __future__ import annotations

from typing import Dict

from . import basics, game, learning, scheduling, solving
from .declare import InputError, Message, Op

__all__ = ["OPS", "ANSWERS", "InputError", "Op"]

#: Every op by name.
OPS: Dict[str, Op] = {op.name: op for module in (basics, solving, game, learning, scheduling) for op in module.OPS}
#: Every answer type's schema by its type, as the ops declare them (besides the envelope's own: error, progress...).
ANSWERS: Dict[str, Message] = {answer.type: answer.schema for op in OPS.values() for answer in op.answers}
