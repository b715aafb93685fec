"""The Code view's files in two tabs (site/code/files.js over core/store.js), run under Node by code_files.mjs (one
process, no browser): a change kept in one tab shows in the other, and when both changed the same file before
either wrote it, neither text is lost; a page that goes before its write loses nothing either."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


@pytest.fixture(scope="module")
def out():
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is needed to run site/code/files.js")
    run = subprocess.run([node, str(HERE / "code_files.mjs")], capture_output=True, text=True, encoding="utf-8",
                         timeout=60)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def test_a_first_change_keeps_the_starter_files_never_touched_beside_it(out):
    assert out["firstWrite"] == {"board.py": "class Board: # mine\n", "solver.py": "class Solver: ...\n"}


def test_a_change_or_a_removal_kept_in_one_tab_is_taken_up_by_the_other(out):
    taken = out["takenUp"]
    assert taken["first"] == {"changed": ["board.py"], "kept": []}
    assert taken["second"] == {"changed": ["solver.py"], "kept": []}
    assert taken["files"] == [{"name": "board.py", "text": "class Board: # changed here\n"}]
    assert taken["setAside"] == 0


def test_when_both_tabs_changed_a_file_the_unwritten_text_is_kept_and_the_other_set_aside(out):
    conflict = out["conflict"]
    assert conflict["refreshed"] == {"changed": [], "kept": ["board.py"]}
    assert conflict["shownThere"] == conflict["kept"] == "class Board: # typed there meanwhile\n"
    assert conflict["setAside"] == [{"from": "code", "reason": "replaced by another tab's edit of the same file",
                                     "text": "class Board: # written first, here\n"}]


def test_a_change_not_yet_written_when_the_page_went_is_noted_at_once_and_taken_up_on_the_next_load(out):
    reloaded = out["reloaded"]
    assert reloaded["notedWhileAway"] == 1
    assert reloaded["shown"] == "class Board: # typed just before the reload\n"
    assert reloaded["kept"] == {"board.py": "class Board: # typed just before the reload\n", "solver.py": "class Solver: ...\n"}
    assert reloaded["notesLeft"] == 0


def test_a_note_older_than_another_tabs_write_is_set_aside_and_the_newer_text_shown(out):
    older = out["olderNote"]
    assert older["shown"] == "class Board: # written later, there\n"
    assert older["setAside"] == [{"reason": "left by a page as it closed; the file was written since by another tab",
                                  "text": "class Board: # the page that went\n"}]
    assert older["notesLeft"] == 0


def test_a_write_that_reaches_the_store_settles_the_note(out):
    assert out["settledByFlush"] == 0
