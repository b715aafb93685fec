"""The classic bugs of the 8-puzzle assignment, each as one edit to a correct solution: what a student who made
that one mistake would hand in.  The correct solutions are the files beside this one.

    solution("eight_correct")          # the text of eight_correct.py
    solution("bug_weighted_priority")  # the same, its priority moves + 2 * manhattan()

>>> "moves + 2 * board.manhattan()" in solution("bug_weighted_priority")
True
"""

from __future__ import annotations

from pathlib import Path
from typing import Dict, List, Tuple

HERE = Path(__file__).parent

#: name -> (what is wrong, the correct solution it edits, [(correct text, buggy text)], each found exactly once).
BUGS: Dict[str, Tuple[str, str, List[Tuple[str, str]]]] = {
    "bug_weighted_priority": (
        "the priority weighs the estimate twice (moves + 2 * manhattan): fast, not minimal", "eight_correct",
        [("self.priority = moves + board.manhattan()", "self.priority = moves + 2 * board.manhattan()")]),
    "bug_hamming_priority": (
        "the priority uses hamming() instead of manhattan(): minimal, but slow", "eight_correct",
        [("self.priority = moves + board.manhattan()", "self.priority = moves + board.hamming()")]),
    "bug_seen_when_enqueued": (
        "boards are marked seen when enqueued, not when dequeued", "eight_correct",
        [("        self.goal = None\n", "        self.goal = None\n        self.seen = {0: {initial}, 1: {initial.twin()}}\n"),
         ("node = self._step(mine)", "node = self._step(mine, self.seen[0])"),
         ("if self._step(theirs) is not None:", "if self._step(theirs, self.seen[1]) is not None:"),
         ("def _step(pq):", "def _step(pq, seen):"),
         ("            if node.previous is None or neighbor != node.previous.board:\n",
          "            if neighbor not in seen:\n                seen.add(neighbor)\n")]),
    "bug_seen_when_enqueued_heapq": (
        "boards are marked seen when enqueued (a set of seen boards, heapq), not when dequeued", "eight_plain",
        [("    def __eq__(self, other):", "    def __hash__(self):\n        return hash(str(self.grid))\n\n"
                                         "    def __eq__(self, other):"),
         ("        self.last = None\n", "        self.last = None\n        seen = [{initial}, {initial.twin()}]\n"),
         ("                    if node.previous is None or not board == node.previous.board:\n",
          "                    if board not in seen[which]:\n                        seen[which].add(board)\n")]),
    "bug_no_critical_optimization": (
        "a neighbor equal to the previous search node's board is enqueued again", "eight_correct",
        [("if node.previous is None or neighbor != node.previous.board:", "if True:")]),
    "bug_hamming_counts_blank": (
        "hamming() counts the blank as a tile out of place", "eight_correct",
        [("if self.tiles[r][c] != 0 and self.tiles[r][c] != r * n + c + 1)",
          "if self.tiles[r][c] != (r * n + c + 1) % (n * n))")]),
    "bug_keeps_callers_lists": (
        "the Board keeps the caller's lists instead of copying them", "eight_correct",
        [("self.tiles = tuple(tuple(row) for row in tiles)", "self.tiles = tiles"),
         ("if self._manhattan is None:", "if True:  # (nothing cached: the lists may change)"),
         ("return hash(self.tiles)", "return hash(str(self.tiles))")]),
    "bug_twin_moves_blank": (
        "twin() always swaps the first two cells, the blank among them at times", "eight_correct",
        [("        if self.tiles[0][0] and self.tiles[0][1]:\n            return self._swapped(0, 0, 0, 1)\n"
          "        return self._swapped(1, 0, 1, 1)\n", "        return self._swapped(0, 0, 0, 1)\n")]),
    "bug_no_unsolvable_detection": (
        "the twin is never searched, so an unsolvable board is searched for ever", "eight_correct",
        [("            if self._step(theirs) is not None:\n                return\n", "")]),
}


def solution(name: str) -> str:
    """The text of a solution: a file beside this one (``eight_correct``), or a bug of :data:`BUGS` applied to one."""
    if name not in BUGS:
        return (HERE / f"{name}.py").read_text()
    what, base, edits = BUGS[name]
    text = solution(base)
    for correct, buggy in edits:
        assert text.count(correct) == 1, f"{name}: {correct!r} is not once in {base}.py"
        text = text.replace(correct, buggy)
    return f'"""Bug: {what}."""\n' + text.split('"""', 2)[2]
