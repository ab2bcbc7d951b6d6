"""Finding the game of a Doppelkopf deal (the reservations), and the contract it makes.

From forehand (the dealer's left) each player says ``healthy`` or ``reservation``
(DK-2.1).  The players who reserved then name their games in the same order (DK-2.2):
the first to name a solo plays it and ends the query; a marriage (both queens of
clubs in one hand) is played when no solo is named (DK-2.3, DK-2.4).  When every player
is healthy the deal is a normal game: the holders of the queens of clubs are the Re
party, the others Kontra, and nobody is told who holds them (DK-1.4).  Forehand leads
in every game (DK-3.1).

>>> from cardrules.rules.components import DealInfo, Direction
>>> from cardrules_doppelkopf.actions import HEALTHY, RESERVATION, MARRIAGE
>>> from cardrules_doppelkopf.cards import DECK
>>> hands = tuple(DECK.mask_of(DECK.spread_copies(DECK.parse_cards(h))) for h in (
...     "QC QC 9C 9C KC KC 10C 10C AC AC 9S 9S", "KS KS 10S 10S AS AS 9H 9H KH KH AH AH",
...     "10H 10H QS QS QH QH QD QD JC JC JS JS", "JH JH JD JD 9D 9D KD KD 10D 10D AD AD"))
>>> state = Reservations().start(DealInfo(3, hands, Direction(1, 4), (), deck=DECK))
>>> state.apply(0, RESERVATION); state.apply(1, HEALTHY); state.apply(2, HEALTHY)
>>> state.apply(3, HEALTHY); state.legal_actions()
[Declare('marriage')]
>>> state.apply(0, MARRIAGE); state.result()
DoppelkopfContract(Suit.D, 0, game='marriage', declarer=0, ranking='dk_suit')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from cardrules.cards import Card
from cardrules.deck import Suit
from cardrules.errors import CardrulesError, IllegalAction
from cardrules.rules.actions import Action
from cardrules.rules.components import (
    Auction,
    AuctionState,
    Contract,
    DealInfo,
    PlayState,
    seat_name,
    seat_words,
)
from cardrules_doppelkopf.actions import (
    HEALTHY,
    LEVELS,
    MARRIAGE,
    PARTIES,
    RESERVATION,
    SOLOS,
    Announce,
    Declare,
    Health,
    solo_words,
)
from cardrules_doppelkopf.cards import (
    DECK,
    FLESHLESS,
    JACK_SOLO,
    QUEEN,
    QUEEN_SOLO,
    SUIT_SOLO,
)

if TYPE_CHECKING:
    from cardrules.engine.tricks import Trick

__all__ = [
    "MARRIAGE_TRICKS",
    "DoppelkopfContract",
    "Reservations",
    "ReservationsState",
    "contract_for",
    "re_party",
]

#: The rule ids the query cites.
QUERY_RULE = "DK-2.1"
GAME_RULE = "DK-2.2"
#: The cards a player holds at least to make its party's first announcement (DK-5.1); each
#: further one needs one card fewer (DK-5.2).
FIRST_ANNOUNCEMENT = 11
#: The tricks within which a marriage finds its partner (DK-2.3).
MARRIAGE_TRICKS = 3
#: The card both queens of clubs are copies of.
_QUEEN_OF_CLUBS = DECK.card(Suit.C, QUEEN)
_QC_MASK = DECK.mask_of(DECK.cards[_QUEEN_OF_CLUBS.index + c] for c in range(DECK.copies))
_RE, _KONTRA = "Re", "Kontra"


def queens_of_clubs(mask: int) -> int:
    """How many queens of clubs a hand (a mask) holds."""
    return (mask & _QC_MASK).bit_count()


def _is_qc(card: Card) -> bool:
    return card.suit is Suit.C and card.rank == QUEEN


@dataclass(frozen=True, slots=True)
class DoppelkopfContract(Contract):
    """What a Doppelkopf deal is played as: ``game`` ``"normal"``, ``"marriage"`` (of
    ``declarer``, who holds both queens of clubs) or ``"solo"`` (``declarer`` the soloist,
    ``solo`` which: :data:`~cardrules_doppelkopf.actions.SOLOS`).

    It is public: who holds the queens of clubs in a normal game is not in it (DK-1.4);
    each seat's view shows the parties as far as that seat knows them
    (:meth:`sides_known`, DK-4.1)."""

    game: str = "normal"
    declarer: int | None = None
    solo: str = ""

    made_label: ClassVar[str] = "games won by Re"
    #: The players announce during the play (DK-5).
    has_play_calls: ClassVar[bool] = True

    def __repr__(self) -> str:
        parts = [repr(self.trump), repr(self.leader), f"game={self.game!r}"]
        if self.declarer is not None:
            parts.append(f"declarer={self.declarer!r}")
        if self.solo:
            parts.append(f"solo={self.solo!r}")
        if self.ranking:
            parts.append(f"ranking={self.ranking!r}")
        return f"DoppelkopfContract({', '.join(parts)})"

    def words(self) -> str:
        """``"Normal game"``, ``"Marriage of E"``, ``"Queen solo by S"``."""
        if self.game == "marriage" and self.declarer is not None:
            return f"Marriage of {seat_name(self.declarer)}"
        if self.game == "solo" and self.declarer is not None:
            return f"{solo_words(self.solo).capitalize()} by {seat_name(self.declarer)}"
        return "Normal game"

    def to_dict(self) -> dict[str, Any]:
        out = Contract.to_dict(self)
        out["game"] = self.game
        if self.declarer is not None:
            out["declarer"] = self.declarer
        if self.solo:
            out["solo"] = self.solo
        return out

    def party_of(self, state: PlayState) -> str | None:
        """The party of the seat to act as it knows it, once it may announce (DK-5.3, DK-5.4):
        ``"re"`` or ``"kontra"``; None in a marriage before its clarifying trick."""
        if self.game == "solo":
            return "re" if state.seat == self.declarer else "kontra"
        if self.game == "marriage":
            party = marriage_party(self.declarer, state.tricks)
            if party is None:
                return None
            return "re" if state.seat in party else "kontra"
        return "re" if queens_of_clubs(state.dealt) else "kontra"

    def _next_announcement(self, state: PlayState) -> tuple[Announce | None, str, str]:
        """The one announcement the seat to act may make now, or None with the rule and the
        reason why none (DK-5.1 .. DK-5.5)."""
        party = self.party_of(state)
        if party is None:
            return None, "DK-5.4", "no announcement before the marriage's clarifying trick"
        other = "kontra" if party == "re" else "re"
        mine = max((a.level for _, a in _announcements(state.calls, party)), default=-1)
        theirs = max((a.level for _, a in _announcements(state.calls, other)), default=-1)
        if mine >= len(LEVELS) - 1:
            return None, "DK-5.2", f"the {party.capitalize()} party has announced everything"
        if any(a.late for _, a in _announcements(state.calls, party)):
            return (
                None,
                "DK-5.5",
                (
                    f"the {party.capitalize()} party replied with fewer than 11 cards: "
                    "it announces no more"
                ),
            )
        level = mine + 1
        shift = clarifying_trick(self, state.tricks) - 1  # (a marriage: DK-5.4)
        needed = FIRST_ANNOUNCEMENT - level - shift
        held = state.held.bit_count()
        late = False
        if level == 0 and theirs >= 0:  # a reply: one card fewer than theirs needed (DK-5.5)
            late = held < needed
            needed = min(needed, FIRST_ANNOUNCEMENT - theirs - shift - 1)
        announcement = Announce(party, level, late)
        if held < needed:
            rule = "DK-5.1" if level == 0 else "DK-5.2"
            return (
                None,
                rule,
                f"'{announcement}' needs at least {needed} cards in hand ({held} held)",
            )
        return announcement, "", ""

    def play_calls(self, state: PlayState) -> list[Action]:
        """The next announcement of the seat's party, while it holds enough cards (DK-5)."""
        announcement, _, _ = self._next_announcement(state)
        return [] if announcement is None else [announcement]

    def play_call_refusal(self, state: PlayState, action: Action) -> tuple[str, str]:
        """Why an announcement (or any other action but a card) is refused now (DK-5)."""
        if not isinstance(action, Announce):
            return "DK-4.2", "a card or an announcement ('re', 'kontra', 're no 90'...)"
        announcement, rule, why = self._next_announcement(state)
        if announcement is None:
            return rule, why
        if action.party != announcement.party:
            return "DK-5.3", f"{seat_words(state.seat)} announces only for its own party"
        return "DK-5.2", f"the next announcement of the party is '{announcement}'"

    def sides_known(
        self,
        seat: int,
        dealt: int,
        tricks: Sequence[Trick],
        trick: Sequence[tuple[int, Card]],
        calls: Sequence[tuple[int, Action]] = (),
    ) -> dict[int, str]:
        """The parties as ``seat`` knows them (DK-4.1): a solo's at once; a marriage's once
        its partner is found; in a normal game its own from its hand, a seat's that
        played a queen of clubs or announced its party, and the rest once both Re players
        are known."""
        seats = range(4)
        if self.game == "solo":
            return {s: _RE if s == self.declarer else _KONTRA for s in seats}
        if self.game == "marriage":
            re = marriage_party(self.declarer, tricks)
            if re is None:
                return {} if self.declarer is None else {self.declarer: _RE}
            return {s: _RE if s in re else _KONTRA for s in seats}
        known: dict[int, str] = {}
        held = queens_of_clubs(dealt) if seat >= 0 else 0
        if seat >= 0:
            known[seat] = _RE if held else _KONTRA
        if held == 2:  # a silent marriage: it plays alone (DK-2.5)
            return {s: _RE if s == seat else _KONTRA for s in seats}
        played = [(s, c) for t in tricks for s, c in t.cards] + list(trick)
        shown = [s for s, c in played if _is_qc(c)]
        for s in shown:
            known[s] = _RE
        for s, call in calls:
            party = getattr(call, "party", None)
            if party in ("re", "kontra"):
                known[s] = _RE if party == "re" else _KONTRA
        if len(shown) == 2 and shown[0] == shown[1]:  # both played by one: a silent solo
            return {s: _RE if s == shown[0] else _KONTRA for s in seats}
        if sum(side == _RE for side in known.values()) == 2:  # both Re players known
            return {s: known.get(s, _KONTRA) for s in seats}
        return dict(sorted(known.items()))


