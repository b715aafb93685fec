"""The worker's standard library, trimmed and precompiled (dist/pyodide/python_stdlib.zip).

Run by Node with Pyodide itself: install our wheel as the worker does, run every example request of the
protocol (protocol.json's x-ops) through puzzlesolver.webapi, then write a python_stdlib.zip holding only
the standard-library modules loaded by then -- Pyodide's own start-up and the engine's -- compiled to
bytecode by the very interpreter that will run it.  Pyodide ships the whole library as .py files (3.1 MB,
and compiling ~130 of them at every start was most of the boot time); this zip is about 1 MB, stored
uncompressed so that the transfer's brotli or gzip compresses across its files.  Docstrings are left
out (optimize=2) except in Pyodide's own packages, which read theirs.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import tempfile
from pathlib import Path

from .console import log
from .layout import DIST, NODE_MODULES, PACKAGE
from .stamps import digest_paths, stamp, up_to_date

#: python_stdlib.zip is written by step_stdlib (trimmed and precompiled), not copied.
STDLIB_ZIP = "python_stdlib.zip"

#: Python run in Pyodide (inside a JS template literal, hence the doubled backslashes) by the trimming below and
#: by tests/web/test_trimmed_stdlib.py: it imports every module the worker can reach and answers every example
#: request of the protocol, data files stood in for (a few words) or refused (tables), so that both paths run.
#: (teach/ is in: the Code view's worker imports it before the whole library if that is not at hand; not its
#: command line, grade_files, whose processes would bring multiprocessing.)
#: It leaves ``worker_modules`` and ``answered`` (per op, each answer's type and message).
EXERCISE_WORKER = r"""
import importlib, json, os, puzzlesolver
import puzzlesolver.webapi as webapi
root = os.path.dirname(puzzlesolver.__file__)
worker_modules = sorted(
    "puzzlesolver." + os.path.relpath(os.path.join(folder, name), root)[:-3].replace(os.sep, ".").removesuffix(".__init__")
    for folder, _, names in os.walk(root) for name in names
    if name.endswith(".py") and name[:-3] not in ("__main__", "cli", "bench", "grade_files"))
for name in worker_modules:
    importlib.import_module(name)

def ask(message):
    answer, refused = webapi.answer(message), []
    for _ in range(4):
        if answer["type"] != "fetch":
            break
        for wanted in answer["files"]:
            if wanted["url"].startswith("data/"):
                os.makedirs(os.path.dirname(wanted["path"]), exist_ok=True)
                open(wanted["path"], "w").write("cold\\ncord\\ncard\\nward\\nwarm\\nword\\n")
            else:
                refused.append(wanted["url"])
        answer = webapi.answer({**message, "unavailable": refused})
    return answer

answered = {}
for op, spec in json.loads(PROTOCOL)["x-ops"].items():
    if not spec.get("examples"):
        raise SystemExit(f"protocol.json: the op {op} has no examples to exercise")
    for number, example in enumerate(spec["examples"]):
        answer = ask({"id": number, "op": op, **example})
        answered.setdefault(op, []).append([answer["type"], answer.get("message", "")])
"""

#: The Node script: boots Pyodide on the shipped library, runs EXERCISE_WORKER, writes the trimmed zip.
STDLIB_SCRIPT = r"""
import { loadPyodide } from "%(pyodide)s";
import fs from "node:fs";
const [stdlib, wheel, protocol, out] = process.argv.slice(2);
const py = await loadPyodide({ stdLibURL: stdlib });
const site = py.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
py.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "wheel", { extractDir: site });
py.FS.writeFile("/tmp/stdlib.zip", fs.readFileSync(stdlib));
py.globals.set("PROTOCOL", fs.readFileSync(protocol, "utf8"));
py.runPython(`""" + EXERCISE_WORKER + r"""
import importlib.util, importlib._bootstrap_external as ext, io, sys, zipfile
requests = sum(len(kinds) for kinds in answered.values())
prefix = [p for p in sys.path if p.endswith(".zip")][0] + "/"
loaded = {m.__spec__.origin[len(prefix):] for m in list(sys.modules.values())
          if getattr(m, "__spec__", None) and (m.__spec__.origin or "").startswith(prefix)}
src = zipfile.ZipFile("/tmp/stdlib.zip")
buffer = io.BytesIO()
with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as dst:
    for info in src.infolist():
        if info.filename not in loaded:
            continue
        data = src.read(info)
        level = 0 if info.filename.split("/")[0] in ("pyodide", "_pyodide") else 2
        code = compile(data, prefix + info.filename, "exec", dont_inherit=True, optimize=level)
        pyc = ext._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
        dst.writestr(zipfile.ZipInfo(info.filename[:-3] + ".pyc", info.date_time), pyc)
open("/tmp/out.zip", "wb").write(buffer.getvalue())
print(f"{len(loaded)} modules kept after {requests} example requests")
`);
fs.writeFileSync(out, py.FS.readFile("/tmp/out.zip"));
"""


def step_stdlib() -> None:
    """Write dist/pyodide/python_stdlib.zip: the standard library the worker needs, precompiled (see the top).

    Needs Node (already needed for npm); if the script fails, the zip is copied as shipped (the app then
    boots more slowly and downloads 2 MB more).
    """
    source = NODE_MODULES / "pyodide" / STDLIB_ZIP
    target = DIST / "pyodide" / STDLIB_ZIP
    wheels = sorted((DIST / "wheels").glob("puzzlesolver-*.whl"))
    protocol = PACKAGE / "protocol.json"
    digest = digest_paths([source, NODE_MODULES / "pyodide" / "pyodide.asm.wasm", protocol, *wheels]) + \
        hashlib.sha256(STDLIB_SCRIPT.encode()).hexdigest()
    if up_to_date("stdlib", digest, target):
        return
    log("trimming and precompiling the standard library for the worker")
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "stdlib.mjs"
        script.write_text(STDLIB_SCRIPT % {"pyodide": (NODE_MODULES / "pyodide" / "pyodide.mjs").as_uri()})
        out = Path(tmp) / STDLIB_ZIP
        try:
            done = subprocess.run(["node", str(script), str(source), str(wheels[-1]), str(protocol), str(out)], cwd=tmp,
                                  capture_output=True, text=True, errors="replace", timeout=600)
            if done.returncode != 0:  # Node prints whole minified sources with an error: keep the end
                raise RuntimeError(" ".join(done.stderr.split()[-40:])[-600:])
            log(done.stdout.strip().splitlines()[-1] if done.stdout.strip() else "trimmed")
            shutil.copyfile(out, target)
        except (RuntimeError, OSError, IndexError, subprocess.TimeoutExpired) as error:
            log(f"could not trim the standard library ({error}); copying it as shipped")
            shutil.copyfile(source, target)
            return
    stamp("stdlib", digest)

