"""``python -m cardrules``: the same command line as ``cardrules``."""

from cardrules.cli import main

raise SystemExit(main())
