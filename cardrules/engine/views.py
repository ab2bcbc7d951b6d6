"""Hidden-information views: what one seat may know, safe to send to its client.

A view holds the seat's own hand (once it has looked at it: an auction may keep
it from a seat that may still make a call before looking), the hands every seat
may see (dummy, once exposed) and public facts: calls or announcements, the
contract, the trick, tricks taken, scores.  Bots receive only views.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from cardrules.cards import Card, Suit
from cardrules.deck import Order
from cardrules.rules.actions import Action
from cardrules.rules.components import Contract, DealResult, Side
from cardrules.rules.duties import natural

if TYPE_CHECKING:
    from cardrules.engine.game import Game, PlayedCard
    from cardrules.engine.ruleset import Ruleset

__all__ = ["PUBLIC", "View"]


@dataclass(frozen=True, slots=True)
class View:
    """One seat's view of a game.

    ``hands`` maps each seat whose cards this seat may see to those cards
    (its own hand, and dummy's once exposed).  ``legal_actions`` is filled
    only when this seat decides the next action (for itself or for dummy).
    """

    seat: int
    profile: str
    phase: str
    deal_number: int
    dealer: int
    to_act: int | None
    controller: int | None
    hands: dict[int, tuple[Card, ...]]
    hand_sizes: tuple[int, ...]
    auction: dict[str, Any]
    contract: dict[str, Any] | None
    trump: str | None
    trick: tuple[PlayedCard, ...]
    tricks: tuple[tuple[int, tuple[Card, ...], int], ...]
    tricks_won: tuple[int, ...]
    totals: dict[Side, Decimal]
    deal_scores: tuple[dict[Side, Decimal], ...]
    legal_actions: tuple[Action, ...]
    #: The contract of this deal as an object (public, like ``contract``), for bots.
    deal_contract: Contract | None = None
    #: The card turned up for trumps this deal, where the profile turns one up.
    turned_up: Card | None = None
    #: Whether that card is known to lie in the stock still: throughout the auction, and
    #: after it unless the auction may move cards (an auction that takes the stock up says
    #: where the card went, if anything, through ``known_to``).
    turned_up_in_stock: bool = True
    #: The claim pending (public): ``{"seat", "tricks", "waiting"}``; None when none.
    claim: dict[str, Any] | None = None
    #: The deal's auction actions in order, each ``(seat, text)``; the text is None
    #: for an action this seat may not see (a card another seat passed).
    auction_actions: tuple[tuple[int, str | None], ...] = ()
    #: Cards this seat knows another seat holds (the cards it passed in Hearts), by
    #: seat: those not played yet.
    known: dict[int, tuple[Card, ...]] = field(default_factory=dict)
    #: The game's finished deals (dealer, contract, tricks, scores: all public).
    results: tuple[DealResult, ...] = ()
    #: The cards still to be dealt to each seat, by seat, where the profile deals in stages
    #: (``[deal] stages``): nobody's cards yet, in no hand of the view; empty otherwise.
    to_deal: tuple[int, ...] = ()
    #: The rules the game is played under (public), for bots that plan.
    ruleset: Ruleset | None = field(default=None, repr=False, compare=False)
    #: True while the deal's trump is concealed by its chooser (``Contract.concealed``): no
    #: card counts as a trump yet; ``trump`` names it in the chooser's view alone.
    trump_concealed: bool = False
    #: When the concealed trump was revealed (public): (the seat that asked, the tricks
    #: completed then, the cards on the trick then); None: not revealed.
    revealed: tuple[int, int, int] | None = None
    #: The side of each seat as this seat knows it, by seat, where the contract keeps the
    #: sides from some seats (``Contract.sides_known``: Doppelkopf's Re and Kontra, told as
    #: the play reveals them); a seat left out is not known to this one.  Empty otherwise.
    sides: dict[int, str] = field(default_factory=dict)
    #: The actions taken in this deal's play besides the cards (a contract's calls, such as
    #: Doppelkopf's announcements: ``Contract.has_play_calls``), each ``(seat, text)``, in
    #: order (public); empty before the first.
    play_calls: tuple[tuple[int, str], ...] = ()
    #: The cards of the deal's stock every seat may see, in the order they were shown, where
    #: the contract shows some during the play (``Contract.stock_shown``: a stock turned up
    #: card by card as tricks are won); public, in no hand.  Empty otherwise.
    stock_shown: tuple[Card, ...] = ()

    @property
    def hand(self) -> tuple[Card, ...]:
        """This seat's own cards."""
        return self.hands.get(self.seat, ())

    @property
    def acting_hand(self) -> tuple[Card, ...]:
        """The cards of the seat to act, if this seat may see them (its own, or dummy's)."""
        if self.to_act is None:
            return ()
        return self.hands.get(self.to_act, ())

    @property
    def first_trick(self) -> bool:
        """True while the deal's first trick is being played."""
        return not self.tricks

    @property
    def order(self) -> Order:
        """The deal's tables of play as far as the view knows them: the contract's ranking
        and trumps once play begins, else the rules' fixed trump (a view without its rules:
        the French pack's natural order with the view's trump)."""
        rules = self.ruleset
        contract = self.deal_contract
        if rules is not None and contract is not None and self.trump_concealed:
            return rules.order(None, contract.ranking or None)  # no trump counts yet
        if rules is not None and contract is not None:
            return rules.order_of(contract)
        trump = None if self.trump is None else Suit[self.trump]
        return natural(trump) if rules is None else rules.order(trump)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict with nothing this seat may not see."""
        out = {
            "seat": self.seat,
            "profile": self.profile,
            "phase": self.phase,
            "deal_number": self.deal_number,
            "dealer": self.dealer,
            "to_act": self.to_act,
            "controller": self.controller,
            "hands": {str(s): [str(c) for c in cs] for s, cs in self.hands.items()},
            "hand_sizes": list(self.hand_sizes),
            "auction": self.auction,
            "contract": self.contract,
            "trump": self.trump,
            "trick": [[s, str(c)] for s, c in self.trick],
            "tricks": [[lead, [str(c) for c in cs], win] for lead, cs, win in self.tricks],
            "tricks_won": list(self.tricks_won),
            "totals": {str(k): str(v) for k, v in self.totals.items()},
            "deal_scores": [{str(k): str(v) for k, v in d.items()} for d in self.deal_scores],
            "legal_actions": [str(a) for a in self.legal_actions],
        }
        if self.turned_up is not None:
            out["turned_up"] = str(self.turned_up)
        if self.claim is not None:
            out["claim"] = self.claim
        if self.auction_actions:
            out["auction_actions"] = [[s, text] for s, text in self.auction_actions]
        if self.known:
            out["known"] = {str(s): [str(c) for c in cs] for s, cs in self.known.items()}
        if self.trump_concealed:
            out["trump_concealed"] = True
        if self.revealed is not None:
            out["revealed"] = list(self.revealed)
        if self.to_deal:
            out["to_deal"] = list(self.to_deal)
        if self.sides:
            out["sides"] = {str(s): side for s, side in self.sides.items()}
        if self.play_calls:
            out["play_calls"] = [[s, text] for s, text in self.play_calls]
        if self.stock_shown:
            out["stock_shown"] = [str(c) for c in self.stock_shown]
        return out

    def to_json(self) -> str:
        """The view as JSON, safe to send to this seat's client."""
        return json.dumps(self.to_dict(), ensure_ascii=False)

    def __str__(self) -> str:
        """The deal as this seat sees it, laid out as a card player reads it (the other
        hands as counts): see :mod:`cardrules.engine.picture`."""
        from cardrules.engine.picture import text

        return text(self)

    def _repr_html_(self) -> str:
        """The picture as HTML, for notebooks."""
        from cardrules.engine.picture import html

        return html(self)


#: The ``seat`` of the public view (:meth:`Game.public_view`): no seat, a spectator's.
PUBLIC = -1


def make_view(game: Game, seat: int) -> View:
    """Build ``seat``'s view of ``game`` (see :meth:`Game.view`); ``seat`` :data:`PUBLIC`:
    what every seat may see, and nothing any one seat is told alone."""
    visible = {*game.auction.exposed()} if seat == PUBLIC else {seat, *game.auction.exposed()}
    if game.phase == "auction":
        visible -= game.auction.unseen()  # a seat that has not looked sees no card of its own
    if game.contract is not None:  # a hand shown during the play (dummy, after the lead)
        played = len(game.tricks) * game.rules.players + len(game.trick)
        visible.update(game.contract.exposed(played))
    if game.phase == "finished":
        visible = set() if seat == PUBLIC else {seat}
    cards_of = game.deck.cards_of
    hands = {s: tuple(cards_of(game.hands[s])) for s in sorted(visible)}
    to_act = game.to_act
    controller = None if to_act is None else game.controller(to_act)
    legal = tuple(game.legal_actions()) if controller == seat else ()
    contract = game.contract
    auction = game.auction.public()
    if seat != PUBLIC:  # told this seat alone
        auction.update(game.auction.private(seat))
    calls = tuple(
        (s, str(a) if s == seat or not a.private else None) for s, a in game.auction_actions
    )
    known: dict[int, tuple[Card, ...]] = {}
    if seat != PUBLIC and contract is not None:
        for s, mask in game.auction.known_to(seat).items():
            held = mask & game.hands[s]
            if held and s not in visible:
                known[s] = tuple(cards_of(held))
    sides: dict[int, str] = {}
    if contract is not None:  # what this seat knows of the sides (all of them: {})
        dealt = 0 if seat == PUBLIC else game.initial_hands[seat]
        trick = tuple((played.seat, played.card) for played in game.trick)
        sides = contract.sides_known(seat, dealt, game.tricks, trick, game.play_calls)
    concealed = _concealed(game, seat)
    if concealed:  # the trump concealed: this seat knows that there is one, not which
        contract = contract.trump_hidden() if contract is not None else None
    trump = None
    if contract is not None:
        trump = None if contract.trump is None else contract.trump.name
    elif game.rules.trump is not None:
        trump = game.rules.trump.name
    return View(
        seat=seat,
        profile=game.rules.name,
        phase=game.phase,
        deal_number=game.deal_number,
        dealer=game.dealer,
        to_act=to_act,
        controller=controller,
        hands=hands,
        hand_sizes=tuple(h.bit_count() for h in game.hands),
        auction=auction,
        contract=None if contract is None else contract.to_dict(),
        trump=trump,
        trick=tuple(game.trick),
        tricks=tuple((t.leader, tuple(c for _, c in t.cards), t.winner) for t in game.tricks),
        tricks_won=tuple(game.tricks_won),
        totals=dict(game.totals),
        deal_scores=tuple(dict(d.scores) for d in game.deals),
        legal_actions=legal,
        deal_contract=contract,
        turned_up=game.turned_up,
        turned_up_in_stock=game.turned_up_in_stock,
        claim=game.claim,
        auction_actions=calls,
        known=known,
        results=tuple(game.deals),
        to_deal=game.cards_to_deal if game.rules.deal_stages else (),
        ruleset=game.rules,
        trump_concealed=game._hidden is not None and game.phase in _IN_PLAY,
        revealed=game.revealed if game.phase in _IN_PLAY else None,
        sides=sides,
        play_calls=tuple((s, str(call)) for s, call in game.play_calls),
        stock_shown=game.stock_shown,
    )


#: The phases in which a deal's trump may be concealed (once the deal is over, it is shown).
_IN_PLAY = ("play", "claim")


def _concealed(game: Game, seat: int) -> bool:
    """Whether the deal's trump is concealed from ``seat`` now: chosen, not revealed, and
    ``seat`` is not its chooser (the public view is no seat's)."""
    hidden = game._hidden
    return hidden is not None and game.phase in _IN_PLAY and seat != hidden.chooser
