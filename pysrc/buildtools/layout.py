"""Where things are: the repository's folders, the generated word lists, and the engine the build reuses."""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]  # (pysrc/buildtools/layout.py)
DIST = ROOT / "dist"
SITE = ROOT / "site"
PYSRC = ROOT / "pysrc"
PACKAGE = PYSRC / "puzzlesolver"
DATA = PACKAGE / "data"
PUZZLES = ROOT / "puzzles"
TESTS = ROOT / "tests"
NODE_MODULES = ROOT / "node_modules"
VENV = ROOT / ".venv"

#: The word lists generated into DATA and copied to dist/data/.
WORD_LISTS = ("words-common.txt", "words-large.txt")


def engine_module(name: str) -> ModuleType:
    """``puzzlesolver.<name>`` from pysrc/ (beside this package): the build reuses the engine's own code
    (word lists, examples, the pattern tables' names); the engine never imports the build."""
    return importlib.import_module(f"puzzlesolver.{name}")
