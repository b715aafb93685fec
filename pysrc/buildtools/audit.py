"""The audit (``python3 build.py audit [VIEW...]``): Lighthouse, mobile then desktop, on each view of the built
site served locally: the scores, the layout shift, the paint times and the weight."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading

from .console import run
from .environment import CHROMIUM, step_chromium
from .layout import ROOT
from .server import make_server
from .steps import build

#: Pinned; installed on demand into .cache/audit (not a dependency of serve or test: it weighs 176 MB).
LIGHTHOUSE = "lighthouse@13.5.0"
AUDIT_DIR = ROOT / ".cache" / "audit"
AUDIT_VIEWS = {"play": "", "solve": "#board=3:8,1,3,4,0,2,7,6,5", "learn": "#explain=board=3:0,1,3,4,2,5,7,8,6",
               "ladders": "#words=horse,nurse", "code": "#code"}
AUDITED = ("cumulative-layout-shift", "largest-contentful-paint", "first-contentful-paint", "total-blocking-time",
           "speed-index", "total-byte-weight")


def audit(views: list) -> int:
    """Run Lighthouse (mobile, then desktop) on each view of the built site, served locally; print the scores."""
    lighthouse = AUDIT_DIR / "node_modules" / ".bin" / "lighthouse"
    if not lighthouse.exists():
        run(["npm", "install", "--no-save", "--no-audit", "--no-fund", "--prefix", str(AUDIT_DIR), LIGHTHOUSE])
    step_chromium()
    build()
    server = make_server(0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    flags = "--headless=new --no-sandbox --host-resolver-rules='MAP * ~NOTFOUND , EXCLUDE 127.0.0.1'"
    env = {**os.environ, "CHROME_PATH": str(CHROMIUM)}
    unknown = [view for view in views if view not in AUDIT_VIEWS]
    if unknown:
        sys.exit(f"build.py audit: unknown view {unknown[0]!r}; choose from {', '.join(AUDIT_VIEWS)}")
    for view in views or list(AUDIT_VIEWS):
        for preset in ("mobile", "desktop"):
            out = AUDIT_DIR / f"{view}-{preset}.json"
            command = [str(lighthouse), url + AUDIT_VIEWS[view], "--quiet", f"--chrome-flags={flags}",
                       "--output=json", f"--output-path={out}"] + (["--preset=desktop"] if preset == "desktop" else [])
            subprocess.run(command, env=env, check=True, timeout=600)
            _print_scores(view, preset, json.loads(out.read_text()))
    server.shutdown()
    return 0


def _print_scores(view: str, preset: str, report: dict) -> None:
    """Two lines: the view's category scores, then the figures of AUDITED."""
    scores = {name: category["score"] for name, category in report["categories"].items()}
    figures = ", ".join(f"{name} {report['audits'][name].get('displayValue', '')}" for name in AUDITED)
    print(f"{view:8} {preset:8} " + " ".join(f"{k} {v:.2f}" for k, v in scores.items() if v is not None) +
          f"\n{'':17}{figures}", flush=True)
