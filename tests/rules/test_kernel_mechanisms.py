"""The kernel's general mechanisms for families beyond calls and tricks, each exercised by a
tiny plugin that belongs to no family: an auction that moves cards between hands
(``AuctionState.hands_after``), what an auction tells one seat alone (``private``), a seat
that has not looked at its own cards (``unseen``), a scorer of the cards taken
(``Scorer.score_finished`` reading ``FinishedDeal.taken``), an end under which the lowest
total wins (``EndCondition.lowest_wins``), duties set by ``[options]``
(``Duty.configured``), a deal's own chance (``DealInfo.chance``), ``legal_cards(...,
played_before=...)`` and an auction that fixes the first dealer (``Auction.first_dealer``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules import Bid, Contract, Duty, TrickState, hookimpl
from cardrules.cards import SUIT_MASKS, Suit, cards_of, mask_of
from cardrules.errors import IllegalAction
from cardrules.rules.actions import Action
from cardrules.rules.catalog import OptionSpec
from cardrules.rules.components import (
    Auction,
    AuctionState,
    DealInfo,
    DealResult,
    Direction,
    EndCondition,
    FinishedDeal,
    GameOver,
    Scorer,
    Side,
)
from cardrules.rules.plugins import Components
from cardrules.rules.profile import Profile
from helpers import write_profile


class _SwapState(AuctionState):
    """Seat 0 says "bid 0"; then each seat's hand goes to the next seat clockwise."""

    def __init__(self, hands: tuple[int, ...], broken: str) -> None:
        self.hands = hands
        self.done = False
        self.broken = broken

    def to_act(self) -> int | None:
        return None if self.done else 0

    def legal_actions(self) -> list[Action]:
        return [] if self.done else [Bid(0)]

    def apply(self, seat: int, action: Action) -> None:
        if action != Bid(0):
            raise IllegalAction("X-1", "say 'bid 0'", action=str(action), seat=seat)
        self.done = True

    def hands_after(self) -> tuple[int, ...]:
        n = len(self.hands)
        after = [self.hands[(seat - 1) % n] for seat in range(n)]
        if self.broken == "size":
            after[0] ^= after[0] & -after[0]  # a card lost
        if self.broken == "foreign":
            # seat 0 loses its lowest card and holds seat 1's lowest card too
            after[0] = after[0] ^ (after[0] & -after[0]) | (after[1] & -after[1])
        return tuple(after)

    def result(self) -> Contract:
        return Contract(None, 0)

    def public(self) -> dict[str, Any]:
        return {"done": self.done}

    def private(self, seat: int) -> dict[str, Any]:
        return {"my_clubs": [str(c) for c in cards_of(self.hands[seat] & SUIT_MASKS[Suit.C])]}


class _Swap(Auction):
    def __init__(self, broken: str = "") -> None:
        self.broken = broken

    def start(self, deal: DealInfo) -> _SwapState:
        return _SwapState(deal.hands, self.broken)


class _ClubsTaken(Scorer):
    """A point per club taken (the cards, not the tricks)."""

    reads_taken = True

    def score(self, contract: Contract, tricks: Sequence[int]) -> dict[Side, Decimal]:
        raise AssertionError("the game must call score_finished")

    def score_finished(self, deal: FinishedDeal) -> dict[Side, Decimal]:
        clubs = SUIT_MASKS[Suit.C]
        return {s: Decimal((m & clubs).bit_count()) for s, m in enumerate(deal.taken)}


class _LowestWins(EndCondition):
    lowest_wins = True

    def check(self, deals: Sequence[DealResult], totals: Mapping[Side, Decimal]) -> GameOver | None:
        return GameOver("one deal") if deals else None


class _Plugin:
    def __init__(self, broken: str = "") -> None:
        self.broken = broken

    @hookimpl
    def cardrules_setup_components(self, components: Components) -> None:
        components.add_auction("swap", lambda p, b: _Swap(self.broken), provides="none")
        components.add_scorer(
            "clubs_taken", lambda p: _ClubsTaken(), end=lambda p, d: _LowestWins()
        )


BODY = """
[auction]
kind = "swap"

[play]
trump = "none"
duties = [{ name = "follow_suit", rule = "X-2" }]

[scoring]
kind = "clubs_taken"
"""


