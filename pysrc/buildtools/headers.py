"""The headers every file of the site is served with: by ``build.py serve`` (:mod:`.server`), and added by the service
worker to what it serves (dist/sw.js, for static hosts that cannot set headers, as coi-serviceworker does).

* Cross-origin isolation (COOP + COEP, and CORP on every file): the page may then share memory with a worker,
  which the Code view uses to stop a student's code at once (a KeyboardInterrupt through Pyodide's interrupt
  buffer) instead of ending its worker.
* A Content-Security-Policy: scripts and workers from the site itself only, plus WebAssembly (Pyodide) and the
  one inline script of index.html, by its hash.  index.html carries the same policy in a meta tag (a test holds
  the two equal), so a host that sends no header still gets it.  Styles may be inline: CodeMirror writes its own.
"""

from __future__ import annotations

#: sha256 of index.html's one inline script (the "routing" class set before the first paint).
INLINE_SCRIPT_SHA256 = "tEUrBKxHK6ZkFGaWkHjf49Zn1V4jnF7jSC1MJFPXjlE="

CONTENT_SECURITY_POLICY = "; ".join((
    "default-src 'self'",
    f"script-src 'self' 'wasm-unsafe-eval' 'sha256-{INLINE_SCRIPT_SHA256}'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
))

SITE_HEADERS = {
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
}
