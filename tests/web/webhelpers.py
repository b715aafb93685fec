"""Helpers shared by the browser tests and their fixtures (imported as a plain module)."""

from __future__ import annotations

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
