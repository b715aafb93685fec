"""``python -m puzzlesolver FILE...``: see :mod:`puzzlesolver.cli`."""

from .cli import main

raise SystemExit(main())
