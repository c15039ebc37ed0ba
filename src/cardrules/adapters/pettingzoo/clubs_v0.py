"""Clubs as a PettingZoo classic environment: ``env(**kwargs)``, ``raw_env(**kwargs)``."""

from cardrules.adapters.pettingzoo import _classic

__all__ = ["env", "raw_env"]

raw_env, env = _classic("clubs")
