"""Hostile input an app receives from outside: records, actions, cards, seeds, plugins.

One test per item of the "hostile input" issue, each citing the item's words.
Every refusal is a :class:`cardrules.CardrulesError` that names what and
where, and leaves the game exactly as it was.
"""

from __future__ import annotations

import decimal
import io
import json
import os
import threading
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules import (
    ActionError,
    Card,
    CardError,
    CardrulesError,
    Game,
    PluginError,
    RecordError,
    Ruleset,
    Suit,
    hookimpl,
)
from cardrules.cli import main
from cardrules.engine.game import MAX_DEALS
from cardrules.engine.records import MAX_RECORD_BYTES
from cardrules.rules.components import Auction, AuctionState, Contract, Scorer

DATA = Path(__file__).parent.parent / "data"


def played(rules: Ruleset, seed: int = 1, actions: int = 30) -> Game:
    """A game of ``rules`` after its first ``actions`` legal actions (always the first one)."""
    game = rules.new_game(seed=seed)
    for _ in range(actions):
        if game.phase == "finished":
            break
        game.apply(game.legal_actions()[0])
    return game


def record_error(text: object, **kwargs: Any) -> str:
    with pytest.raises(RecordError) as err:
        Game.from_json(text, **kwargs)
    return str(err.value)


def edited(record: str, **changes: object) -> str:
    doc = json.loads(record)
    doc.update(changes)
    return json.dumps(doc)


# -- 1. A record can make the library read any file it names -------------------


def test_a_record_naming_dev_zero_is_refused_without_reading_it(strict: Ruleset) -> None:
    """Item 1: a record naming /dev/zero is refused at once: nothing in a record is a path."""
    record = played(strict).to_json()
    for name in ("/dev/zero", "../profiles/callbreak-strict.toml", "x.toml/.."):
        message = record_error(edited(record, profile=name))
        assert message.startswith("invalid record: 'profile' must be the name of an installed")


def test_a_version_1_record_naming_a_fifo_is_not_opened(tmp_path: Path, strict: Ruleset) -> None:
    """Item 1: a record naming a FIFO never hangs: its profile_path is never followed."""
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    old = json.loads((DATA / "records-v1" / "callbreak-strict-12.json").read_text())
    old.update(profile="zz-hostile-house", profile_path=str(fifo))
    result: list[str] = []
    worker = threading.Thread(target=lambda: result.append(record_error(json.dumps(old))))
    worker.start()
    worker.join(10)
    assert not worker.is_alive(), "from_json opened the FIFO the record names"
    assert result == [
        "invalid record: 'profile' 'zz-hostile-house' is not an installed profile; a game of a "
        "profile loaded from a file is restored with Game.from_json(text, rules=...)"
    ]


def test_a_record_naming_a_config_file_does_not_echo_it(tmp_path: Path, strict: Ruleset) -> None:
    """Item 1: a record naming a config file neither reads nor echoes its keys and values,
    and the message does not tell whether the path exists."""
    secret = tmp_path / "app.toml"
    secret.write_text('[db]\npassword = "hunter2"\n')
    old = json.loads((DATA / "records-v1" / "callbreak-strict-12.json").read_text())
    messages = set()
    for path in (secret, tmp_path, tmp_path / "missing.toml"):
        old.update(profile="app", profile_path=str(path))
        messages.add(record_error(json.dumps(old)))
    (message,) = messages  # one message whatever the path is
    assert "hunter2" not in message and "password" not in message and str(tmp_path) not in message


def test_a_game_of_a_profile_file_is_restored_with_its_rules(tmp_path: Path) -> None:
    """Item 1: a game of a profile loaded from a file is restored with the rules passed in,
    and a hash that does not match is refused."""
    path = tmp_path / "zz-hostile-house.toml"
    path.write_text(
        '[profile]\nname = "zz-hostile-house"\ntitle = "Mine"\nextends = "callbreak-app"\n'
    )
    rules = cardrules.load(path)
    record = played(rules).to_json()
    assert json.loads(record)["profile_hash"] == rules.profile_hash
    assert Game.from_json(record, rules=cardrules.load(path)).to_json() == record
    assert record_error(record).startswith(
        "invalid record: 'profile' 'zz-hostile-house' is not an installed profile"
    )
    path.write_text(path.read_text() + "[options]\ntarget_score = 300\n")
    assert record_error(record, rules=cardrules.load(path)) == (
        "invalid record: 'profile_hash' does not match the rules of 'zz-hostile-house' "
        "(the game was played under other rules of that name)"
    )


