"""The shared PBN library (``variants/cardrules_pbn``): PBN 2.1 as tournament software writes it.

Real files first (``tests/data/pbn/``, see its README): they parse into boards,
auctions with their notes, plays in playing order, and write back to PBN that
reads back equal.  Then the notation's corners by section of PBN 2.1 (``*``,
``-``, ``AP``, ``#``, comments, annotations), and hostile inputs: each a
:class:`PbnError` (a ``CardrulesError``) naming the line.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import cardrules_minibridge.pbn as mb_pbn
from cardrules import Card, CardrulesError
from cardrules.cards import cards_of, mask_of
from cardrules.errors import shown
from cardrules.rules.duties import trick_winner_index
from cardrules_pbn import (
    CALLS,
    MAX_PBN_CHARS,
    PbnBoard,
    PbnError,
    auction_outcome,
    declarer_tricks,
    dump_board,
    dumps,
    loads,
    read_games,
)
from cardrules_pbn.model import contract_strain, trump_of
from cardrules_pbn.syntax import MAX_GAMES, MAX_LINE_CHARS

DATA = Path(__file__).resolve().parents[3] / "tests" / "data" / "pbn"
DEAL = "N:AKQ2.AKQ.AKQ.AK2 JT98.JT9.JT9.JT9 7654.876.876.876 3.5432.5432.Q543"
HEAD = ['[Dealer "N"]', f'[Deal "{DEAL}"]']
#: HEAD with a contract: 3NT by South, West leads.
PLAYED = [*HEAD, '[Declarer "S"]', '[Contract "3NT"]', '[Play "W"]']


def pbn(*lines: str) -> str:
    return "\n".join(lines) + "\n"


def board_of(*lines: str) -> PbnBoard:
    (board,) = loads(pbn(*lines))
    return board


def error_of(text: str) -> str:
    with pytest.raises(PbnError) as exc:
        loads(text)
    assert isinstance(exc.value, CardrulesError)
    return str(exc.value)


def real(name: str) -> list[PbnBoard]:
    return loads((DATA / name).read_text(encoding="utf-8"))


# ---------------------------------------------------------------------------
# real files


def test_real_eyc_1998_boards_and_inherited_values() -> None:
    """PBN 1.0 export of the 1998 European Youth Teams: 8 games, ``#`` is the previous value."""
    boards = real("eyc1998.pbn")
    assert [b.board for b in boards] == [1, 1, 2, 2, 3, 3, 4, 4]
    assert [b.contract for b in boards] == ["5H", "4H", "4H", "4H", "2S", "3D", "4C", "5SX"]
    assert [b.declarer for b in boards] == [2, 0, 2, 2, 0, 0, 0, 3]
    assert [b.result for b in boards] == [10, 10, 9, 10, 7, 8, 10, 8]
    closed = boards[1]
    assert closed.tag("Event") == "16th European Youth Team Championships"  # "#"
    assert closed.tag("Date") == "1998.07.16" and closed.tag("HomeTeam") == "J-germany"
    assert closed.tag("Room") == "Closed" and closed.tag("West") == "Kornek A"
    assert boards[7].vulnerable == (True, True) and boards[4].vulnerable == (False, True)
    assert boards[7].auction == (
        *("pass", "1C", "2C", "pass", "4S", "5C", "pass", "pass"),
        *("5S", "pass", "pass", "double", "pass", "pass", "pass"),
    )


def test_pbn_3_6_a_play_line_is_in_seat_order_not_playing_order() -> None:
    """PBN 3.6: ``[Play "E"]`` columns are E S W N on every line; N's ace of clubs wins
    trick 2, so trick 3 (``H3 H2 H6 HA``) was played HA, H3, H2, H6."""
    closed = real("eyc1998.pbn")[1]
    assert closed.play[:16] == (
        *("AD", "2D", "5D", "3D"),  # E leads
        *("9C", "3C", "2C", "AC"),  # E leads again; N wins
        *("AH", "3H", "2H", "6H"),  # written H3 H2 H6 HA
        *("KH", "8H", "4H", "9D"),  # written H8 H4 D9 HK
    )
    assert [seat for seat, _ in closed.plays()[8:12]] == [0, 1, 2, 3]
    capgemini = real("capgemini1998.pbn")[1]
    assert capgemini.play[8:12] == ("3S", "6S", "2C", "5S")  # written S6 C2 S5 S3


