"""Slovenian Tarok's auction as the profile ``tarok`` plays it: OpenSpiel's bidding, king
calling and talon exchange with the Slovenian rules' differences, then the announcements
and the doublings.

The bidding (TK-2.x) is OpenSpiel's but for its end: when the players after forehand have
all passed, forehand may pass too, and klop is played (no bid names it).  After the
exchange (TK-4.x), in three, two, one and their solos, the declarer announces any of the
bonuses (TK-5.1: trula, kings, king ultimo where a king was called, pagat ultimo, valat)
one by one and passes; then, in every contract but klop, the doublings (TK-5.2): the
other players in turn may say ``kontra`` (the declarer's partner may not double its own
side), then the declarer ``rekontra``, the others ``subkontra``, the declarer
``mordkontra``, each doubling the deal's score again; a round in which nobody doubles ends
the auction.

The contract (:class:`SlovenianContract`) carries what every seat knows: the bonuses
announced and the doublings; its :meth:`~SlovenianContract.sides_known` tells each seat the
sides as far as it knows them (TK-3.2), and an open beggar's hand is shown once the first
trick is complete (TK-6.3).

>>> import cardrules
>>> game = cardrules.load("tarok").new_game(seed=3)
>>> for text in ("pass", "pass", "pass", "pass"):
...     game.apply(text)
>>> game.contract.words()
'Contract: klop (every player for itself)'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from cardrules.deck import Card, Deck
from cardrules.rules.actions import Action
from cardrules.rules.components import DealInfo, Whereabouts
from cardrules_tarok.actions import (
    ANNOUNCES,
    BIDS,
    BONUSES,
    DOUBLES,
    DOUBLINGS,
    PASS,
    Announce,
    Double,
    PassCall,
)
from cardrules_tarok.auction import (
    BIDDING,
    EXCHANGES,
    NO_BID,
    OVER,
    PASSED,
    TarokBidding,
    TarokBiddingState,
    TarokContract,
    decided,
)

if TYPE_CHECKING:
    from cardrules.engine.tricks import Trick

__all__ = ["SlovenianBidding", "SlovenianBiddingState", "SlovenianContract"]

#: The rule ids of ``tarok.rules.md`` the auction's new steps cite.
KLOP_RULE, ANNOUNCE_RULE, DOUBLE_RULE = "TK-2.3", "TK-5.1", "TK-5.2"
#: The contracts whose declarer announces bonuses (TK-5.1): three, two, one, solo or not.
NORMAL = tuple(EXCHANGES)
#: The phases the Slovenian auction adds.
ANNOUNCING, DOUBLING = "announcing", "doubling"
#: The doublings an opponent of the declarer says (TK-5.2), as their texts.
_AGAINST = frozenset(str(d) for d in DOUBLES if d.level % 2)
#: The sides as the views name them (TK-3.2).
DECLARERS, OPPONENTS = "declarer's side", "opponents"


@dataclass(frozen=True, slots=True)
class SlovenianContract(TarokContract):
    """A Slovenian Tarok contract: a :class:`~cardrules_tarok.TarokContract` with the
    bonuses its declarer announced (``announced``, in the order of TK-5.1), the doublings
    said (``doubled``: 0 none, 1 kontra .. 4 mordkontra) and the table's size
    (``players``)."""

    announced: tuple[str, ...] = ()
    doubled: int = 0
    players: int = 4

    @property
    def multiplier(self) -> int:
        """What the doublings multiply the deal's score by (TK-5.2): 1, 2, 4, 8 or 16."""
        return 1 << self.doubled

    def exposed(self, played: int) -> frozenset[int]:
        """An open beggar's hand, once the first trick is complete (TK-6.3)."""
        if self.name == "open beggar" and played >= self.players:
            return frozenset((self.declarer,))
        return frozenset()

    def sides_known(
        self,
        seat: int,
        dealt: int,
        tricks: Sequence[Trick],
        trick: Sequence[tuple[int, Card]],
        calls: Sequence[tuple[int, Action]] = (),
    ) -> dict[int, str]:
        """The sides as ``seat`` knows them (TK-3.2): nothing in klop; every seat's where
        there is no king called, where it lies in the talon, once it is played, and to its
        holder; else the declarer's and, to another player, its own (an opponent)."""
        if self.name == "klop":
            return {}
        if self.king < 0 or self.king in self.talon:
            return self._sides(-1)
        for s, card in [*((s, c) for t in tricks for s, c in t.cards), *trick]:
            if card.index == self.king:
                return self._sides(s)
        if seat >= 0 and dealt >> self.king & 1:
            return self._sides(seat)
        known = {self.declarer: DECLARERS}
        if seat >= 0 and seat != self.declarer:
            known[seat] = OPPONENTS
        return dict(sorted(known.items()))

    def _sides(self, partner: int) -> dict[int, str]:
        return {
            s: DECLARERS if s in (self.declarer, partner) else OPPONENTS
            for s in range(self.players)
        }

    def words(self) -> str:
        """``"Contract: two, declared by E, calling KH, trula announced, kontra"``."""
        out = TarokContract.words(self)
        if self.announced:
            out += f", {' and '.join(self.announced)} announced"
        if self.doubled:
            out += f", {DOUBLINGS[self.doubled - 1]}"
        return out

    def to_dict(self) -> dict[str, Any]:
        out = TarokContract.to_dict(self)
        if self.announced:
            out["announced"] = list(self.announced)
        if self.doubled:
            out["doubled"] = DOUBLINGS[self.doubled - 1]
        return out