def test_a_record_of_another_version_of_the_rules_is_refused(strict: Ruleset) -> None:
    """Item 1: a record names its profile by name plus a content hash of the resolved profile."""
    record = played(strict).to_json()
    forged = edited(record, profile_hash="sha256:" + "0" * 64)
    assert "'profile_hash' does not match the rules of 'callbreak-strict'" in record_error(forged)


@pytest.mark.parametrize("path", sorted((DATA / "records-v1").glob("*.json")), ids=lambda p: p.stem)
def test_records_written_before_replay(path: Path) -> None:
    """Records of version 1 (written by the previous main) still replay; their
    profile_path is ignored and a hand-dealt one needs consent."""
    text = path.read_text()
    if "dealt-by-hand" in path.stem:
        assert "'preset_hands': the first deal was dealt by hand" in record_error(text)
        game = Game.from_json(text, allow_preset_hands=True)
    else:
        game = Game.from_json(text)
    old = json.loads(text)
    assert game.actions == old["actions"]
    assert json.loads(json.dumps(game.state_dict())) == old["state"]
    assert json.loads(game.to_json())["version"] == 2


# -- 2. from_json raises raw exceptions for small hostile records ---------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 100_000, "invalid record: not JSON (nested too deeply)"),
        ("1" * 5000, "invalid record: not JSON (a number of 5000 digits (at most 24))"),
        ('{"a": NaN}', "invalid record: not JSON (NaN is not a number a record holds)"),
        (b"\xff\xfe", "invalid record: not UTF-8 text (invalid start byte at byte 0)"),
    ],
    ids=["deep", "digits", "nan", "bytes"],
)
def test_small_hostile_records_are_record_errors(text: str, message: str) -> None:
    """Item 2: deeply nested JSON, a 5,000-digit number ... give a RecordError, not a raw one."""
    assert record_error(text) == message


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("profile", "a" * 300, "invalid record: 'profile' must be the name of an installed"),
        ("profile", "callbreak\x00strict", "invalid record: 'profile' must be the name of an"),
        ("seed", 10**30, "invalid record: not JSON (a number of 31 digits (at most 24))"),
        ("seed", 2**64, "invalid record: 'seed' must be an integer with |seed| < 2**64"),
        ("deals", 10**6, "invalid record: 'deals' must be 1..1000 (got 1000000)"),
        ("version", 1.0, "invalid record: unsupported 'version' 1.0 (expected one of 1, 2)"),
        ("version", True, "invalid record: unsupported 'version' True (expected one of 1, 2)"),
        ("actions", ["bid 3", {"a": 1}], "invalid record: 'actions'[1] must be an action text"),
        ("dealt_by_hand", "no", "invalid record: 'dealt_by_hand' must be true or false"),
        ("extra", 1, "invalid record: unknown key 'extra'"),
    ],
)
def test_every_record_failure_names_the_key(
    strict: Ruleset, key: str, value: object, message: str
) -> None:
    """Item 2: a 300-character profile name, a NUL byte ...: every failure a RecordError naming
    the key; Records: "version": 1.0 and true are refused."""
    record = played(strict).to_json()
    assert record_error(edited(record, **{key: value})).startswith(message)


def test_what_is_read_has_a_documented_adjustable_limit(strict: Ruleset) -> None:
    """Item 2: a size limit on what is read (documented, adjustable)."""
    record = played(strict, actions=60).to_json()
    padded = record[:-1] + " " * MAX_RECORD_BYTES + "}"
    assert record_error(padded) == (
        f"invalid record: at least {len(padded)} bytes, more than the limit of "
        f"{MAX_RECORD_BYTES} (Game.from_json(..., max_bytes=N) reads larger ones)"
    )
    assert record_error(record, max_bytes=100).startswith(
        f"invalid record: at least {len(record)} bytes, more than the limit of 100"
    )
    assert Game.from_json(padded, max_bytes=None).to_json() == record
    assert Game.from_json(record.encode(), max_bytes=len(record)).to_json() == record