def test_pbn_3_6_cards_not_played_end_the_record() -> None:
    """PBN 3.6: ``- CJ CQ -`` is South and West's cards of a trick North and East never
    finished; ``S9 SJ - S5`` three of four."""
    boards = real("eyc1998.pbn")
    assert len(boards[5].play) == 30
    assert [(s, str(c)) for s, c in boards[5].plays()[-2:]] == [(2, "JC"), (3, "QC")]
    assert len(boards[7].play) == 31
    assert [(s, str(c)) for s, c in boards[7].plays()[-3:]] == [(3, "5S"), (0, "9S"), (1, "JS")]


def test_real_realbridge_2021_notes_and_complete_plays() -> None:
    """RealBridge's PBN 2.1 export: alerts ``=1=`` with their notes after the play, a
    passed-out board naming a declarer, 13 tricks without ``*``, a table section."""
    passed, alerted, one_note, complete = real("realbridge2021.pbn")
    assert passed.auction == ("pass",) * 4 and passed.contract == "Pass"
    assert passed.declarer is None and passed.result is None and passed.play == ()
    assert alerted.auction == ("1C", "pass", "1NT", "pass", "pass", "pass")
    assert alerted.call_marks == ("=1=", "", "=2=", "", "", "")
    assert alerted.notes == ((1, "11-13,17-19 or clubs"), (2, "9-11, no 4cM"))
    assert (alerted.contract, alerted.declarer, alerted.result) == ("1NT", 0, 8)
    assert len(alerted.play) == 29 and alerted.plays()[-1] == (3, Card.parse("3H"))
    assert one_note.call_marks == ("=1=", "", "", "") and one_note.notes == ((1, "12-14"),)
    assert complete.notes[0] == (1, "2+♣, up to 5♦ if balanced")
    assert len(complete.play) == 52 and complete.result == 7
    table = dict((name, (value, rows)) for name, value, rows in complete.tags)
    value, rows = table["OptimumResultTable"]
    assert value == "Declarer;Denomination\\2R;Result\\2R"
    assert rows[:2] == ("N NT  7", "N  S  7") and len(rows) == 20
    assert complete.tag("ScoreIMP") == "NS -0 EW 0" and complete.tag("Scoring") == "IMP"


def test_real_capgemini_1998_unknowns_and_result_by_side() -> None:
    """The PBN 2.1 verifier's file: ``?`` values are unknown, ``Vulnerable "-"`` is none,
    ``Result "NS 11"`` after the play is declarer North's 11 tricks."""
    problem, board16 = real("capgemini1998.pbn")
    assert (problem.contract, problem.declarer, problem.result) == (None, None, None)
    assert problem.tag("Event") == "?" and problem.vulnerable == (False, False)
    assert board16.contract == "5CX" and board16.declarer == 0 and board16.result == 11
    assert board16.auction[-3:] == ("pass", "pass", "pass") and len(board16.play) == 16
    assert board16.tag("OptimumPlayTable") == "S\\8R;H\\8R;D\\8R;C\\8R"


@pytest.mark.parametrize("name", ["eyc1998.pbn", "realbridge2021.pbn", "capgemini1998.pbn"])
def test_real_files_round_trip(name: str) -> None:
    """Written back, every real board reads back equal, and the text is then stable."""
    boards = real(name)
    text = dumps(boards)
    assert loads(text) == boards
    assert dumps(loads(text)) == text
    assert text.startswith("% PBN 2.1\n% EXPORT\n\n[Event ")


# ---------------------------------------------------------------------------
# the writer


