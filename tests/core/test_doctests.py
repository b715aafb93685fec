"""The examples in the engine's docstrings run and print what they show."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import puzzlesolver
import puzzlesolver.explain
import puzzlesolver.ops
import puzzlesolver.policy

#: The package's modules and those of its sub-packages whose modules run at run time (fast/ holds the
#: NumPy table builders, which only the build imports).
MODULES = sorted(name for package in (puzzlesolver, puzzlesolver.explain, puzzlesolver.ops, puzzlesolver.policy)
                 for _, name, _ in pkgutil.iter_modules(package.__path__, package.__name__ + ".")
                 if name != "puzzlesolver.__main__")  # importing it runs the command line


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_hold(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples in {name} failed"
