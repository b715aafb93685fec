"""Generic best-first search over world states: the seeds' A* and a duplicate-pruning variant.

A *world state* is anything with ``estimated_distance_to_goal()`` and ``neighbors()``; ``is_goal()``
is optional and defaults to ``estimated_distance_to_goal() == 0``.  A search may be given another
estimate, as a function of the state (``heuristic``, as networkx's ``astar_path`` takes it), so a state
need not know every estimate.  :class:`AStar` runs step by step (a bounded number of expansions per call)
so a caller can report progress or stop it; :class:`Solver` is the seeds' façade that solves in its
constructor.

The same loop also runs the classic searches the Learn view sets beside A* (:data:`SEARCHES`):
breadth-first, greedy best-first and weighted A* differ from A* only in the priority a node gets, and
any of them may test a child for the goal when it is generated instead of when it is removed.

Example::

    >>> from puzzlesolver.board import Board
    >>> solver = Solver(Board([[0, 1, 3], [4, 2, 5], [7, 8, 6]]))
    >>> solver.moves()
    4
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from itertools import count
from typing import Any, Callable, Hashable, Iterable, Iterator, List, NamedTuple, Optional, Protocol, Tuple

from .minpq import MinPQ

__all__ = ["WorldState", "Search", "AStar", "Solver", "SearchNode", "SearchStats", "ALGORITHMS", "QUEUES",
           "SEARCHES", "GOAL_TESTS", "DEFAULT_WEIGHT", "check_options", "MinPQ", "Observer", "SearchBudgetExceeded",
           "ENTRY_NODE", "path_nodes"]


class WorldState(Protocol, Hashable):
    """What a puzzle must provide to be solved.

    ``estimated_distance_to_goal`` must never overestimate the true distance (admissible); it need
    not be consistent.  Subclasses inherit ``is_goal`` (estimate == 0) unless they override it.
    """

    def estimated_distance_to_goal(self) -> int: ...

    def neighbors(self) -> Iterable["WorldState"]: ...

    def is_goal(self) -> bool:
        return self.estimated_distance_to_goal() == 0


class Search(Protocol):
    """What every search in the package offers (A* here; IDA*, weighted A* and the line-by-line
    solver in :mod:`puzzlesolver.fast`), so that one caller runs any of them a slice at a time.

    ``run(max_expansions)`` expands up to that many nodes (all needed if None) and returns True once
    finished: a goal was found (``path()`` leads to it) or there is none (``path()`` is empty).
    ``method`` says in words what runs; ``optimal`` whether a path found is proven shortest;
    ``bound`` is a proven lower bound on the optimal length so far (every search's, optimal or not);
    ``frontier_size`` how many nodes are held (A*'s queue, IDA*'s depth).  Board searches also give
    ``blank_path()``: the blank's cell after each move of the best answer so far (see
    :class:`BoardSearch`; only an anytime search has one before it finishes).
    """

    method: str
    optimal: bool
    stats: "SearchStats"
    done: bool

    @property
    def bound(self) -> int: ...

    @property
    def frontier_size(self) -> int: ...

    def run(self, max_expansions: Optional[int] = None) -> bool: ...

    def path(self) -> List[object]: ...


class BoardSearch(Search, Protocol):
    """A :class:`Search` over sliding boards: the answer is also a list of the blank's cells."""

    def blank_path(self) -> List[int]: ...


class SearchNode(NamedTuple):
    """A search node: ``state`` reached ``moves`` moves from the start, its ``estimate``, and the ``previous``
    node on the way (None for the start).  Never compared: the queue's entries carry the keys.

    A*'s inner loop builds it with ``tuple.__new__(SearchNode, (...))``: about half the cost of the class
    call, which adds a Python frame per child.
    """

    state: object
    moves: int
    estimate: int
    previous: Optional[SearchNode]


#: Where a queue entry, ``(priority, tie, serial, node)``, holds its node.
ENTRY_NODE = 3

#: The frontier's kinds: ``"tiebreak"`` (a binary heap of ``(priority, estimate, serial, node)``: ties go
#: to the node nearer the goal, then to the older one) and ``"textbook"`` (:class:`MinPQ`, algs4's
#: heap that compares priorities only, as the Princeton checklist's trace shows it).
QUEUES = ("tiebreak", "textbook")