def test_writer_layout() -> None:
    """Export layout: the 15 mandatory tags, the auction from the dealer four calls a
    line, its notes, the play from the leader one trick a line, ``*`` when unfinished."""
    board = board_of(
        '[Event "Club night"]',
        '[Board "3"]',
        *HEAD,
        '[Vulnerable "Both"]',
        '[Auction "N"]',
        "2C =1= Pass 2D Pass 3NT AP",
        '[Note "1: strong"]',
        '[Play "E"]',
        "S8 S4 S3 SA",
        "*",
        '[Room "Open"]',
    )
    assert dump_board(board) == "\n".join(
        [
            '[Event "Club night"]',
            '[Site ""]',
            '[Date ""]',
            '[Board "3"]',
            '[West ""]',
            '[North ""]',
            '[East ""]',
            '[South ""]',
            '[Dealer "N"]',
            '[Vulnerable "All"]',
            f'[Deal "{DEAL}"]',
            '[Scoring ""]',
            '[Declarer "N"]',
            '[Contract "3NT"]',
            '[Result ""]',
            '[Auction "N"]',
            "2C =1= Pass 2D Pass",
            "3NT Pass Pass Pass",
            '[Note "1:strong"]',
            '[Play "E"]',
            "S8 S4 S3 SA",
            "*",
            '[Room "Open"]',
        ]
    )


@pytest.mark.parametrize("seed", range(25))
def test_random_boards_round_trip(seed: int) -> None:
    """Any board the model can hold (random deal, legal auction, cards from the hands,
    annotations, notes, other tags) is written as PBN that reads back equal."""
    board = _random_board(random.Random(seed))
    text = dumps([board])
    assert loads(text) == [board]
    assert dumps(loads(text)) == text


def _random_board(rng: random.Random) -> PbnBoard:
    deck = list(range(52))
    rng.shuffle(deck)
    hands = tuple(sum(1 << c for c in deck[13 * s : 13 * s + 13]) for s in range(4))
    dealer = rng.randrange(4)
    calls: list[str] = []
    while not auction_outcome(calls).over and len(calls) < 30:
        choices = ["pass", "pass", "pass", "double", "redouble"]
        choices += [c for c in CALLS[3:] if rng.random() < 0.04]
        rng.shuffle(choices)
        for call in choices:
            try:
                auction_outcome([*calls, call])
            except ValueError:
                continue
            calls.append(call)
            break
    if rng.random() < 0.2:
        calls = calls[: rng.randrange(len(calls) + 1)]
    outcome = auction_outcome(calls, dealer)
    contract, declarer = outcome.contract, outcome.declarer
    if not outcome.over and rng.random() < 0.5:
        contract, declarer = rng.choice(["4S", "3NTX", "1CXX"]), rng.randrange(4)
    play: list[str] = []
    strain = contract_strain(contract)
    result = None
    if strain is not None and declarer is not None:
        held = list(hands)
        leader = seat = (declarer + 1) % 4
        for _ in range(rng.randrange(53)):
            card = rng.choice(list(cards_of(held[seat])))
            held[seat] &= ~card.mask
            play.append(str(card))
            seat = (seat + 1) % 4
            if len(play) % 4 == 0:
                trick = [Card.parse(c).index for c in play[-4:]]
                leader = seat = (leader + trick_winner_index(trick, trump_of(strain))) % 4
        result = rng.randrange(14)
        if len(play) == 52:
            board = PbnBoard(0, hands, declarer=declarer, contract=contract, play=tuple(play))
            result = declarer_tricks(board.plays(), declarer, trump_of(strain))
    call_marks = [rng.choice(["", "", "=1=", "!", "=2= $13"]) for _ in calls]
    card_marks = [rng.choice(["", "", "", "=3=", "?!", "$200"]) for _ in play]
    return PbnBoard(
        dealer=dealer,
        hands=hands,
        board=rng.choice([None, rng.randrange(1, 10**9)]),
        vulnerable=(rng.random() < 0.5, rng.random() < 0.5),
        auction=tuple(calls),
        declarer=declarer,
        contract=contract,
        play=tuple(play),
        result=result,
        notes=((3, 'signal \\ "odd"'), (1, "strong; {16+}"), (2, "relay")),
        call_marks=tuple(call_marks),
        card_marks=tuple(card_marks),
        tags=(
            ("Table", "7", ()),
            ("Event", 'The "Open" \\2R', ()),
            ("OptimumResultTable", "Declarer;Result\\2R", ("N NT  7", "S  C  9")),
        ),
    )