def test_the_replay_command_prints_no_traceback(tmp_path: Path) -> None:
    """Item 2: `cardrules replay` prints a one-line error, no traceback, for hostile records."""
    for i, text in enumerate(["[" * 100_000, "1" * 5000, '{"profile": "a\\u0000"}']):
        path = tmp_path / f"r{i}.json"
        path.write_text(text)
        out, err = io.StringIO(), io.StringIO()
        assert main(["replay", str(path)], stdout=out, stderr=err) == 1
        assert "Traceback" not in err.getvalue()
        assert err.getvalue().count("\n") == 1, err.getvalue()


# -- 4. apply is atomic -----------------------------------------------------------


class _BrokenScorer(Scorer):
    """Raises on the last card of a deal (a plugin's bug)."""

    def score(self, contract: object, tricks: object) -> dict[Any, Decimal]:
        raise ZeroDivisionError("the plugin divided by zero")


def _derived(folder: Path, name: str, body: str) -> Path:
    """A profile extending callbreak-strict with ``body``, written in ``folder``."""
    path = folder / f"{name}.toml"
    path.write_text(
        f'[profile]\nname = "{name}"\ntitle = "{name}"\nextends = "callbreak-strict"\n{body}',
        encoding="utf-8",
    )
    return path


class BrokenScoringPlugin:
    @hookimpl
    def cardrules_setup_components(self, components: Any) -> None:
        components.add_scorer("broken", lambda profile: _BrokenScorer())


def test_a_plugin_that_raises_leaves_the_game_unchanged(tmp_path: Path) -> None:
    """Item 4: if anything raises inside apply (a plugin's bug included), the game is left
    exactly as before and the caller gets a PluginError naming the plugin and hook."""
    path = _derived(tmp_path, "broken-scorer", '[scoring]\nkind = "broken"\n')
    rules = cardrules.load(path, plugins=[BrokenScoringPlugin()])
    game = played(rules, actions=4 + 51)
    assert game.phase == "play" and len(game.hand(game.to_act)) == 1
    before = game.to_json()
    last = game.legal_actions()[0]
    with pytest.raises(PluginError) as err:
        game.apply(last)
    assert isinstance(err.value, CardrulesError)
    assert err.value.plugin == f"{__name__}.BrokenScoringPlugin"
    assert err.value.hook == "cardrules_setup_components"
    assert isinstance(err.value.__cause__, ZeroDivisionError)
    assert str(err.value) == (
        f"plugin '{__name__}.BrokenScoringPlugin' failed in the scorer (score) (provided by hook "
        "cardrules_setup_components): ZeroDivisionError: the plugin divided by zero; "
        "the game is unchanged"
    )
    assert game.to_json() == before
    assert game.legal_actions() == [last]  # and it can be tried again
    with pytest.raises(PluginError):
        game.apply(last)
    assert game.to_json() == before


class _HalfAuctionState(AuctionState):
    """An auction state that changes itself, then fails: the game must not keep the change."""

    def __init__(self, inner: AuctionState) -> None:
        self.inner = inner

    def to_act(self) -> int | None:
        return self.inner.to_act()

    def legal_actions(self) -> list[Any]:
        return self.inner.legal_actions()

    def result(self) -> Contract | None:
        return self.inner.result()

    def public(self) -> dict[str, Any]:
        return self.inner.public()

    @property
    def turn_rule(self) -> str:
        return self.inner.turn_rule

    def apply(self, seat: int, action: Any) -> None:
        self.inner.apply(seat, action)
        if str(action) == "bid 5":
            raise RuntimeError("the auction forgot something")


class _HalfAuction(Auction):
    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def start(self, deal: Any) -> _HalfAuctionState:
        return _HalfAuctionState(self.inner.start(deal))


