"""A trump its chooser conceals and reveals later (``Contract.concealed``: Twenty-Nine's trump
card laid face down), exercised by a plugin of no family: seat 1 chooses a suit in secret
(``conceal S``, an action only it sees); until a seat that cannot follow the suit led asks
for it (``reveal trump``), no card counts as a trump; from then on every seat knows it and
play counts trumps, the trick in progress as the contract's settings say.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import pytest

import cardrules
from cardrules import Contract
from cardrules.cards import Card, Suit
from cardrules.engine.bots import MonteCarloBot, RandomBot, RuleBot, play_game
from cardrules.engine.worlds import inconsistency, knowledge, sample_hands
from cardrules.errors import ActionError, IllegalAction
from cardrules.rules.actions import Action, ActionVerb, RevealTrump
from cardrules.rules.components import (
    Auction,
    AuctionState,
    ConcealedTrump,
    DealInfo,
    PlayState,
)
from cardrules.rules.family import AuctionKind, Family, ScorerKind
from helpers import TricksEach, refused

BASE = "callbreak-strict"
CHOOSER = 1
SUITS = ("C", "D", "H", "S")


@dataclass(frozen=True, slots=True)
class Conceal(Action):
    """The chooser's secret choice of a trump suit."""

    suit: str

    private: ClassVar[bool] = True

    def __str__(self) -> str:
        return f"conceal {self.suit}"


def _read_conceal(text: str, words: list[str]) -> Action:
    if len(words) != 1 or words[0].upper() not in SUITS:
        raise ActionError(f"invalid action: {text!r} (expected 'conceal S')")
    return Conceal(words[0].upper())


@dataclass(frozen=True, slots=True)
class Knock(Action):
    """A call of the play that a contract offers once its trump is revealed."""

    def __str__(self) -> str:
        return "knock"


@dataclass(frozen=True, slots=True)
class _KnockContract(Contract):
    """Offers ``knock`` to the seat that asked for the trump, from the reveal on, once."""

    has_play_calls: ClassVar[bool] = True

    def play_calls(self, state: PlayState) -> list[Action]:
        if state.revealed is None or state.revealed[0] != state.seat or state.calls:
            return []
        return [Knock()]


class _SecretState(AuctionState):
    """Seat 1 conceals a suit; the dealer's left leads."""

    def __init__(self, deal: DealInfo, settings: dict[str, bool], knock: bool = False) -> None:
        self.deal = deal
        self.settings = settings
        self.knock = knock
        self.suit: str | None = None

    def to_act(self) -> int | None:
        return CHOOSER if self.suit is None else None

    def legal_actions(self) -> list[Action]:
        return [] if self.suit is not None else [Conceal(s) for s in SUITS]

    def apply(self, seat: int, action: Action) -> None:
        if not isinstance(action, Conceal) or self.suit is not None or seat != CHOOSER:
            raise IllegalAction("X-1", "conceal a suit", action=str(action), seat=seat)
        self.suit = action.suit

    def result(self) -> Contract | None:
        if self.suit is None:
            return None
        leader = self.deal.direction.next(self.deal.dealer)
        concealed = ConcealedTrump(CHOOSER, "X-3", **self.settings)
        made = _KnockContract if self.knock else Contract
        return made(Suit[self.suit], leader, concealed=concealed)

    def public(self) -> dict[str, Any]:
        return {"chooser": CHOOSER, "chosen": self.suit is not None}

    def private(self, seat: int) -> dict[str, Any]:
        return {"trump": self.suit} if seat == CHOOSER and self.suit is not None else {}

    def exposed(self) -> frozenset[int]:
        return frozenset()


class _Secret(Auction):
    def __init__(self, settings: dict[str, bool], knock: bool = False) -> None:
        self.settings = settings
        self.knock = knock

    def start(self, deal: DealInfo) -> _SecretState:
        return _SecretState(deal, self.settings, self.knock)

    def every_action(self) -> tuple[Action, ...]:
        return tuple(Conceal(s) for s in SUITS)

    def conceals_trump(self) -> bool:
        return True


def _secret_family(knock: bool = False, **settings: bool) -> Family:
    """A family of no game whose auction lets seat 1 conceal a suit (``conceal S``); with
    ``knock``, its contract offers the call ``knock`` once the trump is revealed."""
    return Family(
        "secret",
        auctions=(
            AuctionKind(
                "secret",
                lambda p, b: _Secret(settings, knock),
                provides="none",
                chooses_trump=True,
            ),
        ),
        scorers=(ScorerKind("tricks_each", lambda p: TricksEach()),),
        verbs=(
            ActionVerb(("conceal",), "conceal SUIT", _read_conceal, Conceal),
            ActionVerb(("knock",), "knock", lambda text, words: Knock(), Knock),
        ),
    )


