"""What ``cardrules show``, ``cardrules diff`` and the comparison page say of each shipped
profile, read back from their text and held against what its engine does.

Each text is read for its claims: whether deals are thrown in or redealt, the
calls a player may make (or none), the length of the game (a number of deals,
or a target total), whether a player must win the trick when able, and the
trumps.  The profile's engine then plays seeded games (rule bots and random
bots in turn), and every claim of every text must be what the games did: a
profile said to have no redeal never records one in ``game.throw_ins``, the
calls said are the lowest and highest calls offered, a profile said to make a
win compulsory never lets a losing card go with a winning one (and does refuse
one), and so on.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

import pytest

import cardrules
from cardrules import Action, Bid, Game, Play, Suit
from cardrules.engine.bots import RandomBot, RuleBot, autoplay
from cardrules.rules.components import GameOver
from cardrules.tools.comparison import comparison_lines
from cardrules.tools.diff import diff_rules, format_diff, in_words
from cardrules.tools.spec import describe, render_text
from helpers import SHIPPED_PROFILES

#: Deals played per profile (whole games, at least ``MIN_GAMES`` of them): enough for the
#: rarest event described (a hand without a spade, thrown in about one deal in twenty
#: under the app rules).
DEALS = 120
MIN_GAMES = 6

#: The claims a text may make, by name (what each reader returns).
CLAIMS = ("redeals", "calls", "length", "win", "trumps")

_SUITS = {suit.word: suit for suit in Suit}
_FIXED = {"S": Suit.S, "H": Suit.H, "D": Suit.D, "C": Suit.C}


# -- what the engine does ----------------------------------------------------------


@dataclass
class Seen:
    """What the games of one profile did."""

    redeals: int = 0
    #: Every call offered, and, deal by deal, the highest offered and the hand size.
    calls: set[int] = field(default_factory=set)
    top_call: dict[tuple[int, int], tuple[int, int]] = field(default_factory=dict)
    #: Each game's totals after each of its deals, and why it ended.
    totals: list[list[dict[Any, Decimal]]] = field(default_factory=list)
    overs: list[GameOver | None] = field(default_factory=list)
    #: Plays where a card that beats the trick and one that does not were both allowed;
    #: plays where a card that does not beat it was held and refused, one that does allowed.
    losing_allowed: int = 0
    losing_refused: int = 0
    #: Each deal's trump and the card turned up, as play began (or as the auction ended a
    #: deal that is not played: tiny bridge's, scored double dummy).
    trumps: list[tuple[Suit | int | None, Any]] = field(default_factory=list)
    #: Cards played to a trick already led.
    follows: int = 0


def _watch(
    seen: Seen, game_no: int, totals: list[dict[Any, Decimal]]
) -> Callable[[Game, int, Action], None]:
    """What to note before each action of game ``game_no``; its totals go to ``totals``."""
    played: set[int] = set()

    def on_action(game: Game, seat: int, action: Action) -> None:
        if len(game.deals) > len(totals):
            totals.append(dict(game.totals))
        legal = game.legal_actions()
        if game.phase == "auction":
            calls = [a.tricks for a in legal if isinstance(a, Bid)]
            seen.calls.update(calls)
            if calls:
                key = (game_no, game.deal_number)
                top = seen.top_call.get(key, (-1, 0))[0]
                seen.top_call[key] = (max(top, *calls), game.rules.hand_size(game.deal_number))
            return
        if game.deal_number not in played:
            played.add(game.deal_number)
            trump: Any = game.contract.trump
            if trump is None and game.order.trumps:  # trumps the contract's ranking names
                trump = game.order.trumps  # (Tarok's taroks: no suit, a mask of cards)
            seen.trumps.append((trump, game.turned_up))
        t = game.trick_state()
        if t.leading:
            return
        seen.follows += 1
        cards = {a.card for a in legal if isinstance(a, Play)}
        beating = {c for c in cards if c.mask & t.beats}
        if beating and beating != cards:
            seen.losing_allowed += 1
        to_act = game.to_act
        assert to_act is not None
        losing_held = [c for c in game.hand(to_act) if not c.mask & t.beats]
        if beating and any(c not in cards for c in losing_held):
            seen.losing_refused += 1

    return on_action


@functools.cache
def seen(name: str) -> Seen:
    """Play seeded games of ``name`` (``DEALS`` deals, at least ``MIN_GAMES`` games): rule
    bots at even seeds, random bots at odd."""
    rules = cardrules.load(name)
    out = Seen()
    seed = 0
    while seed < MIN_GAMES or sum(map(len, out.totals)) < DEALS:
        game = rules.new_game(seed=seed)
        bot = RuleBot if seed % 2 == 0 else RandomBot
        bots = [bot(seed=seed * 10 + seat) for seat in range(rules.players)]
        totals: list[dict[Any, Decimal]] = []
        autoplay(game, bots, on_action=_watch(out, seed, totals))
        assert game.phase == "finished"
        if len(game.deals) > len(totals):
            totals.append(dict(game.totals))
        assert len(totals) == len(game.deals)
        out.redeals += len(game.throw_ins)
        for deal in game.deals:
            if not deal.contract.needs_play() and not deal.contract.to_dict().get("passed_out"):
                out.trumps.append((deal.contract.trump, None))
        out.totals.append(totals)
        out.overs.append(game.over)
        seed += 1
    return out


# -- what the texts say ------------------------------------------------------------


def _length(words: str) -> tuple[str, Decimal, int | None] | None:
    """``("deals", 5, None)`` or ``("target", 500, 100)`` from the words of a length."""
    if m := re.fullmatch(r"(?:(one)|(\d+)) deals?(?: \(.*\))?", words):
        return "deals", Decimal(1 if m[1] else int(m[2])), None
    if m := re.fullmatch(
        r"(?:a game to|until a total reaches) (-?[\d.]+)(?: \(at most (\d+) deals?\))?", words
    ):
        return "target", Decimal(m[1]), int(m[2]) if m[2] else None
    return None


def _trumps(words: str) -> object:
    if words in _SUITS:
        return _SUITS[words]
    return {
        "none": "none",
        "chosen in the auction": "auction",
        "the suit of the card turned up after the deal": "turn_up",
    }.get(words)


def read_words(words: Mapping[str, str]) -> dict[str, object]:
    """The claims of settings in words (the rows of ``cardrules diff`` and the comparison)."""
    out: dict[str, object] = {}
    if "throw-in and redeal" in words:
        out["redeals"] = words["throw-in and redeal"] != "none"
    if "calls" in words:
        calls = words["calls"]
        m = re.fullmatch(r"(\d+)–(\d+)( \(at most the cards in hand\))?", calls)
        assert calls == "none (no call of tricks)" or m, calls
        out["calls"] = None if m is None else (int(m[1]), int(m[2]), bool(m[3]))
    if "length of the game" in words:
        out["length"] = _length(words["length of the game"])
    if "winning the trick" in words:
        out["win"] = words["winning the trick"].startswith("must win the trick whenever able")
    if "trumps" in words:
        out["trumps"] = _trumps(words["trumps"])
    return out


def _block(text: str, heading: str) -> list[str]:
    """The lines of ``cardrules show`` from the one starting with ``heading`` to a blank."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(heading))
    end = next((i for i in range(start, len(lines)) if not lines[i].strip()), len(lines))
    return lines[start:end]