@dataclass(frozen=True, slots=True)
class SlovenianEarlyContract(SlovenianContract):
    """A beggar or a valat of the Slovenian rules: the play stops once the declarer's fate
    is decided (TK-6.4)."""

    decides_early: ClassVar[bool] = True

    def play_decided(self, tricks: Sequence[int]) -> bool:
        """A beggar's declarer took a trick, or another player took one in a valat."""
        return decided(self, tricks)


class SlovenianBidding(TarokBidding):
    """The auction of the profile ``tarok`` (see the module's docstring)."""

    rule_ids = ("TK-2.1", "TK-3.1", "TK-4.1", "TK-4.2")

    def __repr__(self) -> str:
        return f"SlovenianBidding(play_turn_rule={self.play_turn_rule!r})"

    @property
    def summary(self) -> str:
        """The rule in words, as ``cardrules show`` and the rule pages print it."""
        return (
            "from the player after forehand, each bids a higher contract or passes (forehand "
            "may hold, and alone may bid three; all passing, klop is played); the declarer "
            "of three, two or one calls a king; the talon is turned up in parts, the "
            "declarer takes one and lays as many cards away; the declarer announces its "
            "bonuses; kontra, rekontra, subkontra and mordkontra double the stake"
        )

    def every_action(self) -> tuple[Action, ...]:
        """Every action of the auction, each once."""
        return (*TarokBidding.every_action(self), *ANNOUNCES.values(), *DOUBLES)

    def whereabouts(
        self,
        auction: Mapping[str, Any],
        *,
        seat: int,
        actions: Sequence[tuple[int, str | None]],
        deck: Deck,
        play: bool,
    ) -> Whereabouts:
        """OpenSpiel's (the talon), and the king called: no player who doubled the
        declarer's side (kontra, subkontra) held it, its partner not doubling its own side
        (TK-5.2)."""
        out = TarokBidding.whereabouts(
            self, auction, seat=seat, actions=actions, deck=deck, play=play
        )
        king = auction.get("king")
        if not king:
            return out
        bit = 1 << deck.parse(king).index
        lacking = dict(out.lacking)
        for s, text in actions:
            if text in _AGAINST:
                lacking[s] = lacking.get(s, 0) | bit
        return dataclasses.replace(out, lacking=lacking)

    def start(self, deal: DealInfo) -> SlovenianBiddingState:
        """The bidding of a fresh deal (TK-1.1)."""
        return SlovenianBiddingState.from_base(TarokBidding.start(self, deal))


