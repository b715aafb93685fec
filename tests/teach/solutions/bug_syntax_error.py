"""Bug: a syntax error on line 5 (a missing colon)."""


class Board
    def __init__(self, tiles):
        self.tiles = tiles
