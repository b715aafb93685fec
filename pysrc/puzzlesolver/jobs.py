"""Every long request as a job: started, advanced a slice at a time, with progress, a budget, cancel and resume.

A :class:`Job` wraps one piece of work (:mod:`puzzlesolver.steps`: a generator that yields progress
between short steps and returns its answer) with what every long request needs:

* **slices**: :meth:`Job.advance` runs steps for about ``slice_seconds`` and reports progress, so the
  web worker can let other requests in between (no call holds it much longer than one slice);
* **a budget** of seconds of computing (``spent`` says what counts: a solve counts its searching, not
  the reading of its tables): once spent, the job ends with what ``on_budget`` makes of it (a solve:
  its best answer or its advice, and it can be *resumed* with a new budget) or, without ``on_budget``,
  with :class:`BudgetSpent`;
* **the data files it reads**, declared when it is made (:meth:`Job.files`), so that they can be
  fetched before it runs;
* **cancel**, by :class:`Jobs`, which keeps the jobs of one worker by request id: one running job per
  *owner* (a part of the page: the form, the game, the judge...; a newer request of an owner replaces
  the older one), and one paused job per owner, kept for resuming.  A cancel may instead *stop* a job
  that can say something of its own (``on_stop``: a solve's answer so far, or its advice): it then ends
  as when its budget runs out, and can be resumed.

This module is the scheduler alone: the jobs of the engine's requests are made by their declarations
(:mod:`puzzlesolver.ops`), and :mod:`puzzlesolver.webapi` turns messages into them.

>>> def count_to(k):
...     for i in range(k):
...         yield {"done": i + 1}
...     return "counted"
>>> job = Job(count_to(3))
>>> outcome = job.advance(0.05)
>>> outcome.kind, outcome.value
('done', 'counted')
"""

from __future__ import annotations

import gc
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Collection, Dict, Generic, List, Optional, Tuple, TypeVar

from .policy import DataFile
from .steps import Progress, Work

__all__ = ["Job", "Jobs", "CallTimes", "Outcome", "BudgetSpent", "OTHER_SECONDS"]

T = TypeVar("T")

#: The other jobs' budgets: generous, since they end by themselves; a budget only catches the unexpected.
OTHER_SECONDS = 60.0


class BudgetSpent(Exception):
    """A job without an answer of its own for a spent budget; ``field`` names what the page shows it by."""

    def __init__(self, message: str, field: str = "internal") -> None:
        super().__init__(message)
        self.field = field


@dataclass
class Outcome(Generic[T]):
    """What one slice of a job came to: ``kind`` is ``"progress"`` (``value``: the last progress dict),
    ``"done"`` (``value``: the answer), ``"paused"`` (the budget ran out: ``value`` is the answer so far,
    and :meth:`Job.resume` can go on) or ``"cancelled"`` (``value``: the last progress)."""

    kind: str
    value: Any
    job: Optional["Job"] = None


