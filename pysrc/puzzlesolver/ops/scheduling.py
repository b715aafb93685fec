"""The requests about jobs themselves: a job started, advanced a slice, cancelled, resumed, or dropped by the
worker before it began; and how long the calls into the engine held the worker (``stats``).  Each is declared
as an op whose ``scheduler`` is given the worker's table of jobs (:class:`puzzlesolver.jobs.Jobs`), so
:mod:`puzzlesolver.webapi` only dispatches and the worker builds no answer of its own.

>>> from puzzlesolver.jobs import Jobs
>>> from puzzlesolver.ops import OPS
>>> table = Jobs()
>>> first = start(table, {"id": 1, "op": "deal"}, OPS["deal"], OPS["deal"].params.read({"n": 3, "moves": 4, "seed": 1}))
>>> first["type"]
'deal'
>>> OPS["drop"].scheduler(table, {"id": 2, "op": "drop", "why": "cancelled"})["type"]
'cancelled'
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, List, Optional

from ..budget import cancelled_message, took
from ..jobs import Jobs
from .declare import Answer, InputError, Message, NoParams, Op, Params, positive, wire
from .progress import SEARCH
from .solving import RESULT_ANSWER, SOLVE_SECONDS

__all__ = ["OPS", "start", "counted_as", "NeedFiles", "JobFailed", "Advance", "Cancel", "Resume", "Drop"]

#: A slice of a job when the worker does not say (milliseconds).
DEFAULT_SLICE_MS = 50


class NeedFiles(Exception):
    """A job reads data files the worker has not written yet: ``files`` (url and path of each)."""

    def __init__(self, files: List[Message]) -> None:
        super().__init__("missing data files")
        self.files = files


class JobFailed(Exception):
    """A job's work raised ``error``; ``field`` is the field its puzzle is shown on."""

    def __init__(self, error: Exception, field: str) -> None:
        super().__init__(str(error))
        self.error, self.field = error, field


def start(table: Jobs, message: Message, op: Op, params: Any) -> Message:
    """Make the request's job, fetch its data files first, register it under its owner, run one slice."""
    job = op.job(params)
    wanted = [{"url": f.url, "path": f.path} for f in job.files(set(message.get("unavailable") or ()))]
    if wanted:
        job.cancel()
        raise NeedFiles(wanted)
    job.answering = (op, params)
    table.start(message.get("id"), owner(message), job)
    return _first_slice(table, message)


def owner(message: Message) -> str:
    """The part of the page a request is for ("page" when it names none)."""
    named = message.get("owner")
    return named if isinstance(named, str) and named else "page"


def _first_slice(table: Jobs, message: Message) -> Message:
    answer = _advance(table, {"id": message.get("id"), "slice_ms": message.get("slice_ms")})
    return {**answer, "type": "started"} if answer["type"] == "progress" else answer


@dataclass
class Advance(Params):
    slice_ms: Optional[float] = wire({"$ref": "#/$defs/slice_ms"})


def _advance(table: Jobs, message: Message) -> Message:
    job_id, slice_ms = message.get("id"), Advance.read(message).slice_ms
    job = table.job(job_id)
    if job is None:
        raise InputError("internal", "No request is running under this id.")
    op, params = job.answering
    try:
        outcome = table.advance(job_id, positive(slice_ms, DEFAULT_SLICE_MS) / 1000)
    except Exception as error:  # noqa: BLE001 - reported as a sentence by webapi.call
        raise JobFailed(error, params.puzzle_field) from error
    if outcome.kind == "progress":  # its time written as the answer's will be, and the record in words
        record = {"tag": op.progress.tag, **outcome.value, "took": took(outcome.value["seconds"])}
        return {"type": "progress", **record, "words": op.progress.words_for(record)}
    if outcome.kind == "cancelled":
        progress = {"tag": op.progress.tag, **outcome.value}
        return {"type": "cancelled", "message": cancelled_message(progress), "progress": progress,
                "took": took(progress.get("seconds", 0))}
    answer = op.describe(params, outcome.value)
    if outcome.kind == "paused":
        answer.update(resumable=True, job=job_id)
    return answer


@dataclass
class Cancel(Params):
    job: Any = wire({"$ref": "#/$defs/id"})
    keep_best: Optional[bool] = wire({"type": "boolean"})


def _cancel(table: Jobs, message: Message) -> Message:
    params = Cancel.read(message)
    return {"type": "cancel", "jobs": table.cancel(params.job, message.get("owner"), keep_best=params.keep_best is True)}


