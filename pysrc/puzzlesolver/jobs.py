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
  the older one), and one paused job per owner, kept for resuming.

The jobs of the engine's long requests are made by the functions at the end (:func:`solve`,
:func:`judge`, :func:`deal`, :func:`explain`, :func:`compare`, :func:`check`, :func:`quality`); :mod:`puzzlesolver.webapi`
turns messages into them and their answers into messages.

>>> from puzzlesolver.formats import BoardPuzzle
>>> job = solve(BoardPuzzle(3, (8, 1, 3, 4, 0, 2, 7, 6, 5)))
>>> outcome = job.advance(0.05)
>>> while outcome.kind == "progress":
...     outcome = job.advance(0.05)
>>> outcome.kind, outcome.value.moves
('done', 14)
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Collection, Dict, Generic, List, Optional, Sequence, Tuple, TypeVar

from . import check as checking
from . import explain as explaining
from . import grid, play, policy
from .board import Board, random_board
from .fast import tables
from .formats import BoardPuzzle, plural
from .policy import DataFile, Options, Result
from .search import DEFAULT_WEIGHT
from .steps import Progress, Work

__all__ = ["Job", "Jobs", "Outcome", "BudgetSpent", "solve", "judge", "deal", "explain", "compare", "check",
           "quality", "cancelled_message", "took", "SOLVE_SECONDS", "MAX_STORED_NODES", "CHECK_EXPANSIONS"]

T = TypeVar("T")

