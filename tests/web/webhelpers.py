"""Helpers shared by the browser tests and their fixtures (imported as a plain module)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"


def measure(name: str, value) -> None:
    """Record a measurement for the terminal summary (tests/figures.py) and print it (visible with -s)."""
    from figures import record   # tests/: on the path in a pytest run (tests/conftest.py's folder)
    record("web-budgets", name, value)
    print(f"[web] {name} = {value}")


def wait_ready(page, timeout: float = 90_000) -> None:
    """Wait until the page's solver worker has booted (again, after a restart)."""
    page.wait_for_function("window.__solver && window.__solver.state === 'ready'", timeout=timeout)


def open_view(page, name: str) -> None:
    """Show a view as a person does, from the navigation ("game", "solve", "learn", "ladders"), and wait for it."""
    page.get_by_test_id(f"view-{name}").click()
    page.wait_for_function("window.__app && window.__app.viewReady")
