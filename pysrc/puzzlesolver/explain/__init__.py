"""Searches made visible, for the Learn view and ``--explain``, one module per concern:

- :mod:`.recorder`: a search recorded step by step (:func:`explain`, :func:`recording`), as the Princeton
  checklist draws A*; :mod:`.recorded` is what it records, :mod:`.pseudocode` the lines each step ran;
- :mod:`.compare`: every classic search on one puzzle, side by side (:func:`compare_searches`);
- :mod:`.quality`: each estimate against the exact 8-puzzle distances (:func:`measuring_quality`);
- :mod:`.render`: a trace as the checklist's text or as the record the page reads (:func:`trace_record`).

This package exports the names the rest of the engine and its tests use.
"""

from __future__ import annotations

from .compare import (COMPARED, QUEUE_NOTE, compare_searches, comparing_searches, ida_estimate,
                      loading_searches_tables, searches_data_files)
from .pseudocode import PSEUDOCODE
from .quality import measuring_quality
from .recorder import ExplainTooLong, Recorder, explain, node_id, recording
from .render import trace_record, write
from .recorded import Trace, apply_change

__all__ = ["explain", "recording", "Recorder", "ExplainTooLong", "node_id", "Trace", "apply_change", "PSEUDOCODE",
           "compare_searches", "comparing_searches", "searches_data_files", "loading_searches_tables", "COMPARED",
           "ida_estimate", "QUEUE_NOTE", "measuring_quality", "trace_record", "write"]
