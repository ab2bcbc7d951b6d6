"""Doctest collection of the package: the research adapters' modules import their
extras at once, so each is collected only where its extra is installed."""

from __future__ import annotations

import importlib.util

collect_ignore = []
if importlib.util.find_spec("pyspiel") is None:
    collect_ignore.append("cardrules/envs/openspiel.py")
if importlib.util.find_spec("pettingzoo") is None:
    collect_ignore += ["cardrules/envs/pettingzoo.py", "cardrules/envs/gym.py"]
