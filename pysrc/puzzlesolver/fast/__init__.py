"""The fast path, by concern: IDA*'s engines (:mod:`.engines`: one per estimate, behind one protocol), the searches
that drive them or keep many boards (:mod:`.searches`: IDA* for squares and rectangles, the anytime search, beams,
placements, the line-by-line solver, weighted A*), and the pattern tables they read (:mod:`.tables`).  Which of them
runs for a request is decided in one place, :mod:`puzzlesolver.policy`.  The NumPy table builders run at
build time only and are not part of the package (``pysrc/buildtools/``).
"""
