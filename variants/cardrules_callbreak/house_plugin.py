"""The house-rule switches of the app rules (entry point ``callbreak-house``).

A profile that names this plugin (``plugins = ["callbreak", "callbreak-house"]``,
as ``callbreak-app`` does) may set these switches under ``[options]``; profiles
that do not name it (``callbreak-strict``, ``callbridge-classic``) neither offer
nor show them:

``target_score`` (int, 0 = off)
    APP-5.1, D-7: play to a target score instead of a fixed number of
    rounds; the game ends after the deal in which any total reaches it.
``big_call_8`` (bool)
    APP-5.2, D-8: a player who calls 8 and takes at least 8 tricks wins the
    game at once, after that deal is scored.
``no_picture_redeal`` (bool)
    APP-5.3, D-5: a hand without J, Q or K is thrown in and redealt by the
    same dealer (an ace is not a picture).
``free_discard_when_void`` (bool)
    APP-3.3, D-4, the other reading: a player void in the suit led who cannot
    beat the spades in the trick may play any card.  It is a setting, not new
    code: the profile's ``trump_when_void`` and ``overtrump_when_void`` duties
    are replaced by the kernel's ``trump_to_win_when_void``.

The number of rounds (APP-3.5, D-6) is not an option: it is the kernel's
``[game] deals`` (5) with ``deal_choices = [3, 5]``; a derived profile sets
``deals = 3`` and an app passes ``cardrules.load("callbreak-app", deals=3)``.
One setting, one place: records store the number of deals they were played
with.

Adding a house-rule switch (APP-5.4)
------------------------------------
A switch is three small steps, all in a plugin (this one, or your own):

1. Declare it in ``cardrules_setup_components`` with a default, a
   description and the rule it serves; the kernel then accepts it under
   ``[options]``, checks its type (the default's type), ``choices`` and
   range (``minimum`` to ``maximum``: a number option always has one, within
   ``cardrules.rules.catalog.MAX_OPTION_NUMBER``), and reports a bad value as
   ``options.<name> -> must be bool (got 'yes')`` with the file::

       components.add_option(
           OptionSpec("no_ace_redeal", False, "Redeal a hand without an ace.", rule="X-1")
       )

2. Read it, typed, with ``profile.flag("no_ace_redeal")`` (``whole``,
   ``number`` and ``text`` read the other kinds; a profile that does not set
   it gets the declared default, which is written nowhere else) where the
   rule object it changes is made (a throw-in or duty hook, the factory of
   an auction or scorer, the end condition) and return the changed object
   when it is on, or None (or an empty list) so that the defaults apply when
   it is off::

       @hookimpl
       def cardrules_deal_throw_ins(profile):
           if not profile.flag("no_ace_redeal"):
               return []
           return [ThrowIn("no_ace", "X-1", "a hand without an ace", lambda h: ...)]

3. Switch it on in a profile, usually a derived one::

       [profile]
       name = "my-house"
       title = "Call Break (my house)"
       extends = "callbreak-app"

       [options]
       no_ace_redeal = true

   and test it on and off (see ``tests/test_app_house_rules.py``).
"""

from __future__ import annotations

from decimal import Decimal

from cardrules.rules.components import EndCondition, ThrowIn
from cardrules.rules.duties import Duty
from cardrules.rules.hookspecs import hookimpl
from cardrules.rules.plugins import Components, OptionSpec
from cardrules.rules.profile import Profile
from cardrules_callbreak.family import NO_PICTURE
from cardrules_callbreak.house import HouseRulesEnd

#: The house-rule switches this plugin declares (APP-5), with their defaults.
OPTIONS = (
    OptionSpec(
        "target_score",
        Decimal(0),
        "Play to a target score instead of a fixed number of rounds: the game ends "
        "after the deal in which any total reaches this number (in tenths too: 30.5); "
        "0 = off.",
        rule="APP-5.1",
        minimum=0,
        maximum=10_000,
    ),
    OptionSpec(
        "big_call_8",
        False,
        "Big call 8: a player who calls 8 and takes at least 8 tricks wins the game "
        "at once, after that deal is scored.",
        rule="APP-5.2",
    ),
    OptionSpec(
        "no_picture_redeal",
        False,
        "A hand without J, Q or K (pictures; an ace is not one) is thrown in and "
        "redealt by the same dealer.",
        rule="APP-5.3",
    ),
    OptionSpec(
        "free_discard_when_void",
        False,
        "The other reading of the void duty: a player void in the suit led who "
        "cannot beat the spades in the trick may play any card (instead of a lower spade).",
        rule="APP-3.3",
    ),
)


@hookimpl
def cardrules_setup_components(components: Components) -> None:
    for spec in OPTIONS:
        components.add_option(spec)


@hookimpl
def cardrules_deal_throw_ins(profile: Profile) -> list[ThrowIn]:
    if not profile.flag("no_picture_redeal"):
        return []
    if any(ref.name == NO_PICTURE.name for ref in profile.throw_in):
        return []  # already listed under [deal] throw_in
    # Not looked up in ``components``: a profile may name this plugin without ``callbreak``.
    return [ThrowIn(NO_PICTURE.name, "APP-5.3", NO_PICTURE.description, NO_PICTURE.test)]


_STRICT_VOID = ("trump_when_void", "overtrump_when_void")


@hookimpl
def cardrules_play_duties(profile: Profile, components: Components) -> list[Duty] | None:
    if not profile.flag("free_discard_when_void"):
        return None
    duties: list[Duty] = []
    replaced = False
    for ref in profile.duties:
        if ref.name in _STRICT_VOID:
            if not replaced:
                duties.append(components.duties["trump_to_win_when_void"](ref.rule))
                replaced = True
            continue
        duties.append(components.duties[ref.name](ref.rule))
    return duties


@hookimpl
def cardrules_game_end_condition(profile: Profile, deals: int) -> EndCondition | None:
    target = profile.number("target_score")
    big_call = profile.flag("big_call_8")
    if not target and not big_call:
        return None
    return HouseRulesEnd(
        deals,
        profile.game_rule,
        target=target if target > 0 else None,
        target_rule="APP-5.1",
        big_call=big_call,
        big_call_rule="APP-5.2",
    )
