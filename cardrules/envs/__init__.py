"""Research adapters: every profile as a PettingZoo environment, a Gymnasium
environment (one seat learns, bots play the others) and an OpenSpiel game.

Each sits behind an extra and is imported only when asked for:
:mod:`cardrules.envs.pettingzoo` (``pip install 'cardrules[pettingzoo]'``),
:mod:`cardrules.envs.gym` (the same extra), :mod:`cardrules.envs.openspiel`
(``'cardrules[openspiel]'``).  All observe through
:mod:`cardrules.envs.encoding`, which reads a seat's view and nothing else.
"""