class HalfAuctionPlugin:
    @hookimpl
    def cardrules_setup_components(self, components: Any) -> None:
        def make(profile: Any, bounds: Any) -> _HalfAuction:
            return _HalfAuction(components.auctions["calls"](profile, bounds))

        components.add_auction("half_calls", make, provides="calls", chooses_trump=False)


def test_a_plugin_failing_after_a_change_is_undone(tmp_path: Path) -> None:
    """Item 4: apply is atomic even when the plugin changed its own state before raising."""
    path = _derived(tmp_path, "half-calls", '[auction]\nkind = "half_calls"\n')
    rules = cardrules.load(path, plugins=[HalfAuctionPlugin()])
    game = rules.new_game(seed=3)
    game.apply("bid 3")
    before = game.to_json()
    with pytest.raises(PluginError) as err:
        game.apply("bid 5")
    assert err.value.hook == "cardrules_setup_components"
    assert game.to_json() == before
    game.apply("bid 4")
    assert json.loads(game.to_json())["actions"] == ["bid 3", "bid 4"]


def test_a_plugin_failing_at_the_first_deal_is_a_plugin_error(tmp_path: Path) -> None:
    """Item 4: a plugin's bug while a game is being set up is a PluginError too."""

    class Broken(Auction):
        @hookimpl
        def cardrules_setup_components(self, components: Any) -> None:
            components.add_auction("broken", lambda profile, bounds: self)

        def start(self, deal: Any) -> Any:
            raise KeyError(0)

    path = _derived(tmp_path, "broken-auction", '[auction]\nkind = "broken"\n')
    rules = cardrules.load(path, plugins=[Broken()])
    with pytest.raises(PluginError) as err:
        rules.new_game(seed=1)
    assert err.value.hook == "cardrules_setup_components"


# -- 5. Forged cards ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("suit", "rank", "message"),
    [
        (Suit.C, 1, "invalid card: rank 1 (expected 2..14, ace high)"),
        (Suit.S, 99, "invalid card: rank 99 (expected 2..14, ace high)"),
        (Suit.S, True, "invalid card: rank True (expected 2..14, ace high)"),
        (Suit.S, 14.0, "invalid card: rank 14.0 (expected 2..14, ace high)"),
        (4, 10, "invalid card: suit 4 (expected a Suit: C D H S)"),
        ("S", 10, "invalid card: suit 'S' (expected a Suit: C D H S)"),
    ],
)
def test_a_forged_card_cannot_exist(suit: Any, rank: Any, message: str) -> None:
    """Item 5: Card(Suit.C, 1) and Card(Suit.S, 99) ... a card that is not one of the deck's
    cards cannot exist."""
    with pytest.raises(CardError) as err:
        Card(suit, rank)
    assert str(err.value) == message


def test_a_card_made_by_hand_is_the_deck_card() -> None:
    """Item 5: a card constructed from a valid suit and rank plays like the parsed one."""
    card = Card(Suit.S, 14)
    assert card == Card.parse("AS") and card.index == 51 and Card(3, 14) == card
    game = cardrules.load("callbreak-strict").new_game(seed=1)
    assert game.is_legal(f"bid {3}")


def test_a_huge_seed_is_refused(strict: Ruleset) -> None:
    """Item 5: new_game(seed=10**5000) must be refused clearly (bound the seed)."""
    for seed in (10**5000, 2**64, -(2**64)):
        with pytest.raises(CardrulesError) as err:
            strict.new_game(seed=seed)
        assert str(err.value).endswith("(expected an integer with |seed| < 2**64)")
        assert len(str(err.value)) < 200
    assert strict.new_game(seed=2**64 - 1).seed == 2**64 - 1


# -- 6. Scores depend on the caller's decimal context ------------------------------


def _finished(rules: Ruleset, seed: int) -> Game:
    game = rules.new_game(seed=seed)
    while game.phase != "finished":
        game.apply(game.legal_actions()[-1])
    return game


