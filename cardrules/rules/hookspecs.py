"""The hook specifications: the contract between the kernel and rule plugins.

Every hook is called with keyword arguments; an implementation takes only
the arguments it uses, so specs can grow without breaking plugins.  Hooks are
consulted when a profile is loaded, never per card: they *provide* rule
objects (duties, an auction, a scorer, an end condition) that the game then
calls directly.

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
- ``cardrules_deal_direction``, ``cardrules_auction_bid_bounds``,
  ``cardrules_auction_create``, ``cardrules_play_duties``,
  ``cardrules_score_scorer``, ``cardrules_game_end_condition``:
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
    from cardrules.rules.components import Auction, Direction, EndCondition, Scorer, ThrowIn
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
    and option declarations (house-rule switches) so that a profile can name
    them.  Called once per loaded ruleset, for every registered plugin.

    :param components: the registry of this ruleset, to add to.
    """


# ---------------------------------------------------------------------------
# deal phase


@hookspec(firstresult=True)
def cardrules_deal_direction(profile: Profile) -> Direction | None:
    """The order of play round the table (deal, calls, play, dealer rotation).

    Serves rules such as CBS-2.1/CBS-2.3 (counter-clockwise, deal passes to
    the right) and MB-1.3/MB-4.1 (clockwise).  ``firstresult``: the first
    non-None answer wins; the default reads ``[deal] direction``.

    :param profile: the resolved profile.
    :return: a :class:`~cardrules.rules.components.Direction`, or None to defer.
    """


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
# auction phase


@hookspec(firstresult=True)
def cardrules_auction_bid_bounds(profile: Profile) -> tuple[int, int] | None:
    """The lowest and highest call allowed.

    Serves CBS-2.4 (2..13), CBC-2.1/D-2 (2..13) and APP-2.1 (1..8).
    ``firstresult``; the default reads ``[auction] min_call`` and ``max_call``.

    :param profile: the resolved profile.
    :return: ``(low, high)``, or None to defer.
    """


@hookspec(firstresult=True)
def cardrules_auction_create(
    profile: Profile, bounds: tuple[int, int], components: Components
) -> Auction | None:
    """The auction: what happens between the deal and the first lead.

    ``firstresult``; the default builds the auction named by
    ``[auction] kind`` from the registered components.

    :param profile: the resolved profile.
    :param bounds: the call bounds from :func:`cardrules_auction_bid_bounds`.
    :param components: the registered components.
    :return: an object following :class:`~cardrules.rules.components.Auction`, or None.
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
# score phase


@hookspec(firstresult=True)
def cardrules_score_scorer(profile: Profile, components: Components) -> Scorer | None:
    """The scorer that turns one finished deal into exact scores per side.

    Serves CBS-4.x, CBC-4.x, APP-4.x and MB-5.x.  ``firstresult``; the
    default builds the scorer named by ``[scoring] kind``.

    :param profile: the resolved profile.
    :param components: the registered components.
    :return: an object following :class:`~cardrules.rules.components.Scorer`, or None.
    """


# ---------------------------------------------------------------------------
# game phase


@hookspec(firstresult=True)
def cardrules_game_end_condition(profile: Profile, deals: int) -> EndCondition | None:
    """Decides after each scored deal whether the game is over.

    Serves CBS-5.1 (five deals), CBC-5.1 (12), APP-3.5 / D-7 / D-8 (rounds,
    target score, big call) and MB-5.6 / D-8.  ``firstresult``; the default
    ends after ``deals`` deals.

    :param profile: the resolved profile.
    :param deals: the number of deals chosen for this game.
    :return: an object following :class:`~cardrules.rules.components.EndCondition`, or None.
    """
