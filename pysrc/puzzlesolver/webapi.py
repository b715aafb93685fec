"""The web worker's API: JSON in, JSON out, dispatched to the declared ops (:mod:`puzzlesolver.ops`).

The worker passes every page message to :func:`call` as a JSON string and posts back what it returns.
Every message is declared in ``protocol.json`` beside this package, generated from the ops
(:mod:`puzzlesolver.ops.protocol`); this docstring says how the messages go together.

* A request is ``{"id", "op", "owner"?, ...}``; ids count up.  Every request gets exactly one answer
  with its id: the result, or ``{"type": "error", "field", "message"}`` (``field`` names what it is
  about, the message is one sentence; never a traceback; ``also``: ``[{"field", "message"}]``, the other
  fields' problems when one check found several, as a ladder's two unknown or empty words).
* Quick ops (``info``, ``check_board``, ``fragment``, ``cancel``) answer at once.
* Every op that can take longer is a *job* (:mod:`puzzlesolver.jobs`).  Its first answer is its result
  when its first slice finished it, else ``{"type": "started", "tag", "words", ...progress}``; the worker
  then sends ``{"op": "advance", "id", "slice_ms"}`` until the result comes, forwarding each ``{"type":
  "progress", "tag", "words", ...}`` to the page (``tag``: the op's kind of progress record; ``words``: the
  record as the page shows it, :mod:`puzzlesolver.ops.progress`).  A job first declares the data files it
  reads: if some are not on hand the answer is ``{"type": "fetch", "files": [{"url", "path"}]}``, and the
  worker sends the request again with ``unavailable``: the urls it could not get (the engine then does
  without them, or says in one sentence why it cannot).  A request cancelled while its files download, or
  that keeps asking for files the worker cannot get, is dropped: the worker sends ``{"op": "drop", "id",
  "why"}`` and posts the answer (``cancelled``, or an error).
* One running job per ``owner`` (a part of the page: "form", "game", "judge", ...): a newer request of
  an owner replaces the older one, which answers ``{"type": "cancelled"}``.  ``cancel`` ``{job?,
  owner?, keep_best?}`` stops one running job, or every running job of an owner (of every owner without
  one); with ``keep_best``, a solve whose search has begun answers as when its budget runs out (its
  answer so far, or how far it got and its advice; resumable) instead of ``cancelled``.
* A solve whose time budget (``max_seconds``) runs out answers ``result`` with ``resumable: true`` and
  ``job``: its id; ``resume`` ``{job, max_seconds?}`` goes on with it (one such job is kept per owner).

The requests about jobs (advance, cancel, resume, drop) are ops too (:mod:`puzzlesolver.ops.scheduling`),
given the table of jobs this module keeps; so is ``stats``, how long the calls into the engine held the worker,
which :func:`call` counts.

Solving in slices::

    >>> import json
    >>> ask = lambda **message: json.loads(call(json.dumps(message)))
    >>> answer = ask(id=1, op="solve_board", board="0 1\\n3 2")
    >>> while answer["type"] in ("started", "progress"):
    ...     answer = ask(id=1, op="advance", slice_ms=50)
    >>> answer["status"], answer["moves"], answer["blank_path"]
    ('solved', 2, [1, 3])
"""

from __future__ import annotations

import json
import time
from typing import Any, Dict

from . import jobs
from .ops import OPS, InputError
from .ops.protocol import PATH as PROTOCOL
from .ops import scheduling
from .ops.scheduling import JobFailed, NeedFiles, start
from .words import WordError

__all__ = ["call", "answer", "PROTOCOL"]

#: The page's names for the fields of a word ladder, by the engine's.
_WORD_FIELDS = {"start": "start_word", "goal": "goal_word", "dictionary": "dictionary"}

Message = Dict[str, Any]

#: The worker's jobs: the running ones by request id, one per owner, and the paused ones kept for resuming.
_jobs = jobs.Jobs()


def call(message_json: str) -> str:
    """Answer one worker message (a JSON string) with one JSON string; never raises.  Each call's time, from
    reading the message to writing the answer, is counted for the ``stats`` request."""
    began = time.perf_counter()
    message: Message = {}
    counted_as = "unreadable"
    try:
        parsed = json.loads(message_json)
        if not isinstance(parsed, dict):
            raise InputError("internal", "A message must be a JSON object.")
        message = parsed
        counted_as = scheduling.counted_as(_jobs, message)
        answer = _dispatch(message)
    except NeedFiles as need:
        answer = {"type": "fetch", "files": need.files}
    except JobFailed as failed:
        answer = _error(failed.error, failed.field)
    except Exception as error:  # noqa: BLE001 - the page must get a sentence, never a traceback
        answer = _error(error)
    answer["id"] = message.get("id")
    reply = json.dumps(answer)
    _jobs.call_times.record(counted_as, time.perf_counter() - began)
    return reply


def answer(message: Message) -> Message:
    """A request's final answer: what :func:`call` and the worker's ``advance`` loop give the page, without
    the interleaving (for tools and tests).

    >>> answer({"id": 7, "op": "deal", "n": 3, "moves": 5, "seed": 1})["type"]
    'deal'
    """
    reply = json.loads(call(json.dumps(message)))
    while reply["type"] in ("started", "progress"):
        reply = json.loads(call(json.dumps({"id": message.get("id"), "op": "advance"})))
    return reply


def _dispatch(message: Message) -> Message:
    name = message.get("op")
    op = OPS.get(name) if isinstance(name, str) else None
    if op is None:
        raise InputError("internal", f"Unknown operation {str(name)[:40]!r}.")
    if op.scheduler is not None:
        return op.scheduler(_jobs, message)
    params = op.params.read(message)
    if op.answer is not None:
        return op.answer(params)
    return start(_jobs, message, op, params)


def _error(error: Exception, puzzle_field: str = "board") -> Message:
    """The one-sentence error answer for anything a request or its job raised: every error of the engine
    that a person can cause carries the ``field`` it is about (a word ladder's in the engine's names)."""
    field = getattr(error, "field", None)
    if not isinstance(field, str):
        return {"type": "error", "field": "internal",
                "message": f"Internal error ({type(error).__name__}): {str(error)[:200]}"}
    if isinstance(error, WordError):
        field = _WORD_FIELDS.get(field, "dictionary")
    answer = {"type": "error", "field": puzzle_field if field == "puzzle" else field, "message": str(error)}
    if isinstance(error, WordError) and error.also:  # the other word's problem too
        answer["also"] = [{"field": _WORD_FIELDS.get(other.field, "dictionary"), "message": str(other)}
                          for other in error.also]
    elif isinstance(error, InputError) and error.also:  # the goal's problem beside the board's
        answer["also"] = [{"field": other.field, "message": other.message} for other in error.also]
    return answer

