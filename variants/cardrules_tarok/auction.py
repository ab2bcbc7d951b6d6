"""Tarok's bidding, king calling and talon exchange as OpenSpiel plays them.

The bidding (TKO-2.x) starts with the player after forehand (forehand is the dealer's
left) and goes round, a player who passed staying out; each bid names a contract at
least as high as the highest so far, equal only for a player of higher priority (nearer
forehand), who may hold it.  Forehand, when all the others have passed before its first
turn, may not pass and may also bid klop or three.  The last player in bids again (it
may repeat its bid) and plays the contract bid then.  At four players a declarer of
three, two or one calls a king (TKO-3.1); its holder is the partner, unknown to the
others.  A contract of three, two or one (solo or not) turns the talon's six cards up in
parts of three, two or one (TKO-4.1); the declarer takes one part and lays as many cards
away, no king nor tarok while it holds another card, never one of the trula (TKO-4.2).

>>> from cardrules.rules.components import DealInfo, Direction
>>> from cardrules_tarok.actions import DECK, PASS, TarokBid
>>> cards = [c.index for c in DECK.cards]
>>> hands = tuple(sum(1 << i for i in cards[s::3][:16]) for s in range(3))
>>> stock = tuple(i for i in cards if not any(h >> i & 1 for h in hands))
>>> state = TarokBidding().start(DealInfo(2, hands, Direction(1, 3), stock, deck=DECK))
>>> state.to_act(), [str(a) for a in state.legal_actions()][:3]
(1, ['pass', 'go two', 'go one'])
>>> state.apply(1, PASS); state.apply(2, PASS)
>>> [str(a) for a in state.legal_actions()][:3]
['go klop', 'go three', 'go two']
>>> state.apply(0, TarokBid("three")); state
<tarok bidding, dealer 2: N bids three, talon: 0 of 3 laid away>
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from cardrules.deck import Deck
from cardrules.errors import CardError, CardrulesError, IllegalAction
from cardrules.rules.actions import Action
from cardrules.rules.components import (
    Auction,
    AuctionState,
    Contract,
    DealInfo,
    Direction,
    Whereabouts,
    seat_name,
    seat_words,
)
from cardrules_tarok.actions import (
    BIDS,
    CALLS,
    CONTRACTS,
    DECK,
    DISCARDS,
    KINGS,
    KINGS_MASK,
    PARTS,
    PASS,
    TAROKS,
    TRULA,
    CallKing,
    Discard,
    PassCall,
    TakePart,
    TarokBid,
)
from cardrules_tarok.ranking import COLOUR, NEGATIVE, TAROK

__all__ = ["EarlyContract", "TarokBidding", "TarokBiddingState", "TarokContract", "contract_for"]

#: Cards in the talon (TKO-1.1).
TALON_SIZE = 6
#: The cards of the talon each contract exchanges (0: none), by name (TKO-4.1).
EXCHANGES = {"three": 3, "two": 2, "one": 1, "solo three": 3, "solo two": 2, "solo one": 1}
#: The contracts a declarer of which calls a king at four players (TKO-3.1).
CALLING = ("three", "two", "one")
#: The contracts whose declarer leads the first trick (TKO-6.1).
DECLARER_LEADS = (
    "beggar",
    "solo without",
    "open beggar",
    "colour valat without",
    "valat without",
)
#: The contracts of three players: no solo three, two or one (TKO-2.1).
THREE_PLAYER_CONTRACTS = tuple(
    c for c in CONTRACTS if c not in ("solo three", "solo two", "solo one")
)


@dataclass(frozen=True, slots=True)
class TarokContract(Contract):
    """What a Tarok deal is played in: the declarer and its contract's name (klop has a
    declarer too: the forehand that bid it), the king called (a card index, -1: none), the
    talon as turned up for the exchange (card indices in the order they lie; empty where it
    stays face down) and the part taken (1-based, 0: none).  In klop, ``talon_order`` is the
    order in which the hidden talon's cards are given out, as the place of each among the
    talon's cards sorted by index (it tells nothing of the cards themselves)."""

    declarer: int = 0
    name: str = "klop"
    king: int = -1
    talon: tuple[int, ...] = ()
    part: int = 0
    talon_order: tuple[int, ...] = ()

    made_label: ClassVar[str] = "contracts won"

    @property
    def exchanges(self) -> int:
        """The talon's cards a part holds (0: no exchange)."""
        return EXCHANGES.get(self.name, 0)

    def taken(self) -> tuple[int, ...]:
        """The talon's cards the declarer took (card indices)."""
        size = self.exchanges
        if not size or not self.part:
            return ()
        return self.talon[(self.part - 1) * size : self.part * size]

    def stock_shown(self, tricks: int) -> tuple[int, ...]:
        """Klop: the talon's cards given with the first six tricks, each shown once its
        trick is complete, in the order the talon lies (TKO-5.3)."""
        if self.name != "klop":
            return ()
        return tuple(range(min(tricks, TALON_SIZE)))

    def needs_tricks(self, seat: int, won: Sequence[int]) -> bool:
        """Nobody wants tricks in klop; a beggar's declarer wants none."""
        if self.name == "klop":
            return False
        return not (self.name in ("beggar", "open beggar") and seat == self.declarer)

    def words(self) -> str:
        """``"Contract: three, declared by E, calling KH"``."""
        if self.name == "klop":
            return "Contract: klop (every player for itself)"
        out = f"Contract: {self.name}, declared by {seat_name(self.declarer)}"
        if self.king >= 0:
            out += f", calling {DECK.cards[self.king]}"
        return out

    def to_dict(self) -> dict[str, Any]:
        out = Contract.to_dict(self)
        out["declarer"] = self.declarer
        out["contract"] = self.name
        if self.king >= 0:
            out["king"] = str(DECK.cards[self.king])
        if self.talon:
            out["talon"] = [str(DECK.cards[i]) for i in self.talon]
            out["part"] = self.part
        return out


