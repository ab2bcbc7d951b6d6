"""Games rebuilt from their records (:meth:`Game.from_json
<cardrules.engine.game.Game.from_json>`): the rules a record names, its every action
re-checked, its state compared with the replay's."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from cardrules.engine.dealing import _PACK_ORDER
from cardrules.engine.records import read_record
from cardrules.engine.ruleset import Ruleset, load
from cardrules.errors import CardrulesError, RecordError, shown
from cardrules.profile.registry import earlier_versions, installed_profile_path

if TYPE_CHECKING:
    from cardrules.engine.game import Game

__all__ = ["replay"]


def replay(
    cls: type[Game],
    text: object,
    *,
    rules: object,
    key: object,
    allow_preset_hands: object,
    max_bytes: object,
) -> Game:
    """:meth:`Game.from_json <cardrules.engine.game.Game.from_json>`: a game of ``cls``
    rebuilt from the record ``text`` (see there for the arguments)."""
    head = read_record(text, key=key, max_bytes=max_bytes)
    if rules is None:
        rules = _installed_rules(head.profile, head.deals, head.options, head.profile_hash)
    if not isinstance(rules, Ruleset):
        raise RecordError(f"invalid rules: {shown(rules)} (expected a Ruleset from cardrules.load)")
    if rules.name != head.profile:
        raise RecordError(
            f"invalid record: 'profile' is {head.profile!r}, but the rules are {rules.name!r}"
        )
    if rules.deals != head.deals:
        raise RecordError(
            f"invalid record: 'deals' is {head.deals}, but the rules play {rules.deals}"
        )
    if head.profile_hash is not None and head.profile_hash != rules.profile_hash:
        raise RecordError(
            f"invalid record: 'profile_hash' does not match the rules of {rules.name!r} "
            "(the game was played under other rules of that name)"
        )
    if head.preset_hands is not None and allow_preset_hands is not True:
        raise RecordError(
            "invalid record: 'preset_hands': the first deal was dealt by hand, not from "
            "the seed; replay it with allow_preset_hands=True only if you trust its author"
        )
    stock: object = head.preset_stock
    if head.preset_hands is not None and stock is None:
        stock = _PACK_ORDER  # written before stock=: the cards not dealt in pack order
    try:
        game = cls(
            rules,
            seed=head.seed,
            dealer=head.first_dealer,
            hands=head.preset_hands,
            stock=stock,
        )
    except CardrulesError as exc:
        raise RecordError(f"invalid record: {exc}") from None
    for i, action in enumerate(head.actions):
        try:
            game.apply(action)
        except CardrulesError as exc:
            raise RecordError(f"invalid record: 'actions'[{i}]: {exc}") from None
    if head.state is not None:
        state = json.loads(json.dumps(game.state_dict()))
        if head.state != state:
            diff = [k for k, v in state.items() if v != head.state.get(k)]
            diff += sorted(k for k in head.state if k not in state)
            raise RecordError(
                "invalid record: 'state' does not match the replay "
                f"(differs in: {shown(', '.join(diff))[1:-1]})"
            )
    return game


def _installed_rules(
    name: str, deals: int, options: dict[str, bool | int | str], digest: str | None = None
) -> Ruleset:
    """The rules of the installed profile ``name`` (never a path: records name no files).

    When the current rules' hash is not ``digest`` (the record's ``profile_hash``),
    the earlier version of the profile that has it, if one does: the record
    replays under the rules it was played under.
    """
    path = installed_profile_path(name)  # the name is [a-z0-9._-]: no path
    if path is None:
        raise RecordError(
            f"invalid record: 'profile' {name!r} is not an installed profile; a game of a "
            "profile loaded from a file is restored with Game.from_json(text, rules=...)"
        )
    try:
        rules = load(path, deals=deals, options=options)
    except CardrulesError as exc:
        raise RecordError(f"invalid record: profile {name!r}: {exc}") from None
    if digest is None or rules.profile_hash == digest:
        return rules
    for earlier in earlier_versions(name):
        try:
            before = load(earlier, deals=deals, options=options)
        except CardrulesError:
            continue  # that version does not take the record's options: not the one
        if before.name == name and before.profile_hash == digest:
            return before
    return rules
