"""Adapters to other ecosystems, each behind its own extra: ``cardrules.adapters.pettingzoo``
(``pip install "cardrules[pettingzoo]"``)."""
