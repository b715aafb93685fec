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
  when its first slice finished it, else ``{"type": "started", "tag", ...progress}``; the worker then sends
  ``{"op": "advance", "id", "slice_ms"}`` until the result comes, forwarding each ``{"type": "progress",
  "tag", ...}`` to the page (``tag``: the op's kind of progress record).  A job first declares the data
  files it reads: if some are not on hand the answer is ``{"type": "fetch", "files": [{"url", "path"}]}``,
  and the worker sends the request again with ``unavailable``: the urls it could not get (the engine then
  does without them, or says in one sentence why it cannot).
* One running job per ``owner`` (a part of the page: "form", "game", "judge", ...): a newer request of
  an owner replaces the older one, which answers ``{"type": "cancelled"}``.  ``cancel`` ``{job?,
  owner?, keep_best?}`` stops one running job, or every running job of an owner (of every owner without
  one); with ``keep_best``, a solve whose search has begun answers as when its budget runs out (its
  answer so far, or how far it got and its advice; resumable) instead of ``cancelled``.  The worker itself drops requests still fetching their files.
* A solve whose time budget (``max_seconds``) runs out answers ``result`` with ``resumable: true`` and
  ``job``: its id; ``resume`` ``{job, max_seconds?}`` goes on with it (one such job is kept per owner).

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
from typing import Any, Dict

from . import jobs
from .budget import cancelled_message, took
from .ops import OPS, InputError, Op
from .ops.basics import Advance, Cancel
from .ops.declare import positive
from .ops.protocol import PATH as PROTOCOL
from .ops.solving import SOLVE_SECONDS, Resume
from .words import WordError

__all__ = ["call", "answer", "PROTOCOL"]

#: A slice of a job when the worker does not say (milliseconds).
DEFAULT_SLICE_MS = 50
#: The page's names for the fields of a word ladder, by the engine's.
_WORD_FIELDS = {"start": "start_word", "goal": "goal_word", "dictionary": "dictionary"}

Message = Dict[str, Any]


class _NeedFiles(Exception):
    def __init__(self, files: list) -> None:
        super().__init__("missing data files")
        self.files = files


class _JobFailed(Exception):
    """A job's work raised ``error``; ``field`` is the field its puzzle is shown on."""

    def __init__(self, error: Exception, field: str) -> None:
        super().__init__(str(error))
        self.error, self.field = error, field


_jobs = jobs.Jobs()


def call(message_json: str) -> str:
    """Answer one worker message (a JSON string) with one JSON string; never raises."""
    message: Message = {}
    try:
        parsed = json.loads(message_json)
        if not isinstance(parsed, dict):
            raise InputError("internal", "A message must be a JSON object.")
        message = parsed
        answer = _dispatch(message)
    except _NeedFiles as need:
        answer = {"type": "fetch", "files": need.files}
    except _JobFailed as failed:
        answer = _error(failed.error, failed.field)
    except Exception as error:  # noqa: BLE001 - the page must get a sentence, never a traceback
        answer = _error(error)
    answer["id"] = message.get("id")
    return json.dumps(answer)


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
    if name in _SCHEDULER:
        return _SCHEDULER[name](message)
    op = OPS.get(name) if isinstance(name, str) else None
    if op is None:
        raise InputError("internal", f"Unknown operation {str(name)[:40]!r}.")
    params = op.params.read(message)
    if op.answer is not None:
        return op.answer(params)
    return _start(message, op, params)


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


# -- the scheduler's requests ------------------------------------------------------------------------------

def _start(message: Message, op: Op, params: Any) -> Message:
    """Make the request's job, fetch its data files first, register it under its owner, run one slice."""
    job = op.job(params)
    wanted = [{"url": f.url, "path": f.path} for f in job.files(set(message.get("unavailable") or ()))]
    if wanted:
        job.cancel()
        raise _NeedFiles(wanted)
    job.answering = (op, params)
    _jobs.start(message.get("id"), _owner(message), job)
    return _first_slice(message)


def _first_slice(message: Message) -> Message:
    answer = _advance({"id": message.get("id"), "slice_ms": message.get("slice_ms")})
    return {**answer, "type": "started"} if answer["type"] == "progress" else answer


def _owner(message: Message) -> str:
    owner = message.get("owner")
    return owner if isinstance(owner, str) and owner else "page"


def _advance(message: Message) -> Message:
    job_id, slice_ms = message.get("id"), Advance.read(message).slice_ms
    job = _jobs.job(job_id)
    if job is None:
        raise InputError("internal", "No request is running under this id.")
    op, params = job.answering
    try:
        outcome = _jobs.advance(job_id, positive(slice_ms, DEFAULT_SLICE_MS) / 1000)
    except Exception as error:  # noqa: BLE001 - reported as a sentence by call()
        raise _JobFailed(error, params.puzzle_field) from error
    if outcome.kind == "progress":  # its time written as the answer's will be
        return {"type": "progress", "tag": op.progress, **outcome.value, "took": took(outcome.value["seconds"])}
    if outcome.kind == "cancelled":
        progress = {"tag": op.progress, **outcome.value}
        return {"type": "cancelled", "message": cancelled_message(progress), "progress": progress,
                "took": took(progress.get("seconds", 0))}
    answer = op.describe(params, outcome.value)
    if outcome.kind == "paused":
        answer.update(resumable=True, job=job_id)
    return answer


def _cancel(message: Message) -> Message:
    params = Cancel.read(message)
    return {"type": "cancel", "jobs": _jobs.cancel(params.job, message.get("owner"), keep_best=params.keep_best is True)}


def _resume(message: Message) -> Message:
    """Take back a paused solve (:meth:`puzzlesolver.jobs.Jobs.resume`) under this request's id."""
    params = Resume.read(message)
    try:
        _jobs.resume(params.job, message.get("id"), _owner(message), positive(params.max_seconds, SOLVE_SECONDS))
    except KeyError:
        raise InputError("internal", "That search can no longer be resumed; start it again.") from None
    return _first_slice(message)


#: The requests the scheduler answers itself, about jobs already running.
_SCHEDULER = {"advance": _advance, "cancel": _cancel, "resume": _resume}
