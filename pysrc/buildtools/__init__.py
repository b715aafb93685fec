"""The build's tools, run by build.py (its command line): standard library only (the table builders excepted, run
in their own NumPy Python), never in the wheel nor in dist/, and never imported by the engine (``puzzlesolver`` is
what they build, not what they serve).

    layout, console, stamps    where things are; what the build says; what each step was made from
    steps                      the build's steps in order (build()): npm, word lists, wheel, Pyodide, site, ...
    stdlib                     the worker's standard library, trimmed and precompiled by Pyodide under Node
    tables                     the pattern tables (NumPy, build time), the late groups serve adds later
    build_tables               the NumPy builders of the square boards' tables (build_compact: the 15-puzzle's 7-tile)
    rect_bench                 the rectangles' benchmark: their tables against Manhattan + linear conflicts
    icons, manifest            the app's PNG icons; build.json and tables.json
    service_worker, compress   dist/sw.js and its lists; the gzip and brotli copies
    environment                .venv's pinned tools, Chromium
    server, testing, audit     serve, test and bench, audit
"""