def _rules(tmp_path: Path, broken: str = "") -> cardrules.Ruleset:
    return cardrules.load(write_profile(tmp_path, "mech", BODY), plugins=[_Plugin(broken)])


def test_an_auction_that_moves_cards_starts_play_from_its_hands(tmp_path: Path) -> None:
    """``hands_after``: once the auction is over, play starts from ``hands_after()``; the
    record keeps the hands as dealt and replays to the same game."""
    rules = _rules(tmp_path)
    game = rules.new_game(seed=5, dealer=3)
    dealt = [mask_of(game.hand(s)) for s in range(4)]
    game.apply("bid 0")
    for seat in range(4):
        assert mask_of(game.hand(seat)) == dealt[(seat + 3) % 4]
    assert [[str(c) for c in cards_of(m)] for m in dealt] == game.state_dict()["dealt"]
    again = cardrules.Game.from_json(game.to_json(), rules=rules)
    assert [again.hand(s) for s in range(4)] == [game.hand(s) for s in range(4)]


@pytest.mark.parametrize("broken", ["size", "foreign"])
def test_hands_that_are_not_the_dealt_cards_are_a_plugin_error(tmp_path: Path, broken: str) -> None:
    """``hands_after``: hands after the auction with a card lost or a card added are refused
    as the plugin's bug, naming the auction, and the game is left as it was."""
    game = _rules(tmp_path, broken).new_game(seed=5, dealer=3)
    before = game.to_json()
    with pytest.raises(cardrules.PluginError) as err:
        game.apply("bid 0")
    assert "invalid hands after the auction" in str(err.value)
    assert "auction" in err.value.component
    assert game.to_json() == before


def test_what_an_auction_tells_one_seat_is_in_that_seats_view_only(tmp_path: Path) -> None:
    """``private(seat)`` is merged into that seat's view of the auction alone;
    the full state (never sent to a player) holds only what is public."""
    game = _rules(tmp_path).new_game(seed=5, dealer=3)
    for seat in range(4):
        view = game.view(seat).to_dict()
        clubs = [str(c) for c in game.hand(seat) if c.suit == Suit.C]
        assert view["auction"] == {"done": False, "my_clubs": clubs}
        text = json.dumps(view)
        for other in range(4):
            if other != seat:
                assert all(f'"{c}"' not in text for c in game.hand(other))
    assert game.state_dict()["auction"] == {"done": False}


class _BlindState(_SwapState):
    """Seat 0 says "bid 0" before it looks at its cards (``unseen``); no card moves."""

    def unseen(self) -> frozenset[int]:
        return frozenset() if self.done else frozenset({0})

    def private(self, seat: int) -> dict[str, Any]:  # nothing of a hand not looked at
        return {} if seat in self.unseen() else super().private(seat)

    def hands_after(self) -> tuple[int, ...]:
        return self.hands


class _BlindPlugin(_Plugin):
    @hookimpl
    def cardrules_setup_components(self, components: Components) -> None:
        components.add_auction(
            "blind_call", lambda p, b: _Blind(), provides="none", chooses_trump=False
        )
        components.add_scorer("clubs_taken", lambda p: _ClubsTaken())


class _Blind(Auction):
    def start(self, deal: DealInfo) -> _BlindState:
        return _BlindState(deal.hands, "")


def test_a_seat_that_has_not_looked_sees_no_card_of_its_own(tmp_path: Path) -> None:
    """``unseen``: while ``unseen()`` holds a seat, its view (and what its client is sent)
    holds no card of its hand, only its size; the others see their own as ever; once it
    has looked, it sees its hand.  A bot's worlds draw the unseen hand like a hidden one."""
    from cardrules.engine.worlds import knowledge, sample_hands

    body = BODY.replace('kind = "swap"', 'kind = "blind_call"')
    path = write_profile(tmp_path, "blind", body)
    rules = cardrules.load(path, plugins=[_BlindPlugin()])
    game = rules.new_game(seed=5, dealer=3)
    view = game.view(0)
    assert view.hands == {} and view.hand == () and view.hand_sizes == (13, 13, 13, 13)
    assert view.legal_actions == (Bid(0),)
    text = view.to_json()
    assert all(f'"{c}"' not in text for seat in range(4) for c in game.hand(seat))
    assert all(game.view(s).hand == tuple(game.hand(s)) for s in (1, 2, 3))
    assert knowledge(view).hidden == (0, 1, 2, 3)
    drawn = sample_hands(view, __import__("random").Random(1))
    assert drawn is not None and sorted(drawn) == [0, 1, 2, 3]
    game.apply("bid 0")
    assert game.view(0).hand == tuple(game.hand(0))