def test_scores_do_not_depend_on_the_callers_context() -> None:
    """Item 6: with decimal.localcontext(prec=2) a total of 10.7 stays 10.7; with a trapped
    Rounded signal apply does not raise: all score arithmetic runs in the library's context."""
    rules = cardrules.load("callbreak-strict")
    expected = _finished(rules, 5)
    assert any(v.as_tuple().exponent < 0 and abs(v) >= 10 for v in expected.totals.values())
    with decimal.localcontext(prec=2):
        assert _finished(rules, 5).totals == expected.totals
    with decimal.localcontext(prec=1, traps=[decimal.Rounded, decimal.Inexact]):
        assert _finished(rules, 5).totals == expected.totals
        assert rules.score_deal(calls=[3, 4, 2, 3], tricks=[5, 3, 2, 3])[0] == Decimal("3.2")
    minibridge = cardrules.load("minibridge-ebu")
    with decimal.localcontext(prec=1, traps=[decimal.Rounded]):
        assert minibridge.score_contract("contract S game", 2, 10)["NS"] == Decimal(420)


# -- Should fix: records ---------------------------------------------------------


def test_a_hand_dealt_record_needs_consent() -> None:
    """Records: a record may set its own preset hands ... a record that was dealt by hand must
    say so, and replaying one needs the caller's explicit consent."""
    spades = [f"{r}S" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")]
    rules = cardrules.load("callbreak-strict")
    others = [
        c
        for c in (
            f"{r}{s}"
            for s in "CDH"
            for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
        )
    ]
    hands = [spades, others[:13], others[13:26], others[26:]]
    record = rules.new_game(seed=1, hands=hands).to_json()
    assert json.loads(record)["dealt_by_hand"] is True
    assert record_error(record) == (
        "invalid record: 'preset_hands': the first deal was dealt by hand, not from the seed; "
        "replay it with allow_preset_hands=True only if you trust its author"
    )
    assert Game.from_json(record, allow_preset_hands=True).to_json() == record
    # Saying "not dealt by hand" while giving hands is refused, and so is the reverse.
    assert "'dealt_by_hand' must say whether" in record_error(edited(record, dealt_by_hand=False))
    seeded = played(rules).to_json()
    forged = edited(seeded, preset_hands=hands)
    assert "'dealt_by_hand' must say whether" in record_error(forged)


def test_signed_records_refuse_a_changed_byte(strict: Ruleset) -> None:
    """Records: signed records, to_json(key=...) / from_json(text, key=...) with an HMAC from
    the standard library; a changed byte is refused."""
    key = b"a secret of the server"
    game = played(strict, actions=20)
    signed = game.to_json(key=key)
    assert Game.from_json(signed, key=key).to_json() == game.to_json()
    assert Game.from_json(signed, key=key.decode()).to_json() == game.to_json()
    for i in range(0, len(signed), 7):  # every 7th byte changed, one at a time
        changed = signed[:i] + ("x" if signed[i] != "x" else "y") + signed[i + 1 :]
        with pytest.raises(RecordError):
            Game.from_json(changed, key=key)
    spaced = signed.replace('"seed": 1,', '"seed":  1,')
    assert record_error(spaced, key=key).startswith("invalid record: the signature does not match")
    assert record_error(signed, key=b"another").startswith("invalid record: the signature does")
    assert record_error(game.to_json(), key=key) == (
        "invalid record: not signed (a key was given, so a signature is needed)"
    )
    assert record_error(signed, key=b"").startswith("invalid record key: b''")


# -- Should fix: messages, actions, scoring, endless games --------------------------


def test_messages_stay_small(strict: Ruleset) -> None:
    """Messages stay small: the input is shown truncated (a 10 MB action gave a 20 MB message)."""
    game = strict.new_game(seed=1)
    before = game.to_json()
    # (the message lists the verbs of every installed family, so it is bounded, not tiny:
    # what matters is that it does not grow with the input)
    for action in ("bid " + "9" * 10_000_000, "play " + "A" * 10_000_000, ["x"] * 1_000_000):
        with pytest.raises(ActionError) as err:
            game.apply(action)
        assert len(str(err.value)) < 500
    with pytest.raises(CardError) as card_err:
        Card.parse("A" * 10_000_000)
    assert len(str(card_err.value)) < 300
    assert game.to_json() == before


@pytest.mark.parametrize(
    "text", ["bid ３", "bid ٤", "bid 0_5", "call +2", "bid\u20033", "bid 3\x00"]
)
def test_action_text_is_ascii(strict: Ruleset, text: str) -> None:
    """Action text is ASCII: "bid ３" (full-width), "bid ٤", "bid 0_5" and "call +2" are refused."""
    game = strict.new_game(seed=1)
    before = game.to_json()
    with pytest.raises(ActionError):
        game.apply(text)
    assert not game.is_legal(text)
    assert game.to_json() == before


def test_documented_action_texts_still_read() -> None:
    """Action text: what the docs describe still reads (suit symbols included)."""
    assert [str(cardrules.parse_action(t)) for t in ("BID 4", "play 10♥", "contract ♠ game")] == [
        "bid 4",
        "play 10H",
        "contract S game",
    ]


@pytest.mark.parametrize("tricks", [[5, 0, 0, 0], [13, 1, 0, 0], [3, 3, 3, 3]])
def test_stateless_scoring_checks_the_tricks_add_up(strict: Ruleset, tricks: list[int]) -> None:
    """Stateless scoring checks its input: tricks must add up to the deal's number of tricks."""
    with pytest.raises(CardrulesError) as err:
        strict.score_deal(calls=[3, 4, 2, 3], tricks=tricks)
    assert str(err.value) == (
        f"invalid deal: tricks {tricks!r} add up to {sum(tricks)}, not the 13 tricks of a deal"
    )


def test_a_game_that_cannot_end_is_capped(tmp_path: Path) -> None:
    """A game that cannot end: with target_score = 10000 and everyone calling 8, totals fall
    forever; the number of deals of any game is capped, with a clear end reason."""
    path = tmp_path / "endless.toml"
    path.write_text(
        '[profile]\nname = "endless"\ntitle = "Endless"\nextends = "callbreak-app"\n'
        "[options]\ntarget_score = 10000\n"
    )
    game = cardrules.load(path).new_game(seed=1)
    while game.phase != "finished":
        calls = [a for a in game.legal_actions() if str(a) == "bid 8"]
        game.apply(calls[0] if calls else game.legal_actions()[0])
    assert len(game.deals) == MAX_DEALS == 1000
    assert game.over is not None
    assert game.over.reason == "the limit of 1000 deals in a game was reached"
    assert all(total < 0 for total in game.totals.values())
    assert len(game.to_json().encode()) < MAX_RECORD_BYTES


def test_replay_of_a_game_of_a_profile_file_takes_its_rules(tmp_path: Path) -> None:
    """Item 1: `cardrules replay` never follows a path in the record; the rules of a game
    of a profile file are given with --profile, and a hand-dealt one needs consent."""
    path = tmp_path / "zz-hostile-house.toml"
    path.write_text(
        '[profile]\nname = "zz-hostile-house"\ntitle = "Mine"\nextends = "callbreak-app"\n'
    )
    record = tmp_path / "game.json"
    out, err = io.StringIO(), io.StringIO()
    argv = ["play", str(path), "--auto", "--seed", "3", "--deals", "3", "--record", str(record)]
    assert main(argv, stdout=out, stderr=err) == 0, err.getvalue()
    out, err = io.StringIO(), io.StringIO()
    assert main(["replay", str(record)], stdout=out, stderr=err) == 1
    assert "'zz-hostile-house' is not an installed profile" in err.getvalue()
    out, err = io.StringIO(), io.StringIO()
    assert main(["replay", str(record), "--profile", str(path)], stdout=out, stderr=err) == 0
    assert "(replay)" in out.getvalue()
    dealt = tmp_path / "dealt.json"
    dealt.write_text((DATA / "records-v1" / "callbreak-strict-dealt-by-hand.json").read_text())
    assert main(["replay", str(dealt)], stdout=out, stderr=err) == 1
    assert main(["replay", str(dealt), "--allow-preset-hands"], stdout=out, stderr=err) == 0
