"""The Play view's rough edges a newcomer meets (issue 29, items 1, 2, 3, 12 and 13): a finished game on a
phone, a game never lost to one key, one time kept through a reload and in a game link, the daily puzzle
said to be one, the blank seen in the dark, a judged 5x5 that does not wait for positions left behind, and
the board that stays put while a game is played (its layout shift measured as Lighthouse does)."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import expect
from player_helpers import load_game, play, slide, tiles_of

OPPOSITE = {"l": "r", "r": "l", "u": "d", "d": "u"}
TIME = re.compile(r"(?:(?:\d+:)?\d+:)?\d+\.\d{3}")   # the one way a time is written: 9.876, 1:02.345, 1:02:03.456


def seconds(time: str) -> float:
    """A written time in seconds: "1:02.345" is 62.345."""
    total = 0.0
    for part in time.split(":"):
        total = total * 60 + float(part)
    return total


def open_page(browser, app_url, width=375, height=740, scheme="light", fragment=""):
    context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme,
                                  service_workers="block")
    page = context.new_page()
    page.goto(app_url + fragment)
    page.wait_for_function("window.__app && window.__app.viewReady")
    return context, page


def ready(page):
    page.wait_for_function("window.__solver.state === 'ready'", timeout=90_000)


def scrambled(n, length, seed):
    """A start `length` random tile moves from the goal, and the moves that bring it back (the last one left out
    for the person to play): {tiles, moves, last}."""
    rng = random.Random(seed)
    tiles = list(range(1, n * n)) + [0]
    walk = []
    while len(walk) < length:
        direction = rng.choice("lrud")
        after = slide(tiles, direction)
        if after is None or (walk and direction == OPPOSITE[walk[-1]]):
            continue
        tiles, walk = after, walk + [direction]
    back = "".join(OPPOSITE[d] for d in reversed(walk))
    return {"tiles": tiles, "moves": back[:-1], "last": back[-1]}


ARROW = {"l": "ArrowLeft", "r": "ArrowRight", "u": "ArrowUp", "d": "ArrowDown"}


def test_a_game_finished_on_a_phone_shows_its_result_and_no_cancel(browser, app_url):
    """The last move of a 5x5 (whose optimal count takes the solver seconds): the result is on screen at once,
    saying the count is being worked out, with no "Cancel · Thinking…" for a search the player did not ask
    for; and Undo on the finished game gives Hint back while that count still runs."""
    game = scrambled(5, 70, seed=29)
    link = f"#play=5:{','.join(map(str, game['tiles']))}&moves={game['moves']}"
    context, page = open_page(browser, app_url, fragment=link)
    ready(page)
    page.get_by_test_id("play-board").focus()
    page.keyboard.press(ARROW[game["last"]])
    result = page.get_by_test_id("play-result")
    expect(result).to_contain_text("Solved!")
    expect(result).to_contain_text("being worked out")
    box = result.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= 740, box
    assert page.get_by_test_id("play-cancel").is_hidden()
    assert page.get_by_test_id("play-solver-note").text_content() == ""
    page.get_by_test_id("play-undo").click()
    expect(page.get_by_test_id("play-hint")).to_be_enabled(timeout=2_000)
    context.close()


def play_two_moves_of_a_dealt_game(page) -> list:
    """A dealt 4x4 game two moves in, the board focused: its tiles."""
    load_game(page, 4, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15], origin="deal")
    page.get_by_test_id("play-board").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    return tiles_of(page)


def test_a_new_deal_never_loses_a_game_to_one_key(browser, app_url):
    """After "New puzzle" the focus is on the board, so Space deals nothing; and Undo on the new deal brings
    back the game it replaced, moves, board and time."""
    context, page = open_page(browser, app_url)
    played = play_two_moves_of_a_dealt_game(page)
    page.wait_for_timeout(300)
    page.get_by_test_id("play-new").click()
    dealt = tiles_of(page)
    assert page.evaluate("document.activeElement.dataset.testid") == "play-board"
    page.keyboard.press("Space")
    page.keyboard.press("Enter")
    assert tiles_of(page) == dealt, "a key after New puzzle dealt again"
    note = page.get_by_test_id("play-message")
    expect(note).to_have_text("Undo brings back the game you were playing.")
    time = page.get_by_test_id("play-timer").text_content()
    page.get_by_test_id("play-undo").click()
    assert tiles_of(page) == played
    assert page.get_by_test_id("play-moves").text_content() == "2"
    assert page.get_by_test_id("play-timer").text_content() != "0.000" and time == "0.000"
    expect(note).to_be_hidden()
    page.get_by_test_id("play-undo").click()                    # and Undo goes on through its moves
    assert page.get_by_test_id("play-moves").text_content() == "1"
    context.close()


def test_one_time_everywhere_kept_through_a_reload_and_in_a_game_link(browser, app_url):
    """The timer, the result and the statistics write one time, to the millisecond; a reload mid-game
    keeps the time and the game still counts; a shared finished game says its time."""
    context, page = open_page(browser, app_url)
    page.evaluate("localStorage.clear(); sessionStorage.clear()")
    page.locator("[data-testid=stats-panel] summary").click()
    load_game(page, 3, [1, 2, 3, 4, 5, 6, 0, 7, 8], origin="deal")
    play(page, "l")
    page.wait_for_timeout(1300)
    timer = page.get_by_test_id("play-timer")
    assert TIME.fullmatch(timer.text_content()), timer.text_content()
    page.reload()
    page.wait_for_function("window.__app && window.__app.viewReady")
    kept = page.get_by_test_id("play-timer").text_content()
    assert TIME.fullmatch(kept) and seconds(kept) >= 1.3, kept
    assert page.get_by_test_id("play-moves").text_content() == "1"
    play(page, "l")
    result = page.get_by_test_id("play-result").text_content()
    said = re.search(r"in (\S+);", result).group(1)
    assert TIME.fullmatch(said) and seconds(said) >= 1.3, result
    assert page.get_by_test_id("play-uncounted").count() == 0, "a reloaded deal still counts"
    page.locator("[data-testid=stats-panel] summary").click()
    best = page.locator("[data-testid=stats-table] tr[data-row=single] td[data-measure=time]").text_content()
    assert best == said, (best, said)
    link = page.evaluate("location.hash")
    assert re.search(r"&time=\d+$", link), link
    context.close()

    context, page = open_page(browser, app_url, fragment="#play=3:1,2,3,4,5,6,0,7,8&moves=ll&time=61234")
    result = page.get_by_test_id("play-result")
    expect(result).to_contain_text("in 1:01.234;")
    assert page.get_by_test_id("play-uncounted").text_content() == \
        "Not counted in your statistics: this game was opened from a link, not dealt here."
    page.get_by_test_id("play-share").click()
    assert page.get_by_test_id("play-share-link").input_value().endswith("#play=3:1,2,3,4,5,6,0,7,8&moves=ll&time=61234")
    context.close()

    # a link from before links said their time: no time is made up for it
    context, page = open_page(browser, app_url, fragment="#play=3:1,2,3,4,5,6,0,7,8&moves=ll")
    expect(page.get_by_test_id("play-result")).to_contain_text("You took 2 moves;")
    assert "its time from the start is not known" in page.get_by_test_id("play-uncounted").text_content()
    context.close()


def test_the_daily_puzzle_says_it_is_one_and_shares_no_result_before_there_is_one(browser, app_url):
    """Today's puzzle is said to be the daily one, under the board, until another board is dealt; sharing it
    before it is solved copies the puzzle alone and says so."""
    context, page = open_page(browser, app_url)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.locator("[data-testid=deals-panel] summary").click()
    page.get_by_test_id("daily-play").click()
    caption = page.get_by_test_id("play-caption")
    expect(caption).to_be_visible()
    assert re.fullmatch(r"Daily puzzle of \d{4}-\d\d-\d\d, 4×4: the same board for everyone\.", caption.text_content())
    page.get_by_test_id("daily-share").click()
    expect(page.get_by_test_id("deal-note")).to_have_text("Copied: today's puzzle.")   # no result yet
    page.get_by_test_id("play-new").click()
    expect(caption).to_be_hidden()
    context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_on_a_phone_share_game_is_close_under_the_board_and_the_blank_shows(browser, app_url, scheme):
    """With nothing to say under the board, no empty band: "Share game" follows it closely.  The blank's
    square (the board's tray) stands out from the page in both themes."""
    context, page = open_page(browser, app_url, scheme=scheme)
    board = page.get_by_test_id("play-board").bounding_box()
    share = page.get_by_test_id("play-share").bounding_box()
    assert share["y"] - (board["y"] + board["height"]) < 40, (board, share)
    assert share["y"] + share["height"] <= 740
    colours = page.evaluate("""() => [getComputedStyle(document.querySelector('.play-board')).backgroundColor,
                                      getComputedStyle(document.body).backgroundColor]""")
    tray, body = ([int(v) for v in re.findall(r"\d+", c)[:3]] for c in colours)
    assert abs(sum(tray) - sum(body)) / 3 >= 40, colours
    context.close()


def test_a_judged_5x5_drops_the_verdict_of_a_position_left_behind(browser, app_url):
    """A 5x5 verdict takes seconds: moving on while it is worked out cancels it, and the line speaks of the
    position on the board."""
    game = scrambled(5, 60, seed=7)
    context, page = open_page(browser, app_url, 1280, 900, fragment=f"#play=5:{','.join(map(str, game['tiles']))}")
    ready(page)
    page.evaluate("""() => {
      window.__asked = []; window.__cancelled = [];
      const request = window.__solver.request.bind(window.__solver), cancel = window.__solver.cancel.bind(window.__solver);
      window.__solver.request = (op, params, ...rest) => { const answer = request(op, params, ...rest);
        if (op === 'judge') window.__asked.push({ id: answer.id, tiles: params.tiles.join(',') }); return answer; };
      window.__solver.cancel = (id, ...rest) => { window.__cancelled.push(id); return cancel(id, ...rest); }; }""")
    page.get_by_test_id("judge-toggle").check()
    page.wait_for_function("window.__asked.length === 1")
    first = tiles_of(page)
    direction = next(d for d in "lrud" if slide(first, d))
    play(page, direction)
    page.wait_for_function("window.__cancelled.length >= 1", timeout=5_000)
    asked = page.evaluate("window.__asked")
    assert asked[0]["tiles"] == ",".join(map(str, first))
    assert page.evaluate("window.__cancelled")[0] == asked[0]["id"]
    expect(page.get_by_test_id("judge-line")).to_contain_text("from the goal", timeout=60_000)
    assert page.get_by_test_id("judge-line").get_attribute("data-distance") is not None
    context.close()


LAYOUT_SHIFTS = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__shifts.push({ value: entry.value, recent: entry.hadRecentInput, at: entry.startTime });
}).observe({ type: "layout-shift", buffered: true });
"""


@pytest.mark.parametrize("width, height, n, judged", [
    (375, 740, 4, False),
    # the other sizes and games with -m slow (the test run's time: 10-30 s each)
    pytest.param(375, 740, 3, True, marks=pytest.mark.slow),
    pytest.param(1280, 900, 4, False, marks=pytest.mark.slow),
    pytest.param(1280, 900, 3, True, marks=pytest.mark.slow),
])
def test_the_board_holds_still_while_a_game_is_played_and_finished(browser, app_url, width, height, n, judged):
    """Cumulative layout shift (as Lighthouse counts it: shifts not within half a second of the person's own
    input) while a game is played with the keys to its end and analysed stays within 0.05, and the board does
    not move: a 3x3 judged and labelled, and a 4x4 whose analysis comes seconds after its last move."""
    context = browser.new_context(viewport={"width": width, "height": height}, service_workers="block")
    context.add_init_script(LAYOUT_SHIFTS)
    page = context.new_page()
    page.goto(app_url)
    page.wait_for_function("window.__app && window.__app.viewReady")
    ready(page)
    if judged:
        page.get_by_test_id("judge-toggle").check()
        page.get_by_test_id("judge-labels").check()
    game = scrambled(n, 14 if n == 3 else 30, seed=3)
    load_game(page, n, game["tiles"], origin="deal")
    page.wait_for_timeout(500)
    page.evaluate("window.__shifts = []")
    board = page.get_by_test_id("play-board")
    # where the board is on the page (the finished game's result scrolled into view is no move)
    where_on_page = "e => { const r = e.getBoundingClientRect(); return [r.x + scrollX, r.y + scrollY, r.width, r.height]; }"
    where = board.evaluate(where_on_page)
    board.focus()
    for direction in game["moves"] + game["last"]:
        page.keyboard.press(ARROW[direction])                    # as a person plays: a key a move
        page.wait_for_timeout(150)
        assert board.evaluate(where_on_page) == where
    expect(page.get_by_test_id("play-result")).to_contain_text("optimal for the starting board", timeout=30_000)
    page.wait_for_selector("[data-testid=analysis-summary]", timeout=30_000)
    page.wait_for_timeout(500)
    shifts = page.evaluate("window.__shifts")
    cls = sum(s["value"] for s in shifts if not s["recent"])
    print(f"CLS while a {n}x{n} game{' judged' if judged else ''} is played and finished at {width}x{height}: {cls:.4f} "
          f"(with the shifts right after a key: {sum(s['value'] for s in shifts):.4f})")
    assert cls <= 0.05, shifts
    context.close()


def test_the_speedsolvers_keys_deal_and_restart_and_undo_brings_the_game_back(browser, app_url):
    """N deals a new scramble of the same shape and R restarts; neither loses the game in progress: Undo brings
    it back, moves and board."""
    context, page = open_page(browser, app_url)
    played = play_two_moves_of_a_dealt_game(page)
    page.keyboard.press("r")
    assert tiles_of(page) == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15]
    assert page.get_by_test_id("play-moves").text_content() == "0"
    expect(page.get_by_test_id("play-message")).to_have_text("Undo brings back the game you were playing.")
    page.get_by_test_id("play-undo").click()
    assert tiles_of(page) == played and page.get_by_test_id("play-moves").text_content() == "2"
    page.get_by_test_id("play-board").focus()
    page.keyboard.press("n")
    assert tiles_of(page) != played and len(tiles_of(page)) == 16
    assert page.get_by_test_id("play-moves").text_content() == "0"
    page.get_by_test_id("play-undo").click()
    assert tiles_of(page) == played
    context.close()


def test_the_tiles_moved_per_second_show_beside_the_time(browser, app_url):
    context, page = open_page(browser, app_url)
    load_game(page, 3, [1, 2, 3, 4, 5, 6, 0, 7, 8], origin="deal")
    tps = page.get_by_test_id("play-tps")
    assert tps.text_content() == "–"
    play(page, "l")
    page.wait_for_timeout(400)
    play(page, "l")
    shown = float(tps.text_content())
    moves, ms = 2, seconds(page.get_by_test_id("play-timer").text_content()) * 1000
    assert abs(shown - moves * 1000 / ms) < 0.01, (shown, ms)
    context.close()