@dataclass(frozen=True, slots=True)
class EarlyContract(TarokContract):
    """A beggar (the declarer takes no trick) or a valat (the declarer takes every trick):
    the play stops once the declarer's fate is decided (TKO-6.6)."""

    decides_early: ClassVar[bool] = True

    def play_decided(self, tricks: Sequence[int]) -> bool:
        """A beggar's declarer took a trick, or another player took one in a valat."""
        return decided(self, tricks)


def decided(contract: TarokContract, tricks: Sequence[int]) -> bool:
    """Whether a beggar or a valat is decided by the tricks taken so far (TKO-6.6): a
    beggar's declarer took a trick, or another player took one in a valat."""
    if contract.name in ("beggar", "open beggar"):
        return tricks[contract.declarer] > 0
    return any(t for s, t in enumerate(tricks) if s != contract.declarer)


def contract_for(
    name: str,
    declarer: int,
    leader: int,
    *,
    king: int = -1,
    talon: tuple[int, ...] = (),
    part: int = 0,
    talon_order: tuple[int, ...] = (),
    turn_rule: str = "",
    kinds: tuple[type[TarokContract], type[TarokContract]] | None = None,
    **more: Any,
) -> TarokContract:
    """The contract ``name`` of ``declarer``, ``leader`` leading (TKO-6.1), in the ranking
    its kind plays (TKO-6.3, TKO-6.5): of ``kinds``' second class where the play stops once
    decided (a beggar, a valat), else of its first (default: :class:`TarokContract` and
    :class:`EarlyContract`), with the fields ``more`` of such a class."""
    ranking = (
        NEGATIVE
        if name in ("klop", "beggar", "open beggar")
        else COLOUR
        if name == "colour valat without"
        else TAROK
    )
    plain, early = kinds or (TarokContract, EarlyContract)
    kind = early if name in ("beggar", "open beggar") or "valat" in name else plain
    return kind(
        None,
        leader,
        declarer=declarer,
        name=name,
        king=king,
        talon=talon,
        part=part,
        talon_order=talon_order,
        ranking=ranking,
        turn_rule=turn_rule,
        **more,
    )