def read_show(text: str) -> dict[str, object]:
    """The claims of ``cardrules show``: its throw-ins and redeals, the calls on its
    auction line, the end of the game, and the ``[play] trump`` setting."""
    out: dict[str, object] = {}
    out["redeals"] = _block(text, "Throw-ins and redeals")[1:] != ["  (none)"]
    auction = _block(text, "Auction: ")[0]
    m = re.search(r", calls (\d+) to (\d+)( \(at most the cards in hand\))?", auction)
    out["calls"] = None if m is None else (int(m[1]), int(m[2]), bool(m[3]))
    end = _block(text, "End of the game: ")[0][len("End of the game: ") :]
    out["length"] = _length(re.sub(r" \[[^\]]*\]$", "", re.sub(r" \(allowed: [^)]*\)", "", end)))
    trump = re.search(r"^  trump = '(\w+)'$", text, re.MULTILINE)
    assert trump is not None
    fixed = {"none": "none", "contract": "auction", "turn_up": "turn_up"}
    out["trumps"] = _FIXED.get(trump[1], fixed.get(trump[1]))
    return out


def _cells(lines: Iterator[str]) -> list[list[str]]:
    """The rows of a reST ``list-table`` (plain cells), its header first."""
    rows: list[list[str]] = []
    for line in lines:
        if not line.strip():
            if rows:
                return rows
            continue
        if line.startswith("   * - "):
            rows.append([line[len("   * - ") :]])
        elif line.startswith("     - "):
            rows[-1].append(line[len("     - ") :])
    return rows


_REFS = re.compile(r" \((?:(?::cardrules-rule:`[^`]+`|`[^`]+`__|[A-Z]+-[\d.]+)(?:, )?)+\)$")


def _plain(cell: str) -> str:
    """A comparison cell's words: its rule ids dropped, its reST escapes undone."""
    return re.sub(r"\\(.)", r"\1", _REFS.sub("", cell))


