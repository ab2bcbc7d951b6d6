"""``cardrules play`` and ``replay`` as a player reads them (issue 13): contracts as bridge
players write them, what ends the game, house rules from the command line, seats by
name, the Minibridge table, a record path checked first, and the small things."""

from __future__ import annotations

import io
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import pytest

import cardrules
from cardrules import ActionError, Bid, Game, IllegalAction, Play
from cardrules.cli import main
from cardrules.cli.console import Console, in_hand_order
from cardrules.cli.narrate import house_rules, player_words
from cardrules.cli.play import read_action
from cardrules.engine.bots import RuleBot, play_game
from cardrules.rules.actions import Action, ActionForm, Vocabulary
from cardrules.rules.reading import parse_action
from cardrules_minibridge import ChooseContract
from cardrules_minibridge.contracts import CONTRACTS, contract_level

STRICT = "callbreak-strict"
MB = "minibridge-ebu"
#: The words a Minibridge game reads.
_MB_WORDS = cardrules.load(MB).vocabulary
_mb_read = _MB_WORDS.read


def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    """Run the command line in-process: exit status, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def typed(game: Game, human: int) -> tuple[list[str], Game]:
    """What a person at ``human`` types to play ``game`` as the rule bots would: its
    lines, and the game played out."""
    bot = RuleBot()
    lines = []
    while game.to_act is not None:
        seat = game.controller(game.to_act)
        action = bot.choose(game.view(seat))
        if seat == human:
            lines.append(str(action))
        game.apply(action)
    return lines, game


def target_profile(tmp_path: Path, target: int = 40) -> Path:
    path = tmp_path / "target.toml"
    path.write_text(
        '[profile]\nname = "target"\ntitle = "To 40"\nextends = "callbreak-app"\n\n'
        f"[options]\ntarget_score = {target}\n",
        encoding="utf-8",
    )
    return path


# ---------------------------------------------------------------------------
# 6. Minibridge contracts as bridge players write them


def test_d_6_every_contract_reads_in_the_form_pbn_writes() -> None:
    """MB-3.2 / D-6: ``1C`` .. ``1NT`` are the part-scores, ``3NT 4H 4S 5C 5D`` the games:
    the form the PBN export writes reads as the same action as ``contract STRAIN GOAL`` (in a
    Minibridge game's words: bridge reads ``1C`` as its bid)."""
    for choice in CONTRACTS:
        bridge = f"{contract_level(choice)}{choice.strain}"
        assert _mb_read(bridge) == _mb_read(f"contract {choice.strain} {choice.goal}")
        assert _mb_read(bridge) == choice
        assert _mb_read(bridge.lower()) == choice
    assert _mb_read("3 NT") == _mb_read("3N") == ChooseContract("NT", "game")
    assert _mb_read("4♠") == ChooseContract("S", "game")


@pytest.mark.parametrize("text", ["2S", "7NT", "0NT", "3H", "4D", "5NT", "2♥"])
def test_d_6_a_level_that_is_no_contract_is_refused_naming_it(text: str) -> None:
    with pytest.raises(ActionError) as err:
        _mb_read(text)
    assert str(err.value) == (
        f"invalid action: {text!r} (no Minibridge contract: a game is 3NT, 4H, 4S, 5C or 5D, "
        "a part-score 1C, 1D, 1H, 1S or 1NT)"
    )


@pytest.mark.parametrize("text", ["10H", "4X", "3", "NT3"])
def test_texts_of_no_form_are_refused_as_before(text: str) -> None:
    with pytest.raises(ActionError) as err:
        _mb_read(text)
    assert str(err.value) == f"invalid action: {text!r} ({_MB_WORDS.expected()})"


@dataclass(frozen=True, slots=True)
class _Knock(Action):
    """An action of no family, written ``!!`` without a verb."""

    typing_hint: ClassVar[str] = "a knock ('!!')"

    def __str__(self) -> str:
        return "knock"


def test_a_form_without_a_verb_is_read_where_a_family_declares_it() -> None:
    """A verb-less form is read by the vocabularies that hold it (a family's games'),
    tried when no verb matches; ``read_form`` tries only the forms of the kinds asked for."""
    form = ActionForm("!!", _Knock, lambda text: _Knock() if text == "!!" else None)
    words = Vocabulary.kernel().with_words(forms=[form])
    assert words.read(" !! ") == _Knock()
    assert words.read_form("!!", {_Knock}) == _Knock()
    assert words.read_form("!!", {Play, Bid}) is None
    assert words.read_form("4S", {_Knock}) is None
    assert "'!!'" in words.expected()
    assert read_action("!!", [_Knock()], vocabulary=words) == _Knock()
    with pytest.raises(ActionError):
        Vocabulary.kernel().read("!!")  # no other vocabulary learns it
    with pytest.raises(ActionError):
        parse_action("!!")  # nor the installed families'
    assert repr(form) == "ActionForm('!!', _Knock)"


def test_read_action_reads_4h_as_the_kind_asked_for() -> None:
    """``4H`` is a card while cards are played and a contract while one is chosen."""
    card = Play(cardrules.Card.parse("4H"))
    assert read_action("4H", [card]) == card
    assert read_action("4H", list(CONTRACTS)) == ChooseContract("H", "game")
    assert read_action("1nt", list(CONTRACTS)) == ChooseContract("NT", "partscore")
    with pytest.raises(ActionError, match=r"^invalid action: '2NT' \(no Minibridge contract"):
        read_action("2NT", list(CONTRACTS))


def test_mb_3_1_declarer_types_3nt() -> None:
    """MB-3.1: at South, declarer on seed 2, ``3NT`` chooses the no-trump game."""
    code, out, err = run("play", MB, "--seed", "2", stdin="3NT\nquit\n")
    assert (code, err) == (0, "")
    assert "  S (you): contract NT game\n" in out
    assert "Contract: NT game (no-trump) by S, dummy N, 9 tricks needed; W leads" in out


# ---------------------------------------------------------------------------
# 7. What ends the game, and the house rules in force


def test_app_5_1_the_deal_counter_under_a_target(tmp_path: Path) -> None:
    """APP-5.1 / D-7: with a target the header and every deal say so, never 'Deal 6 of 5'."""
    path = target_profile(tmp_path)
    code, out, err = run("play", str(path), "--auto", "--seed", "4")
    assert (code, err) == (0, "")
    game = play_game(cardrules.load(path).new_game(seed=4), [RuleBot()] * 4)
    assert len(game.deals) > 5
    lines = out.splitlines()
    assert lines[0] == "To 40: seed 4, first to 40; bots: N rule, E rule, S rule, W rule"
    assert lines[1:4] == [
        "  The game ends after the deal in which a total reaches 40; the highest total wins, "
        "equal totals",
        "    share a place.",
        "  House rules: target_score = 40 [APP-5.1]",
    ]
    headers = [line for line in lines if line.startswith("== Deal ")]
    assert len(headers) == len(game.deals)
    assert all(re.fullmatch(r"== Deal \d+ \(first to 40\), dealer [NESW] ==", h) for h in headers)
    assert " of 5" not in out
    assert out.endswith(
        "".join(
            f"  {s.place}. {'NESW'[s.side]}  {s.total}{'  winner' if s.winner else ''}\n"  # type: ignore[index]
            for s in game.standings()
        )
    )
    assert "Game over: a total reached the target of 40 [APP-5.1]\n" in out
    assert (
        "Cards thrown in (N's hand): APP-1.2: a hand without a spade; the same dealer deals again\n"
    ) in out


def test_header_states_the_end_and_lists_no_house_rules_when_none_are_on() -> None:
    code, out, _ = run("play", STRICT, "--auto", "--seed", "1")
    assert code == 0
    assert out.splitlines()[1:4] == [
        "  The game ends after 5 deals; the highest total wins, equal totals share a place.",
        "  Play goes counter-clockwise (to the right): N, W, S, E [CBS-2.1]",
        "",
    ]
    assert house_rules(cardrules.load("callbreak-app")) == []
    assert "== Deal 5 of 5, dealer " in out


def test_he_5_1_a_game_to_a_total_the_lowest_wins() -> None:
    """HE-5.x: Hearts plays to 100 and the lowest total wins: 'game to 100'."""
    code, out, _ = run("play", "hearts", "--auto", "--seed", "4")
    assert code == 0
    assert out.splitlines()[0].startswith("Hearts: seed 4, game to 100; bots: ")
    assert "== Deal 1 (game to 100), dealer " in out and " of 100" not in out


def test_replay_tells_the_same_header(tmp_path: Path) -> None:
    path, record = target_profile(tmp_path, 30), tmp_path / "r.json"
    code, played, _ = run("play", str(path), "--auto", "--seed", "2", "--record", str(record))
    assert code == 0
    code, replayed, err = run("replay", str(record), "--profile", str(path))
    assert (code, err) == (0, "")
    assert replayed.split("\n", 1)[0] == "To 40: seed 2, first to 30 (replay)"
    assert replayed.split("\n", 1)[1] + f"Record saved to {record}\n" == played.split("\n", 1)[1]


# ---------------------------------------------------------------------------
# 8. House rules on the command line


def test_app_5_1_5_2_options_on_the_command_line() -> None:
    """``--option big_call_8=true --option target_score=30`` plays those house rules."""
    code, out, err = run(
        "play", "callbreak-app", "--auto", "--seed", "21",
        "--option", "big_call_8=true", "--option", "target_score=30",
    )  # fmt: skip
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith("Call Break (app rules): seed 21, first to 30; bots: ")
    assert "  House rules: big_call_8 = true [APP-5.2], target_score = 30 [APP-5.1]" in lines
    rules = cardrules.load("callbreak-app", options={"big_call_8": True, "target_score": 30})
    game = play_game(rules.new_game(seed=21), [RuleBot()] * 4)
    assert f"Game over: {player_words(game.over.reason)} [" in out  # type: ignore[union-attr]


def test_a_wrong_option_names_it() -> None:
    code, out, err = run("play", "callbreak-app", "--auto", "--option", "target_score=true")
    assert (code, out) == (1, "")
    assert err.startswith("error: ") and "target_score" in err
    code, _, err = run("play", "callbreak-app", "--auto", "--option", "target_score")
    assert code == 2 and "invalid option 'target_score'" in err


# ---------------------------------------------------------------------------
# 9. Seats by name


def test_illegal_action_names_the_seat_by_number_and_letter() -> None:
    """API messages keep the number and add the letter (none beyond the fourth seat)."""
    assert str(IllegalAction("X-1", "no", action="play KH", seat=2)) == (
        "illegal action 'play KH' by seat 2 (S): X-1: no"
    )
    assert str(IllegalAction("", "no", action="bid 3", seat=4)) == (
        "illegal action 'bid 3' by seat 4: no"
    )
    game = cardrules.load(STRICT).new_game(seed=1)
    with pytest.raises(IllegalAction, match=r"^illegal action 'bid 3' by seat 0 \(N\): "):
        game.apply("bid 3", seat=0)


def test_player_words() -> None:
    text = "illegal action 'play AC' by seat 0 (N): A♣ is not in seat 0's hand (N)"
    assert player_words(text, 2) == "illegal action 'play AC' by N: A♣ is not in N's hand"
    assert player_words(text, 0) == "illegal action 'play AC' by you: A♣ is not in your hand"
    assert player_words("seat 2 (S) called 8 and took 8 tricks", 2) == (
        "you called 8 and took 8 tricks"
    )
    assert player_words("only declarer (seat 2 (S)) chooses the contract") == (
        "only declarer (S) chooses the contract"
    )
    assert player_words("it is the turn of seat 0 (N), decided by seat 2 (S)", 2) == (
        "it is the turn of N, decided by you"
    )
    assert player_words("7♣ is not in the hand of seat 1 (E)", 1) == "7♣ is not in your hand"
    assert player_words("seat 5 leads; seats 1 and 2") == "seat 5 leads; seats 1 and 2"


def test_mb_4_2_a_card_not_in_dummys_hand_is_refused_naming_dummy() -> None:
    """MB-4.2: declarer South plays for dummy North: a card North lacks is refused as N's."""
    game = cardrules.load(MB).new_game(seed=2)
    assert cardrules.Card.parse("AC") not in game.hand(0)
    code, out, _ = run("play", MB, "--seed", "2", stdin="3NT\nAC\nquit\n")
    assert code == 0
    assert "  Refused: illegal action 'play AC' by N: A♣ is not in N's hand\n" in out
    assert "seat" not in out


def test_app_5_2_game_over_says_you_called_8() -> None:
    """APP-5.2: the game ends with South's big call: the player at South reads 'you'."""
    rules = cardrules.load("callbreak-app", big_call_8=True)
    lines, expected = typed(rules.new_game(seed=21), 2)
    assert expected.over is not None and expected.over.rule == "APP-5.2"
    code, out, err = run(
        "play", "callbreak-app", "--seed", "21", "--option", "big_call_8=true",
        stdin="\n".join(lines) + "\n",
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert "Game over: you called 8 and took 8 tricks [APP-5.2]\n" in out
    auto = ("play", "callbreak-app", "--auto", "--seed", "21")
    assert run(*auto, "--option", "big_call_8=1")[0] == 1  # a whole number is no switch
    code, out, _ = run(*auto, "--option", "big_call_8=true")
    assert "Game over: S called 8 and took 8 tricks [APP-5.2]\n" in out


# ---------------------------------------------------------------------------
# 10. The Minibridge table


def test_mb_4_tricks_are_counted_per_pair() -> None:
    """MB-4 / D-1: in a partnership the tricks so far are the pair's; where each seat
    called tricks of its own (Spades) each seat's count follows."""
    code, out, _ = run("play", MB, "--seed", "2", stdin="3NT\nquit\n")
    assert code == 0
    assert "  Tricks: NS 0, EW 0\n" in out
    code, out, _ = run("play", "spades", "--seed", "2", stdin="3\nquit\n")
    assert "  Tricks: NS 0 (N 0, S 0), EW 0 (E 0, W 0)\n" in out
    code, out, _ = run("play", STRICT, "--seed", "5", stdin="3\nquit\n")
    assert "  Tricks: N 0, E 0, S 0, W 0\n" in out


def test_not_understood_lists_only_this_games_actions() -> None:
    """Call Break has no contracts: a text no action of the game reads says how to type
    what is asked now, not every installed family's verbs."""
    code, out, _ = run("play", STRICT, "--seed", "5", stdin="3NT\nfoo bar\nquit\n")
    assert code == 0
    assert "  Not understood: invalid action: '3NT' (expected a call ('3' or 'bid 3'))" in out
    assert "  Not understood: invalid action: 'foo bar' (expected a call ('3' or 'bid 3'))" in out
    assert "contract" not in out.lower()
    code, out, _ = run("play", MB, "--seed", "2", stdin="xyz\nquit\n")
    assert (
        "  Not understood: invalid action: 'xyz' (expected a contract: a game 3NT, 4H, 4S, 5C "
        "or 5D, a part-score 1C, 1D, 1H, 1S or 1NT (or 'S game', 'NT partscore', "
        "'contract S game')); type ? for help\n"
    ) in out


def test_mb_2_2_the_throw_in_says_the_same_dealer_once() -> None:
    """MB-2.2 / D-5: a 20-20 deal is redealt by the same dealer, said once."""
    code, out, _ = run("play", MB, "--auto", "--seed", "1")
    assert code == 0
    line = next(line for line in out.splitlines() if line.startswith("Cards thrown in"))
    assert line == (
        "Cards thrown in: MB-2.2: no pair has more than 20 points (NS 20, EW 20): redeal by "
        "the same dealer"
    )


# ---------------------------------------------------------------------------
# 13. A record path is checked first


def test_play_checks_the_record_path_before_the_game(tmp_path: Path) -> None:
    code, out, err = run("play", STRICT, "--auto", "--seed", "1", "--record", "/nonexist/r.json")
    assert (code, out) == (1, "")
    assert err == "error: cannot write the record '/nonexist/r.json': No such file or directory\n"
    code, out, err = run("play", STRICT, "--auto", "--record", str(tmp_path))
    assert (code, out) == (1, "")
    assert err == f"error: cannot write the record {str(tmp_path)!r}: Is a directory\n"
    record = tmp_path / "r.json"
    code, _, _ = run("play", STRICT, "--seed", "1", "--record", str(record), stdin="quit\n")
    assert code == 0 and Game.from_json(record.read_text(encoding="utf-8")).seed == 1


def test_replay_of_a_missing_or_unreadable_record_is_one_line(tmp_path: Path) -> None:
    code, out, err = run("replay", str(tmp_path / "none.json"))
    assert (code, out) == (1, "")
    assert err == (
        f"error: cannot read the record {str(tmp_path / 'none.json')!r}: "
        "No such file or directory\n"
    )
    code, out, err = run("replay", str(tmp_path))
    assert (code, out) == (1, "")
    assert err == f"error: cannot read the record {str(tmp_path)!r}: Is a directory\n"


# ---------------------------------------------------------------------------
# 15. Small things


def test_cbs_2_4_the_calls_before_yours_follow_the_heading_once() -> None:
    """CBS-2.4: at South's call, the hand printed at the deal's start is not printed
    again, and the calls before South's (from the dealer's right, South dealing) are told
    one by one under the heading of the phase (its family's word, "calls"), not listed
    again before South calls."""
    code, out, _ = run("play", STRICT, "--seed", "5", stdin="3\nquit\n")
    assert code == 0
    auction = out.split("  S (you): bid 3\n")[0]
    assert auction.count("Your hand (S): ") == 1
    order = cardrules.load(STRICT).new_game(seed=5).view(2).auction["order"]
    assert ["NESW"[s] for s in order] == ["E", "N", "W", "S"]
    calls = auction.split("\n-- Deal 1, calls --\n")[1]
    assert calls == "  E: bid 4\n  N: bid 2\n  W: bid 5\nYour call (2-13, ? for help): "
    assert "calls:" not in auction and "order:" not in auction


def test_the_legal_cards_are_listed_as_the_hand_shows_them() -> None:
    """The help lists the legal cards spades first, high to low, as the hand reads."""
    game = cardrules.load("hearts").new_game(seed=3)
    code, out, _ = run("play", "hearts", "--seed", "3", stdin="?\nquit\n")
    assert code == 0
    con = Console(io.StringIO(), io.StringIO(), io.StringIO())
    listed = " ".join(con.card(c) for c in in_hand_order(game.hand(2)))
    assert f"  Legal now: pass {listed}\n" in out
    assert listed.startswith(con.card(in_hand_order(game.hand(2))[0]))
    hand = [cardrules.Card.parse(c) for c in ("2C", "AS", "10H", "KD", "3S")]
    assert [str(c) for c in in_hand_order(hand)] == ["AS", "3S", "10H", "KD", "2C"]


def test_enter_plays_a_forced_card() -> None:
    """CBS-3.x: with one legal card, the prompt offers it and Enter plays it."""
    code, out, _ = run("play", STRICT, "--seed", "5", stdin="3\n\nquit\n")
    assert code == 0
    assert "Your card (Enter plays 8♥, ? for help):   S (you) plays 8♥\n" in out


def test_show_rules_prints_the_rule_text(tmp_path: Path) -> None:
    code, out, err = run("show", STRICT, "--rules")
    assert (code, err) == (0, "")
    settings = run("show", STRICT)[1]
    assert out.startswith(settings)
    text = out[len(settings) :]
    assert text.startswith("\nRule text (") and "callbreak-strict.rules.md):\n" in text
    assert re.search(r"^  CBS-3\.6  \S", text, re.MULTILINE)
    assert not out.endswith("\n\n")
    # A profile without a text of its own shows its parent's.
    code, out, _ = run("show", str(target_profile(tmp_path)), "--rules")
    assert code == 0 and "callbreak-app.rules.md):\n" in out and "  APP-5.1  " in out


def test_new_writes_a_schema_line_for_editors(tmp_path: Path) -> None:
    code, _, err = run("new", "zzt-schema-house", "--from", "callbreak-app", "--dir", str(tmp_path))
    assert (code, err) == (0, "")
    text = (tmp_path / "zzt-schema-house.toml").read_text(encoding="utf-8")
    assert text.startswith("#:schema ./profile.schema.json\n")
    assert tomllib.loads(text)["profile"]["name"] == "zzt-schema-house"


def test_play_with_monte_carlo_bots() -> None:
    """``--bots mc`` (and ``mc:N``): the Monte Carlo bot plays the game to its end; the
    header names the bots."""
    code, out, err = run("play", STRICT, "--auto", "--seed", "3", "--bots", "mc:4,rule,rule,rule")
    assert (code, err) == (0, "")
    assert "bots: " in out.splitlines()[0] and "mc:4" in out.splitlines()[0]
    assert "== Deal 5 of 5, dealer " in out
    code, _, err = run("play", STRICT, "--auto", "--bots", "mc:0")
    assert code == 2 and "the budget of mc" in err


# ---------------------------------------------------------------------------
# 14. Terminal play (audit items 14 and 17)


def test_he_2_1_the_passing_is_headed_passing_and_the_phase_stays_auction() -> None:
    """HE-2.1: a family names its auction's phase (Hearts: "passing"); the terminal heads
    it so, while ``game.phase`` keeps the kernel's "auction"."""
    game = cardrules.load("hearts").new_game(seed=3)
    assert (game.phase, game.phase_name) == ("auction", "passing")
    assert game.rules.phase_name("play") == "play"
    code, out, _ = run("play", "hearts", "--seed", "3", stdin="quit\n")
    assert code == 0
    assert "\n-- Deal 1, passing --\n" in out and "auction" not in out
    heads = {"spades": "bidding", "oh-hell": "bidding", STRICT: "calls", MB: "auction"}
    for name, head in heads.items():
        assert cardrules.load(name).new_game(seed=1).phase_name == head


def test_he_2_1_another_seats_pass_is_one_line() -> None:
    """HE-2.1, HE-2.3: each bot's three hidden cards are one line, not one per card."""
    game = cardrules.load("hearts").new_game(seed=3)
    cards = " ".join(str(c) for c in game.hand(2)[:3])
    code, out, _ = run("play", "hearts", "--seed", "3", stdin=f"{cards}\nquit\n")
    assert code == 0
    assert (
        "  W: pass 3 cards (hidden)\n  N: pass 3 cards (hidden)\n  E: pass 3 cards (hidden)\n"
        in (out)
    )
    assert "pass (hidden)" not in out


def test_he_2_1_three_cards_typed_at_once(tmp_path: Path) -> None:
    """HE-2.1: ``pass KH 10H 7D`` (or the cards alone) passes the three cards, one action
    each as the protocol takes ``pass KH``; a card not held, or more cards than are
    the seat's to pass now, is refused and nothing is passed."""
    game = cardrules.load("hearts").new_game(seed=3)
    hand = game.hand(2)
    held = [str(c) for c in hand]
    absent = next(c for c in ("KH", "AH", "QH", "JH") if cardrules.Card.parse(c) not in hand)
    record = tmp_path / "r.json"
    stdin = (
        f"pass {held[0]} {absent} {held[1]}\n"
        f"pass {' '.join(held[:4])}\n"
        f"pass {held[5]} {held[6].lower()} {held[7]}\n"
        "quit\n"
    )
    code, out, _ = run("play", "hearts", "--seed", "3", "--record", str(record), stdin=stdin)
    assert code == 0
    shown = cardrules.Card.parse(absent).symbol()
    assert (
        f"  Refused: illegal action 'pass {absent}' by you: HE-2.1: {shown} is not in your hand\n"
    ) in out
    assert (
        f"  Refused: illegal action 'pass {held[3]}' by you: only 3 of these 4 actions are "
        "yours to take now\n"
    ) in out
    assert f"  S (you): pass {held[5]} {held[6]} {held[7]}\n" in out
    played = Game.from_json(record.read_text(encoding="utf-8"))
    assert played.actions[:3] == [f"pass {c}" for c in held[5:8]]
    code, out, _ = run("play", "hearts", "--seed", "3", stdin=f"{' '.join(held[:3])}\nquit\n")
    assert f"  S (you): pass {' '.join(held[:3])}\n" in out


def test_undo_takes_back_the_last_decision_and_the_bots_after_it(tmp_path: Path) -> None:
    """``undo`` at the prompt goes back to the person's previous decision, the bots'
    actions after it taken back too (``game.undo()``); with none to take back it says so."""
    record = tmp_path / "r.json"
    stdin = "undo\n3\nundo\n4\nquit\n"
    code, out, _ = run("play", STRICT, "--seed", "5", "--record", str(record), stdin=stdin)
    assert code == 0
    assert "  Nothing to undo: you have not decided anything yet.\n" in out
    assert "  Undone: 4 actions, back to your last decision.\n" in out  # S's call, E, N, W cards
    game = Game.from_json(record.read_text(encoding="utf-8"))
    assert game.actions[:4] == ["bid 4", "bid 2", "bid 5", "bid 4"]
    assert "  Calls: N 2, E 4, S 4, W 5; trumps spades; E leads\n" in out


def test_hint_shows_what_the_rule_bot_would_do_from_the_seat() -> None:
    """``hint`` shows the rule bot's choice from the person's view; '?' tells of it."""
    game = cardrules.load(STRICT).new_game(seed=5)
    bot = RuleBot()
    while game.to_act != 2:
        game.apply(bot.choose(game.view(game.to_act)))  # type: ignore[arg-type]
    advice = bot.choose(game.view(2))
    code, out, _ = run("play", STRICT, "--seed", "5", stdin="hint\n?\nquit\n")
    assert code == 0
    assert f"  Hint: the rule bot would {advice}\n" in out
    assert (
        "  'hint' shows what the rule bot would do; 'undo' takes back your last decision "
        "and all after it.\n"
    ) in out


def test_cbs_2_1_the_direction_of_play_is_said_once() -> None:
    """CBS-2.1: play goes counter-clockwise, said once at the start, round the table from
    the person's seat; HE-1.2: Hearts goes clockwise."""
    code, out, _ = run("play", STRICT, "--seed", "5", stdin="quit\n")
    assert code == 0
    assert out.count("Play goes ") == 1
    assert (
        "\n  Play goes counter-clockwise (to the right): S, E, N, W [CBS-2.1]\n\n== Deal 1" in out
    )
    code, out, _ = run("play", "hearts", "--seed", "3", "--auto")
    assert out.count("Play goes ") == 1
    assert "  Play goes clockwise (to the left): N, E, S, W [HE-1.2]\n" in out


def test_cbs_2_4_the_calls_line_is_said_once_a_deal() -> None:
    """CBS-2.4, CBS-3.1: the calls and the first leader are said once, when the play
    begins, not again at each trick ('?' says them again)."""
    lines, _ = typed(cardrules.load(STRICT).new_game(seed=5), 2)
    stdin = "\n".join([*lines[:3], "?", "quit"]) + "\n"
    code, out, _ = run("play", STRICT, "--seed", "5", stdin=stdin)
    assert code == 0
    played, helped = out.split("  Legal now: ")
    assert played.count("-- Deal 1, trick ") == 3
    assert played.count("  Calls: ") == 1
    assert "  Calls: N 2, E 4, S 3, W 5; trumps spades; E leads\n  E plays A♥\n" in played
    assert "  Calls: N 2, E 4, S 3, W 5; trumps spades\n" in helped


def test_br_1_2_boards_are_headed_by_number_with_their_vulnerability() -> None:
    """BR-1.2: a board is headed "Board N" (not "Deal 1 of 16"), its vulnerability said as
    the rules name it (none, NS, EW, both); the view's JSON keeps PBN's words."""
    code, out, _ = run("play", "bridge-duplicate", "--seed", "5", "--seat", "E", stdin="quit\n")
    assert code == 0
    assert "== Board 1, dealer N ==\n  Your hand (E): " in out
    assert "  vulnerable: none\n-- Board 1, auction --\n  N: pass\nYour call" in out
    assert "None" not in out and " of 16" not in out and "bidding:" not in out
    game = cardrules.load("bridge-duplicate", first_board=4).new_game(seed=1)
    assert game.auction.public()["vulnerable"] == "All"
    code, out, _ = run("play", "bridge-duplicate", "--auto", "--seed", "1", "--deals", "1",
                       "--option", "first_board=4")  # fmt: skip
    assert "== Board 4, dealer W ==\n" in out and "  vulnerable: both\n" in out
    assert "Board 4 over:\n" in out


def test_br_3_3_declarer_sees_dummys_hand_once_a_turn() -> None:
    """BR-3.3: declarer, playing dummy's card, sees dummy's hand once (the hand played
    for), not also as an exposed hand."""
    lines, _ = typed(cardrules.load("bridge-duplicate", deals=1).new_game(seed=5), 1)
    code, out, _ = run(
        "play", "bridge-duplicate", "--seed", "5", "--deals", "1", "--seat", "E",
        stdin="\n".join([*lines[:3], "quit"]) + "\n",
    )  # fmt: skip
    assert code == 0
    turn = out.split("-- Board 1, trick 1 --\n")[1].split("Card for W")[0]
    assert turn.count("♠ K J 8 3  ♥ K 7 6 2  ♦ K J 4 2  ♣ 8") == 1
    assert "  You play for W: ♠ K J 8 3  ♥ K 7 6 2  ♦ K J 4 2  ♣ 8\n" in turn
    assert "Exposed hand of W" not in turn


def test_br_5_8_a_duplicate_session_ends_compared_in_imps(tmp_path: Path) -> None:
    """BR-5.8, D-8: a session ends compared, board by board in IMPs, with the same boards
    played by rule bots at every seat; the game's totals stay total points."""
    from cardrules_bridge import imps

    record = tmp_path / "r.json"
    code, out, err = run(
        "play", "bridge-duplicate", "--auto", "--seed", "5", "--deals", "2",
        "--bots", "random", "--record", str(record),
    )  # fmt: skip
    assert (code, err) == (0, "")
    here = Game.from_json(record.read_text(encoding="utf-8"))
    there = play_game(here.rules.new_game(seed=5), [RuleBot()] * 4)
    compared = out.split("Compared with the same deals played by rule bots at every seat ")[1]
    assert compared.startswith("(IMPs, BR-5.8):\n")
    total = 0
    for n, (a, b) in enumerate(zip(here.deals, there.deals, strict=True), 1):
        won = imps(int(a.scores["NS"] - b.scores["NS"]))
        total += won
        sign = f"+{won}" if won > 0 else str(won)
        line = f"  Board {n}: NS {a.scores['NS']} here, {b.scores['NS']} there: NS {sign} IMPs\n"
        assert line in compared
    assert total != 0
    assert compared.split("  In all: ")[1].startswith(f"NS {total:+d}, EW {-total:+d} IMPs\n")
    code, out, _ = run("play", "bridge-duplicate", "--auto", "--seed", "5", "--deals", "1")
    assert "Compared" not in out  # rule bots at every seat: the other table is this one
    assert "Compared" not in run("play", STRICT, "--auto", "--bots", "random")[1]


def test_cbs_5_1_play_deals_names_the_rule_that_fixes_the_number() -> None:
    """CBS-5.1: five deals; ``--deals 1`` is refused naming the rule that fixes it."""
    code, out, err = run("play", STRICT, "--deals", "1")
    assert (code, out) == (1, "")
    assert err == (
        "error: invalid profile 'callbreak-strict' (as loaded):\n"
        "  deals (CBS-5.1) -> must be 5 under these rules (got 1)\n"
    )
    code, _, err = run("play", "bridge-duplicate", "--deals", "1001", "--auto")
    assert "  deals (BR-4.3) -> must be 1 to 1000 under these rules (got 1001)\n" in err


def test_end_of_input_at_the_prompt_exits_1() -> None:
    """Input that ends at the prompt leaves the game unfinished: exit status 1."""
    code, out, err = run("play", "hearts", "--seed", "3", stdin="")
    assert (code, err) == (1, "error: end of input: the game is left unfinished\n")
    assert out.endswith("Card to pass (? for help): \n")


def test_replay_ends_during_the_phase_as_its_family_names_it(tmp_path: Path) -> None:
    """A record that ends during the Hearts passing says so in the family's word."""
    record = tmp_path / "r.json"
    game = cardrules.load("hearts").new_game(seed=3)
    game.apply(game.legal_actions()[0])
    record.write_text(game.to_json(), encoding="utf-8")
    code, out, _ = run("replay", str(record))
    assert code == 0
    assert out.endswith("\nThe record ends here, during deal 1 (passing).\n")
