"""Statistics as speedsolvers keep them (issue 28, item 4), held to hand-computed numbers: site/core/averages.js
and site/play/stats-record.js, run under Node by stats_model.mjs (one process, no browser).

Slidysim's rule (read in dphdmn/slidysimSessionTracker main.py, getBestAverageOf, and cited in averages.js):
aoN drops exactly one best and one worst value whatever N, each measure (time, STM, MTM, TPS) on its own; the
TPS average is the trimmed mean of the solves' own TPS; a window with a missing value has no average; the best
aoN is the best window, the current one the last N.  STM counts tiles moved, MTM runs of one direction."""

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
        pytest.skip("Node.js is needed to run site/play/stats-record.js")
    run = subprocess.run([node, str(HERE / "stats_model.mjs")], capture_output=True, text=True, encoding="utf-8",
                         timeout=120)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def test_every_average_drops_one_best_and_one_worst_not_a_percentage(out):
    # (N - 3) tens, then 4, 7 and 100: only 4 and 100 go, whatever N (5 % a side would drop more from ao25 up).
    assert out["trimmed"] == {"5": 27 / 3, "12": 97 / 10, "25": 227 / 23, "50": 477 / 48, "100": 977 / 98}
    assert out["tooFew"] is None and out["missing"] is None


def test_the_best_average_is_the_best_window_and_the_current_one_the_last(out):
    windows = out["windows"]
    # 10 20 30 40 11 | 90: the first five keep 11, 20, 30; the last five 20, 30, 40.
    assert windows["best"] == pytest.approx(61 / 3) and windows["current"] == 30
    assert windows["bestHigher"] == 30
    # A window with a missing value has no average (Slidysim: an unfinished solve): only 1..5 and 9 9 9 9 9 count.
    assert windows["skipsMissing"] == 3


def test_the_best_average_is_the_best_windows_trimmed_mean(out):
    """The one-pass best average (sums and running lowest and highest) against the definition, on seeded runs."""
    assert out["definition"] == {"runs": 4000, "differ": 0}


def test_each_measure_is_trimmed_on_its_own(out):
    summary = out["perMeasure"]   # times 10 20 30 40 50 s; STM 50 90 60 70 10; MTM 30 40 35 50 10
    assert summary["solves"] == 5
    assert summary["time"]["single"] == {"best": 10000, "current": 50000}
    assert summary["time"]["ao5"] == {"best": 30000, "current": 30000}
    assert summary["stm"]["single"]["best"] == 10
    assert summary["stm"]["ao5"]["best"] == 60            # not 73.3, the mean of the solves the time average keeps
    assert summary["mtm"]["ao5"]["best"] == 35
    assert summary["tps"]["single"] == {"best": 5, "current": 0.2}      # TPS: the highest is best
    assert summary["tps"]["ao5"]["best"] == pytest.approx((4.5 + 2 + 1.75) / 3)
    for measure in ("time", "stm", "mtm", "tps"):
        assert all(summary[measure][f"ao{n}"] == {"best": None, "current": None} for n in (12, 25, 50, 100))


def test_tps_averages_each_solves_tps_not_total_moves_over_total_time(out):
    # 100 tiles in 10, 20, 40, 50, 100 s: TPS 10, 5, 2.5, 2, 1; ao5 keeps 5, 2.5, 2 (not 500 / 220 s).
    assert out["tps"]["ao5"]["best"] == pytest.approx(19 / 6)
    assert out["tps"]["single"] == {"best": 10, "current": 1}
    assert out["rectangleShapes"] == ["4x3"]


def test_stm_counts_tiles_and_mtm_counts_slides_in_one_direction(out):
    assert out["counts"] == [{"stm": 7, "mtm": 4}, {"stm": 0, "mtm": 0}, {"stm": 1, "mtm": 1},
                             {"stm": 4, "mtm": 4}, {"stm": 4, "mtm": 1}]
    solve = out["fromMoves"][0]
    assert (solve["time"], solve["stm"], solve["mtm"], solve["optimal"]) == (1234, 7, 4, None)   # to the millisecond
    assert out["refusedRecord"] is False
    assert out["oneMove"] == {"time": 0, "tps": "∞"}    # the clock starts at the first move: Slidysim's "Inf."


def test_numbers_are_written_to_the_thousandth_rounded_half_up(out):
    assert out["formats"]["times"] == ["9.876", "1:02.345", "1:02:03.456", "1:00.000", "–"]   # 59,999.9 ms: 60 s
    assert out["formats"]["numbers"] == ["∞", "20.333", "2.000", "2.001", "64", "–"]


def test_the_rounding_is_slidysims_own_held_to_its_world_records(out):
    """Slidysim keeps a solve's TPS as an integer x1000, rounded: the 4x4 record (26 moves in 909 ms, 28.6028...)
    is 28.603 in its link and the 16x16 one 33.345; truncating, as a session tracker does, would say 28.602."""
    tps = {case["width"]: case for case in out["slidysimTps"]}
    assert len(tps) == 10 and all(case["ours"] == case["theirs"] for case in tps.values()), tps
    assert tps[4]["ours"] == "28.603" and tps[16]["ours"] == "33.345"


