"""dist/build.json, the manifest the worker starts from (the wheel, versions, every file's sha256, the build's
id), and dist/tables.json, the late pattern tables that arrive after the site is up."""

from __future__ import annotations

import hashlib
import json

from .console import log
from .layout import DIST, NODE_MODULES, WORD_LISTS
from .stamps import file_sha256, write_if_changed
from .tables import is_late_table


def step_manifest() -> None:
    """Write dist/build.json (the wheel to load, versions, every file's sha256 and size) and dist/tables.json
    (the late tables' sha256 and size, with the build_id they belong to).

    ``build_id`` is derived from the content of the files of build.json, so it changes with each deploy (a
    service worker names its cache after it), while tables arriving later change only tables.json.
    """
    wheels = sorted((DIST / "wheels").glob("puzzlesolver-*.whl"))
    files, late = {}, {}
    for path in sorted(p for p in DIST.rglob("*") if p.is_file()):
        rel = path.relative_to(DIST).as_posix()
        if rel in ("build.json", "tables.json", "sw.js", ".stamps.json") or rel.startswith("."):
            continue  # (sw.js lists build.json's sha256: build.json cannot list sw.js's)
        (late if is_late_table(rel) else files)[rel] = {"sha256": file_sha256(path), "size": path.stat().st_size}
    build_id = hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()[:16]
    manifest = {
        "build_id": build_id,
        "pyodide": json.loads((NODE_MODULES / "pyodide" / "package.json").read_text())["version"],
        "wheel": wheels[-1].relative_to(DIST).as_posix() if wheels else None,
        "wheel_sha256": files[wheels[-1].relative_to(DIST).as_posix()]["sha256"] if wheels else None,
        "words": {name.split("-", 1)[1].rsplit(".", 1)[0]: f"data/{name}"
                  for name in WORD_LISTS if (DIST / "data" / name).exists()},
        "files": files,
    }
    text = json.dumps(manifest, indent=1, sort_keys=True)
    target = DIST / "build.json"
    if not target.exists() or target.read_text() != text:
        target.write_text(text)
        log(f"wrote build.json (build {build_id})")
    write_if_changed(DIST / "tables.json", json.dumps({"build_id": build_id, "tables": late}, indent=1, sort_keys=True))

