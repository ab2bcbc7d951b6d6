"""Double-dummy analysis of bridge deals: the tricks each seat takes in each strain, and par.

The solver is Bo Haglund's DDS, through the ``endplay`` package: an optional
extra (``pip install 'cardrules[analysis]'``).  Without it every entry point
raises :class:`~cardrules.CardrulesError` saying so; importing this package
never imports ``endplay``.

- :func:`~cardrules_dd.analysis.double_dummy`: the :class:`~cardrules_dd.analysis.DDTable`
  of a deal (four hands, a PBN deal text, or a game); rulesets whose scorer
  offers it call it as ``rules.scoring.double_dummy(deal)``.
- :mod:`cardrules_dd.pbn`: the boards of a PBN file and the double-dummy
  results it publishes (``OptimumResultTable``, ``DoubleDummyTricks``,
  ``OptimumScore``, ``ParContract``), compared with ours by
  ``cardrules analyse BOARD.pbn`` (:mod:`cardrules_dd.command`, added to the
  command line through the entry-point group ``cardrules.commands``).
"""

from cardrules_dd.analysis import NEEDS_EXTRA, STRAINS, DDTable, Par, double_dummy

__all__ = ["NEEDS_EXTRA", "STRAINS", "DDTable", "Par", "double_dummy"]
