"""Double-dummy analysis (``cardrules_dd``, ``rules.double_dummy``, ``cardrules analyse``).

The solver is DDS through ``endplay``, the ``analysis`` extra
(``pip install 'cardrules[analysis]'``): the tests that solve deals are skipped
without it; what is refused before solving, the PBN reading, the comparison and
the message without the extra are tested everywhere.

The published boards in ``tests/data/dd/`` (see the README there) are verbatim
copies of MIT-licensed files:

- ``endplay-sample.pbn``: ``examples/pbn_files/sample.pbn`` of endplay
  (https://github.com/dominicprice/endplay, MIT, (c) Dominic Price): two boards
  of a RealBridge export (names replaced), each with an ``OptimumResultTable``
  of declarers N and W, ``DoubleDummyTricks`` and ``OptimumScore``.
- ``pbn-verifier-correct_21.pbn``: ``spec/resource/reference_impl_tests/correct_21.pbn``
  of bridge-pbn (https://github.com/timheilman/bridge-pbn, MIT, (c) 2017 Tim
  Heilman), the test file of the PBN 2.1 reference verifier: board 1 with a full
  ``OptimumResultTable`` and ``OptimumScore``, board 16 of the Cap Gemini World
  Top Tournament 1998 without.
"""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

import cardrules
from cardrules import CardrulesError
from cardrules.cards import Card, cards_of, parse_cards
from cardrules.cli import main
from cardrules_dd import NEEDS_EXTRA, STRAINS, DDTable, Par, double_dummy
from cardrules_dd.pbn import disagreements, parse_deal, read_boards

DATA = Path(__file__).resolve().parents[3] / "tests" / "data" / "dd"
SAMPLE = DATA / "endplay-sample.pbn"
VERIFIER = DATA / "pbn-verifier-correct_21.pbn"

#: North holds every spade, East every heart, South every diamond, West every club.
SUITS_DEAL = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
#: Board 1 of the PBN verifier's file, and its published table (declarer: C D H S NT).
VERIFIER_DEAL = "N:4.KJ32.842.AQ743 JT987.Q876.AK5.2 AK532.T.JT6.T985 Q6.A954.Q973.KJ6"
VERIFIER_TABLE = {
    "N": (9, 6, 5, 6, 6),
    "E": (3, 7, 8, 7, 6),
    "S": (9, 6, 5, 6, 6),
    "W": (3, 7, 8, 7, 7),
}
#: The deal of the Minibridge PBN doctest (seed 11).
MB_DEAL = "N:QT653.T2.82.AQ92 K4.J9764.QT74.K7 AJ98.5.AJ93.T865 72.AKQ83.K65.J43"


@pytest.fixture
def solver() -> None:
    """Skip the test unless endplay (the solver) is installed."""
    pytest.importorskip(
        "endplay", reason="double-dummy solving needs endplay: pip install 'cardrules[analysis]'"
    )


