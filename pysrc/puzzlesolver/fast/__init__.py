"""The fast path: IDA* on compact boards (:mod:`.ida`), weighted A* (:mod:`.weighted`), the line-by-line
solver for big boards (:mod:`.lines`) and pattern-table loading (:mod:`.tables`).  Which of them runs
for a request is decided in one place, :mod:`puzzlesolver.policy`.  The NumPy table builder
(:mod:`.build_tables`) is used at build time only and is left out of the wheel the browser loads.
"""
