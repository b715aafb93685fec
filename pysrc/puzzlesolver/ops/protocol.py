"""``protocol.json``, the worker's messages as JSON Schema, generated from the ops' declarations.

    python -m puzzlesolver.ops.protocol           write pysrc/puzzlesolver/protocol.json
    python -m puzzlesolver.ops.protocol --check   exit 1 when the file is not what the declarations say

The build runs the first (``build.py``); a test runs the second.  The page's client checks every request
against the file, the tests validate every answer, and the build exercises each op's examples.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Dict, List, Optional

from . import ANSWERS, OPS
from .declare import Message, Op
from .progress import KINDS

__all__ = ["protocol", "text", "PATH", "main"]

#: Where the protocol is kept: package data, served to the page as /protocol.json.
PATH = Path(__file__).resolve().parent.parent / "protocol.json"

DESCRIPTION = (
    "Generated from puzzlesolver.ops (python -m puzzlesolver.ops.protocol); do not edit. puzzlesolver.webapi "
    "answers these messages (its docstring says how they go together), site/core/solver-client.js checks every request "
    "against them before sending, and the tests validate every answer. x-ops lists each op: whether it is a job "
    "(advanced in slices, with progress, cancel and a budget), the tag of its progress records, who sends it (the page, or the worker), whether the page "
    "gives it a time budget (max_seconds; it can then be resumed), the fields of its fast answer, the answer types "
    "it ends with besides error, and examples of its fields (the build runs each of them in Pyodide to find the "
    "standard-library modules the worker needs; the tests check them against the schema).")

#: The messages the worker writes itself, to the page: ready, fatal and loading, and the error for a failure of
#: Python itself, which the engine cannot word.
WORKER = {
    "description": "The messages the worker writes itself, not the engine: ready, fatal and loading, and the error "
                   "for a failure of Python itself, which the engine cannot word.",
    "answers": ["ready", "fatal", "loading", "error"],
}

#: What each kind of progress record holds, and its words (the first whose `when` fields a record holds; each
#: record carries its own in `words`, which the page shows).
PROGRESS_KINDS = {tag: {"description": kind.about,
                        "words": [{"when": list(wording.when), "text": wording.text} for wording in kind.words]}
                  for tag, kind in KINDS.items()}

DEFS: Message = {
    "id": {"type": ["integer", "string"], "description": "Chosen by the page, counting up; every answer carries it."},
    "owner": {"type": "string", "description": "The part of the page a job is for (form, game, judge, deal, learn, "
                                               "...): one running job per owner, a newer one replaces it."},
    "unavailable": {"type": "array", "items": {"type": "string"},
                    "description": "Added by the worker: data-file urls it could not get."},
    "slice_ms": {"type": "number", "exclusiveMinimum": 0,
                 "description": "How long a job's slice should take (the first one runs at once)."},
    "tiles": {"type": "array", "items": {"type": "integer", "minimum": 0}},
    "max_seconds": {"type": "number", "exclusiveMinimum": 0},
    "progress_fields": {
        "type": "object",
        "description": "What a job says while it runs: tag, the kind of record (x-progress), then its numbers; took: "
                       "its seconds as every answer writes them (budget.took), for the page's progress line.",
        "properties": {
            "tag": {"enum": list(KINDS)}, "seconds": {"type": "number"}, "took": {"type": "string"},
            "words": {"type": "string", "description": "The record in words (x-progress), or '' before its numbers."},
            "expanded": {"type": "integer"}, "frontier": {"type": "integer"}, "bound": {"type": "integer"},
            "enqueued": {"type": "integer"}, "best": {"type": "integer"},
            "iterations": {"type": "array", "items": {"type": "array", "items": {"type": "integer"},
                                                      "minItems": 2, "maxItems": 2}},
            "steps": {"type": "integer"}, "rows": {"type": "integer"}, "of": {"type": "integer"},
            "boards": {"type": "integer"}, "tried": {"type": "integer"}, "method": {"type": "string"},
            "table": {"type": "integer"}, "tables": {"type": "integer"}}},
}

ENVELOPE_ANSWERS: Dict[str, Message] = {
    "error": {"type": "object", "required": ["type", "id", "field", "message"],
              "description": "A bad input or a failure, in one sentence; field names what it is about (board, goal, "
                             "heuristic, algorithm, start_word, goal_word, dictionary, link, size, moves, queue, "
                             "answer, worker, internal).",
              "properties": {"field": {"type": "string"}, "message": {"type": "string", "pattern": "^[^\\n]+$"},
                             "also": {"type": "array", "description": "The other fields' problems when one check "
                                                                      "found several (a ladder's two words).",
                                      "items": {"type": "object", "required": ["field", "message"],
                                                "properties": {"field": {"type": "string"},
                                                               "message": {"type": "string",
                                                                           "pattern": "^[^\\n]+$"}}}}}},
    "started": {"allOf": [{"$ref": "#/$defs/progress_fields"},
                          {"type": "object", "required": ["type", "id", "tag", "seconds", "took"]}],
                "description": "A job's first slice did not finish it: progress follows until its answer."},
    "progress": {"allOf": [{"$ref": "#/$defs/progress_fields"},
                           {"type": "object", "required": ["type", "id", "tag", "seconds", "took"]}],
                 "description": "A job's progress after a slice; took writes its seconds as its answer will ('50 ms', "
                                "'0.2 s', '32 s')."},
    "cancelled": {"type": "object", "required": ["type", "id", "message", "progress"],
                  "description": "A stopped job: message says what it did, progress is its last, took its seconds as "
                                 "the message writes them (absent when the worker dropped it before it began).",
                  "properties": {"progress": {"$ref": "#/$defs/progress_fields"}, "took": {"type": "string"}}},
    "fetch": {"type": "object", "required": ["type", "id", "files"],
              "description": "Worker only: the engine needs these data files first; the worker fetches them and sends "
                             "the request again with unavailable.",
              "properties": {"files": {"type": "array", "items": {"type": "object", "required": ["url", "path"]}}}},
    "ready": {"type": "object", "required": ["type", "info", "bootMs", "took"],
              "description": "Worker only: booted in bootMs milliseconds; took writes them as every answer writes a "
                             "time (budget.took), for the page's status line.",
              "properties": {"bootMs": {"type": "number"}, "took": {"type": "string"}}},
    "fatal": {"type": "object", "required": ["type", "message"]},
    "loading": {"type": "object", "required": ["type", "id", "url", "loaded", "total"],
                "description": "A data file downloading for the request id."},
}


def _request(name: str, params: type, job: bool, description: Optional[str] = None, page: bool = True) -> Message:
    declared = params.schema()
    envelope: Message = {"id": {"$ref": "#/$defs/id"}, "op": {"const": name}}
    if page:
        envelope["owner"] = {"$ref": "#/$defs/owner"}
    if job:
        envelope.update(unavailable={"$ref": "#/$defs/unavailable"}, slice_ms={"$ref": "#/$defs/slice_ms"})
    schema: Message = {"type": "object", "additionalProperties": False, "required": ["id", "op"] + declared["required"]}
    if description:
        schema["description"] = description
    schema["properties"] = {**envelope, **declared["properties"]}
    return schema


def _x_op(op: Op) -> Message:
    record: Message = {"job": op.progress is not None}
    if op.progress:
        record["progress"] = op.progress.tag
    if op.sender != "page":
        record["sender"] = op.sender
    if op.budget:
        record["budget"] = True
    if op.fast_answer:
        record["fast_answer"] = op.fast_answer
    record.update(answers=[answer.type for answer in op.answers], examples=list(op.examples))
    return record


def _switch(names: List[str], key: str, refs: str) -> Message:
    return {"type": "object", "required": ["id", "op"] if key == "op" else ["type"],
            "properties": {key: {"enum": names}},
            "allOf": [{"if": {"properties": {key: {"const": name}}}, "then": {"$ref": f"#/$defs/{refs}/{name}"}}
                      for name in names]}


def protocol() -> Message:
    """The whole protocol, as ``protocol.json`` holds it."""
    requests = {name: _request(name, op.params, op.progress is not None, op.description, op.sender == "page")
                for name, op in OPS.items()}
    answers = {**ANSWERS, **ENVELOPE_ANSWERS}
    request, answer = _switch(list(requests), "op", "requests"), _switch(list(answers), "type", "answers")
    request["description"], answer["description"] = "Any request from the page.", "Any answer the page receives."
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "https://puzzlesolver.local/protocol.json",
            "title": "The puzzlesolver web worker's messages", "description": DESCRIPTION,
            "x-ops": {name: _x_op(op) for name, op in OPS.items()},
            "x-progress": PROGRESS_KINDS, "x-worker": WORKER,
            "$defs": {**DEFS, "request": request, "requests": requests, "answer": answer, "answers": answers}}


def text() -> str:
    """The protocol as the file holds it (one op's record to a line where it fits is not attempted: plain
    indented JSON, stable key order)."""
    return json.dumps(protocol(), indent=1, ensure_ascii=False) + "\n"


def main(argv: Optional[List[str]] = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv == ["--check"]:
        if PATH.read_text() != text():
            print(f"{PATH} is stale: run python -m puzzlesolver.ops.protocol", file=sys.stderr)
            return 1
        return 0
    if PATH.exists() and PATH.read_text() == text():
        return 0
    PATH.write_text(text())
    print(f"wrote {PATH}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
