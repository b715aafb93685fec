"""Every request kind the web worker answers, declared once (:class:`~puzzlesolver.ops.declare.Op`).

Grouped by what asks: :mod:`~puzzlesolver.ops.basics` (info, links, cancel), :mod:`~puzzlesolver.ops.solving`
(the solver form), :mod:`~puzzlesolver.ops.game` (the game) and :mod:`~puzzlesolver.ops.learning` (the Learn
view).  :mod:`puzzlesolver.webapi` dispatches to :data:`OPS`; :mod:`puzzlesolver.ops.protocol` writes them
out as ``protocol.json``.  A new request kind is one more :class:`Op` in the module of what asks for it.
"""

from __future__ import annotations

from typing import Dict

from . import basics, game, learning, solving
from .declare import InputError, Message, Op

__all__ = ["OPS", "ANSWERS", "InputError", "Op"]

#: Every op by name.
OPS: Dict[str, Op] = {op.name: op for module in (basics, solving, game, learning) for op in module.OPS}
#: Every answer type's schema by name (besides the envelope's own: error, progress...).
ANSWERS: Dict[str, Message] = {name: schema for module in (basics, solving, game, learning)
                               for name, schema in module.ANSWERS.items()}
