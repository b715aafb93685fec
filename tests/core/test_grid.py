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


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_a_square_has_eight_symmetries_identity_first_each_keeping_neighbours_neighbours(n):
    maps = grid.symmetries(n)
    assert len(maps) == 8 and len(set(maps)) == 8 and maps[0] == tuple(range(n * n))
    for sym in maps:
        assert sorted(sym) == list(range(n * n))
        assert all(adjacent(a, b, n) == adjacent(sym[a], sym[b], n) for a in range(n * n) for b in range(n * n))


def manhattan_by_hand(tile: int, cell: int, goal: tuple, width: int) -> int:
    (r, c), (gr, gc) = divmod(cell, width), divmod(goal.index(tile), width)
    return abs(r - gr) + abs(c - gc)


@pytest.mark.parametrize("width, height", [(3, 3), (4, 2), (2, 4), (4, 4)])
def test_the_manhattan_table_holds_each_tiles_distance_from_each_cell(width, height):
    cells = width * height
    goal = tuple(random.Random(cells).sample(range(cells), cells))
    table = grid.manhattan_table(width, goal)
    assert len(table) == cells * cells
    assert all(table[c] == 0 for c in range(cells))                       # the blank counts nothing
    for tile in range(1, cells):
        assert [table[tile * cells + c] for c in range(cells)] == [manhattan_by_hand(tile, c, goal, width)
                                                                   for c in range(cells)]


def conflicts_by_definition(places: list) -> int:
    """2 moves for each tile of the line that has to step out of it: all but the most tiles already in order
    (found by trying every subset: the definition itself, not the engine's longest-run search)."""
    from itertools import combinations
    for keep in range(len(places), -1, -1):
        if any(list(kept) == sorted(kept) for kept in combinations(places, keep)):
            return 2 * (len(places) - keep)
    return 0


@pytest.mark.parametrize("width, height", [(3, 3), (4, 4), (4, 3), (3, 5)])
def test_linear_conflicts_count_two_moves_for_each_tile_out_of_order_in_its_goal_row_or_column(width, height):
    cells = width * height
    rng = random.Random(cells)
    for _ in range(60):
        goal = tuple(rng.sample(range(cells), cells)) if rng.random() < 0.5 else grid.standard_goal(width, height)
        tiles = tuple(rng.sample(range(cells), cells))
        home = grid.goal_cells(goal)
        expected = 0
        for row in range(height):                   # the tiles standing in their goal row, by goal column
            expected += conflicts_by_definition([home[t] % width for t in tiles[row * width:(row + 1) * width]
                                                 if t and home[t] // width == row])
        for col in range(width):
            expected += conflicts_by_definition([home[t] // width for t in tiles[col::width]
                                                 if t and home[t] % width == col])
        assert grid.linear_conflicts(tiles, home, width) == expected, (tiles, goal)


def test_two_tiles_swapped_in_their_goal_row_or_column_cost_two_moves_more():
    home = grid.goal_cells(grid.standard_goal(3))
    assert grid.linear_conflicts((2, 1, 3, 4, 5, 6, 7, 8, 0), home, 3) == 2        # 2 1 in the first row
    assert grid.linear_conflicts((1, 2, 3, 4, 5, 6, 8, 7, 0), home, 3) == 2        # 8 7 in the last row
    assert grid.linear_conflicts((4, 2, 3, 1, 5, 6, 7, 8, 0), home, 3) == 2        # 4 over 1 in the first column
    assert grid.linear_conflicts((3, 2, 1, 4, 5, 6, 7, 8, 0), home, 3) == 4        # 3 2 1: two must step out


def test_a_walk_of_the_blank_refuses_a_step_off_the_board_and_names_each_tile_moved():
    with pytest.raises(ValueError, match="cannot move from cell 3 to cell 5"):
        list(grid.tiles_along((1, 2, 3, 0), [5], 2))                  # below a 2x2 board
    with pytest.raises(ValueError, match="cannot move from cell 5 to cell 7"):
        list(grid.tiles_along((1, 2, 3, 4, 5, 0), [7], 3))             # below a 3x2 board
    path = [1, 0, 3, 4, 5, 2, 1]
    boards = list(grid.tiles_along((8, 1, 3, 4, 0, 2, 7, 6, 5), path))
    assert [b.index(0) for b in boards] == [4] + path
    assert grid.moved_tiles((8, 1, 3, 4, 0, 2, 7, 6, 5), path) == [before[cell] for before, cell in zip(boards, path)]


def test_the_standard_goal_with_its_blank_anywhere_keeps_the_tiles_in_reading_order():
    assert grid.standard_goal_with_blank(3, 4) == (1, 2, 3, 4, 0, 5, 6, 7, 8)
    assert grid.standard_goal_with_blank(2, 0) == (0, 1, 2, 3) and grid.standard_goal_with_blank(2, 3) == (1, 2, 3, 0)
