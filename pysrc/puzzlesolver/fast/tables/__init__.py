"""Pattern tables at run time (standard library only): the files of the square boards' tables, where they are
and how they load (:mod:`.pdb_files`); the rectangles' tables, built in the page in steps or read
(:mod:`.rect_tables`).  The NumPy builders run at build time only and are not here (``pysrc/buildtools/``)."""