class SlovenianBiddingState(TarokBiddingState):
    """One deal's Slovenian auction in progress."""

    __slots__ = ("announced", "doubled", "speakers")

    announced: list[str]
    doubled: int
    speakers: list[int]

    @classmethod
    def from_base(cls, base: TarokBiddingState) -> SlovenianBiddingState:
        """The state of a fresh deal, made from OpenSpiel's."""
        state = cls.__new__(cls)
        for name in TarokBiddingState.__slots__:
            setattr(state, name, getattr(base, name))
        state.bids = list(base.bids)
        state.discarded = list(base.discarded)
        state.announced = []
        state.doubled = 0
        #: The seats still to speak in this round of the doublings, in turn.
        state.speakers = []
        return state

    def __repr__(self) -> str:
        out = TarokBiddingState.__repr__(self)[:-1]
        if self.announced:
            out += f", {' and '.join(self.announced)} announced"
        if self.doubled:
            out += f", {DOUBLINGS[self.doubled - 1]}"
        return out + ">"

    @property
    def turn_rule(self) -> str:
        """The rule an action out of turn breaks."""
        if self.phase == ANNOUNCING:
            return ANNOUNCE_RULE
        if self.phase == DOUBLING:
            return DOUBLE_RULE
        return TarokBiddingState.turn_rule.fget(self)  # type: ignore[attr-defined,no-any-return]

    def to_act(self) -> int | None:
        """The seat to act; None once the auction is over."""
        if self.phase == DOUBLING:
            return self.speakers[0]
        return TarokBiddingState.to_act(self)

    def _forehand_alone(self) -> bool:
        """Forehand's first turn, every other player having passed (TK-2.3)."""
        return (
            self.phase == BIDDING
            and self.to == 0
            and self.bids[0] == NO_BID
            and self._others_passed()
        )

    def legal_actions(self) -> list[Action]:
        """The bids (forehand alone: pass for klop, three or higher), the kings, the parts,
        the cards laid away, the bonuses and the doublings."""
        if self._forehand_alone():
            return [PASS, *(b for b in TarokBiddingState._legal_bids(self) if b != BIDS[0])]
        if self.phase == ANNOUNCING:
            return [PASS, *(ANNOUNCES[b] for b in self._may_announce())]
        if self.phase == DOUBLING:
            seat = self.speakers[0]
            if seat == self.declarer or seat != self._partner():
                return [PASS, DOUBLES[self.doubled]]
            return [PASS]
        return TarokBiddingState.legal_actions(self)

    def _may_announce(self) -> list[str]:
        """The bonuses not yet announced; the king ultimo only where a king was called that
        does not lie in the talon (TK-5.1)."""
        out = []
        for bonus in BONUSES:
            if bonus in self.announced:
                continue
            if bonus == "king ultimo" and (self.king < 0 or self.king in self.talon):
                continue
            out.append(bonus)
        return out

    def _partner(self) -> int:
        """The holder of the called king (-1: none, or the declarer itself)."""
        if self.king < 0:
            return -1
        for seat, hand in enumerate(self.hands):
            if hand >> self.king & 1 and seat != self.declarer:
                return seat
        return -1

    def _apply(self, action: Action) -> None:
        if self._forehand_alone() and isinstance(action, PassCall):
            self.bids[0] = PASSED
            self.declarer = self.order[0]
            self.name = "klop"
            self.phase = OVER
            return
        if self.phase == ANNOUNCING:
            if isinstance(action, Announce):
                self.announced.append(action.bonus)
            else:
                self._begin_doubling()
            return
        if self.phase == DOUBLING:
            self._double(action)
            return
        TarokBiddingState._apply(self, action)
        if self.phase == OVER and self.name != "klop":
            if self.name in NORMAL:
                self.phase = ANNOUNCING
            else:
                self._begin_doubling()

    def _begin_doubling(self) -> None:
        """A round of the doublings: the others in turn, or the declarer (TK-5.2)."""
        self.phase = DOUBLING
        if self.doubled % 2:
            self.speakers = [self.declarer]
        else:
            start = self.order.index(self.declarer)
            self.speakers = [self.order[(start + k) % self.n] for k in range(1, self.n)]

    def _double(self, action: Action) -> None:
        if isinstance(action, Double):
            self.doubled = action.level
            if self.doubled == len(DOUBLINGS):
                self.phase = OVER
            else:
                self._begin_doubling()
            return
        self.speakers.pop(0)
        if not self.speakers:
            self.phase = OVER

    def _why_not(self, action: Action) -> str:
        if self._forehand_alone():
            return "pass (klop is played), or bid three or a higher contract"
        if self.phase == ANNOUNCING:
            if isinstance(action, Announce) and action.bonus in self.announced:
                return f"{action.bonus} is announced already"
            if isinstance(action, Announce):
                return "the king ultimo is announced only with a king called, not in the talon"
            return "announce a bonus (trula, kings, king ultimo, pagat ultimo, valat) or pass"
        if self.phase == DOUBLING:
            word = DOUBLINGS[self.doubled]
            if self.speakers[0] != self.declarer and self.speakers[0] == self._partner():
                return "the declarer's partner does not double its own side: pass"
            return f"say {word} or pass"
        return TarokBiddingState._why_not(self, action)

    def _more(self) -> dict[str, Any]:
        """The Slovenian contract's kinds and its announcements, doublings and table."""
        return {
            "kinds": (SlovenianContract, SlovenianEarlyContract),
            "announced": tuple(b for b in BONUSES if b in self.announced),
            "doubled": self.doubled,
            "players": self.n,
        }

    def public(self) -> dict[str, Any]:
        """OpenSpiel's facts, with the bonuses announced and the doublings (TK-5.x)."""
        out = TarokBiddingState.public(self)
        if self.phase in (ANNOUNCING, DOUBLING, OVER) and self.name and self.name != "klop":
            out["announced"] = list(self.announced)
            out["doubled"] = DOUBLINGS[self.doubled - 1] if self.doubled else None
        return out
