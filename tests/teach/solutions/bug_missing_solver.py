"""Bug: the file defines Board but no Solver."""


class Board:
    def __init__(self, tiles):
        self.tiles = [list(row) for row in tiles]
