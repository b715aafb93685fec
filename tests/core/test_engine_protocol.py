"""Every IDA* engine implements the one Engine protocol (pysrc/puzzlesolver/fast/engines/protocol.py), checked by mypy
(pinned in .venv; pyproject.toml's [tool.mypy] says what it reads): the engines, the IDA* drivers that take an Engine,
and :data:`ENGINES` below, every engine held to the protocol there; and no engine of fast/engines/ is left off it."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from typing import Tuple, Type

import puzzlesolver.fast.engines
from puzzlesolver.fast.engines.manhattan import ManhattanEngine
from puzzlesolver.fast.engines.pdb_8x2 import Engine8x2
from puzzlesolver.fast.engines.pdb_compact import EngineMax
from puzzlesolver.fast.engines.pdb_rectangles import TableEngine
from puzzlesolver.fast.engines.pdb_squares import AdditivePdb, Exact3, Pdb5, Pdb663
from puzzlesolver.fast.engines.protocol import Engine
from spec_helpers import run_pinned_tool


def held(engine: Type[Engine]) -> Type[Engine]:
    """``engine``, which mypy holds to :class:`Engine` here: one missing a member, or with another signature, fails
    :func:`test_every_engine_implements_the_engine_protocol`, mypy naming the engine."""
    return engine


#: Every IDA* engine, each held to the protocol.
ENGINES: Tuple[Type[Engine], ...] = (held(ManhattanEngine), held(AdditivePdb), held(Pdb663), held(Pdb5),
                                     held(Exact3), held(EngineMax), held(Engine8x2), held(TableEngine))


def test_every_engine_implements_the_engine_protocol():
    done = run_pinned_tool("mypy", "--config-file", "pyproject.toml", "--no-error-summary")
    assert done.returncode == 0, (
        "an engine does not implement the Engine protocol (pysrc/puzzlesolver/fast/engines/protocol.py), or a driver "
        "uses an engine beyond it:\n" + done.stdout + done.stderr)


def test_every_engine_is_held_to_the_protocol():
    """An engine is a class of fast/engines/ with the protocol's methods; each is in :data:`ENGINES`."""
    methods = [name for name, member in vars(Engine).items() if inspect.isfunction(member) and not name.startswith("_")]
    found = set()
    package = puzzlesolver.fast.engines
    for module in pkgutil.iter_modules(package.__path__, package.__name__ + "."):
        loaded = importlib.import_module(module.name)
        found |= {cls for _, cls in inspect.getmembers(loaded, inspect.isclass)
                  if cls.__module__ == loaded.__name__ and cls is not Engine and any(hasattr(cls, m) for m in methods)}
    assert methods and found == set(ENGINES)
