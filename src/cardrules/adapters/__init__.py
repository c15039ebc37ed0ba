"""Adapters to other ecosystems, each behind its own extra: ``cardrules.adapters.pettingzoo``
(in a checkout: ``python -m pip install -e ".[pettingzoo]"``), ``cardrules.adapters.openspiel``
and ``cardrules.adapters.vector`` (many games batched for training; the ``numpy`` extra)."""