def test_a_scorer_of_the_cards_taken_and_the_lowest_total_winning(tmp_path: Path) -> None:
    """``score_finished`` with the cards taken, and ``lowest_wins``: the scores are the clubs
    each seat took; the
    standings put the lowest total first, equal totals sharing a place."""
    game = _rules(tmp_path).new_game(seed=11, dealer=3)
    while game.to_act is not None:
        game.apply(game.legal_actions()[0])
    taken = [0] * 4
    for trick in game.tricks:
        taken[trick.winner] += sum(1 for _, c in trick.cards if c.suit == Suit.C)
    assert [game.totals[s] for s in range(4)] == [Decimal(n) for n in taken]
    standings = game.standings()
    totals = [st.total for st in standings]
    assert totals == sorted(totals)
    for st in standings:
        assert st.place == 1 + sum(1 for v in totals if v < st.total)
        assert st.winner == (st.total == min(totals))


class _NoLowClub(Duty):
    """Set by ``[options] low_clubs``: off (None), or no club below the setting led."""

    name = "no_low_club_lead"
    summary = "No low club may be led."
    __slots__ = ("below",)

    def __init__(self, rule: str = "", below: int = 5) -> None:
        super().__init__(rule)
        self.below = below

    @classmethod
    def configured(cls, rule: str, profile: Profile) -> _NoLowClub | None:
        below = profile.whole("low_clubs")
        return None if below == 0 else cls(rule, below)

    def narrow(self, hand: int, legal: int, t: TrickState) -> int:
        if t.led >= 0:
            return legal
        low = sum(1 << (Suit.C * 13 + r - 2) for r in range(2, self.below))
        return legal & ~low or legal


class _DutyPlugin:
    @hookimpl
    def cardrules_setup_components(self, components: Components) -> None:
        components.add_duty(_NoLowClub)
        components.add_option(OptionSpec("low_clubs", 5, "below this no club is led"))


@pytest.mark.parametrize(("low_clubs", "legal"), [(0, "2C 4C 9H"), (5, "9H"), (3, "4C 9H")])
def test_a_duty_set_by_the_profiles_options(tmp_path: Path, low_clubs: int, legal: str) -> None:
    """Duty.configured: a duty reads ``[options]``, and returns None to be left out."""
    body = (
        '[play]\ntrump = "none"\nduties = [{ name = "no_low_club_lead", rule = "X-3" }]\n'
        f"[options]\nlow_clubs = {low_clubs}\n"
    )
    rules = cardrules.load(write_profile(tmp_path, "duty", body), plugins=[_DutyPlugin()])
    assert [str(c) for c in rules.legal_cards("2C 4C 9H")] == legal.split()
    assert len(rules.duties) == (0 if low_clubs == 0 else 1)


def test_a_deals_chance_is_reproducible_and_its_own() -> None:
    """DealInfo.chance: the same seed, deal and label draw the same; another deal or
    label draws otherwise."""
    direction = Direction.named("clockwise")
    deal = DealInfo(0, (), direction, seed=42, number=3)
    draw = [deal.chance("x").random() for _ in range(2)]
    assert draw[0] == draw[1]
    assert DealInfo(0, (), direction, seed=42, number=4).chance("x").random() != draw[0]
    assert deal.chance("y").random() != draw[0]


def test_legal_cards_given_the_cards_of_earlier_tricks(tmp_path: Path) -> None:
    """``legal_cards(..., played_before=...)`` hands a duty the cards of earlier tricks;
    impossible inputs are refused with a CardError naming ``played_before``."""
    rules = cardrules.load("callbreak-strict")
    assert rules.legal_cards("AH 2S", played_before="3C 4C 5C 6C")
    for bad, kwargs in (
        ("2C 2C", {}),  # a card twice
        ("AH", {}),  # a card of the hand
        ("3C", {"first_trick": True}),  # nothing is played before the first trick
    ):
        with pytest.raises(cardrules.CardError, match="played_before"):
            rules.legal_cards("AH 2S", played_before=bad, **kwargs)
    with pytest.raises(cardrules.CardError, match="played_before"):
        rules.legal_cards("AH 2S", ["3C"], played_before="3C 4C 5C 6C")


