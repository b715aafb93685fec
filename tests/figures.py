"""The figures the tests measure and report but never assert (a first visit's bytes, the worker's boot, other
browsers' timings): kept by section, shown in the terminal summary and written to test-results/<section>.json.

Under pytest-xdist every worker process keeps its own; tests/conftest.py hands them to the controller when the
worker ends, and the controller reports them all, as a run in one process would.
"""

from __future__ import annotations

import json
from pathlib import Path

RESULTS = Path(__file__).resolve().parents[1] / "test-results"

#: Budgets from the browser-app issue: measured and reported, never asserted.
BUDGETS = {"first_load_bytes": 15_000_000, "first_load_bytes_uncompressed": 15_000_000, "ready_seconds": 4.0,
           "longest_task_ms": 50.0}

#: section -> name -> value; a section's values that are dicts merge one level down (browsers: browser -> case).
SECTIONS: dict = {}


def record(section: str, name: str, value) -> None:
    """Keep one figure (a dict value is merged into what the section already has under ``name``)."""
    merge({section: {name: value}})


def merge(sections: dict) -> None:
    """Add figures kept elsewhere (another process's :data:`SECTIONS`)."""
    for section, figures in sections.items():
        kept = SECTIONS.setdefault(section, {})
        for name, value in figures.items():
            if isinstance(value, dict) and isinstance(kept.get(name), dict):
                kept[name].update(value)
            else:
                kept[name] = value


def _web_budget_lines(figures: dict):
    for name, value in figures.items():
        budget = BUDGETS.get(name)
        note = "" if budget is None else f"   (budget {budget:,}: {'within' if value <= budget else 'OVER'})"
        yield f"{name:>24}: {value:,}{note}" if isinstance(value, (int, float)) else f"{name:>24}: {value}"


def _browser_lines(figures: dict):
    for browser, cases in figures.items():
        for case, timings in cases.items():
            yield f"{browser:>10} {case:8} " + ", ".join(f"{k} {v}" for k, v in timings.items())


#: section -> (its title in the summary, its lines, what goes to test-results/<section>.json)
REPORTS = {
    "web-budgets": ("web budgets (measured, not asserted)", _web_budget_lines,
                    lambda figures: {"measured": figures, "budgets": BUDGETS}),
    "browsers": ("other browsers: seconds (measured, not asserted)", _browser_lines, lambda figures: figures),
}


def report(terminalreporter) -> None:
    """Each section's figures in the terminal summary and in test-results/."""
    for section, figures in SECTIONS.items():
        title, lines, stored = REPORTS[section]
        terminalreporter.section(title)
        for line in lines(figures):
            terminalreporter.write_line(line)
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / f"{section}.json").write_text(json.dumps(stored(figures), indent=1))