PROFILE = """
[deal]
hand_sizes = [5]
direction = "clockwise"
[auction]
kind = "secret"
[play]
trump = "contract"
duties = [{ name = "follow_suit", rule = "X-2" }]
[scoring]
kind = "tricks_each"
[game]
deals = 2
"""


def _rules(tmp_path: Path, knock: bool = False, **settings: bool) -> cardrules.Ruleset:
    path = tmp_path / "secret.toml"
    path.write_text(
        f'[profile]\nname = "secret"\ntitle = "secret"\nextends = "{BASE}"\n{PROFILE}',
        encoding="utf-8",
    )
    return cardrules.load(path, plugins=[_secret_family(knock, **settings)])


# Seat 0 deals; seat 1 leads and chooses.  Seat 2 is void in clubs; seat 3 holds clubs.
HANDS = [
    "AD KD QD JD 10D",
    "KC 2C 3H 4H 5H",
    "2S 3S 4S 5S 6H",
    "AC QC 7D 8D 9D",
]


def _game(rules: cardrules.Ruleset, suit: str = "S") -> cardrules.Game:
    game = rules.new_game(seed=1, dealer=0, hands=HANDS)
    game.apply(f"conceal {suit}")
    return game


def _leak(game: cardrules.Game, seat: int | None, suit: str) -> bool:
    """Whether the view of ``seat`` (None: the public view) names the concealed suit."""
    view = game.public_view() if seat is None else game.view(seat)
    data = json.loads(view.to_json())
    return (
        view.trump is not None
        or (view.deal_contract is not None and view.deal_contract.trump is not None)
        or data["trump"] is not None
        or (data["contract"] or {}).get("trump") is not None
        or f"conceal {suit}" in view.to_json()
        or str(view.auction).find(f"'{suit}'") >= 0
    )


def test_the_concealed_trump_is_in_its_choosers_view_alone(tmp_path: Path) -> None:
    rules = _rules(tmp_path)
    game = _game(rules)
    assert game.phase == "play" and game.to_act == 1
    chooser = game.view(CHOOSER)
    assert chooser.trump == "S" and chooser.trump_concealed
    assert json.loads(chooser.to_json())["trump_concealed"] is True
    assert chooser.to_dict()["contract"]["trump"] == "S"
    for seat in (0, 2, 3, None):
        assert not _leak(game, seat, "S"), seat
        view = game.public_view() if seat is None else game.view(seat)
        assert view.trump_concealed and view.to_dict()["trump_concealed"] is True
        assert view.to_dict()["contract"]["concealed"]["chooser"] == CHOOSER
    # The picture of a view follows the view.
    assert "♠" not in str(game.view(2)).split("Contract")[1].split("\n")[0]
    assert "concealed" in str(game.view(2))
    assert "Trump concealed by E" in str(game)  # the whole table's picture says so too
    game.apply("play 2C")
    game.apply("reveal trump")
    assert "concealed" not in str(game) and "concealed" not in str(game.view(2))


def test_before_the_reveal_the_highest_card_led_wins(tmp_path: Path) -> None:
    """Seat 2 discards a spade (the concealed trump) on a club: it does not win."""
    rules = _rules(tmp_path)
    game = _game(rules)
    game.apply("play 2C")  # seat 1 leads a club
    assert "reveal trump" in [str(a) for a in game.legal_actions()]  # seat 2 holds no club
    game.apply("play 5S")  # a spade, the trump concealed: a discard
    game.apply("play QC")
    game.apply("play AD")  # seat 0 holds no club either
    assert game.tricks[-1].winner == 3  # the queen of clubs, the highest club
    assert game.trump_mask == 0


def test_the_reveal_is_legal_only_to_a_seat_void_in_the_suit_led(tmp_path: Path) -> None:
    rules = _rules(tmp_path)
    game = _game(rules)
    before = game.to_json()
    # Seat 1 leads: nothing is led yet, so no seat may ask.
    assert RevealTrump() not in game.legal_actions()
    with pytest.raises(IllegalAction) as info:
        game.apply("reveal trump")
    assert info.value.rule == "X-3" and "suit led" in str(info.value)
    assert game.to_json() == before
    game.apply("play 2C")
    game.apply("play 6H")  # seat 2 discards without asking
    before = game.to_json()
    assert not game.is_legal("reveal trump")  # seat 3 holds clubs
    with pytest.raises(IllegalAction) as info:
        game.apply("reveal trump")
    assert info.value.rule == "X-3" and "holds a card of the suit led" in str(info.value)
    assert game.to_json() == before
    with pytest.raises(IllegalAction):  # the seat to act is 3, not 0
        game.apply("reveal trump", seat=0)
    assert game.to_json() == before
    game.apply("play AC")
    assert game.is_legal("ask trump")  # seat 0 holds no club ("ask trump" reads the same)
    game.apply("reveal trump", seat=0)
    assert game.to_json() != before
    with pytest.raises(IllegalAction) as info:
        game.apply("reveal trump")
    assert "revealed already" in str(info.value)