def _announcements(calls: Sequence[tuple[int, Action]], party: str) -> list[tuple[int, Announce]]:
    """The announcements of ``party`` among the calls of the play."""
    return [(s, a) for s, a in calls if isinstance(a, Announce) and a.party == party]


def marriage_party(declarer: int | None, tricks: Sequence[Trick]) -> frozenset[int] | None:
    """The Re party of a marriage once it is decided (DK-2.3): the marriage and the winner
    of the first trick another seat wins, within the first three; the marriage alone when
    it wins all three; None before that."""
    if declarer is None:
        return None
    for trick in tricks[:MARRIAGE_TRICKS]:
        if trick.winner != declarer:
            return frozenset({declarer, trick.winner})
    if len(tricks) >= MARRIAGE_TRICKS:
        return frozenset({declarer})
    return None


def clarifying_trick(contract: DoppelkopfContract, tricks: Sequence[Trick]) -> int:
    """The number of the trick that decided a marriage's parties (1 to 3), 0 before it is
    decided; 1 for every other game (its parties are set from the deal: DK-5.4)."""
    if contract.game != "marriage":
        return 1
    for number, trick in enumerate(tricks[:MARRIAGE_TRICKS], 1):
        if trick.winner != contract.declarer:
            return number
    return MARRIAGE_TRICKS if len(tricks) >= MARRIAGE_TRICKS else 0


