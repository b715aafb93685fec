"""No dead code: vulture (pinned in .venv) finds no unused name, import or unreachable line at 60% confidence
over pysrc/, tests/ and build.py (pyproject.toml's [tool.vulture]).  A name used where vulture cannot see it (a
protocol method Python calls, a pytest hook) goes in tests/vulture_whitelist.py with its reason; dead code is
deleted."""

from __future__ import annotations

from spec_helpers import run_pinned_tool


def test_vulture_finds_no_dead_code():
    done = run_pinned_tool("vulture", "--config", "pyproject.toml")
    assert done.returncode == 0, (
        "vulture found dead code: delete it, or, for a name used where vulture cannot see it, add it to "
        "tests/vulture_whitelist.py with its reason:\n" + done.stdout + done.stderr)
