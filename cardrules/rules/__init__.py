"""What a family of games implements, and the kernel's defaults.

For variant authors: the hook specifications (:mod:`~cardrules.rules.hookspecs`),
the rule objects' protocols and the kernel's own components
(:mod:`~cardrules.rules.components`), the duties that narrow the cards a player
may play (:mod:`~cardrules.rules.duties`), the actions (:mod:`~cardrules.rules.actions`),
the named components a profile picks from (:mod:`~cardrules.rules.catalog`),
the :class:`~cardrules.rules.profile.Profile` every hook receives, the typed
facade over pluggy (:mod:`~cardrules.rules.plugins`) and the kernel's default
plugin (:mod:`~cardrules.rules.builtin`).
"""
