"""Scoring a Doppelkopf deal as the DDV's tournament rules have it: game points per party.

The parties count the card points of their tricks (240 in the pack, DK-1.2).  The Re
party wins with 121, Kontra with 120 (DK-6.1); an announcement changes what each needs
(DK-6.2).  The winners' game value is one point for the win, one each for keeping the
losers under 90, 60 and 30 and for taking every trick, two each for ``re`` and
``kontra`` said, one for each further announcement made and one for each announcement of
the losers the winners beat by a margin (DK-6.3).  In a normal game or a marriage with a
partner the extra points follow (DK-6.4): against the old ones (Kontra wins), each
Doppelkopf (a trick of 40 points or more), each fox (diamond ace) caught from the other
party, Charlie (the club jack winning the last trick); each party's extra points count
for it, the other's against it.  Every winner scores the value, every loser minus it; a
soloist three times as much (DK-6.5).

>>> from decimal import Decimal
>>> facts = DealFacts(re=frozenset({0, 2}), solo=False, re_points=150, re_tricks=8,
...                   kontra_tricks=4, extras={"re": 1, "kontra": 0})
>>> {s: str(v) for s, v in facts.scores().items()}
{0: '2', 1: '-2', 2: '2', 3: '-2'}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING

from cardrules.deck import Card, Deck, Suit
from cardrules.errors import CardrulesError
from cardrules.rules.actions import Action
from cardrules.rules.components import Contract, FinishedDeal, Scorer, Side
from cardrules_doppelkopf.actions import Announce
from cardrules_doppelkopf.auction import DoppelkopfContract, re_party
from cardrules_doppelkopf.cards import ACE, JACK

if TYPE_CHECKING:
    from cardrules.engine.tricks import Trick

__all__ = ["DealFacts", "DoppelkopfScorer", "extra_points", "facts_of"]

#: All the card points of the pack (DK-1.2).
TOTAL = 240
#: The card points a party stays under at each level of an announcement (DK-5.2): 90, 60,
#: 30; level 4 (black) is no trick at all.
UNDER = {1: 90, 2: 60, 3: 30}
#: The card points that defeat each level of the other party's announcement (DK-6.3): 120
#: against no 90, 90 against no 60, 60 against no 30, 30 against black.
REACHED = {1: 120, 2: 90, 3: 60, 4: 30}
#: A trick of this many card points or more is a Doppelkopf (DK-6.4).
DOPPELKOPF = 40
#: A solo's score is the game value times this for the soloist (DK-6.5).
SOLO_FACTOR = 3


def _level(calls: Sequence[tuple[int, Action]], party: str) -> int:
    """The party's announcements: -1 none, 0 ``re``/``kontra`` said, 1..4 the highest
    further announcement."""
    levels = [a.level for _, a in calls if isinstance(a, Announce) and a.party == party]
    return max(levels, default=-1)


@dataclass(frozen=True)
class DealFacts:
    """What the score of a deal follows from: the Re party, whether it is a solo, Re's
    card points, each party's tricks, the announcements (``re_level``, ``kontra_level``:
    -1 none, 0 the first, 1..4 the highest further one) and each party's extra points."""

    re: frozenset[int]
    solo: bool
    re_points: int
    re_tricks: int
    kontra_tricks: int
    re_level: int = -1
    kontra_level: int = -1
    extras: Mapping[str, int] = field(default_factory=dict)

    def reaches(self, party: str) -> bool:
        """Whether ``party`` has won (DK-6.1, DK-6.2)."""
        own, other = (
            (self.re_level, self.kontra_level)
            if party == "re"
            else (self.kontra_level, self.re_level)
        )
        points = self.re_points if party == "re" else TOTAL - self.re_points
        their_tricks = self.kontra_tricks if party == "re" else self.re_tricks
        my_tricks = self.re_tricks if party == "re" else self.kontra_tricks
        if own >= 1:  # its own announcement: the opponents stay under it
            return their_tricks == 0 if own == 4 else TOTAL - points < UNDER[own]
        if other >= 1:  # the opponents' announcement: enough to defeat it
            return my_tricks > 0 if other == 4 else points >= UNDER[other]
        only_kontra = self.kontra_level == 0 and self.re_level < 0
        if party == "re":
            return points >= (120 if only_kontra else 121)
        return points >= (121 if only_kontra else 120)

    def game_points(self, party: str, *, won: bool) -> int:
        """The game points of ``party`` against the other (DK-6.3): the win and the
        announcements' (for a winner only), what it kept the other under, and what it
        reached against the other's announcements."""
        points = self.re_points if party == "re" else TOTAL - self.re_points
        their_tricks = self.kontra_tricks if party == "re" else self.re_tricks
        other = self.kontra_level if party == "re" else self.re_level
        value = 0
        if won:
            value += 1
            value += 2 * (self.re_level >= 0) + 2 * (self.kontra_level >= 0)
            value += max(self.re_level, 0) + max(self.kontra_level, 0)
        for under in UNDER.values():  # the other party kept under 90, 60, 30
            value += TOTAL - points < under
        value += their_tricks == 0  # every trick taken
        for level, need in REACHED.items():  # reached against its announcement
            value += other >= level and points >= need
        return value

    def re_value(self) -> int:
        """The game value for each Re player (negative when Re lost), extra points in."""
        re_won, kontra_won = self.reaches("re"), self.reaches("kontra")
        extra = self.extras.get("re", 0) - self.extras.get("kontra", 0)
        if kontra_won and not self.solo:
            extra -= 1  # against the old ones (DK-6.4)
        if re_won:
            return self.game_points("re", won=True) + extra
        if kontra_won:
            return -self.game_points("kontra", won=True) + extra
        # Neither party made its announcement (DK-6.2): no win, only what each reached.
        return self.game_points("re", won=False) - self.game_points("kontra", won=False) + extra

    def scores(self) -> dict[Side, Decimal]:
        """Each seat's score (DK-6.5): the value to every Re player, minus it to every Kontra
        player, the soloist's three times."""
        value = Decimal(self.re_value())
        factor = SOLO_FACTOR if self.solo else 1
        return {s: value * factor if s in self.re else -value for s in range(4)}