def read_comparison(lines: Sequence[str]) -> dict[str, dict[str, str]]:
    """Profile -> setting -> words, from both tables of the comparison page."""
    it = iter(lines)
    out: dict[str, dict[str, str]] = {}
    for line in it:
        if line != ".. list-table::":
            continue
        header, *rows = _cells(it)
        names = [re.sub(r":doc:`([^ ]+) .*", r"\1", h) for h in header[1:]]
        for row in rows:
            setting = _plain(row[0])
            if names == ["In every profile"]:
                for table in out.values():
                    table[setting] = _plain(row[1])
                continue
            for name, cell in zip(names, row[1:], strict=True):
                out.setdefault(name, {})[setting] = _plain(cell)
    return out


@functools.cache
def said() -> dict[str, dict[str, dict[str, object]]]:
    """Profile -> text (``show``, ``diff``, ``comparison``) -> claim -> what it says."""
    rulesets = {name: cardrules.load(name) for name in SHIPPED_PROFILES}
    table = read_comparison(list(comparison_lines(list(rulesets.values()))))
    assert sorted(table) == sorted(rulesets)
    out: dict[str, dict[str, dict[str, object]]] = {}
    for name, rules in rulesets.items():
        words: dict[str, str] = {}
        for other in rulesets.values():
            for d in diff_rules(rules, other):
                words[d.setting] = d.left
                assert f"  {d}" in format_diff(rules, other).splitlines()
            for d in diff_rules(other, rules):
                words[d.setting] = d.right
        out[name] = {
            "show": read_show(render_text(describe(rules))),
            "diff": read_words(words),
            "comparison": read_words(table[name]),
        }
    return out


# -- the claims against the games --------------------------------------------------


def check_redeals(name: str, claim: object, games: Seen) -> None:
    if claim and not games.redeals and name.startswith("tarok"):
        # TKO-1.2: a hand without a tarok is thrown in; a seeded deal has one about once
        # in 10^5, so a deal made by hand (one seat holding only suit cards) shows it.
        rules = cardrules.load(name)
        size = rules.hand_size(1)
        suits = [str(c) for c in rules.deck.cards if not str(c).startswith("T")]
        rest = [str(c) for c in rules.deck.cards if str(c).startswith("T")]
        cards = suits + rest
        hands = [cards[i * size : (i + 1) * size] for i in range(rules.players)]
        game = rules.new_game(seed=1, hands=hands)
        assert game.throw_ins, f"{name}: a hand of suit cards only was not thrown in"
        return
    if claim:
        assert games.redeals > 0, f"no deal was thrown in or redealt in {DEALS} deals"
    else:
        assert games.redeals == 0, f"{games.redeals} deals were thrown in or redealt"


def check_calls(name: str, claim: object, games: Seen) -> None:
    if claim is None:
        assert not games.calls, f"calls were offered: {sorted(games.calls)}"
        return
    assert isinstance(claim, tuple)
    low, high, follows_hand = claim
    assert games.calls, "no call was offered"
    assert (min(games.calls), max(games.calls)) == (low, high)
    tops = set(games.top_call.values())
    if follows_hand:
        assert all(top == size for top, size in tops), sorted(tops)
        assert len({size for _, size in tops}) > 1
    else:
        assert any(top == high for top, _ in tops)


def check_length(name: str, claim: object, games: Seen) -> None:
    assert isinstance(claim, tuple), "the length of the game is not said in words read here"
    kind, number, cap = claim
    show = render_text(describe(cardrules.load(name)))
    end_words = " ".join(_block(show, "End of the game: "))
    if kind == "deals":
        assert {len(t) for t in games.totals} == {number}
        return
    reached_once = False
    for totals, over in zip(games.totals, games.overs, strict=True):
        assert cap is None or len(totals) <= cap
        reached = [i for i, t in enumerate(totals) if max(t.values()) >= number]
        if reached:
            reached_once = True
            at = totals[reached[0]]
            tied = sorted(at.values())[-2:]
            assert len(totals) == reached[0] + 1 or tied[0] == tied[1], (totals, over)
        elif cap is None or len(totals) < cap:
            # Another end: its reason (a total fallen to -200 ...) is said with the end.
            assert over is not None
            for figure in re.findall(r"-?\d+", over.reason):
                assert figure in end_words, (over, end_words)
    if not reached_once:  # every game ended the other way (Twenty-Nine's -6): play on
        reached_once = any(_reaches(name, seed, number) for seed in range(1000, 1100))
    assert reached_once, f"no game reached {number}"


def _reaches(name: str, seed: int, number: object) -> bool:
    """Whether a seeded game of rule bots ends with a side's total at ``number`` or more."""
    rules = cardrules.load(name)
    game = rules.new_game(seed=seed)
    autoplay(game, [RuleBot(seed=seed * 10 + seat) for seat in range(rules.players)])
    return max(game.totals.values()) >= number  # type: ignore[operator]


