"""A correct CS61B hw4 solution: Board as a WorldState, and a generic A* Solver on heapq (not MinPQ)."""

import heapq
import itertools


class Board:
    def __init__(self, tiles):
        self.n = len(tiles)
        self.cells = [tile for row in tiles for tile in row]
        self._estimate = self.manhattan()

    def tile_at(self, i, j):
        if not (0 <= i < self.n and 0 <= j < self.n):
            raise IndexError("outside the board")
        return self.cells[i * self.n + j]

    def size(self):
        return self.n

    def neighbors(self):
        n, blank = self.n, self.cells.index(0)
        row, col = divmod(blank, n)
        result = []
        for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
            if 0 <= r < n and 0 <= c < n:
                cells = list(self.cells)
                cells[blank], cells[r * n + c] = cells[r * n + c], 0
                result.append(Board([cells[k * n:(k + 1) * n] for k in range(n)]))
        return result

    def hamming(self):
        return sum(1 for i, t in enumerate(self.cells) if t and t != i + 1)

    def manhattan(self):
        n = self.n
        return sum(abs(i // n - (t - 1) // n) + abs(i % n - (t - 1) % n) for i, t in enumerate(self.cells) if t)

    def estimated_distance_to_goal(self):
        return self._estimate

    def is_goal(self):
        return self.estimated_distance_to_goal() == 0

    def __eq__(self, other):
        return type(other) is Board and self.cells == other.cells

    def __hash__(self):
        return hash(tuple(self.cells))

    def __str__(self):
        s = f"{self.n}\n"
        for i in range(self.n):
            for j in range(self.n):
                s += "%2d " % self.tile_at(i, j)
            s += "\n"
        return s


class Solver:
    def __init__(self, initial):
        counter = itertools.count()
        queue = [(initial.estimated_distance_to_goal(), next(counter), initial, 0, None)]
        while True:
            _, _, state, moves, previous = heapq.heappop(queue)
            node = (state, previous)
            if state.is_goal():
                break
            for neighbor in state.neighbors():
                if previous is not None and neighbor == previous[0]:
                    continue
                priority = moves + 1 + neighbor.estimated_distance_to_goal()
                heapq.heappush(queue, (priority, next(counter), neighbor, moves + 1, node))
        self._moves = moves
        self._path = []
        while node is not None:
            self._path.append(node[0])
            node = node[1]
        self._path.reverse()

    def moves(self):
        return self._moves

    def solution(self):
        return list(self._path)
