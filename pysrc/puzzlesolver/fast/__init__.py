"""The fast path: IDA* on compact boards (:mod:`.ida`, its engines in :mod:`.pdb_engines`, :mod:`.manhattan`,
:mod:`.compact`; rectangles in :mod:`.rect`), the anytime search for big boards (:mod:`.anytime`), weighted A*
(:mod:`.weighted`), the line-by-line solver (:mod:`.lines`) and pattern-table loading (:mod:`.tables`).  Which
of them runs for a request is decided in one place, :mod:`puzzlesolver.policy`.  The NumPy table builder
(:mod:`.build_tables`) is used at build time only and is left out of the wheel the browser loads.
"""
