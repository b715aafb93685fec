"""The shared reference sets (when ../shared/benchmarks exists) give their expected answers.

Princeton: all 2x2 and 3x3 files and the 4x4 files up to 30 moves.  Berkeley CS61B: all 32 word
ladders with its words10000.txt dictionary (the enqueue counts there depend on tie-breaking and are
not checked).
"""

import csv
import resource
import time

import pytest

from puzzlesolver.cli import read_puzzle
from puzzlesolver.policy import Options, solve
from puzzlesolver.search import ALGORITHMS
from puzzlesolver.words import edit_distance, load_dictionary
from spec_helpers import BENCHMARKS, assert_legal_solution, find_ladder

#: The seeds' own search: A* with Manhattan distance.
SEEDS_ASTAR = Options("astar", "manhattan")


def princeton_rows():
    index = BENCHMARKS / "princeton_index.tsv"
    if not index.is_file():
        return []
    with index.open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    chosen = []
    for row in rows:
        n, solvable = int(row["n"]), row["solvable"] == "True"
        expected = int(row["expected_moves(from name/FAQ)"]) if solvable else None
        if n <= 3 or (n == 4 and (not solvable or expected <= 30)):
            chosen.append(pytest.param(row["file"], n, expected, id=row["file"]))
    return chosen


@pytest.mark.parametrize("name, n, expected", princeton_rows())
def test_princeton_files_give_their_expected_moves(benchmarks, name, n, expected):
    puzzle = read_puzzle(str(benchmarks / "princeton" / name))
    assert puzzle.n == n
    result = solve(puzzle, SEEDS_ASTAR)
    if expected is None:
        assert not result.solved
    else:
        assert result.moves == expected
        assert_legal_solution(result.states(), n, expected)


def test_the_index_lists_the_2x2_3x3_and_small_4x4_files(benchmarks):
    assert len(princeton_rows()) >= 100


def berkeley_ladders():
    path = BENCHMARKS / "cs61b" / "word_puzzles.txt"
    if not path.is_file():
        return []
    ladders = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            start, goal, ladder, _enqueued = [part.strip() for part in line.split(",")]
            ladders.append(pytest.param(start, goal, ladder.split("-"), id=f"{start}-{goal}"))
    return ladders


def test_there_are_32_berkeley_ladders(benchmarks):
    assert len(berkeley_ladders()) == 32


@pytest.mark.parametrize("start, goal, ladder", berkeley_ladders())
def test_berkeley_ladders_take_their_expected_moves(benchmarks, start, goal, ladder):
    dictionary_path = str(benchmarks / "cs61b" / "words10000.txt")
    result = find_ladder(start, goal, dictionary_path)
    assert result.moves == len(ladder) - 1
    dictionary = load_dictionary(dictionary_path)
    assert all(word in dictionary for word in result.ladder)
    assert all(edit_distance(a, b) == 1 for a, b in zip(result.ladder, result.ladder[1:]))


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_horse_nurse_with_the_berkeley_dictionary_is_8_for_both_algorithms(benchmarks, algorithm):
    result = find_ladder("horse", "nurse", str(benchmarks / "cs61b" / "words10000.txt"), algorithm)
    assert result.moves == 8


def test_speed_targets(benchmarks):
    """Seed 000: puzzle30, puzzle31 and puzzle4x4-30 under a second each within 128 MB.

    The figures are printed (run with -s), not asserted: timing depends on the machine.
    """
    import tracemalloc
    for name, moves in (("puzzle3x3-31.txt", 31), ("puzzle30.txt", 30), ("puzzle31.txt", 31),
                        ("puzzle4x4-30.txt", 30)):
        puzzle = read_puzzle(str(benchmarks / "princeton" / name))
        began = time.perf_counter()
        result = solve(puzzle, SEEDS_ASTAR)
        seconds = time.perf_counter() - began
        tracemalloc.start()
        solve(puzzle, SEEDS_ASTAR)
        peak = tracemalloc.get_traced_memory()[1] / 2 ** 20
        tracemalloc.stop()
        assert result.moves == moves
        print(f"\n{name}: {moves} moves, {result.stats.expanded:,} expanded, {seconds * 1000:.1f} ms, "
              f"peak {peak:.1f} MiB traced")
    print(f"process peak RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB")
