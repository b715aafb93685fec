"""What the build says: ``[build]`` lines, the details only ``--verbose`` shows, the commands it runs."""

from __future__ import annotations

import os
import subprocess

#: Print every step's details (``--verbose``): the table builders' levels, every file copied.
VERBOSE = bool(os.environ.get("PUZZLESOLVER_VERBOSE"))


def log(message: str) -> None:
    print(f"[build] {message}", flush=True)


def detail(message: str) -> None:
    """A line only ``--verbose`` shows (each file copied, ...)."""
    if VERBOSE:
        log(message)


def run(command: list, **kwargs) -> None:
    log("$ " + " ".join(str(part) for part in command))
    subprocess.run(command, check=True, **kwargs)

