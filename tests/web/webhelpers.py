"""Helpers shared by the browser tests and their fixtures (imported as a plain module)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"

#: Budgets from the browser-app issue: measured and reported, never asserted.
BUDGETS = {"first_load_bytes": 15_000_000, "first_load_bytes_uncompressed": 15_000_000, "ready_seconds": 4.0,
           "longest_task_ms": 50.0}
MEASURED: dict = {}


def measure(name: str, value) -> None:
    """Record a measurement for the terminal summary (and print it, visible with -s)."""
    MEASURED[name] = value
    print(f"[web] {name} = {value}")


def wait_ready(page, timeout: float = 90_000) -> None:
    """Wait until the page's solver worker has booted (again, after a restart)."""
    page.wait_for_function("window.__solver && window.__solver.state === 'ready'", timeout=timeout)


def open_view(page, name: str) -> None:
    """Show a view as a person does, from the navigation ("game", "solve", "learn", "ladders"), and wait for it."""
    page.get_by_test_id(f"view-{name}").click()
    page.wait_for_function("window.__app && window.__app.viewReady")
