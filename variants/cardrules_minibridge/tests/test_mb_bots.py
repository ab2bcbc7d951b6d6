"""Bots in both Minibridge roles (MB-3.4, MB-4.2, D-7) and the terminal game at South."""

from __future__ import annotations

import io
import itertools

import pytest

import cardrules
from cardrules import Action, Suit, View
from cardrules.cards import SUIT_MASKS, high_card_points
from cardrules.cli import main
from cardrules.engine.bots import RandomBot, RuleBot, play_game
from cardrules_minibridge import ChooseContract

MB = "minibridge-ebu"


@pytest.fixture(scope="module")
def rules() -> cardrules.Ruleset:
    return cardrules.load(MB)


class Watched:
    """A bot that notes every decision it is asked for: (its seat, the seat to act, phase)."""

    def __init__(self, bot: RandomBot | RuleBot) -> None:
        self.bot = bot
        self.asked: list[tuple[int, int | None, str, int | None, int | None]] = []

    def choose(self, view: View) -> Action:
        auction = view.auction
        self.asked.append(
            (view.seat, view.to_act, view.phase, auction["declarer"], auction["dummy"])
        )
        assert set(view.hands) <= {view.seat, auction["dummy"]}
        return self.bot.choose(view)


def guide_contract(combined: int) -> ChooseContract:
    """MB-3.4's guide: an 8+ card trump fit (majors first, then length), else no-trump;
    game with 25 or more combined points, else a part-score."""
    fits = [
        ((s in (Suit.H, Suit.S)), (combined & SUIT_MASKS[s]).bit_count(), int(s), s.name)
        for s in Suit
        if (combined & SUIT_MASKS[s]).bit_count() >= 8
    ]
    strain = max(fits)[3] if fits else "NT"
    return ChooseContract(strain, "game" if high_card_points(combined) >= 25 else "partscore")


@pytest.mark.parametrize(
    "names",
    [
        ("rule", "rule", "rule", "rule"),
        ("random", "random", "random", "random"),
        ("rule", "random", "rule", "random"),
        ("random", "rule", "random", "rule"),
    ],
)
@pytest.mark.parametrize("seed", range(3))
def test_d_7_bots_play_whole_sessions_in_every_role(
    rules: cardrules.Ruleset, names: tuple[str, ...], seed: int
) -> None:
    """MB-4.2 / D-7: bots play whole sessions as declarer (both hands), defender and dummy;
    dummy's bot is never asked, declarer's bot decides dummy's cards with its own view."""
    bots = [
        Watched(RuleBot() if name == "rule" else RandomBot(f"{seed}/{i}"))
        for i, name in enumerate(names)
    ]
    game = play_game(rules.new_game(seed=seed), bots)
    assert game.phase == "finished" and len(game.deals) == 4
    dummy_turns = 0
    for seat, bot in enumerate(bots):
        for asked_seat, to_act, phase, declarer, dummy in bot.asked:
            assert asked_seat == seat
            assert seat != dummy
            if phase == "auction":
                assert to_act == seat == declarer
            elif to_act == dummy:
                assert seat == declarer
                dummy_turns += 1
            else:
                assert to_act == seat
    assert dummy_turns == 4 * 13
    assert sum(len(b.asked) for b in bots) == 4 * 53


@pytest.mark.parametrize("seed", range(8))
def test_mb_3_4_rule_bot_chooses_by_points_and_fit(rules: cardrules.Ruleset, seed: int) -> None:
    """MB-3.4: the rule bot declares game with 25+ combined points and trumps with an 8+ fit."""
    game = rules.new_game(seed=seed)
    while game.phase == "auction":
        seat = game.to_act
        assert seat is not None
        game.apply(RuleBot().choose(game.view(seat)))
    contract = game.contract
    assert contract is not None and contract.declarer is not None and contract.dummy is not None
    combined = game.initial_hands[contract.declarer] | game.initial_hands[contract.dummy]
    assert ChooseContract(contract.strain, contract.goal) == guide_contract(combined)  # type: ignore[arg-type]


def test_rule_bots_as_declarers_do_better_than_random_ones(rules: cardrules.Ruleset) -> None:
    """MB-3.4 / MB-5.x: rule bots at N/S outscore random bots at E/W over several sessions."""
    ns = ew = 0
    for seed in range(6):
        bots = [RuleBot(), RandomBot(f"{seed}/1"), RuleBot(), RandomBot(f"{seed}/3")]
        game = play_game(rules.new_game(seed=seed), bots)
        ns += int(game.totals["NS"])
        ew += int(game.totals["EW"])
    assert ns > ew


class Typist(io.StringIO):
    """Input that answers every prompt: first a contract, then every card in turn."""

    def __init__(self) -> None:
        super().__init__()
        cards = [
            f"{r}{s}"
            for s in "CDHS"
            for r in ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
        ]
        self.lines = itertools.cycle(["S game", *cards])
        self.left = 50_000

    def readline(self, size: int | None = -1) -> str:
        self.left -= 1
        return next(self.lines) + "\n" if self.left > 0 else ""


@pytest.mark.parametrize("seed", [2, 5])
def test_mb_2_4_terminal_game_at_south_shows_dummy(seed: int) -> None:
    """MB-2.4 / MB-4.2: `cardrules play minibridge-ebu` with you at South against bots:
    dummy is shown once exposed, South plays dummy's cards when declaring, the game ends."""
    out = io.StringIO()
    code = main(
        ["play", MB, "--seed", str(seed), "--deals", "4"], stdin=Typist(), stdout=out, stderr=out
    )
    text = out.getvalue()
    assert code == 0, text
    assert "Final standings:" in text
    assert text.count("Exposed hand of ") > 0
    assert "Game over: 4 deals played [MB-5.6]" in text
    assert "declarer:" in text and "dummy:" in text and "points: N " in text