@dataclass
class Resume(Params):
    job: Any = wire({"$ref": "#/$defs/id"}, required=True)
    max_seconds: Optional[float] = wire({"$ref": "#/$defs/max_seconds"})


def _resume(table: Jobs, message: Message) -> Message:
    """Take back a paused solve (:meth:`puzzlesolver.jobs.Jobs.resume`) under this request's id."""
    params = Resume.read(message)
    try:
        table.resume(params.job, message.get("id"), owner(message), positive(params.max_seconds, SOLVE_SECONDS))
    except KeyError:
        raise InputError("internal", "That search can no longer be resumed; start it again.") from None
    return _first_slice(table, message)


@dataclass
class Drop(Params):
    why: str = wire({"enum": ["cancelled", "files"]}, "cancelled", required=True)


def _drop(table: Jobs, message: Message) -> Message:
    """A request the worker dropped while it fetched the job's files: cancelled meanwhile, or asking again and
    again for files the worker could not get."""
    if Drop.read(message).why == "files":
        raise InputError("internal", "The solver kept asking for data files it could not get.")
    return {"type": "cancelled", "message": "Cancelled while its data files were downloading, before the search "
                                            "began.", "progress": {}}


def _stats(table: Jobs, message: Message) -> Message:
    return {"type": "stats", **asdict(table.call_times), "running": len(table.running)}


def counted_as(table: Jobs, message: Message) -> str:
    """The name a call is counted under in ``stats``: its op, or an advance's job's op (``advance deal``), looked
    up before the call, since a job's last advance forgets it."""
    name = str(message.get("op"))[:40]
    job = table.job(message.get("id")) if name == "advance" else None
    return f"advance {job.answering[0].name}" if job is not None and job.answering else name


CANCEL_ANSWER = Answer("cancel", {
    "type": "object", "required": ["type", "id", "jobs"],
    "description": "The running jobs it stopped: each still answers under its own id, `cancelled` (or, with "
                   "keep_best, a solve's answer so far or its advice).",
    "properties": {"jobs": {"type": "array", "items": {"$ref": "#/$defs/id"}}}})

STATS_ANSWER = Answer("stats", {
    "type": "object", "required": ["type", "id", "calls", "longest_call_ms", "longest_call_op", "longest_by_op",
                                   "running"],
    "description": "The calls into the engine so far (this one not yet counted), the longest (milliseconds, from "
                   "reading its message to writing its answer) and its op, the longest of each op (an advance is "
                   "named by its job's op), and the jobs running.",
    "properties": {"calls": {"type": "integer"}, "longest_call_ms": {"type": "integer"},
                   "longest_call_op": {"type": ["string", "null"]},
                   "longest_by_op": {"type": "object", "additionalProperties": {"type": "integer"}},
                   "running": {"type": "integer"}}})

OPS = (
    Op("cancel", Cancel, (CANCEL_ANSWER,), scheduler=_cancel,
       description="Stop the running job `job`, or every running job of `owner` (of every owner without one); the "
                   "worker drops requests still fetching their files. keep_best: a solve whose search has begun answers "
                   "as when its budget runs out, its answer so far (an anytime search's) or how far it got and its "
                   "advice, resumable, instead of cancelled.",
       examples=({"owner": "form"}, {"job": 1}, {"job": 1, "keep_best": True})),
    Op("resume", Resume, (RESULT_ANSWER,), scheduler=_resume, progress=SEARCH, budget=True,
       description="Go on with the solve `job` that paused on its time budget (answered resumable), under this id.",
       examples=({"job": 0},)),
    Op("advance", Advance, (), scheduler=_advance, sender="worker",
       description="The worker's: one more slice of the job running under this id; its progress (with its words), "
                   "or its answer.",
       examples=({"slice_ms": 50},)),
    Op("drop", Drop, (), scheduler=_drop, sender="worker",
       description="The worker's: the request under this id was dropped while its data files downloaded (why: "
                   "cancelled meanwhile, or files it kept asking for and could not get); answers as the request "
                   "would have.",
       examples=({"why": "cancelled"}, {"why": "files"})),
    Op("stats", NoParams, (STATS_ANSWER,), scheduler=_stats,
       description="How long the calls into the engine held the worker: the longest, and the longest of each op "
                   "(for the tests and the budgets report: no call should hold it much longer than a slice)."),
)
