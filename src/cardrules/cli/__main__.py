"""``python -m cardrules.cli``: the ``cardrules`` command, as ``python -m cardrules`` runs it."""

from cardrules.cli import main

raise SystemExit(main())
