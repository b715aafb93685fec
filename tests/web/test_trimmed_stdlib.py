"""The worker's trimmed standard library (issue 19): dist/pyodide/python_stdlib.zip holds only the modules the
worker loads (the build finds them by running ``EXERCISE_WORKER``, in pysrc/buildtools/stdlib.py, in Pyodide:
every module the worker can reach imported, every example request of the protocol answered), so this test
boots Pyodide under Node on that very zip, installs the wheel as the worker does, and runs the same exercise on it."""

from __future__ import annotations

import gzip
import json
import shutil
import subprocess

import pytest
from buildtools.stdlib import EXERCISE_WORKER
from webhelpers import DIST, ROOT

SCRIPT = r"""
import { loadPyodide } from "%(pyodide)s";
import fs from "node:fs";
const [stdlib, wheel, protocol] = process.argv.slice(2);
const py = await loadPyodide({ stdLibURL: stdlib });
const site = py.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
py.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "wheel", { extractDir: site });
py.globals.set("PROTOCOL", fs.readFileSync(protocol, "utf8"));
console.log(py.runPython(`%(exercise)s
json.dumps({"modules": len(worker_modules), "answered": answered})
`));
"""


@pytest.fixture(scope="module")
def run():
    node = shutil.which("node")
    stdlib = DIST / "pyodide" / "python_stdlib.zip"
    wheels = sorted((DIST / "wheels").glob("puzzlesolver-*.whl"))
    if node is None or not stdlib.exists() or not wheels:
        pytest.skip("Node.js or the built site is missing (python3 build.py)")
    script = DIST.parent / ".cache" / "trimmed-stdlib-check.mjs"
    script.parent.mkdir(parents=True, exist_ok=True)
    script.write_text(SCRIPT % {"pyodide": (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").as_uri(),
                               "exercise": EXERCISE_WORKER})
    done = subprocess.run([node, str(script), str(stdlib), str(wheels[-1]), str(ROOT / "pysrc" / "puzzlesolver" / "protocol.json")],
                          capture_output=True, text=True, timeout=300)
    # (Node prints the whole minified Pyodide with an error: the Python traceback is in its last lines)
    assert done.returncode == 0, [line for line in done.stderr.splitlines() if len(line) < 300][-12:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_every_module_the_worker_can_reach_imports_from_the_trimmed_zip(run):
    assert run["modules"] > 20


def test_every_example_request_is_answered_without_an_internal_error(run):
    protocol = json.loads((ROOT / "pysrc" / "puzzlesolver" / "protocol.json").read_text())
    assert set(run["answered"]) == set(protocol["x-ops"])
    internal = [(op, message) for op, answers in run["answered"].items() for kind, message in answers
                if kind == "error" and message.startswith("Internal error")]
    assert internal == []


def test_the_trimmed_zip_is_a_third_of_the_whole_library_on_the_wire():
    stdlib = DIST / "pyodide" / "python_stdlib.zip"
    if not stdlib.exists():
        pytest.skip("the site is not built")
    shipped = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"   # each file deflated: gzip gains nothing
    sent = len(gzip.compress(stdlib.read_bytes()))                       # stored: the transfer compresses it
    assert sent < shipped.stat().st_size / 2
