"""The examples in the engine's docstrings run and print what they show."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import puzzlesolver
import puzzlesolver.explain
import puzzlesolver.fast
import puzzlesolver.fast.engines
import puzzlesolver.fast.searches
import puzzlesolver.fast.tables
import puzzlesolver.ops
import puzzlesolver.policy

#: Modules whose examples are not run here: importing the command line runs it.
NOT_HERE = {"puzzlesolver.__main__"}
MODULES = sorted(name for package in (puzzlesolver, puzzlesolver.explain, puzzlesolver.fast, puzzlesolver.fast.engines,
                                      puzzlesolver.fast.searches, puzzlesolver.fast.tables, puzzlesolver.ops,
                                      puzzlesolver.policy)
                 for _, name, _ in pkgutil.iter_modules(package.__path__, package.__name__ + ".")
                 if name not in NOT_HERE)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_hold(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples in {name} failed"