#: ``"astar"`` prunes a node when its state was already reached by an equal or cheaper path (and
#: re-opens a state found again by a cheaper one, so it stays optimal with inconsistent estimates);
#: ``"astar-tree"`` is the seeds' plain version, which only refuses to enqueue the grandparent.
ALGORITHMS = ("astar", "astar-tree")

#: Every search :class:`AStar` runs: the two A*s, and the classic searches compared with them, which
#: differ only in a node's priority: ``"bfs"`` (breadth-first: the moves made, oldest first; optimal),
#: ``"greedy"`` (greedy best-first: the estimate alone; never reopens a state; NOT optimal) and
#: ``"weighted"`` (moves + weight x estimate; NOT optimal for a weight above 1).  All but the tree A*
#: prune duplicates as ``"astar"`` does.
SEARCHES = ALGORITHMS + ("bfs", "greedy", "weighted")

#: When a state is tested for the goal: on ``"removal"`` of its node from the queue (A* as the seeds define
#: it, which is what makes it optimal in general), or on ``"generation"``, as soon as it is made a child (it
#: saves the last expansions; breadth-first search stays optimal, and so does A* when every move costs 1
#: and the estimate is at least 1 off the goal, as on boards and ladders).
GOAL_TESTS = ("removal", "generation")

#: Weighted A*'s weight when none is given.
DEFAULT_WEIGHT = 2


@dataclass
class SearchStats:
    """Counters a search keeps: nodes expanded (dequeued and not pruned), enqueued, largest frontier."""

    expanded: int = 0
    enqueued: int = 0
    max_frontier: int = 0


class SlicedSearch:
    """A search whose work is a generator, ``_work``, that adds its expansions to ``stats.expanded`` and yields
    now and then: :meth:`run` (the Search protocol's) drives it about ``max_expansions`` at a time, and once it
    is through calls :meth:`_finished` and is ``done``.  The fast searches of beams and lines share it."""

    done: bool
    stats: SearchStats
    _work: Iterator[Any]

    def run(self, max_expansions: Optional[int] = None) -> bool:
        if self.done:
            return True
        start = self.stats.expanded
        for _ in self._work:
            if max_expansions is not None and self.stats.expanded - start >= max_expansions:
                return False
        self._finished()
        self.done = True
        return True

    def _finished(self) -> None:
        """What a search does once its steps are through (nothing, unless it says otherwise)."""


def _goal_test(state: object):
    goal_test = getattr(state, "is_goal", None)
    if goal_test is not None:
        return type(state).is_goal
    return lambda s: s.estimated_distance_to_goal() == 0


def _may_reach_goal(state: object) -> bool:
    """False when the state tells at once that no goal can be reached (a board's parity: ``is_solvable()``)."""
    quick_check = getattr(state, "is_solvable", None)
    return quick_check is None or quick_check()