class Job(Generic[T]):
    """One request's work, run a slice at a time (see the module docstring)."""

    def __init__(self, work: Work[T], *, needs: Callable[[Collection[str]], List[DataFile]] = lambda unavailable: [],
                 budget: float = OTHER_SECONDS, on_budget: Optional[Callable[[], T]] = None,
                 over_budget: str = "", spent: Optional[Callable[[], float]] = None,
                 on_stop: Optional[Callable[[], T]] = None, can_stop: Callable[[], bool] = lambda: False) -> None:
        self._work = work
        self._needs = needs
        self._spent = spent or (lambda: self.seconds)
        self.budget = budget
        self._on_budget = on_budget
        self._on_stop = on_stop
        self._can_stop = can_stop
        self._stopping = False
        self._over_budget = over_budget or f"This took more than {budget:.0f} s and was stopped; try a smaller puzzle."
        self.seconds = 0.0
        self.progress: Progress = None
        #: Whatever the caller needs to present the answer (the web API: the op and its params).
        self.answering: Any = None

    def files(self, unavailable: Collection[str] = ()) -> List[DataFile]:
        """The data files to fetch before the job runs, leaving out the ``unavailable`` urls (a search
        whose tables cannot be had may read others instead)."""
        return self._needs(unavailable)

    @property
    def resumable(self) -> bool:
        return self._on_budget is not None

    def advance(self, slice_seconds: float) -> Outcome[T]:
        """Run steps for about ``slice_seconds`` (at least one step); errors of the work propagate."""
        if self._stopping:
            self._stopping = False
            return Outcome("paused", self._on_stop())
        clock = time.perf_counter()
        end = clock + slice_seconds
        try:
            while True:
                progress = next(self._work)
                now = time.perf_counter()
                self.seconds += now - clock
                clock = now
                if progress is not None:
                    self.progress = progress
                if now >= end or self._spent() >= self.budget:
                    break
        except StopIteration as finished:
            return Outcome("done", finished.value)
        finally:
            self.seconds += time.perf_counter() - clock
        if self._spent() >= self.budget:
            if self._on_budget is None:
                self._work.close()
                raise BudgetSpent(self._over_budget)
            return Outcome("paused", self._on_budget())
        return Outcome("progress", self.report())

    def report(self) -> Dict[str, Any]:
        """The last progress, with its seconds: those the budget counts (a solve's searching, as its answer
        writes them), or, before any of those (a solve still reading its tables, or building a rectangle's: its
        record names the table), the seconds so far."""
        begun = self.progress is not None and "expanded" in self.progress and "table" not in self.progress
        return {**(self.progress or {}), "seconds": round(self._spent() if begun else self.seconds, 3)}

    def resume(self, more_seconds: float) -> None:
        """Go on after a paused outcome, with ``more_seconds`` more to spend."""
        self.budget = self._spent() + more_seconds

    def cancel(self) -> None:
        self._work.close()

    def stop(self) -> bool:
        """Stop at the next :meth:`advance` with what ``on_stop`` says (a solve: its answer so far, or how far it
        got and its advice), paused as when the budget runs out (it can be resumed), if it can say something
        now (``can_stop``: a solve whose search has begun); False, and nothing done, if not."""
        if self._on_budget is None or self._on_stop is None or not self._can_stop():
            return False
        self._stopping = True
        return True


# -- the jobs of one worker ------------------------------------------------------------------------------

def _older(first: Any, second: Any) -> bool:
    """Whether request ``first`` was sent before ``second`` (ids are increasing numbers; others: unknown)."""
    numbers = (int, float)
    return isinstance(first, numbers) and isinstance(second, numbers) and first < second


def _spare_the_collector(jobs_running: bool) -> None:
    """Keep the cyclic garbage collector off the running searches' tables between slices.

    A search's table (a million states and their nodes, none in a cycle) is freed by reference counting
    alone, yet every full collection walks all of it: 0.1-0.4 s on a large A* table, long enough to hold a
    slice ten times over.  What outlives a slice is frozen out of the collector's sight (``gc.freeze``, a
    constant-time move); once no job runs, it is handed back, and any cycle in it is collected as before.
    """
    if jobs_running:
        gc.freeze()
    elif gc.get_freeze_count():
        gc.unfreeze()


@dataclass
class CallTimes:
    """How long the calls into the engine held the worker: how many, the longest (milliseconds) and its op, and
    the longest of each op (an advance counted under its job's op: ``advance solve_board``).  The ``stats``
    request answers these fields as they are named here; a browser test holds the longest to a bound."""

    calls: int = 0
    longest_call_ms: int = 0
    longest_call_op: Optional[str] = None
    longest_by_op: Dict[str, int] = field(default_factory=dict)

    def record(self, op: str, seconds: float) -> None:
        """Count one call of ``op`` that took ``seconds``.

        >>> times = CallTimes()
        >>> times.record("info", 0.0012); times.record("advance deal", 0.0504); times.record("info", 0.0004)
        >>> times.calls, times.longest_call_ms, times.longest_call_op, times.longest_by_op
        (3, 50, 'advance deal', {'info': 1, 'advance deal': 50})
        """
        took_ms = round(seconds * 1000)
        self.calls += 1
        self.longest_by_op[op] = max(self.longest_by_op.get(op, 0), took_ms)
        if took_ms > self.longest_call_ms or self.longest_call_op is None:
            self.longest_call_ms, self.longest_call_op = took_ms, op


