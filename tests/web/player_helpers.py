"""Helpers for the player tests (issue 14): the engine's own answers, and the game driven through its hooks."""

from __future__ import annotations

from puzzlesolver import BoardPuzzle, solve
from webhelpers import open_view

STEP = {"l": (0, -1), "r": (0, 1), "u": (-1, 0), "d": (1, 0)}


def optimal(tiles) -> int:
    """The engine's optimal number of moves to the standard goal."""
    n = round(len(tiles) ** 0.5)
    return solve(BoardPuzzle(n, tuple(tiles))).moves


def slide(tiles, direction):
    """site/core/rules.js's applyMove: the tile on the far side of the blank slides in ``direction``; None if none."""
    n = round(len(tiles) ** 0.5)
    blank = tiles.index(0)
    dr, dc = STEP[direction]
    r, c = blank // n - dr, blank % n - dc
    if not (0 <= r < n and 0 <= c < n):
        return None
    cell = r * n + c
    after = list(tiles)
    after[blank], after[cell] = after[cell], 0
    return after


def tiles_of(page):
    return [int(t) for t in page.get_by_test_id("play-board").get_attribute("data-tiles").split(",")]


def load_game(page, n, tiles, origin="typed"):
    """Put a board on the game (``origin``: "deal" for a board the statistics count, as if the game dealt it)."""
    page.evaluate("([n, tiles, origin]) => window.__app.game.loadGame({n, tiles, origin})", [n, tiles, origin])


def play(page, direction):
    assert page.evaluate("(d) => window.__app.game.play(d)", direction) is True


def wait_solver(page):
    """Show the Play view and wait until the game has the solver."""
    if page.evaluate("document.documentElement.dataset.view") != "play":
        open_view(page, "game")
    page.wait_for_function("document.querySelector('.play')?.dataset.solver === 'ready'", timeout=90_000)


def wait_idle(page):
    """Wait until the game has nothing under way (no hint, finish or deal being worked out)."""
    page.wait_for_function("!document.querySelector('.play').dataset.busy", timeout=60_000)


def stored(page, name):
    """Every record of one of the page's store's object stores ("replays", "solves", "settings", "setAside"...),
    read through the page's own store (site/core/store.js)."""
    return page.evaluate("async (name) => (await (await import('./core/store.js')).pageStore()).all(name)", name)