def test_board_model_is_canonical() -> None:
    """A board keeps one form: mandatory tags first in their order, empty ones left out
    (the writer writes them), notes by number, sequences as tuples."""
    board = PbnBoard(
        0,
        [mask_of([Card.parse("AS")]), 0, 0, 0],  # type: ignore[arg-type]
        notes=((2, "b"), (1, "a")),
        tags=(("Room", "Open", ()), ("Scoring", "IMP", ()), ("Site", "", ()), ("Event", "E", ())),
    )
    assert board.hands == (mask_of([Card.parse("AS")]), 0, 0, 0)
    assert board.notes == ((1, "a"), (2, "b"))
    assert board.tags == (("Event", "E", ()), ("Scoring", "IMP", ()), ("Room", "Open", ()))
    with pytest.raises(PbnError, match=r"\[Deal\] is a field of the board"):
        PbnBoard(0, (0, 0, 0, 0), tags=(("Deal", "N:...", ()),))


@pytest.mark.parametrize(
    ("board", "message"),
    [
        (
            PbnBoard(0, (0, 0, 0, 0), tags=(("Event", "two\nlines", ()),)),
            "invalid PBN: a tag value cannot hold a line break or control character: 'two\\nlines'",
        ),
        (
            PbnBoard(0, (0, 0, 0, 0), tags=(("Event", "#", ()),)),
            "invalid PBN: cannot write board: it would read back with tags ()",
        ),
        (
            PbnBoard(0, (0, 0, 0, 0), auction=("1NT", "pass", "pass", "pass")),
            "invalid PBN: cannot write board: it would read back with declarer 0, contract '1NT'",
        ),
        (
            PbnBoard(0, (0, 0, 0, 0), board=4, auction=("1NT", "1C")),
            "invalid PBN: cannot write board 4: [Auction] 1C after 1NT is an insufficient bid",
        ),
    ],
)
def test_writer_refuses_what_would_not_read_back(board: PbnBoard, message: str) -> None:
    """The writer reads its text back: a board that would not read back equal is refused."""
    with pytest.raises(PbnError) as exc:
        dumps([board])
    assert str(exc.value) == message


# ---------------------------------------------------------------------------
# the auction section (PBN 3.5)


def test_pbn_3_5_all_pass_and_contract_from_the_auction() -> None:
    """``AP`` is the passes that end the auction; the contract and declarer follow from
    the calls (the first of the pair to name the strain), lower case accepted."""
    board = board_of(*HEAD, '[Auction "N"]', "1n p 3nt ap")
    assert board.auction == ("1NT", "pass", "3NT", "pass", "pass", "pass")
    assert (board.contract, board.declarer) == ("3NT", 0)
    passed = board_of(*HEAD, '[Auction "N"]', "AP")
    assert passed.auction == ("pass",) * 4 and passed.contract == "Pass"
    doubled = board_of(*HEAD, '[Auction "N"]', "1S 2H 2S X", "XX AP")
    assert (doubled.contract, doubled.declarer) == ("2SXX", 0)


def test_pbn_3_5_hyphen_for_seats_before_the_dealer() -> None:
    """In import format the auction may start in West's column: ``-`` for each seat before
    the dealer."""
    board = board_of(*HEAD, '[Auction "W"]', "- 1NT Pass 3NT", "AP")
    assert board.auction[:3] == ("1NT", "pass", "3NT") and board.declarer == 0
    assert error_of(pbn(*HEAD, '[Auction "W"]', "1NT Pass 3NT AP")) == (
        "invalid PBN, line 4: [Auction] the first call is W's, but the dealer is N "
        "(a '-' stands for each seat before the dealer)"
    )


def test_pbn_3_5_star_ends_the_auction_early() -> None:
    """``*``: no more calls given; the contract may then come from the tags; the writer
    writes the ``*`` back."""
    board = board_of(
        *HEAD, '[Declarer "S"]', '[Contract "4H"]', '[Auction "N"]', "1C Pass 1H Pass", "*"
    )
    assert board.auction == ("1C", "pass", "1H", "pass") and board.contract == "4H"
    assert "1C Pass 1H Pass\n*\n" in dumps([board])
    assert error_of(pbn(*HEAD, '[Auction "N"]', "1C Pass *", "1H")) == (
        "invalid PBN, line 5: [Auction] '1H' after the end of the auction ('*')"
    )


