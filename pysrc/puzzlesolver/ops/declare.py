"""How a request kind is declared: its typed parameters, its work, its progress record and its answer.

A request kind (an *op*) is one :class:`Op`: the :class:`Params` class that reads and checks its message
(every wire field declared once with :func:`wire`, so that ``protocol.json`` is generated from it), either
``answer`` (a quick op, answered at once) or ``job`` (long work run by :mod:`puzzlesolver.jobs` a slice at
a time) with ``describe`` (its answer as a message), the tag of its progress records, and what the page may
offer around it (a time budget, a fast answer).  :mod:`puzzlesolver.webapi` dispatches to the declarations;
:mod:`puzzlesolver.ops.protocol` writes them out as JSON Schema.

>>> from dataclasses import dataclass
>>> @dataclass
... class Greet(Params):
...     name: str = wire({"type": "string"}, required=True)
...     def check(self) -> None:
...         if not self.name:
...             raise InputError("name", "Enter a name.")
>>> Greet.read({"name": "Ada"}).name
'Ada'
>>> Greet.schema()["required"]
['name']
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, Callable, Collection, Dict, List, Optional, Sequence, Tuple, Type, TypeVar

from .. import policy
from ..jobs import Job
from ..policy import DataFile, Options
from ..steps import Work
from .progress import ProgressKind

__all__ = ["Op", "Answer", "Params", "NoParams", "InputError", "wire", "Message", "needs", "prepared", "then", "at_once",
           "positive"]

Message = Dict[str, Any]
P = TypeVar("P", bound="Params")
T = TypeVar("T")


class InputError(Exception):
    """A bad input: ``field`` names the form field, the message is one sentence for a person; ``also``:
    the other fields' problems found by the same check (each shown by its own field)."""

    def __init__(self, field: str, message: str, also: Sequence["InputError"] = ()) -> None:
        super().__init__(message)
        self.field = field
        self.message = message
        self.also = list(also)


def wire(schema: Dict[str, Any], default: Any = None, *, required: bool = False) -> Any:
    """A request field as it travels: its JSON Schema, its default when the message leaves it out (or
    sends null), and whether the schema requires it."""
    return field(default=default, metadata={"schema": schema, "required": required})


@dataclass
class Params:
    """A request's fields, read from its message by :meth:`read` and checked by :meth:`check` (which raises
    :class:`InputError`, or an engine error with a ``field``, and may set derived fields)."""

    #: The field a problem with the request's puzzle is shown on.
    puzzle_field = "board"

    @classmethod
    def read(cls: Type[P], message: Message) -> P:
        given = {f.name: message[f.name] for f in cls.wire_fields() if message.get(f.name) is not None}
        params = cls(**given)
        params.check()
        return params

    def check(self) -> None:
        """Check the fields together; the base class has nothing to check."""

    @classmethod
    def wire_fields(cls) -> List[Any]:
        return [f for f in fields(cls) if "schema" in f.metadata]

    @classmethod
    def schema(cls) -> Dict[str, Any]:
        """The JSON Schema of these fields (the envelope's, id, op and owner, are the protocol's)."""
        declared = cls.wire_fields()
        return {"properties": {f.name: f.metadata["schema"] for f in declared},
                "required": [f.name for f in declared if f.metadata["required"]]}


@dataclass
class NoParams(Params):
    """A request with nothing but its envelope."""


@dataclass(frozen=True)
class Answer:
    """An answer type an op ends with: the message's ``type`` and its JSON Schema (protocol.json's), declared
    once and named by each op that gives it (``RESULT_ANSWER`` by every solve)."""

    type: str
    schema: Message = field(compare=False, hash=False)


@dataclass(frozen=True)
class Op:
    """One request kind, declared once (see the module docstring).

    ``answers``: the answer types it ends with besides ``error``; ``description``: what it does, in a sentence
    (protocol.json's, and the page's function's, core/ops.js); ``answer``: a quick op's work, ``job``: a
    long one's, ``scheduler``: the work of a request about the jobs themselves (advance, cancel, resume, stats:
    it is given the worker's table of jobs); ``progress``: the kind of progress record its job yields, with its
    words; ``budget``: the page gives it a time budget (``max_seconds``), and it can then be resumed;
    ``fast_answer``: the fields that ask the same request for an answer that is fast and not proven
    shortest, after a budget ran out with none; ``sender``: who sends it ("page", or "worker" for the
    worker's own requests to the engine, which the page's functions leave out).
    """

    name: str
    params: Type[Params]
    answers: Tuple[Answer, ...]
    description: str
    examples: Tuple[Message, ...] = ({},)
    answer: Optional[Callable[[Any], Message]] = None
    job: Optional[Callable[[Any], Job]] = None
    describe: Callable[[Any, Any], Message] = lambda params, value: value
    scheduler: Optional[Callable[[Any, Message], Message]] = None
    progress: Optional[ProgressKind] = None
    budget: bool = False
    fast_answer: Optional[Message] = None
    sender: str = "page"


def positive(value: Any, default: float) -> float:
    """``value`` if it is a positive number, else ``default`` (a budget or a slice the page may leave out)."""
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0 else default


# -- building jobs ------------------------------------------------------------------------------------

def needs(puzzle, options: Options) -> Callable[[Collection[str]], List[DataFile]]:
    """The data files the policy's search for ``puzzle`` reads, as a job declares them."""
    return lambda unavailable: policy.data_files(puzzle, options, unavailable)


def prepared(puzzle, options: Options, work: Work[T], **job: Any) -> Job[T]:
    """A job that declares the data files the request's search reads, and reads its tables into memory a
    step at a time before ``work`` starts."""
    return Job(then(policy.loading(puzzle, options), work), needs=needs(puzzle, options), **job)


def then(first: Work[Any], work: Work[T]) -> Work[T]:
    """``first``'s steps, then ``work``'s; returns ``work``'s answer."""
    yield from first
    return (yield from work)


def at_once(compute: Callable[[], T]) -> Work[T]:
    """Work of one step: ``compute()``."""
    yield from ()  # no progress to report, but a generator all the same: it runs as the job's one step
    return compute()

