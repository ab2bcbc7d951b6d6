"""Hearts in the tools: show, diff, new, play in the terminal, simulate, the bots.

The rule pages and their worked examples (HE-3.5 with ``played_before``, HE-4.2
from the cards taken) are checked with the other pages in ``test_docgen.py`` and
``test_docs_build.py``.
"""

from __future__ import annotations

import io
import re
from decimal import Decimal
from pathlib import Path

import pytest

import cardrules
from cardrules import Card, Game, Play
from cardrules.batch.game_engine import deal_seed
from cardrules.cli import main
from cardrules.cli.console import Console, in_hand_order
from cardrules.cli.play import read_action
from cardrules.engine.bots import RandomBot, RuleBot, play_game
from cardrules.engine.game import lowest_wins
from cardrules.rules.components import seat_name
from cardrules_hearts import PassCard

HEARTS = ("hearts", "hearts-openspiel")


def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    """Run the command line in-process: exit status, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


# -- show, diff, new -------------------------------------------------------------


def test_show_hearts_states_passing_scoring_and_end() -> None:
    """HE-2.2, HE-4.1, HE-5.1, HE-5.2: ``show`` says how the cards are passed, how the
    points are counted, and that the lowest total wins."""
    code, out, err = run("show", "hearts")
    assert (code, err) == (0, "")
    flat = " ".join(out.split())
    assert (
        "Auction: hearts_passing [HE-2.1] each player passes three cards to the left, right, "
        "across, then no passing, in rotation deal by deal"
    ) in flat
    assert "Scoring: hearts [HE-4.1] penalty points per seat: 1 per heart taken" in flat
    assert "End of the game: until a total reaches 100 (at most 100 deals) [HE-5.1]" in flat
    assert "the lowest total wins" in flat
    code, out, _ = run("show", "hearts-openspiel")
    flat = " ".join(out.split())
    assert code == 0
    assert "End of the game: 1 deal [HEO-1.1]" in flat
    assert "in a direction drawn by chance for each deal" in flat


def test_diff_hearts_and_openspiel_in_words() -> None:
    """HEO-1.1, HEO-1.2, HEO-1.4: one deal against a game to 100; passing by chance against
    the rotation; a heart led from hearts and the QS allowed against not, in words with the
    rule ids."""
    code, out, err = run("diff", "hearts", "hearts-openspiel")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "hearts vs hearts-openspiel: 5 differences"
    auction = next(line for line in lines if line.startswith("  auction: "))
    rotation, chance = auction.split(" vs ")
    assert "in rotation deal by deal" in rotation and "by chance" not in rotation
    assert "in a direction drawn by chance for each deal" in chance
    assert (
        "  length of the game: a game to 100 (at most 100 deals) vs one deal "
        "(HE-5.1, D-5 vs HEO-1.1)"
    ) in lines
    assert "  option can_lead_hearts_instead_of_qs: on vs off (HE-6.7)" in lines
    assert "  option passing: 'rotation' vs 'chance' (HE-2.2)" in lines
    assert "  option target: 100 vs 0 (HE-5.1)" in lines


def test_diff_spades_and_hearts_no_calls_and_the_lowest_wins() -> None:
    """HE-1.1, HE-5.2: no call of tricks, no trumps, and the lowest total wins."""
    code, out, _ = run("diff", "spades", "hearts")
    assert code == 0
    lines = out.splitlines()
    assert "  calls: 0–13 vs none (no call of tricks) (SP-2.2 vs —)" in lines
    assert "  trumps: spades vs none" in lines
    assert "  winner: the highest total vs the lowest total (points are penalties)" in lines
    assert "  sides: partnerships N/S against E/W vs each for themselves" in lines


@pytest.mark.parametrize("parent", ["hearts", "spades", "hearts-openspiel"])
def test_new_from_a_new_family(parent: str, tmp_path: Path) -> None:
    """``cardrules new --from`` a Hearts or Spades profile: a profile that extends it with
    its switches, that checks, loads and plays the same rules."""
    code, out, err = run("new", "my-variant", "--from", parent, "--dir", str(tmp_path))
    assert (code, err) == (0, "")
    path = tmp_path / "my-variant.toml"
    assert out.startswith(f"created {path}\n")
    assert f'extends = "{parent}"' in path.read_text(encoding="utf-8")
    assert run("check", str(path))[:2] == (0, f"ok: my-variant ({cardrules.load(path).title})\n")
    assert run("diff", parent, str(path))[1] == f"{parent} and my-variant: the same rules\n"
    game = cardrules.load(path).new_game(seed=1)
    play_game(game, [RuleBot()] * 4)
    assert game.phase == "finished"


def test_new_plugin_from_hearts(tmp_path: Path) -> None:
    """``--plugin``: a package whose profile extends hearts and names its own plugin."""
    code, _, err = run("new", "my-hearts", "--from", "hearts", "--plugin", "--dir", str(tmp_path))
    assert (code, err) == (0, "")
    profile = tmp_path / "my-hearts" / "src" / "cardrules_my_hearts" / "profiles" / "my-hearts.toml"
    text = profile.read_text(encoding="utf-8")
    assert 'extends = "hearts"' in text and 'passing = "rotation"' in text


# -- play in the terminal ----------------------------------------------------------


def test_read_action_takes_a_bare_card_as_a_pass_while_passing() -> None:
    """HE-2.3: while passing, ``QS`` is ``pass QS`` (as ``3`` is ``bid 3`` in an auction of
    calls); otherwise a bare card is still a card played."""
    queen = Card.parse("QS")
    passing = (PassCard(queen), PassCard(Card.parse("2C")))
    assert read_action("QS", passing) == read_action("q♠", passing) == PassCard(queen)
    assert read_action("pass QS", passing) == PassCard(queen)
    assert read_action("play QS", passing) == Play(queen)
    assert read_action("QS") == read_action("QS", (Play(queen),)) == Play(queen)
    with pytest.raises(cardrules.ActionError):
        read_action("QX", passing)


def _deal_lines(name: str, seed: int, human: int) -> tuple[list[str], Game]:
    """What a person at ``human`` types to play the first deal as the rule bot would
    (passes as bare cards, cards as 'AH' or 'A♥'), and the game after that deal."""
    game = cardrules.load(name).new_game(seed=seed)
    bot = RuleBot()
    lines: list[str] = []
    while game.to_act is not None and not game.deals:
        seat = game.controller(game.to_act)
        action = bot.choose(game.view(seat))
        if seat == human:
            card: Card = action.card  # type: ignore[attr-defined]
            lines.append(card.symbol() if len(lines) % 2 else str(card))
        game.apply(action)
    return lines, game


def test_play_a_hearts_deal_through_the_passing() -> None:
    """HE-2.1, HE-2.2, HE-2.3, D-3: at South a person passes three cards to the left by
    typing them, sees the cards chosen and, once every player has passed, the cards
    received; the bots' passes are not shown, each seat's three in one line; the deal is
    played out and the standings rank the lowest total first (HE-5.2)."""
    lines, expected = _deal_lines("hearts", 3, 2)
    code, out, err = run("play", "hearts", "--seed", "3", stdin="\n".join(lines) + "\n")
    assert (code, err) == (1, "error: end of input: the game is left unfinished\n")
    con = Console(io.StringIO(), io.StringIO(), io.StringIO())
    replay = Game(expected.rules, seed=3, dealer=expected.first_dealer)
    while replay.phase == "auction":
        replay.apply(expected.actions[len(replay.actions)])
    private = replay.auction.private(2)  # type: ignore[attr-defined]
    chosen = [Card.parse(c) for c in private["chosen"]]
    received = [Card.parse(c) for c in private["received"]]
    receiver = private["passing_to"]
    assert receiver == 3  # the first deal passes to the left: South's left is West
    first, second = out.split("== Deal 2 (game to 100), ", 1)
    before = first.split("Card to pass (? for help): ", 1)[0]
    assert "  passing: left\n" in before and "  passing to: W\n" in before
    assert first.count("Card to pass (? for help): ") == 3
    for card in chosen:
        assert f"  S (you): pass {card}\n" in first
    assert f"  You: chosen: {' '.join(c.symbol() for c in chosen)}\n" in out
    assert f"  You: received: {' '.join(c.symbol() for c in received)}\n" in out
    assert f"  Your hand now (S): {con.hand(replay.hand(2))}\n" in out
    passes = re.findall(r"^  ([NEW]): (pass.*)$", out.split("You: chosen")[0], re.MULTILINE)
    assert passes == [(s, "pass 3 cards (hidden)") for s in "WNE"]
    assert "Card to pass" not in first.split("You: received")[1]
    assert first.count("Your card (") == 13
    deal = expected.deals[0]
    for seat in range(4):
        took, total = deal.tricks[seat], deal.scores[seat]
        you = " (you)" if seat == 2 else ""
        assert f"  {seat_name(seat)}{you}: took {took}, scores {total}, total {total}\n" in first
    standings = out.split("Standings (the lowest total wins):\n", 1)[1]
    totals = [Decimal(line.split()[-1]) for line in standings.splitlines()[:4]]
    assert totals == sorted(totals)
    # HE-2.2: the second deal passes to the right (South's right is East)
    assert "  passing: right\n" in second and "  passing to: E\n" in second
    # the dealer S passes last: the others' passes are told after the heading, before it
    assert second.endswith(
        "  passing to: E\n-- Deal 2, passing --\n  W: pass 3 cards (hidden)\n"
        "  N: pass 3 cards (hidden)\n  E: pass 3 cards (hidden)\nCard to pass (? for help): \n"
    )


def test_play_passing_help_and_refusals() -> None:
    """HE-2.1: '?' lists the cards that may be passed; a card not held is refused, citing
    HE-2.1, and the same seat is asked again."""
    game = cardrules.load("hearts").new_game(seed=3)
    hand = game.hand(2)
    absent = next(
        Card.parse(r + s) for s in "SHDC" for r in "AKQJT98765432" if Card.parse(r + s) not in hand
    )
    code, out, _ = run("play", "hearts", "--seed", "3", stdin=f"?\n{absent}\nquit\n")
    assert code == 0
    con = Console(io.StringIO(), io.StringIO(), io.StringIO())
    legal = " ".join(con.card(c) for c in in_hand_order(hand))
    assert f"  Legal now: pass {legal}\n" in out
    assert "  Type a card to pass ('QS' or 'pass QS'); '?' shows this help" in out
    assert (
        f"  Refused: illegal action 'pass {absent}' by you: HE-2.1: "
        f"{absent.symbol()} is not in your hand\n"
    ) in out
    assert out.endswith("You left the game.\n")


def test_play_a_whole_openspiel_game_the_lowest_wins(tmp_path: Path) -> None:
    """HEO-1.1, HE-5.2: one deal; the game over names the rule, and the players with the
    lowest points are the winners, first in the final standings."""
    lines, expected = _deal_lines("hearts-openspiel", 6, 2)
    record = tmp_path / "h.json"
    code, out, err = run(
        "play", "hearts-openspiel", "--seed", "6", "--record", str(record),
        stdin="\n".join(lines) + "\n",
    )  # fmt: skip
    assert (code, err) == (0, "")
    game = Game.from_json(record.read_text(encoding="utf-8"))
    assert game.actions == expected.actions and game.phase == "finished"
    assert "Game over: 1 deal played [HEO-1.1]\n" in out
    final = out.split("Final standings (the lowest total wins):\n", 1)[1]
    low = min(game.totals.values())
    for st in game.standings():
        you = " (you)" if st.side == 2 else ""
        mark = "  winner" if st.total == low else ""
        assert f"  {st.place}. {seat_name(st.side)}{you}  {st.total}{mark}\n" in final  # type: ignore[arg-type]


@pytest.mark.parametrize("name", HEARTS)
def test_play_auto_shows_every_pass_and_the_hands_after(name: str, tmp_path: Path) -> None:
    """Watching (``--auto``): every pass is shown, each seat's three cards in one line
    (HE-2.1), then the hands play starts from; a replay of the record tells the same
    story."""
    record = tmp_path / "auto.json"
    code, out, err = run("play", name, "--auto", "--seed", "4", "--record", str(record))
    assert (code, err) == (0, "")
    game = Game.from_json(record.read_text(encoding="utf-8"))
    first = out.split("== Deal 2 ")[0]
    passes = [a for a in game.actions[:12] if a.startswith("pass ")]
    for i in range(0, len(passes), 3):
        cards = " ".join(a.split()[1] for a in passes[i : i + 3])
        assert f": pass {cards}\n" in first
    replay = Game(game.rules, seed=4, dealer=game.first_dealer)
    while replay.phase == "auction":
        replay.apply(game.actions[len(replay.actions)])
    con = Console(io.StringIO(), io.StringIO(), io.StringIO())
    if passes:
        assert "  Hands after the auction:\n" in first
        for seat in range(4):
            assert f"    {seat_name(seat)}: {con.hand(replay.hand(seat))}\n" in first
    else:
        assert "Hands after the auction" not in first
    assert "passing to" not in first  # no seat's own facts when watching
    assert "Final standings (the lowest total wins):\n" in out
    code, replayed, _ = run("replay", str(record))
    assert code == 0
    assert replayed.split("\n", 1)[1] + f"Record saved to {record}\n" == out.split("\n", 1)[1]


# -- simulate and the bots -------------------------------------------------------


@pytest.mark.parametrize("name", HEARTS)
@pytest.mark.parametrize("bots", ["rule", "random"])
def test_simulate_hearts_with_bots_plays_legal_deals(name: str, bots: str) -> None:
    """HE-2.1 .. HE-4.2: the engine is chosen automatically (the NumPy engine does not
    pass cards nor count the cards taken); every deal replays move by move through
    the public API, each scoring the 26 points of a deal (78 after a moon shot)."""
    rules = cardrules.load(name)
    sim = cardrules.simulate(name, deals=12, seed=5, players=[bots] * 4)
    assert sim.engine == "game" and len(sim) == 12
    for rec in sim:
        dealer = rec.deal * rules.direction.step % 4
        game = rules.new_game(seed=deal_seed(5, rec.deal), dealer=dealer)
        assert tuple(game.initial_hands) == rec.hands
        for action in rec.actions:
            game.apply(action)
        assert len(rec.actions) in (0, 12)
        for index in rec.cards:
            game.apply(Play(cardrules.cards.CARDS[index]))
        assert game.deals[0].scores == rec.scores
        assert sum(rec.scores.values()) in (26, 78)
        assert sum(rec.tricks) == 13


def test_cli_simulate_hearts_picks_the_game_engine() -> None:
    """``cardrules simulate hearts``: the game engine, a note that the lowest score wins;
    ``--engine numpy`` is refused with the reason."""
    code, out, err = run(
        "simulate", "hearts", "--deals", "10", "--bots", "rule,random,rule,random",
        "--workers", "1",
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert out.startswith("hearts: 10 deals, seed 0, players rule,random,rule,random (game engine)")
    assert "(the scores are penalty points: the lowest wins)\n" in out
    code, out, err = run("simulate", "hearts-openspiel", "--deals", "4", "--engine", "numpy")
    assert (code, out) == (1, "")
    assert err.startswith("error: invalid engine: --engine numpy ")
    assert err.endswith("; use --engine game\n")


@pytest.mark.parametrize("name", HEARTS)
def test_bots_play_whole_games_legally(name: str) -> None:
    """The rule bot (passing as ``PassCard.advise`` says, then ducking: no seat needs a
    trick) and the random bot finish games; the standings put the lowest total first."""
    for seed in range(3):
        game = cardrules.load(name).new_game(seed=seed)
        play_game(game, [RuleBot(), RandomBot(seed), RuleBot(), RandomBot(seed + 1)])
        assert game.phase == "finished" and lowest_wins(game.rules.end)
        totals = [st.total for st in game.standings()]
        assert totals == sorted(totals)
        assert game.standings()[0].winner