def test_pbn_3_5_annotations_are_kept() -> None:
    """Suffixes, note references and NAGs follow their call and are kept as written."""
    board = board_of(*HEAD, '[Auction "N"]', "1S !! =1= $25 2H? Pass", '[Note "1:five"]')
    assert board.call_marks == ("!! =1= $25", "?", "")
    assert loads(dumps([board])) == [board]


def test_contract_and_auction_must_agree() -> None:
    """A Contract or Declarer tag the finished auction contradicts is refused; a
    passed-out board's declarer (RealBridge writes one) is dropped."""
    assert error_of(pbn(*HEAD, '[Contract "4H"]', '[Auction "N"]', "1NT Pass 3NT AP")) == (
        "invalid PBN, line 3: [Contract] 4H does not match the auction, which ends in 3NT by N"
    )
    assert error_of(pbn(*HEAD, '[Declarer "S"]', '[Auction "N"]', "1NT Pass 3NT AP")) == (
        "invalid PBN, line 3: [Declarer] S does not match the auction: 3NT is declared by N"
    )
    assert board_of(*HEAD, '[Declarer "N"]', '[Contract "Pass"]').declarer is None
    assert board_of(*HEAD, '[Declarer "S"]', '[Contract "3n"]').contract == "3NT"


# ---------------------------------------------------------------------------
# the play section (PBN 3.6)


def test_pbn_3_6_hyphens_after_the_end_and_plus() -> None:
    """After a trick with a card not given, only ``-`` may follow (BBO's converters write
    ``- - - -`` lines); ``+`` is the card to be played next."""
    assert board_of(*PLAYED, "S3 S2 S8 S4", "- - - -", "- - - -").play == ("3S", "2S", "8S", "4S")
    board = board_of(*PLAYED, "S3 S2 S8 S4", "+ - S9 -")
    assert [(s, str(c)) for s, c in board.plays()[-2:]] == [(2, "4S"), (1, "9S")]
    assert error_of(pbn(*PLAYED, "S3 S2 S8 S4", "- - S9 -", "H2 H3 H4 H5")) == (
        "invalid PBN, line 8: [Play] 'H2 H3 H4 H5' after the end of the play record"
    )
    assert error_of(pbn(*PLAYED, "S3 S2 - S4")) == (
        "invalid PBN, line 6: [Play] S plays S4 after a missing card ('-')"
    )


def test_pbn_3_6_star_and_annotations() -> None:
    """``*`` ends the play record; card annotations are kept, their notes written after
    the play."""
    board = board_of(*PLAYED, "S3 =1= S2 S8 S4 $7", "*", '[Note "1:low from odd"]')
    assert board.card_marks == ("=1=", "", "", "$7") and board.notes == ((1, "low from odd"),)
    assert 'S3 =1= S2 S8 S4 $7\n*\n[Note "1:low from odd"]' in dumps([board])
    assert error_of(pbn(*PLAYED, "S3 S2 S8 S4", "*", "- - - -")) == (
        "invalid PBN, line 8: [Play] '- - - -' after the end of the play record"
    )


def test_pbn_3_6_unknown_hands_play_any_card_not_dealt_elsewhere() -> None:
    """A hand given as ``-`` plays any card no given hand holds, and none twice."""
    deal = "N:AKQ2.AKQ.AKQ.AK2 - 7654.876.876.876 3.5432.5432.Q543"
    head = ['[Dealer "N"]', f'[Deal "{deal}"]', '[Declarer "S"]', '[Contract "3NT"]']
    board = board_of(*head, '[Play "W"]', "S3 S2 S8 S4")
    assert board.hands[1] == 0 and board.play[2] == "8S"
    assert error_of(pbn(*head, '[Play "W"]', "S3 S2 SA S4")) == (
        "invalid PBN, line 6: [Play] E does not hold A♠ at this point"
    )


# ---------------------------------------------------------------------------
# comments, escapes, games, inheritance (PBN 2.4, 3, 3.8, 4.8)