def test_after_the_reveal_trumps_win_and_all_see_it(tmp_path: Path) -> None:
    """Seat 2 asks on a club lead: spades are trumps from then on, in every view; it must
    play a spade, which wins; a later trick is won by a trump too."""
    rules = _rules(tmp_path)
    game = _game(rules)
    game.apply("play 2C")
    game.apply("reveal trump")
    assert game.revealed == (2, 0, 1)
    for seat in (0, 1, 2, 3, None):
        view = game.public_view() if seat is None else game.view(seat)
        assert view.trump == "S" and not view.trump_concealed and view.revealed == (2, 0, 1)
        assert json.loads(view.to_json())["revealed"] == [2, 0, 1]
    assert [str(a) for a in game.legal_actions()] == ["play 2S", "play 3S", "play 4S", "play 5S"]
    with pytest.raises(IllegalAction) as info:
        game.apply("play 6H")
    assert info.value.rule == "X-3" and "must play a trump" in str(info.value)
    game.apply("play 2S")
    game.apply("play QC")
    game.apply("play AD")
    assert game.tricks[-1].winner == 2  # the two of spades, a trump
    game.apply("play 6H")  # seat 2 leads a heart
    game.apply("play 7D")
    game.apply("play KD")  # seat 0 discards
    game.apply("play 3H")
    assert game.tricks[-1].winner == 2  # no trump in it: the highest heart
    assert "reveal trump" not in [str(a) for a in game.legal_actions()]


@pytest.mark.parametrize("whole_trick", [True, False])
def test_the_trick_of_the_reveal_counts_earlier_trumps_as_the_contract_says(
    tmp_path: Path, whole_trick: bool
) -> None:
    """Seat 2 discards a spade on the club lead; seat 0 then asks: the spade discarded
    wins where the whole trick counts trumps, the club where only later cards do."""
    rules = _rules(tmp_path, whole_trick=whole_trick, must_trump=False)
    game = _game(rules)
    game.apply("play 2C")
    game.apply("play 5S")
    game.apply("play QC")
    game.apply("reveal trump")
    assert game.winning_seat == (2 if whole_trick else 3)
    game.apply("play AD")  # seat 0 need not trump
    assert game.tricks[-1].winner == (2 if whole_trick else 3)


def test_the_chooser_may_ask_as_the_contract_says(tmp_path: Path) -> None:
    hands = ["AD KD QD JD 10D", "KC 2C 3H 4H 5H", "2S 3S 4S 5S 6H", "AC QC 7D 8D 9D"]
    for asks in (True, False):
        rules = _rules(tmp_path, chooser_asks=asks)
        game = rules.new_game(seed=1, dealer=3, hands=hands)  # seat 0 leads
        game.apply("conceal H")
        game.apply("play AD")
        assert game.to_act == 1  # the chooser, with no diamond
        assert game.is_legal("reveal trump") is asks
        if not asks:
            with pytest.raises(IllegalAction, match="chose the trump"):
                game.apply("reveal trump")


def test_undo_of_a_reveal_and_the_record(tmp_path: Path) -> None:
    rules = _rules(tmp_path, whole_trick=False)
    game = _game(rules)
    game.apply("play 2C")
    game.apply("play 5S")
    game.apply("play QC")
    before = game.to_json()
    views = [game.view(s).to_json() for s in range(4)]
    game.apply("reveal trump")
    after = game.to_json()
    assert game.undo() == RevealTrump()
    assert game.to_json() == before and game.revealed is None and game.trump_mask == 0
    assert [game.view(s).to_json() for s in range(4)] == views
    game.apply("reveal trump")
    assert game.to_json() == after
    game.apply("play AD")  # completes the trick
    record = game.to_json()
    again = cardrules.Game.from_json(record, rules=rules, allow_preset_hands=True)
    assert again.to_json() == record and again.revealed == game.revealed
    game.undo()  # the card that completed the trick of the reveal: its winner as it was
    assert game.winning_seat == 3 and game.to_json() == after
    # A whole game, undone to its start and played again, is the same record.
    rng = random.Random(3)
    while game.phase != "finished":
        game.apply(rng.choice(game.legal_actions()))
    record = game.to_json()
    assert any(a == "reveal trump" for a in game.actions)
    again = cardrules.Game.from_json(record, rules=rules, allow_preset_hands=True)
    assert again.to_json() == record
    played = list(game.actions)
    while game.actions:
        game.undo()
    for text in played:
        game.apply(text)
    assert game.to_json() == record


