"""Adapters to other ecosystems, each behind its own extra: ``cardrules.adapters.pettingzoo``
(in a checkout: ``python -m pip install -e ".[pettingzoo]"``)."""