def test_pbn_3_8_comments_anywhere_and_escapes() -> None:
    """``;`` to the end of the line, ``{...}`` over lines (blank ones too) after a tag or
    between calls, ``%`` lines: none ends a game nor changes a value."""
    text = pbn(
        "% PBN 2.1",
        "; a club file",
        '[Event "Tuesday; {pairs}"] { a comment',
        "",
        '   that goes on } [Site "Club"]',
        *HEAD,
        '[Auction "N"] ; the auction',
        "1NT { 15-17 } Pass {",
        "} 3NT",
        "%  an escape line between calls",
        "AP",
    )
    (board,) = loads(text)
    assert board.tag("Event") == "Tuesday; {pairs}" and board.tag("Site") == "Club"
    assert board.auction == ("1NT", "pass", "3NT", "pass", "pass", "pass")
    assert loads("\ufeff" + text.replace("\n", "\r\n")) == [board]  # a BOM, CR LF lines


def test_pbn_3_games_are_separated_by_blank_lines() -> None:
    """Several games per file, a semi-empty line (blanks only) between two."""
    text = pbn(*HEAD, '[Board "1"]', " \t", *HEAD, '[Board "2"]', "", "", *HEAD)
    assert [b.board for b in loads(text)] == [1, 2, None]


def test_pbn_4_8_hash_takes_the_previous_value() -> None:
    """``#`` is the nearest previous game's value (``""`` if none); ``##text`` is ``text``
    in this game and every later one without the tag; a game of ``##`` tags is a header."""
    text = pbn(
        '[Event "##Spring Pairs"]',
        '[Site "##Hall"]',
        "",
        '[Date "2020.01.01"]',
        '[Room "#"]',
        *HEAD,
        "",
        '[Date "#"]',
        '[Site "Annex"]',
        *HEAD,
        "",
        '[Date "#"]',
        *HEAD,
    )
    boards = loads(text)
    assert [(b.tag("Event"), b.tag("Site"), b.tag("Date")) for b in boards] == [
        ("Spring Pairs", "Hall", "2020.01.01"),
        ("Spring Pairs", "Annex", "2020.01.01"),
        ("Spring Pairs", "Hall", "2020.01.01"),
    ]
    assert boards[0].tag("Room") == ""
    assert error_of(pbn('[Dealer "N"]', f'[Deal "{DEAL}"]', "", '[Dealer "#"]', '[Deal "#"]')) == (
        "invalid PBN, line 4: [Dealer] '#': a value from another game ('#') is not allowed "
        "in Dealer"
    )


