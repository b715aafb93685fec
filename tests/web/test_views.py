"""A page made of views (issue 17): Play, Solve, Learn and Word ladders, one at a time and the full width,
chosen by the URL fragment through one router; nothing moves while a view loads (layout shift measured
in the browser, as Lighthouse does: the shifts not caused by input, summed)."""

from __future__ import annotations

import pytest
from webhelpers import measure, open_view

LINKS = {"play": "", "solve": "#board=3:8,1,3,4,0,2,7,6,5", "learn": "#explain=board=3:0,1,3,4,2,5,7,8,6",
         "ladders": "#words=horse,nurse"}
#: Lighthouse's "good" is under 0.1; the issue asks for 0.05 at most.
MAX_LAYOUT_SHIFT = 0.05

LAYOUT_SHIFTS = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (!entry.hadRecentInput) window.__shifts.push({ value: entry.value,
      nodes: entry.sources.map((s) => s.node && (s.node.dataset?.testid || s.node.id || s.node.className || s.node.nodeName)) });
  }
}).observe({ type: "layout-shift", buffered: true });
"""


def open_link(browser, app_url, link, width, height, scheme="light"):
    context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme,
                                  service_workers="block")
    context.add_init_script(LAYOUT_SHIFTS)
    page = context.new_page()
    page.goto(app_url + link)
    page.wait_for_function("window.__solver && window.__solver.state === 'ready' && window.__app.viewReady",
                           timeout=90_000)
    return context, page


@pytest.mark.parametrize("view", list(LINKS))
@pytest.mark.parametrize("width, height", [(375, 740), (1280, 900)])
def test_nothing_moves_while_a_view_loads(browser, app_url, view, width, height):
    context, page = open_link(browser, app_url, LINKS[view], width, height)
    page.wait_for_timeout(1500)                 # the solver's first answers (a board's note, a trace) come in
    shifts = page.evaluate("window.__shifts")
    total = round(sum(shift["value"] for shift in shifts), 4)
    measure(f"layout_shift_{view}_{width}", total)
    assert total <= MAX_LAYOUT_SHIFT, shifts
    context.close()


@pytest.mark.parametrize("width", [320, 375, 1280])
def test_the_status_line_wraps_and_has_room_kept_for_the_offline_news(browser, app_url, width):
    """The header's status line says all it says on a phone, wrapped (nothing cut off with "…"), and the news
    that comes after "Solver ready." moves nothing below it: the room is kept from the first paint."""
    context, page = open_link(browser, app_url, "#solve", width, 740)
    main_top = lambda: page.evaluate("document.querySelector('main').getBoundingClientRect().top")  # noqa: E731
    before = main_top()
    page.evaluate("document.getElementById('offline-status').textContent = 'Works offline: saved on this device.'")
    clipped = page.evaluate("""[...document.querySelectorAll('.status-line, .status-line .status')]
        .filter((e) => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1).map((e) => e.id || e.className)""")
    assert clipped == []
    tops = page.evaluate("['solver-status', 'offline-status'].map((id) => document.getElementById(id).getBoundingClientRect().top)")
    assert (tops[1] > tops[0]) == (width < 480), tops    # a line of its own on a phone, beside it on a wide screen
    assert main_top() == before, "the page below the header moved"
    context.close()


@pytest.mark.parametrize("view", list(LINKS))
def test_each_link_opens_its_view_alone_and_the_full_width(browser, app_url, view):
    context, page = open_link(browser, app_url, LINKS[view], 1280, 900)
    shown = page.evaluate("[...document.querySelectorAll('section.view')].filter((s) => !s.hidden).map((s) => s.dataset.view)")
    assert shown == ["solve" if view == "ladders" else view]
    width = page.evaluate("document.querySelector('section.view:not([hidden])').getBoundingClientRect().width")
    assert width >= 1200                        # the page's width, less its margins: no column left empty
    nav = "game" if view == "play" else view
    assert page.get_by_test_id(f"view-{nav}").get_attribute("aria-current") == "page"
    context.close()


def test_the_navigation_switches_views_and_the_back_button_returns(browser, app_url):
    context, page = open_link(browser, app_url, "", 1280, 900)
    for name, hash_ in [("solve", "#solve"), ("learn", "#learn"), ("ladders", "#ladders"), ("game", "#game")]:
        open_view(page, name)
        assert page.evaluate("location.hash") == hash_ or name == "solve"   # the form's board follows at once
        assert page.evaluate("document.documentElement.dataset.view") == ("play" if name == "game" else name)
    page.go_back()
    page.wait_for_function("document.documentElement.dataset.view === 'ladders'")
    assert page.get_by_test_id("mode-words").is_checked()
    page.go_back()
    page.wait_for_function("document.documentElement.dataset.view === 'learn'")
    context.close()


def test_views_load_their_modules_when_first_shown(browser, app_url):
    context, page = open_link(browser, app_url, "", 1280, 900)
    loaded = lambda: page.evaluate("performance.getEntriesByType('resource').map((r) => r.name.split('/').slice(-2).join('/'))")  # noqa: E731
    assert "play/view.js" in loaded()
    assert "solve/view.js" not in loaded() and "learn/view.js" not in loaded()
    open_view(page, "learn")
    assert "learn/view.js" in loaded() and "solve/view.js" not in loaded()
    context.close()