def test_the_first_record_moves_in_without_loss(out):
    migrated = out["migrated"]
    assert migrated["shapes"] == ["3x3", "4x4"] and migrated["notices"] == [] and migrated["setAside"] == []
    assert migrated["three"] == [
        {"time": 5000, "stm": 20, "mtm": None, "optimal": 18, "date": "2026-01-02T03:04:05.678Z"},
        {"time": 6000, "stm": 22, "mtm": None, "optimal": None, "date": "2026-01-03T03:04:05.678Z"}]
    assert migrated["four"] == [{"time": 60000, "stm": 80, "mtm": None, "optimal": 50, "date": "2026-01-04T00:00:00.000Z"}]


def test_an_unreadable_first_record_is_set_aside_as_it_moves_in(out):
    first = out["firstUnreadable"]
    assert first["shapes"] == [] and first["kept"] == ['{"sizes": [1, 2']
    assert first["notices"] == ["Your statistics could not be read, so they were set aside in this browser's storage "
                                "(set-aside record 1) and new ones begun."]


def test_export_and_import_round_trip_in_json_and_csv_without_doubling(out):
    trip = out["roundTrip"]
    assert trip["jsonSentence"] == "Imported 3 solves." and trip["csvSentence"] == "Imported 3 solves."
    assert trip["json"] == trip["source"] and trip["csvSolves"] == trip["source"]
    assert trip["source"]["five"][0]["replay"] == 'abc,"1"'
    assert trip["csv"].splitlines() == [
        "shape,date,time_ms,stm,mtm,tps,optimal,replay,penalty",
        "3x3,2026-11-26T10:00:13.000Z,5001,20,12,3.999,18,,",
        "3x3,2026-11-26T10:00:14.000Z,4002,24,15,5.997,,,+2",
        '5x4,2026-11-26T10:00:15.000Z,90003,150,90,1.667,,"abc,""1""",']
    assert trip["source"]["three"][1]["penalty"] == "+2"
    assert trip["jsonAgain"] == "Imported 0 solves; 3 already kept were not doubled."
    assert trip["csvIntoJson"] == "Imported 0 solves; 3 already kept were not doubled."
    assert trip["countAfter"] == 3


def test_an_import_says_in_one_sentence_what_it_refused(out):
    refusals = out["refusals"]
    assert refusals["sentence"] == (
        "Imported 1 solve; refused 5 solves: line 3 (its time is not a whole number of milliseconds), "
        'line 4 (its board "9y9" is not W x H from 2 to 20 a side), line 5 (its MTM is not a whole number from 1 '
        "to its STM) and 2 more.")
    assert [solve["time"] for solve in refusals["kept"]] == [7000]
    neither = ("Nothing imported: the file is neither this page's JSON export nor a CSV whose first line names "
               "shape, date, time_ms and stm.")
    assert out["notExports"] == [neither, "Nothing imported: the file is not valid JSON.", neither, 0]
    assert out["firstRecordImport"] == "Imported 1 solve."


def test_an_unreadable_stored_record_is_set_aside_with_a_message(out):
    unreadable = out["unreadable"]
    assert unreadable["shapes"] == []
    assert unreadable["notices"] == ["Your statistics could not be read, so they were set aside in this browser's storage "
                                     "(set-aside record 1) and new ones begun."]
    assert unreadable["kept"] == ['{"version": 2, "shapes": {"3x3": [{"time": 10']   # the text as it was
    assert unreadable["after"] == 1 and unreadable["laterNotices"] == []


def test_an_unreadable_stored_solve_is_set_aside_and_the_rest_kept(out):
    partly = out["partlyUnreadable"]
    assert partly["solves"] == 1 and partly["shapes"] == ["3x3"]
    assert partly["notices"] == ["2 stored solves could not be read, so they were set aside in this browser's storage "
                                 "(set-aside record 1)."]
    assert [entry["shape"] for entry in partly["setAside"]] == ["3x3", "banana"]
    assert partly["setAside"][0]["solve"] == {"time": "fast", "stm": 4}
    # a record of the store's own that no longer reads is set aside when read
    assert out["storedUnreadable"] == {"solves": 1, "left": 1, "notices": [
        "1 stored solve could not be read, so it was set aside in this browser's storage (set-aside record 2)."]}


def test_nothing_is_known_before_a_solve(out):
    summary = out["summaryOfNothing"]
    assert summary["solves"] == 0
    assert all(value == {"best": None, "current": None}
               for measure in ("time", "stm", "mtm", "tps") for value in summary[measure].values())


def test_the_replays_cap_counts_the_solve_just_finished_among_the_bests(out):
    """Past 100 replays the oldest goes, never a personal best, and the solve just finished (its statistic is written
    just after its replay) already counts: with it, four old 3x3 solves make a best ao5 and stay."""
    counted, uncounted = out["replayCap"]["counted"], out["replayCap"]["uncounted"]
    assert counted["count"] == 100 and counted["kept"] and counted["gone"] == ["4-4"]
    assert uncounted["count"] == 100 and uncounted["kept"] and uncounted["gone"] == ["3-1"]
    assert counted["notices"] == ["Only the latest 100 replays are kept, and your bests: the oldest other one was dropped."]