def rows(table: DDTable) -> dict[str, tuple[int, ...]]:
    return {"NESW"[seat]: tuple(t[s] for s in STRAINS) for seat, t in enumerate(table.tricks)}


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdin=io.StringIO(), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def without_endplay(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make ``import endplay`` fail, as it does where the extra is not installed."""
    for name in ("endplay", "endplay.dds", "endplay.types"):
        monkeypatch.setitem(sys.modules, name, None)


# ---------------------------------------------------------------------------
# deals whose results are plain


def test_a_hand_of_thirteen_spades_takes_thirteen_tricks_in_spades(solver: None) -> None:
    """Each seat holds a whole suit: its side takes all 13 tricks in its own suits and
    none elsewhere (the defence runs its suit), and 7♠ is par whoever deals."""
    table = double_dummy(SUITS_DEAL)
    assert table.tricks[0]["S"] == 13
    assert rows(table) == {
        "N": (0, 13, 0, 13, 0),
        "E": (13, 0, 13, 0, 0),
        "S": (0, 13, 0, 13, 0),
        "W": (13, 0, 13, 0, 0),
    }
    assert table.par == Par(1510, ("7S N", "7S S"))
    assert double_dummy(SUITS_DEAL, dealer=1, vulnerable=(True, False)).par.score == 2210


def test_the_same_deal_in_every_form_gives_the_same_table(solver: None) -> None:
    """Masks, card texts, Card objects, a PBN text from any seat: one deal, one table."""
    masks = parse_deal(MB_DEAL)
    texts = [" ".join(str(c) for c in cards_of(m)) for m in masks]
    cards = [list(cards_of(m)) for m in masks]
    from_east = "E:K4.J9764.QT74.K7 AJ98.5.AJ93.T865 72.AKQ83.K65.J43 QT653.T2.82.AQ92"
    tables = [double_dummy(d) for d in (masks, texts, cards, MB_DEAL, from_east)]
    assert all(t == tables[0] for t in tables)
    assert tables[0].hands == masks


def test_turning_the_deal_turns_the_table(solver: None) -> None:
    """Each hand given to the next seat clockwise: each row moves one seat on."""
    masks = parse_deal(MB_DEAL)
    turned = double_dummy([masks[3], masks[0], masks[1], masks[2]])
    table = double_dummy(masks)
    assert [turned.tricks[(seat + 1) % 4] for seat in range(4)] == list(table.tricks)


def test_par_follows_the_vulnerability(solver: None) -> None:
    """The Minibridge doctest deal: NS make 4♠, EW 4♥ but one less with East on lead...
    par is EW's doubled sacrifice in 5♥ unless only EW are vulnerable."""
    assert str(double_dummy(MB_DEAL).par) == "NS +300 (5HX E -2)"
    assert str(double_dummy(MB_DEAL, vulnerable=(True, True)).par) == "NS +500 (5HX E -2)"
    assert str(double_dummy(MB_DEAL, vulnerable=(False, True)).par) == "NS +420 (4S N, 4S S)"


def test_a_published_board_agrees_with_its_optimum_result_table(solver: None) -> None:
    """Board 1 of the PBN 2.1 verifier's file: the full published table, and its
    OptimumScore "NS 100" (EW's 3♥ doubled, one down, none vulnerable)."""
    table = double_dummy(VERIFIER_DEAL, dealer=0)
    assert rows(table) == VERIFIER_TABLE
    assert table.par == Par(100, ("3HX E -1", "3HX W -1"))
    assert str(table) == "\n".join(
        [
            "      ♣   ♦   ♥   ♠  NT",
            "  N   9   6   5   6   6",
            "  E   3   7   8   7   6",
            "  S   9   6   5   6   6",
            "  W   3   7   8   7   7",
            "Par: NS +100 (3HX E -1, 3HX W -1)",
        ]
    )
    assert table.lines(symbols=False)[0] == "      C   D   H   S  NT"


def test_a_pbn_deal_with_one_hand_not_given_is_completed(solver: None) -> None:
    three = MB_DEAL.rsplit(" ", 1)[0] + " -"
    assert double_dummy(three) == double_dummy(MB_DEAL)


# ---------------------------------------------------------------------------
# rules.double_dummy: the helper of Minibridge's scorer


def test_rules_double_dummy_takes_a_game_hands_or_a_pbn_deal(solver: None) -> None:
    """A game is solved as dealt (cards played so far do not count), with its dealer;
    hands and PBN text as given."""
    rules = cardrules.load("minibridge-ebu")
    game = rules.new_game(seed=11, dealer=0)
    for action in ("contract D partscore", "play 5S", "play 4S"):
        game.apply(action)
    table = rules.double_dummy(game)
    assert isinstance(table, DDTable)
    assert table == double_dummy(MB_DEAL, dealer=0)
    assert rules.double_dummy(rules.new_game(seed=11, dealer=3)).dealer == 3
    assert rules.double_dummy(MB_DEAL, vulnerable=(False, True)) == double_dummy(
        MB_DEAL, vulnerable=(False, True)
    )
    assert rules.double_dummy([list(cards_of(h)) for h in parse_deal(MB_DEAL)]).hands == (
        parse_deal(MB_DEAL)
    )


def test_only_a_scorer_that_offers_it_has_double_dummy() -> None:
    assert "double_dummy" in cardrules.load("minibridge-ebu").scoring.names
    with pytest.raises(AttributeError):
        _ = cardrules.load("callbreak-strict").double_dummy


# ---------------------------------------------------------------------------
# what is refused (before the solver: these run without endplay)


@pytest.mark.parametrize(
    ("deal", "options", "message"),
    [
        (
            [0b111, 0b111000, 0, 0],
            {},
            "double-dummy analysis needs 4 hands of 13 cards, got N 3, E 3, S 0, W 0 "
            "(DDS solves whole bridge deals only)",
        ),
        (
            [1, 2, 3],
            {},
            "invalid deal: [1, 2, 3] (expected 4 hands by seat N E S W, "
            "a PBN deal text 'N:...' or a game)",
        ),
        (["AS AS", "KS", "QS", "JS"], {}, "invalid hand of N: a card is listed twice"),
        ([-1, 0, 0, 0], {}, "invalid hand of N: mask -1 (expected 0 .. 2**52 - 1)"),
        (
            MB_DEAL.replace("AQ92", "AQ9"),
            {},
            "invalid PBN: [Deal] hand of N has 12 cards (expected 13)",
        ),
        (MB_DEAL, {"dealer": 4}, "invalid dealer: 4 (expected a seat 0..3: N E S W)"),
        (
            MB_DEAL,
            {"vulnerable": "NS"},
            "invalid vulnerable: 'NS' (expected (NS, EW), two bools)",
        ),
    ],
)
def test_what_is_not_a_whole_deal_is_refused(
    deal: object, options: dict[str, object], message: str
) -> None:
    with pytest.raises(CardrulesError) as exc:
        double_dummy(deal, **options)  # type: ignore[arg-type]
    assert str(exc.value) == message


def test_a_card_dealt_twice_is_refused() -> None:
    hands = [parse_cards(" ".join(f"{r}{s}" for r in "23456789TJQKA")) for s in "CDHS"]
    hands[1][0] = Card.parse("2C")
    with pytest.raises(CardrulesError, match=r"^invalid deal: 2♣ is dealt twice \(again to E\)$"):
        double_dummy(hands)


def test_a_game_of_shorter_hands_is_refused() -> None:
    game = cardrules.load("oh-hell").new_game(seed=1)
    with pytest.raises(CardrulesError, match=r"needs 4 hands of 13 cards, got N 10, E 10"):
        double_dummy(game)


# ---------------------------------------------------------------------------
# without the extra


def test_without_endplay_the_error_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    without_endplay(monkeypatch)
    with pytest.raises(CardrulesError) as exc:
        double_dummy(MB_DEAL)
    assert (
        str(exc.value)
        == NEEDS_EXTRA
        == ("double-dummy analysis needs the 'analysis' extra: pip install 'cardrules[analysis]'")
    )
    with pytest.raises(CardrulesError, match="needs the 'analysis' extra"):
        cardrules.load("minibridge-ebu").double_dummy(MB_DEAL)
    assert run("analyse", str(SAMPLE)) == (1, "", f"error: {NEEDS_EXTRA}\n")


def test_importing_cardrules_and_the_analysis_imports_no_solver() -> None:
    """endplay (and with it numpy and matplotlib) is imported only to solve a deal."""
    probe = (
        "import cardrules, cardrules_dd, cardrules_dd.command, cardrules_dd.pbn, sys\n"
        "cardrules.load('minibridge-ebu')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('endplay', 'numpy', 'matplotlib')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"


# ---------------------------------------------------------------------------
# the published results of a PBN file


def test_the_published_results_of_a_board_are_read() -> None:
    """OptimumResultTable rows, DoubleDummyTricks (N S E W, NT S H D C) and OptimumScore."""
    first, second = read_boards(SAMPLE.read_text(encoding="utf-8"))
    assert (first.board, first.dealer, first.vulnerable, first.score) == (
        "17",
        0,
        (False, False),
        400,
    )
    assert (second.board, second.dealer, second.score) == ("11", 2, 90)
    assert first.tricks[:2] == (
        ("OptimumResultTable", 0, "NT", 7),
        ("OptimumResultTable", 0, "S", 4),
    )
    ddt = [t for t in first.tricks if t[0] == "DoubleDummyTricks"]
    assert len(ddt) == 20 and ("DoubleDummyTricks", 2, "H", 7) in ddt  # South: 7 in hearts
    assert first.publishes and first.notes == ()
    (verifier, cap_gemini) = read_boards(VERIFIER.read_text(encoding="utf-8"))
    assert len(verifier.tricks) == 20 and not cap_gemini.publishes


def pbn_board(*extra: str) -> str:
    return (
        "\n".join(
            [
                '[Board "1"]',
                '[Dealer "N"]',
                '[Vulnerable "None"]',
                f'[Deal "{VERIFIER_DEAL}"]',
                *extra,
            ]
        )
        + "\n"
    )


def verifier_table() -> DDTable:
    """Board 1 of the verifier's file, as solved (written out: no solver needed)."""
    return DDTable(
        parse_deal(VERIFIER_DEAL),
        0,
        (False, False),
        tuple(dict(zip(STRAINS, VERIFIER_TABLE[seat], strict=True)) for seat in "NESW"),
        Par(100, ("3HX E -1", "3HX W -1")),
    )


def test_published_results_are_compared_with_ours() -> None:
    (board,) = read_boards(
        pbn_board(
            '[OptimumScore "EW -100"]',
            '[ParContract "EW 3HX"]',
            '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]',
            "N  C  9",
            "W NT  7",
        )
    )
    assert board.score == 100 and board.par_contract == "EW 3HX"
    assert disagreements(board, verifier_table()) == []
    (board,) = read_boards(
        pbn_board(
            '[OptimumScore "NS 110"]',
            '[ParContract "NS 3C"]',
            '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]',
            "W NT  6",
        )
    )
    assert disagreements(board, verifier_table()) == [
        "[OptimumResultTable] W in NT: 6 tricks published, 7 here",
        "[OptimumScore] NS +110 published, NS +100 here (vulnerable: none)",
        "[ParContract] 'NS 3C' published, 3HX E -1, 3HX W -1 here",
    ]


def test_a_published_value_that_cannot_be_read_is_not_compared() -> None:
    (board,) = read_boards(
        pbn_board(
            '[OptimumScore "EW 4S; -620"]',
            '[ParContract "somebody 4S"]',
            '[DoubleDummyTricks "123"]',
            '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]',
            "N  Z  9",
        )
    )
    assert not board.publishes
    assert board.notes == (
        "[OptimumResultTable] line 9: 'N  Z  9' not read",
        "[DoubleDummyTricks] '123' not read (expected 20 hexadecimal digits 0-d)",
        "[OptimumScore] 'EW 4S; -620' not read (expected e.g. 'NS 420' or 'EW -420')",
        "[ParContract] 'somebody 4S' not read (expected e.g. 'NS 4S' or 'EW 5HX')",
    )


# ---------------------------------------------------------------------------
# cardrules analyse


def test_analyse_prints_each_board_and_agrees_with_the_file(solver: None) -> None:
    code, out, err = run("analyse", str(SAMPLE))
    assert (code, err) == (0, "")
    assert out.startswith(
        "Board 17 (dealer N, vulnerable: none)\n"
        "      ♣   ♦   ♥   ♠  NT\n"
        "  N   5  11   6   4   7\n"
        "  E   7   2   6   8   5\n"
        "  S   5  11   7   4   7\n"
        "  W   7   2   6   8   5\n"
        "Par: NS +400 (5D N, 5D S)\n"
        "Published: OptimumResultTable, DoubleDummyTricks, OptimumScore: agree\n\n"
        "Board 11 (dealer S, vulnerable: none)\n"
    )
    assert out.endswith("2 boards; published double-dummy results agree on 2, disagree on 0\n")
    assert run("analyze", str(SAMPLE)) == (code, out, err)
    code, out, _ = run("analyse", str(VERIFIER))
    assert code == 0 and "Par: NS -100 (5DX N -1, 5DX S -1, 5CX N -1, 5CX S -1)" in out
    assert out.endswith("2 boards; published double-dummy results agree on 1, disagree on 0\n")


def test_analyse_exits_1_when_the_file_disagrees(solver: None, tmp_path: Path) -> None:
    text = SAMPLE.read_text(encoding="utf-8").replace("N  D 11", "N  D 10", 1)
    wrong = tmp_path / "wrong.pbn"
    wrong.write_text(text.replace('[OptimumScore "NS +90"]', '[OptimumScore "NS 110"]'))
    code, out, err = run("analyse", str(wrong))
    assert (code, err) == (1, "")
    assert (
        "Published: OptimumResultTable, DoubleDummyTricks, OptimumScore: DISAGREE\n"
        "  [OptimumResultTable] N in D: 10 tricks published, 11 here\n"
    ) in out
    assert "  [OptimumScore] NS +110 published, NS +90 here (vulnerable: none)\n" in out
    assert out.endswith("2 boards; published double-dummy results agree on 0, disagree on 2\n")


def test_analyse_shows_a_repeated_deal_once(solver: None, tmp_path: Path) -> None:
    again = tmp_path / "again.pbn"
    again.write_text(pbn_board() + "\n" + pbn_board('[OptimumScore "NS 100"]'))
    code, out, _ = run("analyse", str(again))
    assert code == 0
    assert out.count("Par: ") == 1
    assert "Board 1 (dealer N, vulnerable: none)\n  the deal of board 1 above\n" in out
    assert out.endswith("2 boards; published double-dummy results agree on 1, disagree on 0\n")


def test_analyse_refuses_what_is_no_pbn_board(tmp_path: Path) -> None:
    missing = tmp_path / "missing.pbn"
    code, _, err = run("analyse", str(missing))
    assert code == 1
    assert err == f"error: cannot read the PBN file {str(missing)!r}: No such file or directory\n"
    empty = tmp_path / "empty.pbn"
    empty.write_text('[Event "x"]\n')
    assert run("analyse", str(empty))[2] == f"error: {empty}: no board with a [Deal] tag\n"
    bad = tmp_path / "bad.pbn"
    bad.write_text(pbn_board().replace("AQ743", "AQ74"))
    assert run("analyse", str(bad))[2] == (
        f"error: {bad}: invalid PBN, line 4: [Deal] hand of N has 12 cards (expected 13)\n"
    )


def test_bridge_rules_double_dummy_uses_the_boards_vulnerability(solver: None) -> None:
    """``rules.double_dummy(game)`` of bridge-duplicate: the table of the board as dealt,
    its par reckoned with the board's vulnerability (BR-1.2: board 2, NS vulnerable)."""
    rules = cardrules.load("bridge-duplicate", first_board=2)
    game = rules.new_game(seed=5)
    table = rules.double_dummy(game)
    assert table.vulnerable == (True, False)
    same = rules.double_dummy([game.hand(s) for s in range(4)], vulnerable=(True, False))
    assert table.tricks == same.tricks and table.par == same.par