class AStar:
    """A* search that can be run a slice at a time (optimal with an admissible estimate).

    The frontier is a binary heap of ``(moves + estimate, estimate, serial, node)``: ties on the
    priority go to the node closer to the goal, then to the one enqueued first, so every run is
    deterministic and nodes themselves are never compared.  The search ends when a goal is
    *dequeued*, which is what makes it optimal.  Each state's estimate is computed once per node, by
    ``heuristic`` (a function of a state; default: the state's own ``estimated_distance_to_goal``).
    It is a :class:`Search`; ``method`` names what runs (default: the search and its goal test).  A state
    that can tell unsolvability up front (a board's parity: ``is_solvable()``) is not searched: the search
    is done at once and finds nothing (``check_solvable=False`` searches it all the same, as seed 002's
    twin lockstep does).

    ``algorithm`` picks one of :data:`SEARCHES` (the A*s by default; ``weight`` for ``"weighted"``) and
    ``goal_test`` when a state is tested for the goal (:data:`GOAL_TESTS`).  A*'s own loop pays for the
    others with two tests of a local per child; their priority is computed by :attr:`rank`.

    >>> from puzzlesolver.board import Board
    >>> search = AStar(Board.from_tiles([8, 6, 7, 2, 5, 4, 3, 0, 1]))
    >>> while not search.run(max_expansions=2000):
    ...     print(search.stats.expanded, search.bound)   # report progress, or stop here
    2000 29
    4000 29
    6000 29
    >>> len(search.path()) - 1
    31
    """

    optimal = True

    def __init__(self, initial: WorldState, algorithm: str = "astar", queue: str = "tiebreak",
                 observer: Optional["Observer"] = None, weight: Optional[float] = None,
                 goal_test: str = "removal", *, heuristic: Optional[Callable[[Any], int]] = None,
                 method: Optional[str] = None, check_solvable: bool = True) -> None:
        check_options(algorithm, queue, weight, goal_test)
        self.algorithm = algorithm
        self.queue = queue
        self.goal_test = goal_test
        self.weight = _weight_of(algorithm, weight)
        #: Told of every removal, child and finished step (the explain view's recorder); None: nobody.
        self.observer = observer
        self.method = method or _method_name(algorithm, self.weight, goal_test)
        self.optimal = algorithm in ("astar", "astar-tree", "bfs")
        #: The estimate of a state's distance to the goal, called once per node.
        self.heuristic: Callable[[Any], int] = (type(initial).estimated_distance_to_goal if heuristic is None
                                                else heuristic)
        self.stats = SearchStats()
        self.goal_node: Optional[SearchNode] = None
        self.done = check_solvable and not _may_reach_goal(initial)
        self._is_goal = _goal_test(initial)
        self._serial = count()
        #: None for A* (priority moves + estimate, ties to the smaller estimate); else (moves, h) -> (priority, tie).
        self.rank = _RANKS[algorithm](self.weight) if algorithm in _RANKS else None
        h = self.heuristic(initial)
        self._root_estimate = h
        root = SearchNode(initial, 0, h, None)
        entry = (h, h, next(self._serial), root) if self.rank is None else (*self.rank(0, h), next(self._serial), root)
        self._frontier = MinPQ(entry) if queue == "textbook" else [entry]
        self._best_moves = None if algorithm == "astar-tree" else {initial: 0}
        self.stats.enqueued = 1
        self.stats.max_frontier = 1
        self.dequeued: List[SearchNode] = []  # the first few nodes removed, for seed 003's trace
        self._keep_removed = 0
        #: Nodes removed and dropped because a cheaper path to their state was found after they were queued.
        self.discarded = 0
        if observer is not None:
            observer.started(root, self)

    def keep_removed(self, count: int) -> None:
        """Keep the first ``count`` nodes removed from the queue in :attr:`dequeued` (seed 003's trace)."""
        self._keep_removed = count

    @property
    def frontier_size(self) -> int:
        return len(self._frontier)

    @property
    def bound(self) -> int:
        """A lower bound on the optimal length: the smallest priority still on the frontier (the start's
        estimate for the searches whose priority is no such bound: greedy and weighted)."""
        if not self._frontier:
            return 0
        if not self.optimal:
            return self._root_estimate
        return (self._frontier.min() if self.queue == "textbook" else self._frontier[0])[0]

    def queue_entries(self) -> List[tuple]:
        """The frontier's entries in array order (a textbook queue: from position 1, as algs4 draws it)."""
        return self._frontier.array() if self.queue == "textbook" else list(self._frontier)

    def heap_array(self) -> Tuple[List[tuple], int]:
        """The frontier's own heap array, not a copy (read it, never change it), and the index of its first
        entry: 1 for algs4's MinPQ, 0 for the tiebreak heap.  Either way the entries at 0-based positions
        ``k`` have their children at ``2k + 1`` and ``2k + 2``."""
        return (self._frontier.pq, 1) if self.queue == "textbook" else (self._frontier, 0)

    def run(self, max_expansions: Optional[int] = None) -> bool:
        """Expand up to ``max_expansions`` nodes (all needed if None); return True once finished.

        Finished means a goal was found (``goal_node`` is set) or the frontier ran empty
        (``goal_node`` stays None: no state reachable from the initial one is a goal).
        """
        if self.done:
            return True
        frontier = self._frontier
        best = self._best_moves
        best_known = best.get if best is not None else None
        is_goal = self._is_goal
        stats = self.stats
        next_serial = self._serial.__next__
        push, pop = (MinPQ.insert, MinPQ.del_min) if self.queue == "textbook" else (heapq.heappush, heapq.heappop)
        watch = self.observer
        rank = self.rank
        estimate = self.heuristic
        new_node = tuple.__new__
        test_children = self.goal_test == "generation"
        never_reopen = self.algorithm == "greedy"
        budget = -1 if max_expansions is None else max_expansions
        dequeued, keep_removed = self.dequeued, self._keep_removed
        expanded = stats.expanded
        enqueued = stats.enqueued
        max_frontier = stats.max_frontier
        try:
            while frontier:
                if budget == 0:
                    return False
                node = pop(frontier)[3]  # the entry's node (ENTRY_NODE)
                state = node.state  # by name: unpacking a tuple subclass is slower
                moves = node.moves
                if best is not None and best[state] < moves:
                    self.discarded += 1
                    if watch is not None:
                        watch.discarded(node)
                    continue  # a cheaper path to this state was found after this node was queued
                if keep_removed and len(dequeued) < keep_removed:
                    dequeued.append(node)
                if watch is not None:
                    watch.removed(node)
                if is_goal(state):
                    self.goal_node = node
                    self.done = True
                    return True
                expanded += 1
                budget -= 1
                # the tree search's one duplicate check: the state the node came from
                grandparent = node.previous.state if best is None and node.previous is not None else None
                child_moves = moves + 1
                for neighbor in state.neighbors():
                    if best is None:
                        if neighbor == grandparent:
                            if watch is not None:
                                watch.skipped(neighbor, child_moves, node, "the grandparent")
                            continue
                    else:
                        known = best_known(neighbor)
                        if known is not None and (known <= child_moves or never_reopen):
                            if watch is not None:
                                watch.skipped(neighbor, child_moves, node, "already reached at equal or lower cost"
                                              if known <= child_moves else "already reached (greedy never reopens)")
                            continue
                        best[neighbor] = child_moves
                    h = estimate(neighbor)
                    child = new_node(SearchNode, (neighbor, child_moves, h, node))
                    if test_children and is_goal(neighbor):
                        self.goal_node = child
                        self.done = True
                        if watch is not None:
                            watch.reached(child)
                        return True
                    if rank is None:
                        push(frontier, (child_moves + h, h, next_serial(), child))
                    else:
                        push(frontier, (*rank(child_moves, h), next_serial(), child))
                    enqueued += 1
                    if watch is not None:
                        watch.inserted(child)
                if watch is not None:
                    watch.expanded(node, self)
                if len(frontier) > max_frontier:
                    max_frontier = len(frontier)
            self.done = True
            return True
        finally:
            stats.expanded, stats.enqueued, stats.max_frontier = expanded, enqueued, max_frontier

    def keys(self, moves: int, estimate: int) -> Tuple[float, float]:
        """The ``(priority, tie)`` this search queues a node under, ``moves`` from the start with ``estimate``:
        A* ``(moves + estimate, estimate)``; equal keys go to the node queued first."""
        return (moves + estimate, estimate) if self.rank is None else self.rank(moves, estimate)

    def path(self) -> List[object]:
        """States from the initial one to the goal found (empty if there is none)."""
        return path_of(self.goal_node)


