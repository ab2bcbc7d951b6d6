"""Which engine plays a run: NumPy when it can, else the game engine; an engine that cannot
is refused with the reason, in the API's words or a command line's."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from cardrules.batch.play import order_not_batched
from cardrules.batch.players import Player, is_random, make_players
from cardrules.batch.tables import MASK_BITS, installed_numpy
from cardrules.engine.ruleset import Ruleset
from cardrules.errors import CardrulesError
from cardrules.rules.components import AuctionState, DealInfo

__all__ = ["API_WORDS", "Wording", "choose_engine", "not_batched"]


class Wording(NamedTuple):
    """How an engine error names an engine and the players: the API's words
    (:data:`API_WORDS`: ``use engine='game'``) or a command line's (``use --engine game``)."""

    #: The engine asked for, as the subject of the message: ``'numpy'``.
    asked: Callable[[str], str]
    #: The engine to use instead: ``engine='game'``.
    instead: Callable[[str], str]
    #: The players: ``['rule', 'random', ...]``.
    players: Callable[[Sequence[Player]], str]


API_WORDS = Wording(repr, lambda engine: f"engine={engine!r}", lambda p: repr(list(p)))


def choose_engine(
    rules: Ruleset, players: Sequence[Player], engine: str = "auto", words: Wording = API_WORDS
) -> str:
    """The engine that plays ``players`` (one per seat) under ``rules``: ``"numpy"`` or
    ``"game"``; ``engine="auto"`` picks NumPy when it can.  An engine that cannot is
    refused with the reason, in ``words``."""
    all_random = all(is_random(p) for p in players)
    unbatched = not_batched(rules)
    if engine == "auto":
        return "numpy" if all_random and not unbatched and installed_numpy() is not None else "game"
    if engine == "numpy":
        numpy, game = words.asked("numpy"), words.instead("game")
        if unbatched:
            raise CardrulesError(f"invalid engine: {numpy} {unbatched}; use {game}")
        if not all_random:
            raise CardrulesError(
                f"invalid engine: {numpy} plays only random players "
                f"(got {words.players(players)}); use {game}"
            )
        if installed_numpy() is None:  # pragma: no cover - depends on the installation
            raise CardrulesError(
                f"invalid engine: {numpy} needs NumPy: pip install 'cardrules[fast]'"
            )
        return engine
    if engine == "game":
        make_players(players, 0)  # refuse unknown names before any work
        return engine
    raise CardrulesError(f"invalid engine: {engine!r} (expected 'auto', 'numpy' or 'game')")


def not_batched(rules: Ruleset) -> str:
    """Why the NumPy engine cannot play ``rules`` ("" when it can).

    It plays four seats dealt the hands of a game's first deal (any deck of up to
    :data:`~cardrules.batch.tables.MASK_BITS` cards: a hand is one ``uint64``), every seat
    to every trick, with the trump the contract names, in the order of play of the
    profile's ranking (cards that never win, such as the Excuse, it does not play).
    """
    if rules.players != 4:
        return f"plays four players (the profile has {rules.players})"
    deck = rules.deck
    if deck.size > MASK_BITS:
        return (
            f"holds hands of up to {MASK_BITS} cards (the profile's deck {deck.name} has "
            f"{deck.size})"
        )
    if rules.profile.hand_size_range is not None:
        return (
            "deals every deal of a block the same number of cards (the profile draws it "
            "from [deal] hand_size_range)"
        )
    if rules.deal_stages:
        return "deals every hand at once (the profile deals them in stages: [deal] stages)"
    if rules.profile.trump == "turn_up":
        return "does not turn up a trump card"
    if rules.fast_needs_played:
        return "does not keep the cards of earlier tricks (a duty of the profile reads them)"
    if rules.scorer.reads_taken:
        return "counts the tricks, not the cards taken (the profile's scorer reads them)"
    if rules.auction.conceals_trump():
        return "does not conceal a trump (the profile's auction may, until a player asks for it)"
    if rules.auction.every_play_call():
        return "takes no action in the play but the cards (the profile's contracts offer some)"
    for trump in (None, *deck.suits):
        why = order_not_batched(rules.order(trump))
        if why:
            return why
    size = rules.hand_size(1)
    hands = tuple(
        sum(1 << i for i in range(s, rules.players * size, rules.players))
        for s in range(rules.players)
    )
    stock = tuple(range(rules.players * size, deck.size))
    info = DealInfo(0, hands, rules.direction, stock, deck=deck)
    state = rules.auction.start(info)
    if type(state).hands_after is not AuctionState.hands_after:  # a state that moves cards
        return "does not move cards between hands before the play (the profile's auction does)"
    return ""
