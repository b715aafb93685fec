"""A plain, correct 8-puzzle solution as the Princeton checklist expects: an immutable Board, and a
Solver running A* on the Manhattan priority with the critical optimization, searching the twin alongside."""

from puzzlesolver.teach import MinPQ


class Board:
    def __init__(self, tiles):
        if tiles is None:
            raise ValueError("tiles must not be None")
        self.n = len(tiles)
        self.tiles = tuple(tuple(row) for row in tiles)
        self._manhattan = None

    def size(self):
        return self.n

    def tile_at(self, row, col):
        return self.tiles[row][col]

    def hamming(self):
        n = self.n
        return sum(1 for r in range(n) for c in range(n)
                   if self.tiles[r][c] != 0 and self.tiles[r][c] != r * n + c + 1)

    def manhattan(self):
        if self._manhattan is None:
            n, total = self.n, 0
            for r in range(n):
                for c in range(n):
                    t = self.tiles[r][c]
                    if t:
                        total += abs(r - (t - 1) // n) + abs(c - (t - 1) % n)
            self._manhattan = total
        return self._manhattan

    def is_goal(self):
        n = self.n
        return all(self.tiles[r][c] == (r * n + c + 1) % (n * n) for r in range(n) for c in range(n))

    def _blank(self):
        for r in range(self.n):
            for c in range(self.n):
                if self.tiles[r][c] == 0:
                    return r, c

    def _swapped(self, r1, c1, r2, c2):
        rows = [list(row) for row in self.tiles]
        rows[r1][c1], rows[r2][c2] = rows[r2][c2], rows[r1][c1]
        return Board(rows)

    def neighbors(self):
        r, c = self._blank()
        result = []
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            if 0 <= r + dr < self.n and 0 <= c + dc < self.n:
                result.append(self._swapped(r, c, r + dr, c + dc))
        return result

    def twin(self):
        if self.tiles[0][0] and self.tiles[0][1]:
            return self._swapped(0, 0, 0, 1)
        return self._swapped(1, 0, 1, 1)

    def __eq__(self, other):
        return isinstance(other, Board) and self.tiles == other.tiles

    def __hash__(self):
        return hash(self.tiles)

    def __str__(self):
        lines = [str(self.n)]
        for row in self.tiles:
            lines.append("".join(f"{t:2d} " for t in row))
        return "\n".join(lines) + "\n"


class SearchNode:
    def __init__(self, board, moves, previous):
        self.board = board
        self.moves = moves
        self.previous = previous
        self.priority = moves + board.manhattan()


class Solver:
    def __init__(self, initial):
        if initial is None:
            raise ValueError("initial must not be None")
        mine = MinPQ(key=lambda node: node.priority)
        theirs = MinPQ(key=lambda node: node.priority)
        mine.insert(SearchNode(initial, 0, None))
        theirs.insert(SearchNode(initial.twin(), 0, None))
        self.goal = None
        while True:
            node = self._step(mine)
            if node is not None:
                self.goal = node
                return
            if self._step(theirs) is not None:
                return

    @staticmethod
    def _step(pq):
        node = pq.del_min()
        if node.board.is_goal():
            return node
        for neighbor in node.board.neighbors():
            if node.previous is None or neighbor != node.previous.board:
                pq.insert(SearchNode(neighbor, node.moves + 1, node))
        return None

    def is_solvable(self):
        return self.goal is not None

    def moves(self):
        return self.goal.moves if self.goal else -1

    def solution(self):
        if self.goal is None:
            return None
        path, node = [], self.goal
        while node is not None:
            path.append(node.board)
            node = node.previous
        return path[::-1]
