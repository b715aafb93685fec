"""The searches of the fast path, each run in slices (:class:`puzzlesolver.search.Search`).

    ida                  IDA*'s resumable driver over an engine (:class:`~.ida.SlicedIDAStar`, :class:`~.ida.IDAStar`)
    rect_ida             optimal IDA* for W x H boards and any goal (tables built first, in steps)
    anytime              big boards: an answer at once, shorter ones and a rising bound as it goes
    beam                 beam searches on packed boards, from both ends
    placement            the line-by-line placements searched as one beam; placement_portfolio: their settings
    lines                the line-by-line solver (subgoals, each placed by a small search)
    weighted             weighted A*
"""
