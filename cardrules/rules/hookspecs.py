"""The hook specifications: the contract between the kernel and rule plugins.

Every hook is called with keyword arguments; an implementation takes only
the arguments it uses, so specs can grow without breaking plugins.  Hooks are
consulted when a profile is loaded, never per card: they *provide* rule
objects (duties, throw-ins, an end condition) that the game then calls
directly.  The auction and the scorer are the components the profile names
(``[auction] kind``, ``[scoring] kind``), registered in
``cardrules_setup_components``; a hook is kept only where a family answers it.

A family declares its components, profiles and words once, in a
:class:`~cardrules.rules.family.Family` that its entry point names; the kernel
answers ``cardrules_profile_dirs`` and ``cardrules_setup_components`` for it
(:class:`~cardrules.rules.plugins.FamilyPlugin`).  The hooks are for what a
declaration cannot say (a house rule that replaces the duties or the end of any
game) and for a plugin of hooks alone.

The kernel's own behaviour is registered as a plugin (``cardrules.rules.builtin``)
whose implementations are ``trylast`` defaults built from the profile's
settings; a variant overrides one by returning a non-None value.

How the plugins of one ruleset combine, hook by hook (pluggy calls the plugin
registered last first; ``trylast`` implementations come after the others):

- ``cardrules_profile_dirs``, ``cardrules_deal_throw_ins``: every plugin
  answers, and the answers are joined (all directories, all throw-ins).
- ``cardrules_setup_components``: every plugin adds to the same
  :class:`~cardrules.rules.catalog.Components`; a later registration of a
  name replaces an earlier one.
- ``cardrules_play_duties``, ``cardrules_game_end_condition``:
  ``firstresult``: the first non-None answer wins and the others are not
  asked, so a plugin that answers replaces the kernel's default built from the
  profile (and any plugin registered before it).  A house rule that only adds
  to the profile's choice should register a component and let the profile name
  it, rather than answer these hooks.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pluggy

if TYPE_CHECKING:
    from cardrules.rules.catalog import Components
    from cardrules.rules.components import EndCondition, ThrowIn
    from cardrules.rules.duties import Duty
    from cardrules.rules.profile import Profile

#: The project name pluggy uses; also the entry-point group of plugins.
PROJECT = "cardrules"

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


# ---------------------------------------------------------------------------
# profile phase: where profiles are found, what they may say


@hookspec
def cardrules_profile_dirs() -> list[Path]:  # type: ignore[empty-body]
    """Directories of ``*.toml`` profiles this plugin ships.

    Called with every installed plugin loaded, to list and find profiles by
    name.  All results are collected.

    :return: a list of directories (may be empty).
    """


@hookspec
def cardrules_setup_components(components: Components) -> None:
    """Register named rule components a profile can refer to.

    Add duties (``components.add_duty(cls)``), throw-ins, auctions, scorers
    (with the end of the games they score) and option declarations (house-rule
    switches, each with its one default) so that a profile can name them.
    Called once per loaded ruleset, for every registered plugin.

    :param components: the registry of this ruleset, to add to.
    """


# ---------------------------------------------------------------------------
# deal phase


@hookspec
def cardrules_deal_throw_ins(profile: Profile, components: Components) -> list[ThrowIn]:  # type: ignore[empty-body]
    """Reasons to throw the cards in and redeal by the same dealer before any call.

    Serves rules such as APP-1.2 (a hand without spades) and APP-5.3 (a hand
    without pictures).  All results are collected and joined; the default
    builds the ones named in ``[deal] throw_in``.

    :param profile: the resolved profile.
    :param components: the registered components.
    :return: a list of :class:`~cardrules.rules.components.ThrowIn` (may be empty).
    """


# ---------------------------------------------------------------------------
# play phase


@hookspec(firstresult=True)
def cardrules_play_duties(profile: Profile, components: Components) -> list[Duty] | None:
    """The follow / head / trump / overtrump duties, in the order they apply.

    Serves rules such as CBS-3.2..CBS-3.7, CBC-3.2..CBC-3.5, APP-3.2/3.3 and
    MB-4.3.  ``firstresult``; the default builds ``[play] duties`` by name, each
    with ``Duty.configured(rule, profile)`` (which may read ``[options]``).
    A wrapper (``hookwrapper=True``) may add or replace duties.

    :param profile: the resolved profile.
    :param components: the registered components.
    :return: the list of :class:`~cardrules.rules.duties.Duty`, or None to defer.
    """


# ---------------------------------------------------------------------------
# game phase


@hookspec(firstresult=True)
def cardrules_game_end_condition(
    profile: Profile, deals: int, components: Components
) -> EndCondition | None:
    """Decides after each scored deal whether the game is over.

    A family declares the end of the games its scorer scores with the scorer
    (``components.add_scorer(name, make, end=...)``: Hearts' target, bridge's
    boards); this hook is for a plugin that changes the end whatever the
    scorer, as a house rule does (APP-5.1 / D-7 target score, APP-5.2 / D-8
    big call).  ``firstresult``; the default is the end the profile's scorer
    declares, else after ``deals`` deals (CBS-5.1: five, CBC-5.1: 12).

    :param profile: the resolved profile.
    :param deals: the number of deals chosen for this game.
    :param components: the registered components.
    :return: an object following :class:`~cardrules.rules.components.EndCondition`, or None.
    """