def re_party(
    contract: DoppelkopfContract, dealt: Sequence[int], tricks: Sequence[Trick]
) -> tuple[frozenset[int], bool]:
    """The Re party of a deal and whether it is a solo (one player against three): the
    soloist; a marriage's (DK-2.3: a solo when the marriage found no partner); the holders
    of the queens of clubs, or their holder alone when one seat holds both (a silent
    marriage, played as a solo: DK-2.5)."""
    if contract.game == "solo" and contract.declarer is not None:
        return frozenset({contract.declarer}), True
    if contract.game == "marriage":
        party = marriage_party(contract.declarer, tricks)
        if party is None:  # (a deal scored before its third trick: not in a game)
            raise CardrulesError("a marriage's partner is found within its first three tricks")
        return party, len(party) == 1
    holders = frozenset(s for s, mask in enumerate(dealt) if queens_of_clubs(mask))
    return holders, len(holders) == 1


#: The ranking and the trump suit of each solo (DK-3.4).
_SOLO_ORDERS: dict[str, tuple[str, Suit | None]] = {
    "queens": (QUEEN_SOLO, None),
    "jacks": (JACK_SOLO, None),
    "fleshless": (FLESHLESS, None),
    **{s: (SUIT_SOLO, Suit[s]) for s in ("C", "S", "H", "D")},
}


