#!/usr/bin/env python3
"""Build, serve and test the puzzlesolver web app (standard library only).

    python3 build.py [build]          assemble the static site in dist/ (incremental)
    python3 build.py serve [--port N] build what is missing, serve dist/ on http://127.0.0.1:8000
    python3 build.py test [ARGS...]   install the test tools in .venv, build, run pytest on tests/ (ARGS go to pytest)
    python3 build.py bench [ARGS...]  benchmark the solver: suites, time limit, CPython or --browser (see --help)
    python3 build.py audit [VIEW...]  Lighthouse (mobile and desktop) on each view: scores, layout shift, weight

dist/ after a build:
    index.html, style.css, *.js      the front end, copied from site/ (its folders too)
    protocol.json                    the worker's messages (pysrc/puzzlesolver/protocol.json), read by the page
    pyodide/                         the Pyodide runtime files the worker needs (from the npm package)
    wheels/puzzlesolver-*.whl        the project's own wheel, built from pysrc/ without its data/ folder
    data/words-*.txt                 word lists, fetched by the worker only when a ladder needs them
    puzzles.json                     the examples from puzzles/ for the page's "Examples" menu
    build.json                       the manifest: versions, wheel name, every file with its sha256, a build id

This file is the command line only; the tools live in pysrc/buildtools/ (kept out of the wheel), one
module a concern: each build step is one small function there (buildtools/steps.py runs them in order),
and skips itself when its inputs did not change (the digest of its inputs is kept in dist/.stamps.json).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

PYSRC = Path(__file__).resolve().parent / "pysrc"
if str(PYSRC) not in sys.path:  # a fresh checkout: nothing installed, the tools sit beside the engine
    sys.path.insert(0, str(PYSRC))

from buildtools import audit, console, server, steps, testing  # noqa: E402  (found through PYSRC)


def main(argv: list | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["test"]:
        return testing.test(argv[1:])  # everything after "test" belongs to pytest
    if argv[:1] == ["bench"]:
        return testing.bench(argv[1:])  # python3 build.py bench --help
    if argv[:1] == ["audit"]:
        return audit.audit(argv[1:])
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", nargs="?", default="build", choices=("build", "serve", "test"))
    parser.add_argument("--port", type=int, default=8000, help="port for serve (default 8000)")
    parser.add_argument("--verbose", action="store_true", help="every detail: table builders' levels, requests served")
    args, rest = parser.parse_known_args(argv)
    console.VERBOSE = console.VERBOSE or args.verbose
    if args.command == "test":
        return testing.test(rest)
    if rest:
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    if args.command == "serve":
        server.serve(args.port)
        return 0
    steps.build()
    return 0


if __name__ == "__main__":
    sys.exit(main())
