"""The site's protections, with the policy on: one Content-Security-Policy (scripts and workers from the site only,
WebAssembly allowed), cross-origin isolation, and links that carry text, never script."""

from __future__ import annotations

import base64
import hashlib
import re
import urllib.request

import pytest
from buildtools.headers import CONTENT_SECURITY_POLICY, INLINE_SCRIPT_SHA256, SITE_HEADERS
from webhelpers import ROOT

TAMPERED_LINKS = [
    '#words=<img src=x onerror="window.__pwned=1">,nurse',
    '#board=3:8,1,3,4,0,2,7,6,5&goal=<script>window.__pwned=1</script>',
    "#replay=PHNjcmlwdD53aW5kb3cuX19wd25lZD0xPC9zY3JpcHQ-",
    '#play=4:"><svg onload=window.__pwned=1>',
    "#explain=words=<iframe srcdoc='<script>parent.__pwned=1</script>'>,cube",
]


def test_index_html_carries_the_policy_the_server_sends_and_its_inline_script_is_the_one_allowed():
    html = (ROOT / "site" / "index.html").read_text()
    meta = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', html)
    assert meta and meta.group(1) == CONTENT_SECURITY_POLICY
    inline = re.findall(r"<script>(.*?)</script>", html, re.S)
    assert [base64.b64encode(hashlib.sha256(script.encode()).digest()).decode() for script in inline] == [INLINE_SCRIPT_SHA256]
    assert not re.search(r"\son[a-z]+=", html), "an inline event handler: the policy blocks it"


def test_every_file_is_served_with_the_sites_headers(app_url):
    for path in ("", "main.js", "worker/code-worker.js", "pyodide/pyodide.asm.wasm", "protocol.json"):
        with urllib.request.urlopen(app_url + path) as response:
            for name, value in SITE_HEADERS.items():
                assert response.headers[name] == value, (path, name)


@pytest.fixture
def guarded_page(browser, app_url):
    context = browser.new_context(bypass_csp=False, service_workers="block")
    page = context.new_page()
    yield page
    context.close()


def test_the_page_is_isolated_and_runs_no_inline_script_nor_string(guarded_page, app_url):
    guarded_page.goto(app_url)   # (wait_for_function would evaluate a string: forbidden here, rightly)
    guarded_page.locator("[data-testid=solver-status][data-state=ready]").wait_for(timeout=60_000)
    assert guarded_page.evaluate("crossOriginIsolated") is True
    guarded_page.evaluate("""() => {
        const script = document.createElement("script");
        script.textContent = "window.__ran = 'inline script'";
        document.head.append(script);
        setTimeout("window.__ran = 'a string as code'", 0);
    }""")
    guarded_page.wait_for_timeout(200)
    assert guarded_page.evaluate("window.__ran") is None


@pytest.mark.parametrize("link", TAMPERED_LINKS)
def test_a_tampered_link_runs_no_script_with_the_policy_on(guarded_page, app_url, link):
    violations = []
    guarded_page.on("console", lambda message: violations.append(message.text) if "Content Security Policy" in message.text else None)
    guarded_page.goto(app_url + link)
    guarded_page.locator("html:not(.routing)").wait_for(timeout=30_000)
    guarded_page.wait_for_timeout(300)
    assert guarded_page.evaluate("window.__pwned") is None
    assert guarded_page.locator("main script, main iframe, main svg[onload], main img[onerror]").count() == 0
    assert violations == []   # nothing even tried: the link's text was never read as HTML