#: A search that has computed this long stops and offers to go on.
SOLVE_SECONDS = 30.0
#: A search that has stored this many nodes stops (a browser tab has far less memory than a shell).
MAX_STORED_NODES = 1_500_000
#: Expansions the optimal solve behind a checked answer may take (the hardest 4x4s need a few million).
CHECK_EXPANSIONS = 5_000_000
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
                 has_answer: Callable[[], bool] = lambda: False) -> None:
        self._work = work
        self._needs = needs
        self._spent = spent or (lambda: self.seconds)
        self.budget = budget
        self._on_budget = on_budget
        self._has_answer = has_answer
        self._stopping = False
        self._over_budget = over_budget or f"This took more than {budget:.0f} s and was stopped; try a smaller puzzle."
        self.seconds = 0.0
        self.progress: Progress = None
        #: Whatever the caller needs to present the answer (the web API: how to turn it into a message).
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
            return Outcome("paused", self._on_budget())
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
        writes them), or, before any of those (a solve still reading its tables), the seconds so far."""
        begun = self.progress is not None and "expanded" in self.progress
        return {**(self.progress or {}), "seconds": round(self._spent() if begun else self.seconds, 3)}

    def resume(self, more_seconds: float) -> None:
        """Go on after a paused outcome, with ``more_seconds`` more to spend."""
        self.budget = self._spent() + more_seconds

    def cancel(self) -> None:
        self._work.close()

    def stop_with_answer(self) -> bool:
        """Stop at the next :meth:`advance` with the answer so far, as when the budget runs out (it can be
        resumed), if there is one (an anytime search's best answer); False, and nothing done, if not."""
        if self._on_budget is None or not self._has_answer():
            return False
        self._stopping = True
        return True


# -- the jobs of one worker ------------------------------------------------------------------------------

def _older(first: Any, second: Any) -> bool:
    """Whether request ``first`` was sent before ``second`` (ids are increasing numbers; others: unknown)."""
    numbers = (int, float)
    return isinstance(first, numbers) and isinstance(second, numbers) and first < second


@dataclass
class Jobs:
    """The jobs of one worker by request id, with their owners.

    * :meth:`start` replaces the owner's running job (the older request is cancelled; if the job being
      started is the older one, it is) and forgets the owner's paused one.
    * :meth:`cancel` stops one running job, or those of an owner, or all; each cancelled job answers
      "cancelled" on its next :meth:`advance` (requests not started yet are the worker's to drop).
    * A job whose budget runs out with an answer is kept, paused, for :meth:`resume` (one per owner).
    """

    running: Dict[Any, Tuple[str, Job]] = field(default_factory=dict)
    paused: Dict[str, Tuple[Any, Job]] = field(default_factory=dict)
    _cancelled: Dict[Any, Job] = field(default_factory=dict)   # cancelled, not yet told

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

    def knows(self, job_id: Any) -> bool:
        return job_id in self.running or job_id in self._cancelled

    def cancel(self, job_id: Any = None, owner: Optional[str] = None, keep_best: bool = False) -> List[Any]:
        """Cancel the running job ``job_id``, or every running job of ``owner`` (of every owner when None);
        returns the ids cancelled (each answers "cancelled" on its next advance).  With ``keep_best``, a job
        that has an answer so far answers it instead, paused (:meth:`Job.stop_with_answer`)."""
        if job_id is not None:
            hit = [job_id] if job_id in self.running else []
        else:
            hit = [i for i, (o, _) in self.running.items() if owner is None or o == owner]
        for i in hit:
            if not (keep_best and self.running[i][1].stop_with_answer()):
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


# -- the engine's jobs ----------------------------------------------------------------------------------

def solve(puzzle, options: Options = Options(), *, max_seconds: float = SOLVE_SECONDS,
          max_nodes: int = MAX_STORED_NODES) -> Job[Result]:
    """Solve a :class:`BoardPuzzle` or :class:`WordPuzzle` through the policy.  Past ``max_seconds``
    the job pauses with the policy's stopped answer (an anytime search's best answer, or advice) and can
    be resumed; past ``max_nodes`` stored nodes it ends (a browser tab's memory)."""
    run = _Solve(puzzle, options, max_nodes)
    return Job(run.work(), needs=_needs(puzzle, options), budget=max_seconds, on_budget=run.on_budget,
               spent=run.searched, has_answer=run.has_answer)


class _Solve:
    """A solve's work and its answer when the budget runs out (the two share the Solving)."""

    def __init__(self, puzzle, options: Options, max_nodes: int) -> None:
        self.puzzle, self.options, self.max_nodes = puzzle, options, max_nodes
        self.solving: Optional[policy.Solving] = None

    def work(self) -> Work[Result]:
        solving = self.solving = yield from policy.starting(self.puzzle, self.options)
        expansions = 64
        while True:
            began = time.perf_counter()
            try:
                result = solving.advance(expansions)
            except MemoryError:
                return solving.stop("The browser ran out of memory for this search")
            if result is not None:
                return result
            stored = getattr(solving.search, "stored_nodes", solving.stats.enqueued)
            if stored >= self.max_nodes:
                return solving.stop(f"Stopped after storing {stored:,} search nodes, the limit for a browser tab,")
            lasted = max(time.perf_counter() - began, 1e-6)
            expansions = max(8, int(expansions * min(4.0, max(0.25, 0.01 / lasted))))
            yield self._progress(solving)

    @staticmethod
    def _progress(solving: policy.Solving) -> Dict[str, Any]:
        search = solving.search
        progress = {"expanded": solving.stats.expanded, "frontier": search.frontier_size,
                    "bound": search.bound, "enqueued": solving.stats.enqueued, "method": solving.method}
        if solving.kind == "board":
            progress["iterations"] = policy.iteration_log(search)
            if search.blank_path():
                progress["best"] = len(search.blank_path())  # an anytime search's answer so far
        return progress

    def searched(self) -> float:
        """Seconds of searching so far (reading the tables first does not count)."""
        return self.solving.seconds if self.solving is not None else 0.0

    def has_answer(self) -> bool:
        """Whether the search has an answer so far (an anytime search's best, not proven shortest)."""
        solving = self.solving
        return solving is not None and solving.kind == "board" and bool(solving.search.blank_path())

    def on_budget(self) -> Result:
        solving = self.solving
        return solving.stop(f"Stopped after {took(solving.seconds)} of searching "
                            f"({solving.stats.expanded:,} positions)")


def took(seconds: float) -> str:
    """A search's time as every answer says it, in its message, in the page's Details and in its progress
    line (the one rule; the page's status line writes the worker's boot time by it too): milliseconds
    under a tenth of a second (a 3x3 solve), then seconds to a tenth under ten seconds (a Cancel may come
    within one), then whole seconds.

    >>> took(0.0034), took(0.174), took(4.46), took(31.7)
    ('3 ms', '0.2 s', '4.5 s', '32 s')
    """
    if seconds < 0.0995:
        return f"{seconds * 1000:.0f} ms"
    return f"{seconds:.1f} s" if seconds < 9.95 else f"{seconds:.0f} s"


def cancelled_message(progress: Dict[str, Any]) -> str:
    """What a cancelled job says, from its last progress, as a stopped search does: its time, the positions
    searched, and its best answer so far or the bound it proved.

    >>> cancelled_message({"seconds": 4.5, "expanded": 1983637, "bound": 78})
    'Cancelled after 4.5 s of searching (1,983,637 positions) with no solution yet (at least 78 moves are needed).'
    """
    seconds, expanded = progress.get("seconds", 0), progress.get("expanded")
    if expanded is None:  # before the search began: its tables were being read
        return (f"Cancelled after {took(seconds)}, while the search was reading its tables, before it began."
                if seconds else "Cancelled.")
    best, bound = progress.get("best"), progress.get("bound")
    found = f": the best answer so far took {plural(best, 'move')}" if best else " with no solution yet"
    proven = f" (at least {plural(bound, 'move')} {'is' if bound == 1 else 'are'} needed)" if bound else ""
    return f"Cancelled after {took(seconds)} of searching ({plural(expanded, 'position')}){found}{proven}."


def judge(board: Board) -> Job[play.Judgement]:
    """A game's position judged (:func:`puzzlesolver.play.judging`); its budget of expansions ends it."""
    return _prepared(_board_puzzle(board), Options(), play.judging(board))


def deal(n: int, moves: Optional[int], goal: Optional[Tuple[int, ...]] = None,
         rng: Optional[random.Random] = None) -> Job[Board]:
    """A board to play: uniform among those that reach ``goal``, or (``moves``) one whose optimal solution
    takes exactly that many moves (:func:`puzzlesolver.play.dealing`)."""
    rng = rng or random.Random()
    if moves is None:
        return Job(_at_once(lambda: random_board(n, rng, goal)))
    return _prepared(BoardPuzzle(n, grid.standard_goal(n)), Options(), play.dealing(n, moves, rng),
                     over_budget=f"No {n}x{n} board of exactly {moves} moves turned up in time; try again or "
                                 "another length.")


def explain(puzzle, heuristic: str, algorithm: str, queue: str, weight: Optional[float] = None,
            goal_test: str = "removal") -> Job[explaining.Trace]:
    """A search step by step (:func:`puzzlesolver.explain.recording`)."""
    work = explaining.recording(puzzle, heuristic, algorithm, queue, weight=weight, goal_test=goal_test)
    return _prepared(puzzle, Options("astar", heuristic), work)


def compare(puzzle, heuristic: str = "manhattan", weight: float = DEFAULT_WEIGHT, goal_test: str = "removal",
            algorithms: Optional[Sequence[str]] = None) -> Job[dict]:
    """Every classic search side by side (:func:`puzzlesolver.explain.comparing_searches`)."""
    work = explaining.comparing_searches(puzzle, heuristic, weight, goal_test, algorithms=algorithms)
    return Job(_then(explaining.loading_searches_tables(puzzle, heuristic), work),
               needs=lambda unavailable: explaining.searches_data_files(puzzle, heuristic, unavailable))


def check(text: str, puzzle) -> Job[checking.Verdict]:
    """A program's answer judged as algs4's PuzzleChecker would (:func:`puzzlesolver.check.checking`); the
    optimum it needs is found by the policy within :data:`CHECK_EXPANSIONS` (past it: "unproven")."""
    return _prepared(puzzle, Options(), checking.checking(text, puzzle, max_expansions=CHECK_EXPANSIONS))


def quality() -> Job[dict]:
    """Every estimate against the exact 8-puzzle distances (:func:`puzzlesolver.explain.measuring_quality`)."""
    return _prepared(BoardPuzzle(3, grid.standard_goal(3)), Options(), _quality_once())


_quality_cache: Dict[str, dict] = {}


def _quality_once() -> Work[dict]:
    if "all" not in _quality_cache:
        if tables.missing_files(tables.FILES_3[:1]):
            raise BudgetSpent("The 8-puzzle's exact table could not be downloaded; try again when online.")
        _quality_cache["all"] = yield from explaining.measuring_quality()
    return _quality_cache["all"]


def _board_puzzle(board: Board) -> BoardPuzzle:
    return BoardPuzzle(board.size(), board.tiles, board.goal)


def _prepared(puzzle, options: Options, work: Work[T], **job: Any) -> Job[T]:
    """A job that declares the data files the request's search reads, and reads its tables into memory a
    step at a time before ``work`` starts."""
    return Job(_then(policy.loading(puzzle, options), work), needs=_needs(puzzle, options), **job)


def _needs(puzzle, options: Options) -> Callable[[Collection[str]], List[DataFile]]:
    return lambda unavailable: policy.data_files(puzzle, options, unavailable)


def _then(first: Work[Any], work: Work[T]) -> Work[T]:
    yield from first
    return (yield from work)


def _at_once(compute: Callable[[], T]) -> Work[T]:
    return compute()
    yield  # a generator with one step