def check_win(name: str, claim: object, games: Seen) -> None:
    if not games.follows:  # no card is ever played (tiny bridge): there is no trick to win
        assert not claim, "a duty to win is said of a profile that plays no card"
        return
    if claim:
        assert games.losing_allowed == 0, "a losing card was allowed beside a winning one"
        assert games.losing_refused > 0, "no losing card was ever refused"
    else:
        assert games.losing_allowed > 0, "a winning card, when held, was always forced"


def check_trumps(name: str, claim: object, games: Seen) -> None:
    found = {trump for trump, _ in games.trumps}
    if isinstance(claim, Suit):
        assert found == {claim}
    elif claim == "none":
        assert found == {None}
    elif claim == "auction":
        assert len(found) > 1, found
        assert any(t != (None if up is None else up.suit) for t, up in games.trumps)
    elif claim == "turn_up":
        assert all(t == (None if up is None else up.suit) for t, up in games.trumps)
        assert len(found) > 1
    else:
        raise AssertionError(f"the trumps are not said in words read here: {claim!r}")


CHECKS: dict[str, Callable[[str, object, Seen], None]] = {
    "redeals": check_redeals,
    "calls": check_calls,
    "length": check_length,
    "win": check_win,
    "trumps": check_trumps,
}


@pytest.mark.parametrize("claim", CLAIMS)
@pytest.mark.parametrize("name", SHIPPED_PROFILES)
def test_show_diff_and_comparison_say_what_the_engine_does(name: str, claim: str) -> None:
    """Each text's claim about ``name`` is what its seeded games did."""
    texts = said()[name]
    games = seen(name)
    stated = {text: claims[claim] for text, claims in texts.items() if claim in claims}
    # The comparison says every setting; show says all but the duty to win.
    assert "comparison" in stated
    assert claim == "win" or "show" in stated
    for text, value in stated.items():
        try:
            CHECKS[claim](name, value, games)
        except AssertionError as exc:
            raise AssertionError(f"{name}: {text} says {claim} {value!r}, but: {exc}") from None


def test_the_texts_agree_with_each_other() -> None:
    """Where show, diff and the comparison say the same thing, they say it alike."""
    for name, texts in said().items():
        for claim in CLAIMS:
            values = {text: c[claim] for text, c in texts.items() if claim in c}
            assert len({repr(v) for v in values.values()}) == 1, (name, claim, values)


def test_minibridge_redeal_at_20_20_is_described() -> None:
    """MB-2.2: the 20-20 redeal shows with the throw-ins, in show, diff and the rule words."""
    rules = cardrules.load("minibridge-ebu")
    text = render_text(describe(rules))
    assert _block(text, "Throw-ins and redeals") == [
        "Throw-ins and redeals (the same dealer deals again):",
        "  - the auction (points) [MB-2.2]",
        "    neither pair has more than 20 points (20-20)",
    ]
    words = {w.name: w for w in in_words(rules)}
    assert words["throw-in and redeal"].value == "neither pair has more than 20 points (20-20)"
    assert words["throw-in and redeal"].rules == ("MB-2.2",)
    assert words["calls"].value == "none (no call of tricks)"
    assert "(not used: the 'points' auction makes no call of tricks)" in text
    assert {e.rule for e in _throw_ins("minibridge-ebu")} == {"MB-2.2"}


def _throw_ins(name: str) -> list[Any]:
    rules = cardrules.load(name)
    return [e for seed in range(DEALS) for e in rules.new_game(seed=seed).throw_ins]


def test_strict_compulsory_win_is_not_contradicted() -> None:
    """CBS-1.4, CBS-3.4, CBS-3.6: the strict rules make a win compulsory whenever one is
    possible; the words of the duty to win say so, and differ from classic Call Bridge."""
    strict = {w.name: w for w in in_words(cardrules.load("callbreak-strict"))}
    assert strict["winning the trick"].value == (
        "must win the trick whenever able: by following suit with a higher card, "
        "or by trumping higher when void"
    )
    assert strict["winning the trick"].rules == ("CBS-3.4", "CBS-3.6")
    lines = list(comparison_lines([cardrules.load(n) for n in SHIPPED_PROFILES]))
    common = lines[lines.index("Settings in common") :]
    assert not any("winning the trick" in line for line in common)


def test_oh_hell_calls_follow_the_hand_size() -> None:
    """OH-3.3: a bid is 0 to the hand size, so with at most ten cards, at most 10."""
    rules = cardrules.load("oh-hell-5")
    text = render_text(describe(rules))
    assert "Auction: oh_hell_bids, calls 0 to 10 (at most the cards in hand) [OH-3.3]" in text
    assert "  max_call = 10\n" in text  # left out: 52 cards over five players
    assert {w.name: w.value for w in in_words(rules)}["calls"] == (
        "0–10 (at most the cards in hand)"
    )