def contract_for(
    game: str, declarer: int | None, leader: int, solo: str = "", turn_rule: str = ""
) -> DoppelkopfContract:
    """The contract of a game: the normal game and the marriage with diamonds trumps
    (DK-3.3), a solo in its own order (DK-3.4)."""
    ranking, trump = _SOLO_ORDERS[solo] if game == "solo" else (SUIT_SOLO, Suit.D)
    return DoppelkopfContract(
        trump,
        leader,
        game=game,
        declarer=declarer,
        solo=solo,
        ranking=ranking,
        turn_rule=turn_rule,
    )


class Reservations(Auction):
    """The reservation query (see the module's docstring): ``solos`` whether a player who
    reserved may name a solo (DK-2.4; off: the marriage is the only reservation);
    ``play_turn_rule`` is what a card out of turn cites."""

    def __init__(self, *, solos: bool = False, play_turn_rule: str = "") -> None:
        self.solos = solos
        self.play_turn_rule = play_turn_rule

    def __repr__(self) -> str:
        return f"Reservations(solos={self.solos!r}, play_turn_rule={self.play_turn_rule!r})"

    @property
    def summary(self) -> str:
        """The rule in words, as ``cardrules show`` and the rule pages print it."""
        solos = "a solo or " if self.solos else ""
        return (
            "from forehand, each player says healthy or reservation; those who reserved "
            f"then name {solos}a marriage (both queens of clubs), a solo first; otherwise "
            "a normal game, the holders of the queens of clubs together; forehand leads"
        )

    def every_action(self) -> tuple[Action, ...]:
        """Every action of the query, each once."""
        solos = tuple(Declare(f"solo {s}") for s in SOLOS) if self.solos else ()
        return (HEALTHY, RESERVATION, MARRIAGE, *solos)

    def every_play_call(self) -> tuple[Action, ...]:
        """Every announcement of the play (DK-5): each party's, from the first to black."""
        return tuple(Announce(party, level) for party in PARTIES for level in range(len(LEVELS)))

    def start(self, deal: DealInfo) -> ReservationsState:
        """The query of a fresh deal: twelve cards each, no stock (DK-1.3)."""
        if len(deal.hands) != 4 or deal.stock:
            raise CardrulesError("a Doppelkopf deal gives all 48 cards to four players (DK-1.3)")
        return ReservationsState(self, deal)