# -- two families reading the same text; a hand shown during the play ----------


def test_two_readers_of_one_word_are_tried_the_games_own_first() -> None:
    """A vocabulary keeps every reader of a word: a text is read by the first reader that
    can, those of the classes in ``prefer`` (a game's legal actions) first."""
    from dataclasses import dataclass

    from cardrules.errors import ActionError
    from cardrules.rules.actions import ActionVerb, Vocabulary

    @dataclass(frozen=True)
    class Knock(Action):
        loud: bool

    def quiet(text: str, words: list[str]) -> Action:
        if words:
            raise ActionError(f"invalid action: {text!r} (expected 'knock')")
        return Knock(False)

    def loud(text: str, words: list[str]) -> Action:
        if words != ["loud"]:
            raise ActionError(f"invalid action: {text!r} (expected 'knock loud')")
        return Knock(True)

    words = Vocabulary.kernel().with_words(
        [
            ActionVerb(("knock",), "knock", quiet, Knock),
            ActionVerb(("knock",), "knock loud", loud, Bid),
        ]
    )
    assert words.read("knock") == Knock(False)
    assert words.read("knock loud") == Knock(True)  # the first reader refuses it
    assert words.read("knock loud", prefer={Bid}) == Knock(True)
    with pytest.raises(ActionError, match="expected 'knock'"):
        words.read("knock twice")  # every reader refuses: the first one's error
    with pytest.raises(ActionError, match="expected 'knock loud'"):
        words.read("knock twice", prefer={Bid})  # the preferred reader's error
    # the same verb again replaces it rather than adding a second reader
    again = words.with_words([ActionVerb(("knock",), "knock", quiet, Knock)])
    assert [v.form for v in again.verbs].count("knock") == 2  # both given, in order...
    assert "'knock'" in again.expected() and again.expected().count("'knock'") == 1
    # ...and the kernel's own vocabulary never learns the word
    with pytest.raises(ActionError, match="expected 'bid N'"):
        Vocabulary.kernel().read("knock")


class _ShownAfterLead(Contract):
    def exposed(self, played: int) -> frozenset[int]:
        return frozenset({2}) if played else frozenset()


class _ShowPlugin:
    @hookimpl
    def cardrules_setup_components(self, components: Components) -> None:
        components.add_auction(
            "shown", lambda p, b: _NoCalls(), provides="none", chooses_trump=False
        )


class _NoCallsState(AuctionState):
    def to_act(self) -> int | None:
        return None

    def legal_actions(self) -> list[Action]:
        return []

    def apply(self, seat: int, action: Action) -> None:
        raise IllegalAction("", "no auction", action=str(action), seat=seat)

    def result(self) -> Contract:
        return _ShownAfterLead(None, 1)

    def public(self) -> dict[str, Any]:
        return {}


class _NoCalls(Auction):
    def start(self, deal: DealInfo) -> _NoCallsState:
        return _NoCallsState()


def test_a_hand_the_contract_shows_from_the_first_card_on(tmp_path: Path) -> None:
    """Contract.exposed(played): seat 2's hand is in every view once a card has been
    played, and not before."""
    body = (
        '[auction]\nkind = "shown"\n[play]\ntrump = "none"\nduties = []\n'
        '[scoring]\nkind = "clubs_taken"\n'
    )
    plugins = [_ShowPlugin(), _Plugin()]
    rules = cardrules.load(write_profile(tmp_path, "shown", body), plugins=plugins)
    game = rules.new_game(seed=1)
    assert all(sorted(game.view(s).hands) == [s] for s in range(4))
    game.apply(game.legal_actions()[0])
    for seat in range(4):
        assert sorted(game.view(seat).hands) == sorted({seat, 2})


class _NoPlay(Contract):
    def needs_play(self) -> bool:
        return False


class _PassedOutState(_NoCallsState):
    def to_act(self) -> int | None:
        return None

    def result(self) -> Contract:
        return _NoPlay(None, 1)