def check_options(algorithm: str, queue: str = "tiebreak", weight: Optional[float] = None,
                  goal_test: str = "removal") -> None:
    """Raise ValueError, one sentence, unless :class:`AStar` takes these options.

    >>> check_options("weighted", weight=0)
    Traceback (most recent call last):
    ...
    ValueError: The weight must be a number above 0 and at most 1000, not '0'.
    """
    if algorithm not in SEARCHES:
        raise ValueError(f"Unknown search {str(algorithm)[:40]!r}; choose one of {', '.join(SEARCHES)}.")
    if queue not in QUEUES:
        raise ValueError(f"Unknown queue {str(queue)[:40]!r}; choose one of {', '.join(QUEUES)}.")
    if goal_test not in GOAL_TESTS:
        raise ValueError(f"The goal test is made on {' or '.join(GOAL_TESTS)}, not {str(goal_test)[:40]!r}.")
    if weight is not None and algorithm != "weighted":
        raise ValueError("A weight applies to weighted A* only.")
    if weight is not None and (isinstance(weight, bool) or not isinstance(weight, (int, float))
                               or not 0 < weight <= 1000):
        raise ValueError(f"The weight must be a number above 0 and at most 1000, not {str(weight)[:20]!r}.")


def _weight_of(algorithm: str, weight: Optional[float]) -> Optional[float]:
    """Weighted A*'s weight (the default if None; an int when whole, so that priorities stay whole numbers);
    None for every other search."""
    if algorithm != "weighted":
        return None
    if weight is None:
        return DEFAULT_WEIGHT
    return int(weight) if float(weight).is_integer() else weight


