"""Bug: boards are marked seen when enqueued (a set of seen boards; heapq), not when dequeued."""

import heapq


class Board:
    def __init__(self, tiles):
        if tiles is None:
            raise ValueError("no tiles")
        self.grid = [list(row) for row in tiles]

    def size(self):
        return len(self.grid)

    def tile_at(self, row, col):
        return self.grid[row][col]

    def hamming(self):
        n, count = self.size(), 0
        for r in range(n):
            for c in range(n):
                if self.grid[r][c] != 0 and self.grid[r][c] != r * n + c + 1:
                    count += 1
        return count

    def manhattan(self):
        n, total = self.size(), 0
        for r in range(n):
            for c in range(n):
                tile = self.grid[r][c]
                if tile != 0:
                    total += abs(r - (tile - 1) // n) + abs(c - (tile - 1) % n)
        return total

    def is_goal(self):
        return self.hamming() == 0

    def neighbors(self):
        n = self.size()
        for r in range(n):
            for c in range(n):
                if self.grid[r][c] == 0:
                    br, bc = r, c
        boards = []
        for r, c in ((br - 1, bc), (br + 1, bc), (br, bc - 1), (br, bc + 1)):
            if 0 <= r < n and 0 <= c < n:
                copy = [list(row) for row in self.grid]
                copy[br][bc], copy[r][c] = copy[r][c], copy[br][bc]
                boards.append(Board(copy))
        return boards

    def twin(self):
        copy = [list(row) for row in self.grid]
        row = 0 if copy[0][0] != 0 and copy[0][1] != 0 else 1
        copy[row][0], copy[row][1] = copy[row][1], copy[row][0]
        return Board(copy)

    def __eq__(self, other):
        if not isinstance(other, Board):
            return False
        return self.grid == other.grid

    def __hash__(self):
        return hash(str(self.grid))

    def __str__(self):
        text = str(self.size()) + "\n"
        for row in self.grid:
            for tile in row:
                text += "%2d " % tile
            text += "\n"
        return text


class Node:
    def __init__(self, board, moves, previous):
        self.board = board
        self.moves = moves
        self.previous = previous
        self.priority = moves + board.manhattan()

    def __lt__(self, other):
        return self.priority < other.priority


class Solver:
    def __init__(self, initial):
        if initial is None:
            raise ValueError("initial is None")
        queues = [[Node(initial, 0, None)], [Node(initial.twin(), 0, None)]]
        seen = [{initial}, {initial.twin()}]
        self.last = None
        while True:
            for which in (0, 1):
                node = heapq.heappop(queues[which])
                if node.board.is_goal():
                    if which == 0:
                        self.last = node
                    return
                for board in node.board.neighbors():
                    if board not in seen[which]:
                        seen[which].add(board)
                        heapq.heappush(queues[which], Node(board, node.moves + 1, node))

    def is_solvable(self):
        return self.last is not None

    def moves(self):
        if self.last is None:
            return -1
        return self.last.moves

    def solution(self):
        if self.last is None:
            return None
        boards = []
        node = self.last
        while node is not None:
            boards.insert(0, node.board)
            node = node.previous
        return boards
