"""IDA*'s engines, one per estimate, each behind :class:`~.protocol.Engine`: one mutable board, the estimate
updated in O(1) a move, a ``dfs`` closure specialised to it.

    protocol        the Engine interface the IDA* drivers take, and the Suspend signal of a spent slice
    manhattan       Manhattan distance (+ linear conflicts), any W x H and goal
    pdb_squares     the 8-, 15- and 24-puzzles' pattern tables (exact 3x3; additive, mirror lookup)
    pdb_compact     the 15-puzzle's compact 7-tile tables (its default engine)
    pdb_rectangles  additive pattern tables built for a rectangle's shape and goal
    conflicts       the linear-conflict extra of a line by its key (the engines' and the estimates')
    estimates       Manhattan + linear conflicts on boards packed into integers, for the beams
"""