def _method_name(algorithm: str, weight: Optional[float], goal_test: str) -> str:
    name = {"bfs": "breadth-first search", "greedy": "greedy best-first search",
            "weighted": f"weighted A* (w={weight})"}.get(algorithm, f"A* ({algorithm})")
    return name + (" (goal test on generation)" if goal_test == "generation" else "")


#: Per search other than A*: from the weight, the function of (moves, estimate) giving (priority, tie).
#: Ties then go to the older node; breadth-first and greedy search keep no second key (first in, first out).
_RANKS = {
    "bfs": lambda weight: lambda moves, h: (moves, 0),
    "greedy": lambda weight: lambda moves, h: (h, 0),
    "weighted": lambda weight: lambda moves, h: (moves + weight * h, h),
}


class Observer(Protocol):
    """What a recorder of A*'s steps is told (see :mod:`puzzlesolver.explain`): the root, each node removed
    (``discarded`` when a cheaper path to its state was found after it was queued), each child inserted,
    skipped (``why``) or ``reached`` as the goal when tested on generation, and each finished expansion."""

    def started(self, root: SearchNode, search: "AStar") -> None: ...

    def removed(self, node: SearchNode) -> None: ...

    def discarded(self, node: SearchNode) -> None: ...

    def reached(self, node: SearchNode) -> None: ...

    def inserted(self, node: SearchNode) -> None: ...

    def skipped(self, state: object, moves: int, parent: SearchNode, why: str) -> None: ...

    def expanded(self, node: SearchNode, search: "AStar") -> None: ...


def path_nodes(node: Optional[SearchNode]) -> List[SearchNode]:
    """Follow ``previous`` links back to the root and return the nodes root-first."""
    nodes = []
    while node is not None:
        nodes.append(node)
        node = node.previous
    nodes.reverse()
    return nodes


def path_of(node: Optional[SearchNode]) -> List[object]:
    """The states from the root to ``node`` (empty for None)."""
    return [step.state for step in path_nodes(node)]


class Solver:
    """Solve a world state optimally in the constructor (the seeds' API).

    ``moves()`` is the optimal number of moves (-1 when there is no solution), ``solution()`` the
    states from the initial one to the goal, and ``is_solvable()`` whether a goal is reachable.  A
    state that can tell unsolvability up front (a board's parity) offers ``is_solvable()`` and is
    never searched.  ``max_expansions`` bounds the work: past it :class:`SearchBudgetExceeded` is
    raised instead of running on.  ``heuristic``, a function of a state, replaces the state's own
    estimate (:class:`AStar`).
    """

    def __init__(self, initial: WorldState, algorithm: str = "astar",
                 max_expansions: Optional[int] = None, heuristic: Optional[Callable[[Any], int]] = None) -> None:
        if initial is None:
            raise ValueError("the initial state must not be None")
        self.search = AStar(initial, algorithm, heuristic=heuristic)
        if not self.search.run(max_expansions):
            raise SearchBudgetExceeded(self.search.stats.expanded)
        self._path: List[object] = self.search.path()

    @property
    def stats(self) -> SearchStats:
        return self.search.stats

    def is_solvable(self) -> bool:
        return bool(self._path)

    def moves(self) -> int:
        return len(self._path) - 1

    def solution(self) -> List[object]:
        return list(self._path)

    def __iter__(self) -> Iterator[object]:
        return iter(self._path)


class SearchBudgetExceeded(RuntimeError):
    """Raised when a search passes its node budget before finding a goal."""

    def __init__(self, expanded: int) -> None:
        super().__init__(f"gave up after expanding {expanded:,} nodes without reaching the goal")
        self.expanded = expanded