def test_no_view_of_a_whole_game_leaks_the_concealed_trump(tmp_path: Path) -> None:
    rules = _rules(tmp_path)
    for seed in range(6):
        game = rules.new_game(seed=seed)
        rng = random.Random(seed)
        while game.phase != "finished":
            if game.phase == "play" and game.revealed is None and game.contract is not None:
                suit = game.contract.trump
                assert suit is not None
                for seat in range(4):
                    if seat != CHOOSER:
                        assert not _leak(game, seat, suit.name)
                assert not _leak(game, None, suit.name)
            game.apply(rng.choice(game.legal_actions()))


def test_bots_play_whole_games(tmp_path: Path) -> None:
    rules = _rules(tmp_path)
    for bots in (
        [RandomBot(1), RandomBot(2), RandomBot(3), RandomBot(4)],
        [RuleBot(), RuleBot(), RuleBot(), RuleBot()],
        [MonteCarloBot(1, samples=3), RandomBot(2), MonteCarloBot(3, samples=3), RuleBot()],
    ):
        game = play_game(rules.new_game(seed=5), bots)
        assert game.phase == "finished" and len(game.deals) == 2


def test_worlds_and_games_from_a_view_with_a_concealed_trump(tmp_path: Path) -> None:
    """A world of seat 2's view: consistent, and a game made of it plays on without
    knowing the real trump (drawn for the world); after the reveal, the real one."""
    rules = _rules(tmp_path)
    game = _game(rules)
    game.apply("play 2C")
    view = game.view(2)
    rng = random.Random(1)
    drawn = set()
    for i in range(12):
        hands = sample_hands(view, rng)
        assert inconsistency(view, hands) is None
        world = rules.game_from_view(view, hands, seed=i)
        assert world.revealed is None and world.trump_mask == 0
        assert world.contract is not None and world.contract.trump is not None
        drawn.add(world.contract.trump)
        assert world.view(2).to_dict() == view.to_dict()
        world.apply("reveal trump")
        assert world.trump_mask
    assert len(drawn) > 1  # not the real one each time: drawn
    game.apply("reveal trump")
    view = game.view(3)
    world = rules.game_from_view(view, sample_hands(view, rng), seed=0)
    assert world.contract is not None and world.contract.trump == Suit.S
    assert world.revealed == game.revealed and world.view(3).to_dict() == view.to_dict()


def test_a_world_keeps_out_the_trumps_of_an_asker_that_played_none(tmp_path: Path) -> None:
    """Seat 2 asks on a club (diamonds concealed), must play a diamond if it holds one, and
    plays a spade: the worlds of another seat give it no diamond."""
    rules = _rules(tmp_path)
    game = _game(rules, "D")
    game.apply("play 2C")
    game.apply("reveal trump")
    game.apply("play 5S")
    view = game.view(3)
    know = knowledge(view)
    diamonds = rules.deck.suit_masks[Suit.D]
    assert know.pool & diamonds and know.forbidden[2] & diamonds == know.pool & diamonds
    rng = random.Random(2)
    for _ in range(10):
        hands = sample_hands(view, rng)
        assert not any(c.suit == Suit.D for c in hands[2])
        assert inconsistency(view, hands) is None


def test_the_batch_engines_and_the_adapters(tmp_path: Path) -> None:
    """The NumPy engine refuses a profile whose auction conceals its trump, in words; the
    game engine plays it; the adapters' action space holds ``reveal trump``."""
    rules = _rules(tmp_path)
    from cardrules.batch.engines import not_batched
    from cardrules.envs.encoding import Encoding

    assert "conceal" in not_batched(rules)
    pytest.importorskip("numpy")
    with pytest.raises(cardrules.CardrulesError, match="does not conceal a trump"):
        cardrules.simulate(rules, deals=2, engine="numpy")
    done = cardrules.simulate(rules, deals=4, seed=1)  # auto: the game engine
    assert len(done) == 4 and all(sum(rec.tricks) == 5 for rec in done)
    enc = Encoding(rules)
    index = enc.index(RevealTrump())
    assert enc.action(index) == RevealTrump() and index >= rules.deck.size
    game = _game(rules)
    game.apply("play 2C")
    mask = enc.mask(game.view(2))
    assert mask[index] == 1 and mask.sum() == 6  # its five cards, and the ask
    start, length = next((s, n) for name, s, n in enc.segments() if name == "trump")
    assert enc.observe(game.view(2))[start : start + length].tolist()[-1] == 1  # none known


