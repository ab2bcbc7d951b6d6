"""Games built from a view (:meth:`Game.from_view <cardrules.engine.game.Game.from_view>`):
the hands of an imagined world checked against the view, and what the view shows of
the auction once the play has begun."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final

from cardrules.cards import mask_of
from cardrules.engine.dealing import split_stages
from cardrules.engine.ruleset import Ruleset
from cardrules.engine.views import View
from cardrules.errors import CardError, IllegalAction, shown
from cardrules.rules.actions import Action
from cardrules.rules.components import AuctionState, Contract

if TYPE_CHECKING:
    from cardrules.engine.game import Game


class _Hidden(Action):
    """An auction action a view did not show (its text is not known)."""

    __slots__ = ()
    private: ClassVar[bool] = True

    def __str__(self) -> str:
        return "(not shown)"

    def __repr__(self) -> str:
        return "<an action not shown>"


_HIDDEN: Final = _Hidden()


class _Shown(Action):
    """An auction action as a view showed it: its text."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"<action {self.text!r} as a view showed it>"


class _AuctionShown(AuctionState):
    """The auction of a game made from a view once the play has begun
    (:meth:`Game.from_view`): what the view showed of it."""

    __slots__ = ("_contract", "_exposed", "_known", "_public", "_viewer")

    def __init__(self, view: View, contract: Contract) -> None:
        self._public = dict(view.auction)
        self._exposed = frozenset(s for s in view.hands if s != view.seat)
        self._contract = contract
        self._viewer = view.seat
        self._known = {s: mask_of(cards) for s, cards in view.known.items()}

    def known_to(self, seat: int) -> dict[int, int]:
        return dict(self._known) if seat == self._viewer else {}

    def to_act(self) -> int | None:
        return None

    def legal_actions(self) -> list[Action]:
        return []

    def apply(self, seat: int, action: Action) -> None:
        raise IllegalAction("", "the auction is over", action=str(action), seat=seat)

    def result(self) -> Contract | None:
        return self._contract

    def public(self) -> dict[str, Any]:
        return dict(self._public)

    def exposed(self) -> frozenset[int]:
        return self._exposed

    def __repr__(self) -> str:
        return f"<auction as a view showed it: {self._contract!r}>"


def _world_masks(
    view: View, hands: object, rules: Ruleset, seed: object = 0
) -> tuple[list[int], tuple[int, ...]]:
    """The hands (masks by seat) and the stock of a world made of ``view`` and the hidden
    ``hands`` (see :func:`world_stock`; ``seed`` draws the order of the stock's cards the
    view does not show, where it matters); :class:`CardError` when they contradict it."""
    n = rules.players
    hidden = [s for s in range(n) if s not in view.hands]
    if isinstance(hands, Mapping):
        given = dict(hands)
    elif isinstance(hands, Sequence) and not isinstance(hands, str) and len(hands) == len(hidden):
        given = dict(zip(hidden, hands, strict=True))
    else:
        raise CardError(
            f"invalid hands: {shown(hands)} (expected the cards of seats "
            f"{', '.join(map(str, hidden)) or '(none)'}, by seat)"
        )
    seen = 0
    masks = [0] * n
    for seat, cards in view.hands.items():
        masks[seat] = mask_of(cards)
        seen |= masks[seat]
    for _, cards, _ in view.tricks:
        seen |= mask_of(cards)
    for _, card in view.trick:
        seen |= 1 << card.index
    if view.turned_up is not None and view.turned_up_in_stock:
        seen |= 1 << view.turned_up.index
    for card in view.stock_shown:  # shown from the stock: in no hand
        seen |= 1 << card.index
    for seat in hidden:
        if seat not in given:
            raise CardError(f"invalid hands: no cards for seat {seat}, which the view hides")
        held: object = given.pop(seat)
        if type(held) is int and 0 <= held <= rules.deck.all_mask:  # a mask
            mask = held
            count = mask.bit_count()
        elif isinstance(held, str | Iterable):
            parsed = rules.deck.parse_cards(held)
            mask = mask_of(parsed)
            count = len(parsed)
        else:
            raise CardError(f"invalid hands: seat {seat} must hold a list of cards")
        if count != view.hand_sizes[seat] or mask.bit_count() != count:
            raise CardError(
                f"invalid hands: seat {seat} holds {view.hand_sizes[seat]} different cards "
                f"(got {count})"
            )
        if mask & seen:
            twice = " ".join(str(c) for c in rules.deck.cards_of(mask & seen))
            raise CardError(f"invalid hands: {twice} (seat {seat}) seen elsewhere already")
        seen |= mask
        masks[seat] = mask
    if given:
        extra = ", ".join(map(str, sorted(given, key=str)))
        raise CardError(f"invalid hands: seat {extra} is not hidden by the view")
    rest = [i for i in range(rules.deck.size) if not seen >> i & 1]
    return masks, world_stock(view, rest, seed)


