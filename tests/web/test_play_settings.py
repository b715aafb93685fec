"""The game's settings a speedsolver sets once (issue 35, item 7): the slides' animation (or none), which key does
what (play/keymap.js: any action's key changed by a press, a key doing one thing), and hover sliding frozen
while the freeze key is held, as Slidysim has them; each kept through a reload."""

from __future__ import annotations

import pytest
from player_helpers import load_game, tiles_of

#: A 3x3 with the blank in the middle: every direction slides a tile.
MIDDLE = [1, 2, 3, 4, 0, 5, 7, 8, 6]


@pytest.fixture
def play_page(browser, app_url):
    """A fresh page (its own storage) on the Play view, the settings open."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(app_url + "#game")
    page.wait_for_function("window.__app && window.__app.viewReady")
    page.locator("[data-testid=settings-panel] summary").click()
    yield page
    context.close()


def reopened(page) -> None:
    page.wait_for_timeout(300)   # the settings' write
    page.reload()
    page.wait_for_function("window.__app && window.__app.viewReady")
    page.locator("[data-testid=settings-panel] summary").click()


def slide_duration(page) -> str:
    return page.locator(".play-tile").first.evaluate("(tile) => getComputedStyle(tile).transitionDuration")


def press_on_board(page, key: str) -> None:
    page.get_by_test_id("play-board").focus()
    page.keyboard.press(key)


def test_the_slides_animate_fast_slow_or_not_at_all_and_the_choice_is_kept(play_page):
    load_game(play_page, 3, MIDDLE)
    assert slide_duration(play_page) == "0.11s"
    play_page.get_by_test_id("play-animation").select_option("0")
    assert slide_duration(play_page) == "0s"
    reopened(play_page)
    load_game(play_page, 3, MIDDLE)
    assert play_page.get_by_test_id("play-animation").input_value() == "0" and slide_duration(play_page) == "0s"


def test_a_key_is_changed_by_a_press_and_does_one_thing_only(play_page):
    load_game(play_page, 3, MIDDLE)
    play_page.get_by_test_id("key-change-l").click()
    assert "press a key" in play_page.get_by_test_id("key-l").text_content()
    play_page.keyboard.press("j")
    assert play_page.get_by_test_id("key-l").text_content() == "← J"
    assert tiles_of(play_page) == MIDDLE   # the press chose the key: it slid nothing
    press_on_board(play_page, "a")          # A no longer slides left
    assert tiles_of(play_page) == MIDDLE
    press_on_board(play_page, "j")
    assert tiles_of(play_page) == [1, 2, 3, 4, 5, 0, 7, 8, 6]
    play_page.get_by_test_id("key-change-u").click()   # D, right's letter, given to up: right keeps only its arrow
    play_page.keyboard.press("d")
    assert play_page.get_by_test_id("key-u").text_content() == "↑ D" and play_page.get_by_test_id("key-r").text_content() == "→"
    play_page.get_by_test_id("key-change-newGame").click()
    play_page.keyboard.press("Escape")   # Escape keeps the key as it was
    assert play_page.get_by_test_id("key-newGame").text_content() == "N"
    reopened(play_page)
    assert play_page.get_by_test_id("key-l").text_content() == "← J"
    play_page.get_by_test_id("key-reset").click()
    assert play_page.get_by_test_id("key-l").text_content() == "← A"


def test_holding_the_freeze_key_stops_hover_sliding(play_page):
    load_game(play_page, 3, MIDDLE)
    play_page.get_by_test_id("hover-mode").check()
    play_page.get_by_test_id("play-board").scroll_into_view_if_needed()
    five = play_page.locator(".play-tile[data-tile='5']").bounding_box()
    play_page.mouse.move(5, 5)
    play_page.keyboard.down(" ")
    play_page.mouse.move(five["x"] + five["width"] / 2, five["y"] + five["height"] / 2, steps=4)
    assert tiles_of(play_page) == MIDDLE   # frozen: the pointer crossed a movable tile and nothing slid
    play_page.keyboard.up(" ")
    play_page.mouse.move(5, 5, steps=4)
    play_page.mouse.move(five["x"] + five["width"] / 2, five["y"] + five["height"] / 2, steps=4)
    assert tiles_of(play_page) == [1, 2, 3, 4, 5, 0, 7, 8, 6]