@dataclass
class Jobs:
    """The jobs of one worker by request id, with their owners, and how long each call into it took.

    * :meth:`start` replaces the owner's running job (the older request is cancelled; if the job being
      started is the older one, it is) and forgets the owner's paused one.
    * :meth:`cancel` stops one running job, or those of an owner, or all; each cancelled job answers
      "cancelled" on its next :meth:`advance` (requests not started yet are the worker's to drop).
    * A job whose budget runs out with an answer is kept, paused, for :meth:`resume` (one per owner).
    """

    running: Dict[Any, Tuple[str, Job]] = field(default_factory=dict)
    paused: Dict[str, Tuple[Any, Job]] = field(default_factory=dict)
    _cancelled: Dict[Any, Job] = field(default_factory=dict)   # cancelled, not yet told
    #: Counted by the web API around every call, answered by the ``stats`` request.
    call_times: CallTimes = field(default_factory=CallTimes)

    def start(self, job_id: Any, owner: str, job: Job) -> None:
        for other_id, (other_owner, other) in list(self.running.items()):
            if other_owner == owner and other_id != job_id:
                if _older(job_id, other_id):  # this request is the older one: it loses
                    job.cancel()
                    self._cancelled[job_id] = job
                    return
                self._drop(other_id)
        self.paused.pop(owner, None)
        self.running[job_id] = (owner, job)

    def _drop(self, job_id: Any) -> None:
        _, job = self.running.pop(job_id)
        job.cancel()
        self._cancelled[job_id] = job

    def advance(self, job_id: Any, slice_seconds: float) -> Outcome:
        """One slice of the job ``job_id`` (the outcome names the job); an unknown id raises KeyError."""
        try:
            return self._advance(job_id, slice_seconds)
        finally:
            _spare_the_collector(bool(self.running))

    def _advance(self, job_id: Any, slice_seconds: float) -> Outcome:
        if job_id in self._cancelled:
            job = self._cancelled.pop(job_id)
            return Outcome("cancelled", job.report(), job)
        owner, job = self.running[job_id]
        try:
            outcome = job.advance(slice_seconds)
        except BaseException:
            del self.running[job_id]
            raise
        if outcome.kind != "progress":
            del self.running[job_id]
        if outcome.kind == "paused":
            self.paused[owner] = (job_id, job)
        outcome.job = job
        return outcome

    def job(self, job_id: Any) -> Optional[Job]:
        """The job ``job_id``, running or cancelled and not yet told; None when there is none."""
        if job_id in self.running:
            return self.running[job_id][1]
        return self._cancelled.get(job_id)

    def cancel(self, job_id: Any = None, owner: Optional[str] = None, keep_best: bool = False) -> List[Any]:
        """Cancel the running job ``job_id``, or every running job of ``owner`` (of every owner when None);
        returns the ids cancelled (each answers "cancelled" on its next advance).  With ``keep_best``, a job
        that can stop with an answer of its own (a solve: its answer so far, or its advice) answers that
        instead, paused and resumable (:meth:`Job.stop`)."""
        if job_id is not None:
            hit = [job_id] if job_id in self.running else []
        else:
            hit = [i for i, (o, _) in self.running.items() if owner is None or o == owner]
        for i in hit:
            if not (keep_best and self.running[i][1].stop()):
                self._drop(i)
        return hit

    def resume(self, paused_id: Any, job_id: Any, owner: str, more_seconds: float) -> Job:
        """Go on with the paused job ``paused_id`` under the new request id ``job_id``; KeyError if it is
        no longer kept."""
        for keeper, (kept_id, job) in list(self.paused.items()):
            if kept_id == paused_id:
                del self.paused[keeper]
                job.resume(more_seconds)
                self.start(job_id, owner, job)
                return job
        raise KeyError(paused_id)