def world_stock(view: View, rest: Sequence[int], seed: object = 0) -> tuple[int, ...]:
    """The stock (card indices, top first) of a world made of ``view``: the cards ``rest``
    (in no hand, not played, not shown) and, at their places, the cards the view shows of
    the stock: the card turned up on top, while it is known to lie there, and the cards the
    contract shows during the play (:meth:`Contract.stock_shown`, ``view.stock_shown``).
    Where the contract shows more of the stock later in the deal, the order of ``rest`` is
    drawn from ``seed`` (no seat knows it); else it is kept.  :class:`CardError` when the
    view's cards shown are not what its contract shows."""
    fixed: dict[int, int] = {}
    if view.turned_up is not None and view.turned_up_in_stock:
        fixed[0] = view.turned_up.index
    contract = view.deal_contract
    later = False
    if contract is not None and view.phase != "auction":
        done = len(view.tricks)
        places = contract.stock_shown(done)
        if len(places) != len(view.stock_shown):
            raise CardError(
                f"invalid view: it shows {len(view.stock_shown)} cards of the stock, its "
                f"contract {len(places)}"
            )
        for place, card in zip(places, view.stock_shown, strict=True):
            if fixed.setdefault(place, card.index) != card.index:
                raise CardError(f"invalid view: two cards at place {place} of the stock")
        # (a bound on the tricks left: the most cards a seat holds)
        later = len(contract.stock_shown(done + max(view.hand_sizes, default=0))) > len(places)
    elif view.stock_shown:
        raise CardError("invalid view: it shows cards of the stock before the play")
    if not fixed:
        return tuple(rest)
    if len(set(fixed.values())) != len(fixed):
        raise CardError("invalid view: a card shown at two places of the stock")
    pool = list(rest)
    if later:
        random.Random(f"{seed}/stock").shuffle(pool)
    size = len(pool) + len(fixed)
    if max(fixed) >= size or min(fixed) < 0:
        raise CardError(f"invalid view: a card shown at a place beyond the stock of {size}")
    drawn = iter(pool)
    return tuple(fixed[place] if place in fixed else next(drawn) for place in range(size))


def world_dealt(
    view: View, hands: Sequence[int], stock: Sequence[int], rules: Ruleset, seed: object = 0
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The hands (masks by seat) and the stock (card indices, top first) of a world made of
    ``view`` as they were dealt, from ``hands``, each seat's cards now with those it
    played, and ``stock``, the cards in no hand (see :func:`world_stock`): the auction
    factory's :meth:`~cardrules.rules.components.Auction.as_dealt` (cards it moved moved
    back, a stock turned up in the order shown; what the view does not tell drawn from
    ``seed``), checked to deal the same cards, each once.  :class:`CardError` when the
    world cannot have been dealt so."""
    dealt, order = rules.auction.as_dealt(
        view.auction,
        seat=view.seat,
        hands=tuple(hands),
        stock=tuple(stock),
        deck=rules.deck,
        play=view.phase != "auction",
        rng=random.Random(f"{seed}/dealt"),
    )
    every = 0
    for mask in hands:
        every |= mask
    for index in stock:
        every |= 1 << index
    again = 0
    twice = False
    for mask in dealt:
        twice = twice or bool(again & mask)
        again |= mask
    for index in order:
        twice = twice or bool(again >> index & 1)
        again |= 1 << index
    if twice or again != every or len(dealt) != len(hands):
        raise CardError(
            "invalid hands: the auction cannot have been dealt them "
            f"(its hands as dealt and its stock are {shown(dealt)} and {shown(order)})"
        )
    return tuple(dealt), tuple(order)


def world_stages(
    view: View, masks: Sequence[int], stock: Sequence[int], rules: Ruleset, seed: int
) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Under ``[deal] stages``, during the auction: the whole hands of a world made of
    ``view`` (``masks``: the cards held now, every seat's), the cards of each of its stages
    (masks by seat) and its stock.  The cards still to be dealt (``view.to_deal``) are
    unknown to every seat, the viewer's own included: they are drawn from the cards of
    ``stock`` (the turned-up card, if known to lie there, stays on top) by chance from
    ``seed``, and so, where more than one stage is dealt already, is the stage of each card
    held now (the view does not tell which stage dealt which card)."""
    stages = rules.deal_stages
    to_deal = view.to_deal or (0,) * rules.players
    rng = random.Random(f"{seed}/stages")
    pool = list(stock)
    top = []
    if view.turned_up is not None and view.turned_up_in_stock and pool:
        top.append(pool.pop(0))
    rng.shuffle(pool)
    dealt = len(stages)
    while dealt and sum(stages[dealt - 1 :]) <= max(to_deal, default=0):
        dealt -= 1
    orders = []
    at = 0
    for seat, mask in enumerate(masks):
        held = [i for i in range(rules.deck.size) if mask >> i & 1]
        if dealt > 1:
            rng.shuffle(held)
        orders.append(held + pool[at : at + to_deal[seat]])
        at += to_deal[seat]
    parts = split_stages(orders, stages)
    hands = tuple(sum(1 << i for i in order) for order in orders)
    return hands, parts, (*top, *sorted(pool[at:]))


def replay_auction(game: Game, view: View, hidden: Callable[[Game], Action] | None) -> str:
    """Replay on ``game``, its deal dealt again with the hands of a world, the auction
    ``view`` shows; what went wrong ("" when nothing did: what the auction drew by
    chance, as a Hearts passing direction, may differ from the view's, and the caller
    draws again).  An action the view does not show is ``hidden(game)``'s, or one of
    the legal actions at random (from the game's seed)."""
    rng = random.Random(f"{game.seed}/hidden")
    for seat, text in view.auction_actions:
        if game.phase != "auction" or game.to_act != seat:
            return f"the auction replayed does not wait for seat {seat}"
        try:
            if text is None:
                act = hidden(game) if hidden is not None else rng.choice(game.legal_actions())
            else:
                act = game.parse(text)
            game.apply(act, seat=game.controller(seat))
        except IllegalAction as exc:
            return str(exc)
    return ""