class _PassedOut(Auction):
    def start(self, deal: DealInfo) -> _PassedOutState:
        return _PassedOutState()


class _PassedOutPlugin:
    @hookimpl
    def cardrules_setup_components(self, components: Components) -> None:
        components.add_auction(
            "passed_out", lambda p, b: _PassedOut(), provides="none", chooses_trump=False
        )


def test_a_deal_the_auction_ends_without_play_is_scored_and_the_next_dealt(
    tmp_path: Path,
) -> None:
    """Contract.needs_play() False: the deal is scored with no trick taken and the next
    deal is dealt by the next dealer; a game of such deals ends at once."""
    body = (
        '[auction]\nkind = "passed_out"\n[play]\ntrump = "none"\nduties = []\n'
        '[scoring]\nkind = "clubs_taken"\n[game]\ndeals = 3\n'
    )
    plugins = [_PassedOutPlugin(), _Plugin()]
    rules = cardrules.load(write_profile(tmp_path, "passed", body), plugins=plugins)
    game = rules.new_game(seed=2, dealer=1)
    assert game.phase == "finished" and len(game.deals) == 1  # _LowestWins: one deal
    assert game.deals[0].tricks == (0, 0, 0, 0) and game.tricks == []
    assert all(v == 0 for v in game.totals.values())


def test_a_profile_may_fix_the_first_dealer(tmp_path: Path) -> None:
    """``[deal] first_dealer``: every game's first dealer, whatever the seed (an app's
    ``dealer=`` still wins); a seat beyond the table is refused."""
    path = write_profile(tmp_path, "north", "[deal]\nfirst_dealer = 0\n")
    rules = cardrules.load(path)
    assert {rules.new_game(seed=s).dealer for s in range(20)} == {0}
    assert rules.new_game(seed=1, dealer=2).dealer == 2
    bad = write_profile(tmp_path, "bad", "[deal]\nfirst_dealer = 4\n")
    with pytest.raises(cardrules.ProfileError, match=r"first_dealer must be a seat 0\.\.3"):
        cardrules.load(bad)


class _EastDeals(_PassedOut):
    """An auction whose rules fix the first dealer (``first_dealer``)."""

    first_dealer = 1
    first_dealer_reason = "East deals first here (X-7)"


class _EastPlugin:
    @hookimpl
    def cardrules_setup_components(self, components: Components) -> None:
        components.add_auction(
            "east_deals", lambda p, b: _EastDeals(), provides="none", chooses_trump=False
        )


def test_an_auction_may_fix_the_first_dealer_and_refuse_another(tmp_path: Path) -> None:
    """``first_dealer``: every game starts with the auction's ``first_dealer`` whatever the
    seed; ``new_game(dealer=...)`` with another seat is refused quoting the reason, the
    same seat is accepted; a game rebuilt as a record was written keeps its dealer. A
    profile's ``[deal] first_dealer`` alone fixes nothing (test above)."""
    body = (
        '[auction]\nkind = "east_deals"\n[play]\ntrump = "none"\nduties = []\n'
        '[scoring]\nkind = "clubs_taken"\n[game]\ndeals = 3\n'
    )
    plugins = [_EastPlugin(), _Plugin()]
    rules = cardrules.load(write_profile(tmp_path, "east", body), plugins=plugins)
    assert (rules.first_dealer, rules.first_dealer_reason) == (1, "East deals first here (X-7)")
    assert {rules.new_game(seed=s).dealer for s in range(10)} == {1}
    assert rules.new_game(seed=1, dealer=1).first_dealer == 1
    with pytest.raises(cardrules.CardrulesError) as err:
        rules.new_game(seed=1, dealer=3)
    assert str(err.value) == (
        "invalid dealer: seat 3 (W), but East deals first here (X-7): give dealer=1 or leave it out"
    )
    with pytest.raises(cardrules.CardrulesError, match=r"expected a seat 0\.\.3"):
        rules.new_game(seed=1, dealer=7)
    game = cardrules.Game(rules, seed=1, dealer=3)  # as a record written before says
    assert cardrules.Game.from_json(game.to_json(), rules=rules).first_dealer == 3
    assert cardrules.load("callbreak-strict").first_dealer_reason is None