class TarokBidding(Auction):
    """The bidding, king calling and talon exchange of OpenSpiel's ``tarok`` (see the
    module's docstring); ``play_turn_rule`` is what a card out of turn cites."""

    #: The rules a refusal cites, of the bidding, the king, the talon's parts and the
    #: cards laid away (``tarok-openspiel.rules.md``).
    rule_ids: tuple[str, str, str, str] = ("TKO-2.1", "TKO-3.1", "TKO-4.1", "TKO-4.2")

    def __init__(self, *, play_turn_rule: str = "") -> None:
        self.play_turn_rule = play_turn_rule

    def __repr__(self) -> str:
        return f"TarokBidding(play_turn_rule={self.play_turn_rule!r})"

    @property
    def summary(self) -> str:
        """The rule in words, as ``cardrules show`` and the rule pages print it."""
        return (
            "from the player after forehand, each bids a higher contract or passes (forehand "
            "may hold, and alone may bid klop or three); at four players the declarer of "
            "three, two or one calls a king; the talon is turned up in parts, the declarer "
            "takes one and lays as many cards away"
        )

    def every_action(self) -> tuple[Action, ...]:
        """Every action of the auction, each once."""
        return (PASS, *BIDS, *CALLS.values(), *PARTS, *DISCARDS)

    def whereabouts(
        self,
        auction: Mapping[str, Any],
        *,
        seat: int,
        actions: Sequence[tuple[int, str | None]],
        deck: Deck,
        play: bool,
    ) -> Whereabouts:
        """Where the talon turned up tells cards lie (TKO-4.1, TKO-4.2): during the
        auction its six cards are the stock and the taroks laid away that it did not hold
        were the declarer's; once the play has begun its parts not taken and the cards laid
        away are in no hand, the part taken is the declarer's (but a card of the suits,
        which may have been laid away unseen), no other seat's.  A declarer that laid a
        tarok away held no other card it might lay away then: during the auction, its cards
        of the suits but the kings with the part taken are the cards it laid away unseen;
        once the play has begun it holds none."""
        talon = _talon(auction, deck)
        if not talon:
            return Whereabouts()
        mask = _mask(talon)
        declarer: int = auction["declarer"]
        taken = _mask(_part(auction, talon))
        taroks = _mask(deck.parse(text).index for text in auction.get("taroks_laid_away", ()))
        unseen = int(auction.get("laid_away", 0)) - taroks.bit_count()  # (cards of the suits)
        plain = deck.all_mask & ~TAROKS & ~KINGS_MASK  # what is laid away while held
        if not (play or _exchanged(auction)):
            tests: dict[int, Callable[[int], bool]] = {}
            lacking: dict[int, int] = {}
            if taroks and unseen == (taken & plain).bit_count():  # none of them dealt
                lacking[declarer] = plain
            elif unseen or taroks:
                tests[declarer] = _laid_unseen(taken, plain, unseen, exact=bool(taroks))
            held = {declarer: taroks & ~mask}
            return Whereabouts(held=held, lacking=lacking, away=mask, tests=tests)
        own = _mask(deck.parse(text).index for text in auction.get("discarded", ()))
        seats = range(len(auction["bids"]))  # (every seat has a bid, or none yet)
        barred = {s: taken for s in seats if s != declarer}
        if taroks:  # it had laid every card of the suits but the kings away
            barred[declarer] = plain
        return Whereabouts(
            held={declarer: taken & ~taroks & ~(plain if unseen else 0)},
            lacking=barred,
            away=mask & ~taken | taroks | own,
        )

    def as_dealt(
        self,
        auction: Mapping[str, Any],
        *,
        seat: int,
        hands: Sequence[int],
        stock: Sequence[int],
        deck: Deck,
        play: bool,
        rng: random.Random,
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The talon as it lies: turned up, in the order shown (TKO-4.1); face down during
        the auction, in an order drawn from ``rng``.  Once the play has begun the
        declarer's hand as dealt is the hand it holds (with the cards it played) less the
        part it took, with the cards it laid away that were not the talon's (TKO-4.2)."""
        talon = _talon(auction, deck)
        if not talon:
            order = list(stock)
            if not play:  # (its order is told to no seat)
                rng.shuffle(order)
            return tuple(hands), tuple(order)
        mask = _mask(talon)
        rest = _mask(stock)
        if not (play or _exchanged(auction)):
            if rest != mask:
                raise CardError(
                    "invalid hands: the talon turned up is not the cards no hand holds "
                    f"({' '.join(auction['talon'])})"
                )
            return tuple(hands), talon
        declarer: int = auction["declarer"]
        taken = _mask(_part(auction, talon))
        if mask & ~taken & ~rest or taken & ~(hands[declarer] | rest):
            raise CardError(
                "invalid hands: a card of the talon is held by a player who did not take it "
                f"({' '.join(auction['talon'])})"
            )
        dealt = list(hands)
        dealt[declarer] = hands[declarer] & ~taken | rest & ~mask
        return tuple(dealt), talon

    def start(self, deal: DealInfo) -> TarokBiddingState:
        """The bidding of a fresh deal: the stock is the talon (TKO-1.1)."""
        if len(deal.stock) != TALON_SIZE:
            raise CardrulesError(
                f"a Tarok deal leaves {TALON_SIZE} cards in the talon (TKO-1.1); this one "
                f"leaves {len(deal.stock)}"
            )
        return TarokBiddingState(
            self, deal.deck, deal.dealer, deal.direction, deal.hands, deal.stock
        )


#: The phases of the auction.
BIDDING, CALLING_KING, CHOOSING, DISCARDING, OVER = (
    "bidding",
    "king",
    "talon",
    "discarding",
    "over",
)
#: No bid made yet (OpenSpiel's kInvalidBidAction); a pass is 0.
NO_BID, PASSED = -1, 0


class TarokBiddingState(AuctionState):
    """One deal's bidding, king calling and talon exchange in progress."""

    __slots__ = (
        "bids",
        "dealer",
        "deck",
        "declarer",
        "discarded",
        "hands",
        "king",
        "n",
        "name",
        "order",
        "owner",
        "part",
        "phase",
        "talon",
        "to",
    )

    def __init__(
        self,
        owner: TarokBidding,
        deck: Deck,
        dealer: int,
        direction: Direction,
        hands: tuple[int, ...],
        stock: tuple[int, ...],
    ) -> None:
        self.owner = owner
        self.deck = deck
        self.dealer = dealer
        self.hands = hands
        self.talon = stock
        self.n = len(hands)
        #: The seats by priority: forehand (the dealer's left) first, the dealer last.
        self.order = direction.order(direction.next(dealer))
        #: Each seat's last bid by priority (NO_BID, PASSED or a contract's number).
        self.bids = [NO_BID] * self.n
        self.to = 1  # the player after forehand starts (TKO-2.2)
        self.phase = BIDDING
        self.declarer = -1
        self.name = ""
        self.king = -1
        self.part = 0
        #: The cards laid away, in order.
        self.discarded: list[int] = []

    def __repr__(self) -> str:
        head = f"<tarok bidding, dealer {self.dealer}"
        if self.declarer < 0:
            return f"{head}: {sum(b == PASSED for b in self.bids)} passes>"
        out = f"{head}: {seat_name(self.declarer)} bids {self.name}"
        if self.king >= 0:
            out += f", calls {DECK.cards[self.king]}"
        if EXCHANGES.get(self.name):
            out += f", talon: {len(self.discarded)} of {EXCHANGES[self.name]} laid away"
        return out + ">"

    @property
    def contracts(self) -> tuple[str, ...]:
        """The contracts of this number of players (TKO-2.1)."""
        return THREE_PLAYER_CONTRACTS if self.n == 3 else CONTRACTS

    @property
    def turn_rule(self) -> str:
        """The rule an action out of turn breaks."""
        bid, king, talon, discard = self.owner.rule_ids
        return {CALLING_KING: king, CHOOSING: talon, DISCARDING: discard}.get(self.phase, bid)

    def to_act(self) -> int | None:
        """The seat to act; None once the auction is over."""
        if self.phase == BIDDING:
            return self.order[self.to]
        if self.phase == OVER:
            return None
        return self.declarer

    def _others_passed(self) -> bool:
        return all(b == PASSED for p, b in enumerate(self.bids) if p != self.to)

    def _holding(self) -> int:
        """The declarer's cards with the part taken, less those laid away."""
        mask = self.hands[self.declarer]
        for index in self._taken():
            mask |= 1 << index
        for index in self.discarded:
            mask &= ~(1 << index)
        return mask

    def _taken(self) -> tuple[int, ...]:
        size = EXCHANGES.get(self.name, 0)
        if not self.part:
            return ()
        return self.talon[(self.part - 1) * size : self.part * size]

    def legal_actions(self) -> list[Action]:
        """The bids, the kings, the talon's parts, or the cards that may be laid away."""
        if self.phase == BIDDING:
            return self._legal_bids()
        if self.phase == CALLING_KING:
            return [CALLS[k.index] for k in KINGS]
        if self.phase == CHOOSING:
            return list(PARTS[: TALON_SIZE // EXCHANGES[self.name]])
        if self.phase == DISCARDING:
            return [DISCARDS[i] for i in _indices(self._may_discard())]
        return []

    def _legal_bids(self) -> list[Action]:
        top = max(self.bids)
        top_player = self.bids.index(top)
        out: list[Action] = []
        if self.to == 0 and self.bids[0] == NO_BID and self._others_passed():
            out += [BIDS[0], BIDS[1]]  # forehand alone: klop or three (TKO-2.3)
        elif not self._others_passed():
            out.append(PASS)
        for bid in BIDS[2:]:
            if bid.contract not in self.contracts or bid.number < top:
                continue
            if bid.number > top or self.to <= top_player:
                out.append(bid)
        return out

    def _may_discard(self) -> int:
        """No king, no tarok while another card is held; never one of the trula (TKO-4.2)."""
        holding = self._holding()
        plain = holding & ~TAROKS & ~KINGS_MASK
        return plain if plain else holding & ~TRULA & ~KINGS_MASK

    def apply(self, seat: int, action: Action) -> None:
        """``seat``'s action; anything else is refused with the rule it breaks, nothing
        changed."""

        self._apply(self._checked(seat, action))

    def _checked(self, seat: int, action: Action) -> Action:
        """``action`` if ``seat`` may take it now; else refused with the rule it breaks."""

        def refusal(rule: str, reason: str) -> IllegalAction:
            return IllegalAction(rule, reason, action=str(action), seat=seat)

        to_act = self.to_act()
        if to_act is None:
            raise refusal(self.owner.rule_ids[0], "the auction is over: play a card")
        if seat != to_act:
            raise refusal(self.turn_rule, f"it is the turn of {seat_words(to_act)}")
        if isinstance(action, Discard) and action.card.deck is DECK:
            action = DISCARDS[action.card.index]  # (a tarok's is a DiscardTarok, shown to all)
        if action not in self.legal_actions():
            raise refusal(self.turn_rule, self._why_not(action))
        return action

    def _apply(self, action: Action) -> None:
        """A legal action of the seat to act."""
        if self.phase == BIDDING:
            assert isinstance(action, PassCall | TarokBid)
            self.bids[self.to] = action.number if isinstance(action, TarokBid) else PASSED
            if self._others_passed():
                assert isinstance(action, TarokBid)
                self._won(action.contract)
            else:
                self.to = (self.to + 1) % self.n
                while self.bids[self.to] == PASSED:
                    self.to = (self.to + 1) % self.n
            return
        if self.phase == CALLING_KING:
            assert isinstance(action, CallKing)
            self.king = action.card.index
            self.phase = CHOOSING
            return
        if self.phase == CHOOSING:
            assert isinstance(action, TakePart)
            self.part = action.part
            self.phase = DISCARDING
            return
        assert isinstance(action, Discard)
        self.discarded.append(action.card.index)
        if len(self.discarded) == EXCHANGES[self.name]:
            self.phase = OVER

    def _why_not(self, action: Action) -> str:
        """Why an action is not legal now, in words."""
        if self.phase == BIDDING:
            if isinstance(action, TarokBid) and action.contract not in self.contracts:
                return f"{action.contract} is not played by {self.n} players"
            if isinstance(action, PassCall):
                return "forehand may not pass when all the others have passed"
            return (
                "bid a contract higher than the highest bid (equal to it only with priority: "
                "nearer forehand), or pass"
            )
        if self.phase == CALLING_KING:
            return "call a king: KH, KD, KS or KC"
        if self.phase == CHOOSING:
            parts = TALON_SIZE // EXCHANGES[self.name]
            return f"take one of the talon's {parts} parts (take part 1 .. take part {parts})"
        if isinstance(action, Discard) and not self._holding() >> action.card.index & 1:
            return f"{action.card.symbol()} is not among the declarer's cards"
        return (
            "lay away a card that is neither a king nor a tarok (a tarok only when holding "
            "nothing else, never the Pagat, the Mond or the Škis)"
        )

    def _won(self, name: str) -> None:
        """The bidding is over: ``name`` is the contract (TKO-2.4)."""
        self.declarer = self.order[self.to]
        self.name = name
        if self.n == 4 and name in CALLING:
            self.phase = CALLING_KING
        elif name in EXCHANGES:
            self.phase = CHOOSING
        else:
            self.phase = OVER

    def result(self) -> TarokContract | None:
        """The contract once the auction is over (None before): forehand leads, or the
        declarer of beggar and above (TKO-6.1)."""
        if self.phase != OVER:
            return None
        leader = self.declarer if self.name in DECLARER_LEADS else self.order[0]
        exchange = self.name in EXCHANGES
        order: tuple[int, ...] = ()
        if self.name == "klop":
            ranked = sorted(self.talon)
            order = tuple(ranked.index(i) for i in self.talon)
        return contract_for(
            self.name,
            self.declarer,
            leader,
            king=self.king,
            talon=self.talon if exchange else (),
            part=self.part,
            talon_order=order,
            turn_rule=self.owner.play_turn_rule,
            **self._more(),
        )

    def _more(self) -> dict[str, Any]:
        """The contract's kinds and fields beyond OpenSpiel's (see :func:`contract_for`):
        none here."""
        return {}

    def hands_moved(self) -> bool:
        """The exchange is over (as many cards laid away as taken): the hands move then,
        before the announcements of the Slovenian rules (TK-5.1)."""
        size = EXCHANGES.get(self.name, 0)
        return bool(size and self.part) and len(self.discarded) == size

    def hands_after(self) -> tuple[int, ...] | None:
        """The declarer's hand with the part taken and the cards laid away out (TKO-4.2)."""
        if self.name not in EXCHANGES:
            return None
        hands = list(self.hands)
        hands[self.declarer] = self._holding()
        return tuple(hands)

    def public(self) -> dict[str, Any]:
        """The bids, the declarer and contract, the king called, the talon once turned up
        for the exchange, the parts it is split into, the part taken and the taroks laid
        away (TKO-4.1, TKO-4.2)."""
        out: dict[str, Any] = {
            "dealer": self.dealer,
            "bids": {str(self.order[p]): _bid_words(b) for p, b in enumerate(self.bids)},
            "declarer": None if self.declarer < 0 else self.declarer,
            "contract": self.name or None,
        }
        if self.king >= 0:
            out["king"] = str(DECK.cards[self.king])
        if EXCHANGES.get(self.name) and self.phase not in (BIDDING, CALLING_KING):
            out["talon"] = [str(DECK.cards[i]) for i in self.talon]
            out["parts"] = TALON_SIZE // EXCHANGES[self.name]  # (talon turned up: a contract)
            out["part"] = self.part or None
            out["taroks_laid_away"] = [
                str(DECK.cards[i]) for i in self.discarded if TAROKS >> i & 1
            ]
            out["laid_away"] = len(self.discarded)
        return out

    def private(self, seat: int) -> dict[str, Any]:
        """What the declarer alone knows: every card it laid away (TKO-4.2)."""
        if seat != self.declarer or not self.discarded:
            return {}
        return {"discarded": [str(DECK.cards[i]) for i in self.discarded]}


def _talon(auction: Mapping[str, Any], deck: Deck) -> tuple[int, ...]:
    """The talon's cards as a view's auction shows them turned up, in order (TKO-4.1;
    empty: not turned up)."""
    return tuple(deck.parse(text).index for text in auction.get("talon") or ())


def _part(auction: Mapping[str, Any], talon: Sequence[int]) -> Sequence[int]:
    """The part of the talon the declarer took, as a view's auction shows it (none yet:
    empty)."""
    part = auction.get("part") or 0
    size = len(talon) // auction["parts"]
    return talon[(part - 1) * size : part * size] if part else ()


def _mask(indices: Iterable[int]) -> int:
    out = 0
    for index in indices:
        out |= 1 << index
    return out


def _laid_unseen(taken: int, plain: int, unseen: int, *, exact: bool) -> Callable[[int], bool]:
    """The test of the declarer's hand as dealt: with the part ``taken`` it held the cards
    of the suits but the kings it laid away unseen (``unseen`` of them), and no other where
    it then laid a tarok away (``exact``)."""

    def test(hand: int) -> bool:
        held = ((hand | taken) & plain).bit_count()
        return held == unseen if exact else held >= unseen

    return test


def _exchanged(auction: Mapping[str, Any]) -> bool:
    """Whether the auction a view shows has finished its talon exchange (as many cards laid
    away as the part taken holds): the hands have moved (:meth:`TarokBiddingState.hands_moved`)."""
    parts, part = auction.get("parts"), auction.get("part")
    if not (isinstance(parts, int) and parts and isinstance(part, int) and part):
        return False
    return auction.get("laid_away") == TALON_SIZE // parts


def _bid_words(bid: int) -> str | None:
    if bid == NO_BID:
        return None
    return "pass" if bid == PASSED else CONTRACTS[bid - 1]


def _indices(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