def test_the_servers_view_message_describes_a_concealed_trump(tmp_path: Path) -> None:
    pytest.importorskip("pydantic")
    from cardrules.server.messages import SeatView

    rules = _rules(tmp_path)
    game = _game(rules)
    game.apply("play 2C")
    sent = SeatView.model_validate(game.view(2).to_dict())
    assert sent.trump is None and sent.trump_concealed is True
    assert "trump_concealed" in sent.model_dump_json(exclude_none=True)
    game.apply("reveal trump")
    sent = SeatView.model_validate(game.public_view().to_dict())
    assert sent.trump == "S" and sent.revealed == (2, 0, 1) and sent.trump_concealed is None


def test_card_text_of_the_reveal() -> None:
    assert str(cardrules.parse_action("reveal trump")) == "reveal trump"
    assert cardrules.parse_action("ASK TRUMP") == RevealTrump()
    with pytest.raises(ActionError, match="expected 'reveal trump'"):
        cardrules.parse_action("reveal 3")
    assert isinstance(Card.parse("AS"), Card)


def test_hostile_asks_are_refused_and_change_nothing(tmp_path: Path) -> None:
    """``reveal trump`` where no trump is concealed (a shipped profile, in its auction and
    its play), during the secret auction, from a seat not to act, and once revealed."""
    shipped = cardrules.load("callbreak-strict").new_game(seed=2)
    refused(shipped, "reveal trump")  # the auction: a call is expected
    shipped.apply(shipped.legal_actions()[0])
    while shipped.phase == "auction":
        shipped.apply(shipped.legal_actions()[0])
    assert "no trump is concealed" in str(refused(shipped, "reveal trump"))
    assert "reveal trump" not in [str(a) for a in shipped.legal_actions()]
    rules = _rules(tmp_path)
    game = rules.new_game(seed=1, dealer=0, hands=HANDS)
    assert refused(game, "reveal trump").rule == "X-1"  # the secret auction's own refusal
    game.apply("conceal H")
    game.apply("play 2C")
    for seat in (0, 1, 3):
        refused(game, "reveal trump", seat=seat)  # seat 2 is to act
    with pytest.raises(ActionError):
        game.apply("reveal trumps")
    game.apply("reveal trump", seat=2)
    assert "revealed already" in str(refused(game, "ask trump"))
    assert game.view(0).trump == "H"


@pytest.mark.parametrize("whole_trick", [True, False])
def test_a_game_from_a_view_after_a_reveal_wins_the_trick_as_the_real_one(
    tmp_path: Path, whole_trick: bool
) -> None:
    """The trick of the reveal, a spade discarded before it: a game made from a view after
    the reveal has the same card winning it, and its worlds are consistent."""
    rules = _rules(tmp_path, whole_trick=whole_trick, must_trump=False)
    game = _game(rules)
    for text in ("play 2C", "play 5S", "play QC", "reveal trump"):
        game.apply(text)
    assert game.winning_seat == (2 if whole_trick else 3)
    view = game.view(0)
    rng = random.Random(4)
    for i in range(5):
        hands = sample_hands(view, rng)
        assert inconsistency(view, hands) is None
        world = rules.game_from_view(view, hands, seed=i)
        assert world.winning_seat == game.winning_seat and world.revealed == game.revealed
        world.apply("play AD")
        assert world.tricks[-1].winner == game.winning_seat


# -- the reveal as the contract's play calls read it ---------------------------------------


def test_a_contracts_play_calls_read_when_the_trump_was_revealed(tmp_path: Path) -> None:
    """PlayState.revealed: (the seat that asked, the tricks completed then, the cards on the
    table then), None before; a contract offers a call from the reveal on, which the game
    records and undoes."""
    game = _game(_rules(tmp_path, knock=True))
    game.apply("play 2C")
    assert "knock" not in [str(a) for a in game.legal_actions()]
    game.apply("reveal trump")
    assert game.revealed == (2, 0, 1)
    assert [str(a) for a in game.legal_actions()][-1] == "knock"
    game.apply("knock")
    assert [(seat, str(call)) for seat, call in game.play_calls] == [(2, "knock")]
    assert "knock" not in [str(a) for a in game.legal_actions()]
    game.undo()
    assert game.play_calls == () and "knock" in [str(a) for a in game.legal_actions()]