class ReservationsState(AuctionState):
    """One deal's reservation query in progress."""

    __slots__ = ("answers", "chosen", "deal", "named", "order", "owner")

    def __init__(self, owner: Reservations, deal: DealInfo) -> None:
        self.owner = owner
        self.deal = deal
        #: The seats from forehand (the dealer's left).
        self.order = deal.direction.order(deal.direction.next(deal.dealer))
        self.answers: list[bool] = []
        #: The games named by the seats that reserved, in order: (seat, game).
        self.named: list[tuple[int, Declare]] = []
        self.chosen: tuple[int, Declare] | None = None

    def __repr__(self) -> str:
        return f"<doppelkopf reservations, dealer {self.deal.dealer}: {self.answers}>"

    @property
    def turn_rule(self) -> str:
        """What an action out of turn cites."""
        return QUERY_RULE

    def _reserved(self) -> list[int]:
        return [seat for seat, yes in zip(self.order, self.answers, strict=False) if yes]

    def _to_name(self) -> list[int]:
        if self.chosen is not None:
            return []
        done = {seat for seat, _ in self.named}
        return [seat for seat in self._reserved() if seat not in done]

    def to_act(self) -> int | None:
        if len(self.answers) < len(self.order):
            return self.order[len(self.answers)]
        left = self._to_name()
        return left[0] if left else None

    def _games(self, seat: int) -> list[Declare]:
        games = [MARRIAGE] if queens_of_clubs(self.deal.hands[seat]) == 2 else []
        if self.owner.solos:
            games += [Declare(f"solo {s}") for s in SOLOS]
        return games

    def legal_actions(self) -> list[Action]:
        seat = self.to_act()
        if seat is None:
            return []
        if len(self.answers) < len(self.order):
            return [HEALTHY, RESERVATION] if self._games(seat) else [HEALTHY]
        return list(self._games(seat))

    def apply(self, seat: int, action: Action) -> None:
        to_act = self.to_act()
        if to_act is None or seat != to_act:
            raise IllegalAction(QUERY_RULE, "the query is over", action=str(action), seat=seat)
        if len(self.answers) < len(self.order):
            if not isinstance(action, Health):
                raise IllegalAction(
                    QUERY_RULE,
                    "each player first says 'healthy' or 'reservation'",
                    action=str(action),
                    seat=seat,
                )
            if action.reserved and not self._games(seat):
                raise IllegalAction(
                    QUERY_RULE,
                    f"{seat_words(seat)} has no game to reserve for (a marriage needs both "
                    "queens of clubs; solos are not played under this profile)",
                    action=str(action),
                    seat=seat,
                )
            self.answers.append(action.reserved)
            return
        if not isinstance(action, Declare) or action not in self._games(seat):
            names = ", ".join(f"'{g}'" for g in self._games(seat))
            raise IllegalAction(
                GAME_RULE,
                f"{seat_words(seat)} reserved and names its game: {names}",
                action=str(action),
                seat=seat,
            )
        self.named.append((seat, action))
        if action.solo:  # the first solo named is played (DK-2.4)
            self.chosen = (seat, action)

    def result(self) -> Contract | None:
        if self.to_act() is not None:
            return None
        leader = self.order[0]
        rule = self.owner.play_turn_rule
        chosen = self.chosen
        if chosen is None and self.named:  # no solo: the marriage (DK-2.3)
            chosen = self.named[0]
        if chosen is None:
            return contract_for("normal", None, leader, turn_rule=rule)
        seat, game = chosen
        if game.solo:
            return contract_for("solo", seat, leader, game.solo, turn_rule=rule)
        return contract_for("marriage", seat, leader, turn_rule=rule)

    def public(self) -> dict[str, Any]:
        return {
            "reservations": [
                [seat, "reservation" if yes else "healthy"]
                for seat, yes in zip(self.order, self.answers, strict=False)
            ],
            "named": [[seat, str(game)] for seat, game in self.named],
        }
