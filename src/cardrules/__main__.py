"""``python -m cardrules``: the ``cardrules`` command."""

from cardrules.cli import main

raise SystemExit(main())