def _card_of(trick: Trick, seat: int) -> Card:
    return next(card for s, card in trick.cards if s == seat)


def extra_points(re: frozenset[int], played: Sequence[Trick], deck: Deck) -> dict[str, int]:
    """Each party's extra points in a normal game or a marriage (DK-6.4): Doppelkopfs,
    foxes caught, Charlie (against the old ones is counted with the win: :class:`DealFacts`)."""
    extras = {"re": 0, "kontra": 0}

    def party(seat: int) -> str:
        return "re" if seat in re else "kontra"

    for trick in played:
        winner = party(trick.winner)
        if sum(deck.points[c.index] for _, c in trick.cards) >= DOPPELKOPF:
            extras[winner] += 1
        for seat, card in trick.cards:
            if card.suit is Suit.D and card.rank == ACE and party(seat) != winner:
                extras[winner] += 1  # a fox caught
    if played:
        last = played[-1]
        card = _card_of(last, last.winner)
        if card.suit is Suit.C and card.rank == JACK:
            extras[party(last.winner)] += 1  # Charlie
    return extras


def facts_of(
    contract: DoppelkopfContract,
    dealt: Sequence[int],
    played: Sequence[Trick],
    taken: Sequence[int],
    deck: Deck,
    calls: Sequence[tuple[int, Action]] = (),
) -> DealFacts:
    """The facts a deal's score follows from (see :class:`DealFacts`)."""
    re, solo = re_party(contract, dealt, played)
    re_points = sum(deck.points_of(taken[s]) for s in re)
    re_tricks = sum(1 for t in played if t.winner in re)
    extras = {"re": 0, "kontra": 0} if solo else extra_points(re, played, deck)
    re_level, kontra_level = _level(calls, "re"), _level(calls, "kontra")
    return DealFacts(
        re, solo, re_points, re_tricks, len(played) - re_tricks, re_level, kontra_level, extras
    )


class DoppelkopfScorer(Scorer):
    """The DDV's scoring of a deal (see the module's docstring)."""

    reads_taken = True

    def __repr__(self) -> str:
        return "DoppelkopfScorer()"

    def score(self, contract: Contract, tricks: Sequence[int]) -> dict[Side, Decimal]:
        """Refused: Doppelkopf scores the card points and the tricks themselves."""
        raise CardrulesError(
            "Doppelkopf scores the card points of each party and its tricks, not the number "
            "of tricks: a deal is scored when its play is over"
        )

    def score_finished(self, deal: FinishedDeal) -> dict[Side, Decimal]:
        """The scores of a deal of a game, from its hands dealt and its tricks."""
        contract = deal.contract
        if not isinstance(contract, DoppelkopfContract):
            raise CardrulesError(
                f"a Doppelkopf scorer scores Doppelkopf contracts, not {contract!r}"
            )
        if len(deal.dealt) != 4 or len(deal.played) != 12:
            raise CardrulesError("a Doppelkopf deal is scored from its hands and its 12 tricks")
        return facts_of(
            contract, deal.dealt, deal.played, deal.taken, deal.deck, deal.calls
        ).scores()
