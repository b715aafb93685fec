"""Board geometry (puzzlesolver.grid): the symmetries of a rectangle, through which one set of pattern tables per
shape serves both orientations and every goal with its blank in a corner.  A wrong symmetry would not show in the
answers (the policy then quietly builds tables for the board's own shape), so it is specified here directly,
against the tests' own rules for sliding boards."""

from __future__ import annotations

import random

import pytest

from puzzlesolver import grid

from spec_helpers import bfs_distances

#: Wide, tall and square shapes, both sides even and odd.
SHAPES = [(2, 2), (3, 3), (3, 2), (2, 3), (4, 3), (3, 4), (5, 2), (2, 5)]


def adjacent(a: int, b: int, width: int) -> bool:
    """Whether cells ``a`` and ``b`` of a board ``width`` cells wide share a side."""
    (ra, ca), (rb, cb) = divmod(a, width), divmod(b, width)
    return abs(ra - rb) + abs(ca - cb) == 1


def corners(width: int, height: int) -> list:
    return [0, width - 1, (height - 1) * width, width * height - 1]


@pytest.mark.parametrize("width, height", SHAPES)
def test_a_rectangle_has_eight_symmetries_four_onto_itself_then_four_onto_its_transpose(width, height):
    maps = grid.rectangle_symmetries(width, height)
    assert len(maps) == 8
    assert [new_width for new_width, _ in maps] == [width] * 4 + [height] * 4
    assert maps[0] == (width, tuple(range(width * height)))          # the identity first
    assert len({cells for _, cells in maps}) == 8                    # eight different maps


@pytest.mark.parametrize("width, height", SHAPES)
def test_each_symmetry_is_a_bijection_that_keeps_neighbours_neighbours_and_corners_corners(width, height):
    cells = width * height
    for new_width, sym in grid.rectangle_symmetries(width, height):
        new_height = cells // new_width
        assert sorted(sym) == list(range(cells))
        for a in range(cells):
            for b in range(cells):
                assert adjacent(a, b, width) == adjacent(sym[a], sym[b], new_width), (new_width, sym, a, b)
        assert sorted(sym[c] for c in corners(width, height)) == sorted(corners(new_width, new_height))


@pytest.mark.parametrize("width, height", SHAPES)
def test_each_symmetry_is_undone_by_a_symmetry_of_the_shape_it_maps_onto(width, height):
    """A flip undoes itself; a map onto the transpose is undone by one of the transpose's own maps, back onto the
    original width."""
    cells = width * height
    for new_width, sym in grid.rectangle_symmetries(width, height):
        inverse = [0] * cells
        for cell, target in enumerate(sym):
            inverse[target] = cell
        assert (width, tuple(inverse)) in grid.rectangle_symmetries(new_width, cells // new_width)


def test_the_symmetries_of_a_3x2_board_by_hand():
    """0 1 2      mirrored: 2 1 0   upside down: 3 4 5   transposed (2 wide, 3 high): 0 3
       3 4 5                5 4 3                0 1 2                                1 4
                                                                                      2 5
    (each map gives, for each cell of the 3x2 board, the cell it goes to)."""
    maps = grid.rectangle_symmetries(3, 2)
    assert maps[:4] == ((3, (0, 1, 2, 3, 4, 5)), (3, (2, 1, 0, 5, 4, 3)), (3, (3, 4, 5, 0, 1, 2)),
                        (3, (5, 4, 3, 2, 1, 0)))
    assert maps[4] == (2, (0, 2, 4, 1, 3, 5))


@pytest.mark.parametrize("width, height", [(2, 2), (3, 2), (2, 3), (4, 2), (2, 4)])
def test_canonical_rectangle_maps_every_corner_goal_onto_the_usual_goal_of_the_wide_shape(width, height):
    """The board's image is on the shape at least as wide as high, aims at 1..k then the blank, is as many moves
    from it as the board is from its goal, and ``back`` names the board's cell each tile of the image stands on."""
    cells = width * height
    wide, high = max(width, height), min(width, height)
    usual = grid.standard_goal(wide, high)
    usual_distances = bfs_distances(usual, wide)
    rng = random.Random(cells)
    for corner in corners(width, height):
        goal = list(range(1, cells))
        rng.shuffle(goal)
        goal.insert(corner, 0)
        goal = tuple(goal)
        distances = bfs_distances(goal, width)
        assert grid.canonical_rectangle(goal, goal, width)[0] == list(usual)
        for tiles in rng.sample(sorted(distances), min(20, len(distances))):
            moved, back, new_width = grid.canonical_rectangle(tiles, goal, width)
            assert new_width == wide and sorted(back) == list(range(cells))
            assert usual_distances[tuple(moved)] == distances[tiles]
            name = {goal[back[c]]: usual[c] for c in range(cells)}      # the relabelling the goal's image fixes
            assert moved == [name[tiles[back[c]]] for c in range(cells)]


def test_a_goal_with_its_blank_off_the_corners_has_no_canonical_image():
    assert grid.canonical_rectangle([1, 2, 3, 4, 0, 5], [1, 0, 2, 3, 4, 5], 3) is None
    assert grid.canonical_rectangle([1, 2, 3, 4, 0, 5, 6, 7], [1, 2, 0, 3, 4, 5, 6, 7], 2) is None