# ---------------------------------------------------------------------------
# hostile and malformed inputs


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (
            ['[dealer "N"]'],
            "invalid PBN, line 1: tag name 'dealer' must begin with an upper-case letter A-Z",
        ),
        (
            ['[Dealer "N]'],
            'invalid PBN, line 1: malformed tag \'[Dealer "N]\' (expected [Name "value"])',
        ),
        (
            [*HEAD, "]"],
            "invalid PBN, line 3: a ']' that closes nothing, in ']'",
        ),
        (
            [*HEAD, '[Auction "N"]', '1NT "Pass'],
            "invalid PBN, line 4: a string that is never closed: '\"Pass'",
        ),
        (
            ['[Dealer "N"]', '[Deal "N:AKQ2.AKQ.AKQ.AK2 - - -"]', '[Deal "x"]'],
            "invalid PBN, line 3: [Deal] appears twice in one deal",
        ),
        (
            ['[Dealer "N"]', f'[Deal "{DEAL.replace("3.5432", "A.5432")}"]'],
            "invalid PBN, line 2: [Deal] A♠ is dealt twice",
        ),
        (
            ['[Dealer "N"]', '[Deal "N:AKQ2.AKQ.AKQ.AK2 JT98.JT9.JT9.JT9 - 3.5432.5432.Q5X"]'],
            "invalid PBN, line 2: [Deal] hand of W: 'X' is not a rank (expected AKQJT98765432)",
        ),
        (
            ['[Dealer "N"]', '[Deal "N:AKQ2.AKQ.AKQ - - -"]'],
            "invalid PBN, line 2: [Deal] hand of N 'AKQ2.AKQ.AKQ' must list 4 suits, S.H.D.C "
            "(or be '-' when not given)",
        ),
        (
            [*HEAD, '[Vulnerable "Some"]'],
            "invalid PBN, line 3: [Vulnerable] 'Some' is not a vulnerability "
            "(expected None, NS, EW or All)",
        ),
        (
            [*HEAD, '[Board "9999999999999999999999999"]'],
            "invalid PBN, line 3: [Board] '9999999999999999999999999' must be a whole number "
            "1..1000000000 or empty",
        ),
        (
            [*HEAD, '[Board "²"]'],
            "invalid PBN, line 3: [Board] '²' must be a whole number 1..1000000000 or empty",
        ),
        (
            [*HEAD, '[Contract "8NT"]'],
            "invalid PBN, line 3: [Contract] '8NT' is not a contract (expected e.g. '4S', '3NTX' "
            "or 'Pass')",
        ),
        ([*HEAD, '[Contract "4S"]'], "invalid PBN, line 3: [Contract] needs a [Declarer]"),
        (
            [*HEAD, '[Auction "N"]', "1NT 1C"],
            "invalid PBN, line 4: [Auction] 1C after 1NT is an insufficient bid",
        ),
        (
            [*HEAD, '[Auction "N"]', "1NT Pass X"],
            "invalid PBN, line 4: [Auction] X (double) needs an undoubled bid of the opponents",
        ),
        (
            [*HEAD, '[Auction "N"]', "1NT AP 2C"],
            "invalid PBN, line 4: [Auction] '2C' after the end of the auction",
        ),
        (
            [*HEAD, '[Auction "N"]', "1NT Dbl"],
            "invalid PBN, line 4: [Auction] 'Dbl' is not a call (expected Pass, X, XX, AP, "
            "1C..7NT or '-')",
        ),
        (
            [*HEAD, '[Auction "N"]', "1NT =1= Pass"],
            'invalid PBN, line 4: [Auction] note =1= has no [Note "1:..."] tag',
        ),
        (
            [*HEAD, '[Auction "N"]', "1NT =33= Pass", '[Note "33:x"]'],
            "invalid PBN, line 4: [Auction] note =33= is not a note number 1..32",
        ),
        (
            [*HEAD, '[Auction "N"]', "1NT ^I 1C"],
            "invalid PBN, line 4: [Auction] the irregularity '^I' is not supported",
        ),
        (
            [*HEAD, '[Auction "N"]', "1NT" + " $1" * 9],
            "invalid PBN, line 4: [Auction] more than 8 annotations after one call",
        ),
        (
            [*HEAD, '[Note "one: x"]'],
            "invalid PBN, line 3: [Note] 'one: x' must be 'n:text', n a note number 1..32",
        ),
        (
            [*HEAD, '[Note "1:x"]', '[Note "1:y"]'],
            "invalid PBN, line 4: [Note] 1 is explained twice",
        ),
        (
            [*PLAYED, "S3 S2 S8 SX"],
            "invalid PBN, line 6: [Play] 'SX' is not a card (expected e.g. 'HA', 'S6', 'DT')",
        ),
        (
            [*PLAYED, "S3 S2 S8 S4", "H2 H3 H4 H5"],
            "invalid PBN, line 7: [Play] E does not hold 4♥ at this point",
        ),
        (
            [*PLAYED, "S3 S2 S8 S4", "S3 SA S9 S5"],
            "invalid PBN, line 7: [Play] W does not hold 3♠ at this point",
        ),
        (
            [*PLAYED, "S3 S2 S8"],
            "invalid PBN, line 6: [Play] a trick lists 4 cards or '-', got 'S3 S2 S8'",
        ),
        (
            [*HEAD, '[Declarer "S"]', '[Contract "3NT"]', '[Play "N"]', "S2 S8 S4 S3"],
            "invalid PBN, line 5: [Play] the opening lead is by W, on declarer's left, not N",
        ),
        (
            [*HEAD, '[Contract "Pass"]', '[Play "W"]', "S3 S2 S8 S4"],
            "invalid PBN, line 4: [Play] a passed-out board has no play record",
        ),
        (
            [*HEAD, '[Declarer "S"]', '[Contract "3NT"]', '[Result "NS 14"]'],
            "invalid PBN, line 5: [Result] 'NS 14' must be a whole number 0..13 or empty",
        ),
        (
            [*HEAD, '[Deal "#"]'],
            "invalid PBN, line 3: [Deal] '#': a value from another game ('#') is not allowed "
            "in Deal",
        ),
        (["HA S6 H2 H8"], "invalid PBN, line 1: 'HA S6 H2 H8' is outside any tag's section"),
        (
            ['[Dealer "N"]', "{ a comment", *HEAD[1:]],
            "invalid PBN, line 2: a '{' comment is never closed with '}'",
        ),
        (["% only an escape"], 'invalid PBN: no deal found (expected tags such as [Deal "N:..."])'),
        (
            [*HEAD, '[Event "\x1b[31m"]'],
            "invalid PBN, line 3: control character U+001B (only tabs are allowed)",
        ),
    ],
)
def test_malformed_pbn_names_the_line(lines: list[str], message: str) -> None:
    """Malformed PBN: a PbnError (a CardrulesError) naming the line and what was expected."""
    assert error_of(pbn(*lines)) == message


