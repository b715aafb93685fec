"""The Code view's worker asks here, with JSON text, what ``python -m puzzlesolver --grade`` asks of the package directly.

The worker (site/worker/code-worker.js) calls :func:`answer_json` once per message; the page (site/code/runner.js)
sends one test at a time, so that it can stop any of them (time limit, Stop) and go on with the next::

    {"type": "exercises"}                                   -> {"exercises": [...]}
    {"type": "plan", "exercise", "sources"}                 -> plan(...)
    {"type": "run", "exercise", "sources", "name"}          -> run_test(...)
    {"type": "interrupted", "exercise", "name", "kind"}     -> interrupted_row(...)

>>> import json
>>> json.loads(answer_json('{"type": "plan", "exercise": "8puzzle", "sources": {"board.py": "x = ("}}'))["ok"]
False
"""

from __future__ import annotations

import json
from typing import Any, Dict

from . import exercises, interrupted_row, plan, run_test


def answer(message: Dict[str, Any]) -> Dict[str, Any]:
    """The answer to one message of the Code view; ValueError for a message of no known type."""
    kind = message.get("type")
    if kind == "exercises":
        return {"exercises": exercises()}
    if kind == "plan":
        return plan(message["exercise"], message["sources"])
    if kind == "run":
        return run_test(message["exercise"], message["sources"], message["name"])
    if kind == "interrupted":
        return interrupted_row(message["exercise"], message["name"], message["kind"])
    raise ValueError(f"no such request: {kind!r}")


def answer_json(text: str) -> str:
    return json.dumps(answer(json.loads(text)))