def test_a_play_record_must_agree_with_its_result() -> None:
    """13 tricks played: the Result is the tricks declarer's side took, or refused."""
    (board,) = [b for b in real("realbridge2021.pbn") if len(b.play) == 52]
    text = dump_board(board).replace('[Result "7"]', '[Result "8"]')
    line = text.split("\n").index('[Result "8"]') + 1
    assert error_of(text) == (
        f"invalid PBN, line {line}: [Result] 8 does not match the play record "
        f"(7 tricks to declarer)"
    )


def test_hostile_sizes_are_bounded() -> None:
    """Too long a text, line, or too many games: refused before any work on them."""
    assert error_of(" " * (MAX_PBN_CHARS + 1)) == (
        f"invalid PBN: the text is too long for PBN (more than {MAX_PBN_CHARS} characters)"
    )
    assert error_of(pbn(*HEAD, "1NT " * MAX_LINE_CHARS)) == (
        f"invalid PBN, line 3: the line is longer than {MAX_LINE_CHARS} characters"
    )
    many = "\n\n".join(['[Board "1"]'] * (MAX_GAMES + 1))
    with pytest.raises(PbnError, match=f"line {2 * MAX_GAMES + 1}: more than {MAX_GAMES} games"):
        read_games(many)
    with pytest.raises(PbnError, match="expected PBN text, got bytes"):
        loads(b"[Deal]")  # type: ignore[arg-type]


def test_an_input_is_text_never_a_path(tmp_path: Path) -> None:
    """A file name given as text is read as (bad) PBN, never opened."""
    path = tmp_path / "board.pbn"
    path.write_text(pbn(*HEAD), encoding="utf-8")
    assert error_of(str(path)) == (
        f"invalid PBN, line 1: {shown(str(path))} is outside any tag's section"
    )


# ---------------------------------------------------------------------------
# the old path


def test_minibridge_keeps_its_names_on_the_shared_library() -> None:
    """``cardrules_minibridge.pbn`` keeps every name it had: the error is the shared one,
    the deal text and the tokenizer that other modules import still answer."""
    assert mb_pbn.PbnError is PbnError
    assert mb_pbn.deal_text(0, board_of(*HEAD).hands) == DEAL
    (game,) = mb_pbn._games(pbn(*HEAD, '[Board "#"]'))
    assert [(t.name, t.value) for t in game][-1] == ("Board", "#")
    assert mb_pbn._parse_deal(mb_pbn._Tag("Deal", DEAL, 0)) == board_of(*HEAD).hands
    with pytest.raises(PbnError, match="an unknown hand '-' is not allowed in Minibridge"):
        mb_pbn._parse_deal(mb_pbn._Tag("Deal", "N:- - - -", 0))
    assert mb_pbn.dump_deal(mb_pbn.loads(pbn(*HEAD))[0]).startswith('[Event ""]')
