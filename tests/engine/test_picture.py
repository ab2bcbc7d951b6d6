"""The picture of a game: ``str(game)``, ``str(view)``, ``_repr_html_`` and ``cardrules.svg``.

A picture lays the deal out as a card player reads it (a compass at a table of
four, a seat a line at another), whatever the family; a view's picture shows
only what that seat may see, which the tests check by changing a hidden card
and finding every picture of the view unchanged.
"""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterable

import pytest

import cardrules
import cardrules.svg
from cardrules import Card, Game
from cardrules.engine.picture import SUIT_COLOURS, Scene, html, suit_ranks, text
from cardrules.tools import docgen
from cardrules.tools.ruletext import Example

SVG = "{http://www.w3.org/2000/svg}"
RED = SUIT_COLOURS[cardrules.Suit.H]
BLACK = SUIT_COLOURS[cardrules.Suit.S]


def play(game: Game, n: int) -> None:
    """Take the first legal action ``n`` times."""
    for _ in range(n):
        game.apply(game.legal_actions()[0])


def suit_lines(cards: Iterable[Card]) -> list[str]:
    """A hand as the compass prints it: a suit a line, spades first, ranks high to low."""
    return [f"{suit.symbol} {ranks}" for suit, ranks in suit_ranks(list(cards))]


# -- str(game) ----------------------------------------------------------------------


def test_callbreak_mid_trick_reads_as_a_deal() -> None:
    """The whole picture of one deal: title, compass with the calls, the trick, the
    contract's words, tricks won and whose turn it is."""
    game = cardrules.load("callbreak-strict").new_game(seed=7)
    for call in ("bid 3", "bid 4", "bid 2", "bid 3"):
        game.apply(call)
    play(game, 2)
    assert str(game) == (
        "callbreak-strict, deal 1, dealer E: play, trick 1\n"
        "             N (call 3)\n"
        "             ♠ J 10 3\n"
        "             ♥ K 10 7 5\n"
        "             ♦ K 7 6 3\n"
        "             ♣ J\n"
        "W (call 4)                   E (call 3)\n"
        "♠ 8 7            N 10♣       ♠ 9 6 5\n"
        "♥ Q 6 4 3    W A♣    E       ♥ A 9 8 2\n"
        "♦ A Q J 4          S         ♦ 10 8 2\n"
        "♣ 3 2                        ♣ Q 8 6\n"
        "             S (call 2)\n"
        "             ♠ A K Q 4 2\n"
        "             ♥ J\n"
        "             ♦ 9 5\n"
        "             ♣ K 9 7 5 4\n"
        "Calls: N 3, E 3, S 2, W 4; trumps spades\n"
        "Tricks won: N 0, E 0, S 0, W 0\n"
        "To act: S"
    )
    assert repr(game) == "<Game 'callbreak-strict' seed=7 deal 1 play to_act=2>"


def test_compass_puts_n_on_top_w_and_e_on_the_sides_s_at_the_bottom() -> None:
    game = cardrules.load("callbreak-strict").new_game(seed=3, dealer=0)
    lines = str(game).splitlines()
    assert lines[0] == "callbreak-strict, deal 1, dealer N: auction"
    n, s = lines.index(next(x for x in lines if x.strip() == "N")), None
    w = next(i for i, x in enumerate(lines) if x.startswith("W"))
    s = next(i for i, x in enumerate(lines) if x.strip() == "S")
    assert n < w < s
    assert lines[w].split() == ["W", "E"]  # W and E on one line: the sides
    n_col, s_col = lines[n].index("N"), lines[s].index("S")
    e_col = lines[w].index("E")
    assert n_col == s_col and 0 < n_col < e_col
    for seat, first, col in (
        (0, n + 1, n_col),
        (3, w + 1, 0),
        (1, w + 1, e_col),
        (2, s + 1, s_col),
    ):
        for i, line in enumerate(suit_lines(game.hand(seat))):
            assert lines[first + i][col:].startswith(line), (seat, line)
    # The table between them: N above, W and E on one line, S below, in N's column.
    table = [line[n_col:e_col].strip() for line in lines[w + 1 : w + 4]]
    assert table == ["N", "W       E", "S"]


def test_callbreak_at_the_auction_and_at_the_end() -> None:
    game = cardrules.load("callbreak-strict").new_game(seed=7)
    start = str(game)
    assert start.endswith(
        "Auction: calls: N -, E -, S -, W -; order: N W S E; trumps spades\nTo act: N"
    )
    game.apply("bid 3")
    assert "Auction: calls: N 3, E -, S -, W -; order: N W S E" in str(game)
    while game.phase != "finished":
        play(game, 1)
    end = str(game).splitlines()
    assert end[0] == f"callbreak-strict, deal 5, dealer {'NESW'[game.dealer]}: game over"
    totals = ", ".join(f"{'NESW'[int(s)]} {v}" for s, v in game.totals.items())
    assert f"Totals: {totals}" in end
    assert end[-1] == "Game over: 5 deals played (CBS-5.1)"
    assert any(line.startswith("Last trick, led by ") for line in end)
    view = str(game.view(0)).splitlines()
    assert view[-1] == "Game over" and f"Totals: {totals}" in view


def test_minibridge_shows_the_contract_and_dummy_to_every_seat() -> None:
    """MB-4.2: dummy's hand is exposed (``game.auction.exposed()``), so every view shows it,
    and its label says who decides for it."""
    game = cardrules.load("minibridge-ebu").new_game(seed=3, dealer=1)
    game.apply("contract H game")
    play(game, 1)
    (dummy,) = game.auction.exposed()
    contract = game.contract
    assert contract is not None
    words = str(game)
    assert contract.words() in words
    assert "E (decided by W)" in words and dummy == 1
    for seat in range(4):
        view = game.view(seat)
        assert sorted(view.hands) == sorted({seat, dummy})
        shown = str(view)
        for s in view.hands:
            for line in suit_lines(view.hands[s]):
                assert line in shown, (seat, s, line)
        hidden = [s for s in range(4) if s not in view.hands]
        assert shown.count(" cards") == len(hidden)
        assert contract.words() in shown


def test_oh_hell_three_seats_one_a_line() -> None:
    game = cardrules.load("oh-hell-3").new_game(seed=1)
    lines = str(game).splitlines()
    assert lines[0] == "oh-hell-3, deal 1, dealer S: auction"
    for seat, letter in enumerate("NES"):
        hand = "  ".join(suit_lines(game.hand(seat)))
        assert lines[1 + seat] == f"{letter}  {hand}"
    assert lines[4] == "Auction: order: N E S; hand size: 10; bids: N -, E -, S -; turned up: 5♦"
    play(game, 4)  # three bids and a card
    lines = str(game).splitlines()
    assert lines[1].startswith("N (call 0)  ♠")
    ((seat, card),) = game.trick
    assert lines[4] == f"Trick: {'NES'[seat]} {card.symbol()}"
    assert lines[5] == "Bids: N 0, E 0, S 0; trumps diamonds"
    assert str(game.view(2)).splitlines()[1:4] == [
        "N (call 0)       9 cards",
        "E (call 0)       10 cards",
        "S (you, call 0)  " + "  ".join(suit_lines(game.hand(2))),
    ]


def test_spades_calls_in_the_family_words() -> None:
    game = cardrules.load("spades").new_game(seed=1)
    play(game, 4)
    assert "Calls: N nil, E nil, S nil, W nil; trumps spades" in str(game)
    assert "N (call 0)" in str(game)


def test_hearts_during_the_passing() -> None:
    """HE-2.1: while cards are passed, each seat sees the cards it chose, no one else's."""
    game = cardrules.load("hearts").new_game(seed=1)
    play(game, 1)  # E chooses 2♣ to pass
    auction = next(line for line in str(game).splitlines() if line.startswith("Auction: "))
    assert "passing: left" in auction and "passed: N 0, E 1, S 0, W 0" in auction
    assert "chosen: 2♣" in str(game.view(1))
    assert "passing to: S" in str(game.view(1))
    for seat in (0, 2, 3):
        assert "chosen" not in str(game.view(seat))
    assert "To act: E (you)" in str(game.view(1))


@pytest.mark.parametrize(
    "name", ["callbreak-strict", "minibridge-ebu", "oh-hell-3", "spades", "hearts"]
)
def test_every_family_at_the_auction_mid_trick_and_at_the_end(name: str) -> None:
    game = cardrules.load(name).new_game(seed=11)
    start = str(game).splitlines()
    assert start[0] == f"{name}, deal 1, dealer {'NESW'[game.dealer]}: auction"
    assert any(line.startswith("Auction: ") for line in start)
    while game.phase == "auction":
        play(game, 1)
    play(game, 1)  # the first card
    contract = game.contract
    assert contract is not None
    middle = str(game)
    assert middle.splitlines()[0].endswith(": play, trick 1")
    assert contract.words() in middle
    ((seat, card),) = game.trick
    assert f"{'NESW'[seat]} {card.symbol()}" in middle  # on the table (or the trick's line)
    assert "Tricks won: " in middle
    while game.phase != "finished":
        play(game, 1)
    end = str(game).splitlines()
    assert end[0].endswith(": game over") and end[-1].startswith("Game over: ")
    assert any(line.startswith("Totals: ") for line in end)
    assert str(game.view(0)).splitlines()[-1] == "Game over"


# -- hidden information -------------------------------------------------------------


def _swap_a_spot_card(hands: list[list[str]], a: int, b: int) -> list[list[str]]:
    """``hands`` with a spot card of seat ``a`` and one of seat ``b`` of the same suit
    swapped: lengths and high-card points unchanged."""
    out = [list(h) for h in hands]
    for suit in "SHDC":
        spots_a = [c for c in out[a] if c[-1] == suit and c[:-1] not in ("J", "Q", "K", "A")]
        spots_b = [c for c in out[b] if c[-1] == suit and c[:-1] not in ("J", "Q", "K", "A")]
        if spots_a and spots_b:
            x, y = spots_a[0], spots_b[0]
            out[a][out[a].index(x)], out[b][out[b].index(y)] = y, x
            return out
    raise AssertionError("no spot card to swap")


def _twins(name: str, seed: int, viewer: int, n: int) -> tuple[Game, Game]:
    """Two games of ``name`` after the same first ``n`` legal actions, that differ only in
    a card of two seats whose hands ``viewer`` may not see (and that played no card)."""
    rules = cardrules.load(name)
    dealt = rules.new_game(seed=seed, dealer=0)
    hands = [[str(c) for c in dealt.hand(s)] for s in range(rules.players)]
    one = rules.new_game(seed=seed, dealer=0, hands=hands)
    actions = []
    for _ in range(n):
        actions.append(str(one.legal_actions()[0]))
        one.apply(actions[-1])
    played = {s for s, _ in one.trick} | {s for t in one.tricks for s, _ in t.cards}
    hidden = [s for s in range(rules.players) if s not in {viewer, *one.auction.exposed(), *played}]
    other = rules.new_game(seed=seed, dealer=0, hands=_swap_a_spot_card(hands, *hidden[:2]))
    for action in actions:
        other.apply(action)
    assert str(one) != str(other)  # the games differ: a leak would show
    return one, other


@pytest.mark.parametrize(
    ("name", "viewer", "n"),
    [
        ("callbreak-strict", 0, 0),  # at the auction
        ("callbreak-strict", 1, 5),  # mid-trick: four calls and a card
        ("minibridge-ebu", 2, 2),  # dummy exposed, the opening lead made (by S)
        ("oh-hell-3", 2, 3),  # the bids made
        ("spades", 1, 6),  # four calls, two cards
        ("hearts", 1, 1),  # during the passing
    ],
)
def test_a_view_shows_no_card_its_seat_may_not_see(name: str, viewer: int, n: int) -> None:
    """str(view), its HTML and its SVG are the same whatever the hidden cards are."""
    one, other = _twins(name, 5, viewer, n)
    a, b = one.view(viewer), other.view(viewer)
    assert a.hands == b.hands
    assert str(a) == str(b)
    assert a._repr_html_() == b._repr_html_()
    assert cardrules.svg.deal(a) == cardrules.svg.deal(b)


def test_a_view_shows_other_hands_as_counts() -> None:
    """No suit of another seat's hand in the text, the HTML or the SVG of a view."""
    game = cardrules.load("callbreak-strict").new_game(seed=7)
    view = game.view(2)
    svg = _svg_root(cardrules.svg.deal(view))
    pictures = {
        "text": str(view),
        "html": "".join(ET.fromstring(view._repr_html_()).itertext()),
        "svg": "\n".join("".join(t.itertext()) for t in svg.iter(f"{SVG}text")),
    }
    for kind, shown in pictures.items():
        for seat in (0, 1, 3):
            for line in suit_lines(game.hand(seat)):
                if len(line) > 4:  # two cards or more: the ranks say whose suit it is
                    assert line not in shown, (kind, seat, line)
        assert shown.count("13 cards") == 3, kind
        for line in suit_lines(game.hand(2)):
            assert line in shown, (kind, line)


# -- HTML and SVG -------------------------------------------------------------------


def test_repr_html_is_a_table_with_coloured_suits() -> None:
    game = cardrules.load("callbreak-strict").new_game(seed=7)
    for source in (game, game.view(0)):
        page = source._repr_html_()
        assert page.startswith('<table class="cardrules-deal"')
        root = ET.fromstring(page)  # well-formed: also valid XHTML
        assert root.tag == "table"
        assert f'<span style="color:{RED}">♥</span>' in page
        assert f'<span style="color:{BLACK}">♠</span>' in page
    assert html(game) == game._repr_html_()


def _svg_root(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


@pytest.mark.parametrize("name", ["callbreak-strict", "minibridge-ebu", "oh-hell-3", "hearts"])
def test_svg_is_a_standalone_document_with_coloured_suits(name: str) -> None:
    game = cardrules.load(name).new_game(seed=2)
    play(game, 5)
    for source in (game, game.view(0)):
        root = _svg_root(cardrules.svg.deal(source))
        spans = {(t.text, t.get("fill")) for t in root.iter(f"{SVG}tspan")}
        assert {("♥", RED), ("♦", RED), ("♠", BLACK), ("♣", BLACK)} <= spans
        words = "".join(root.itertext())
        assert game.rules.name in words


def test_svg_of_a_compass_has_the_trick_on_the_table() -> None:
    game = cardrules.load("callbreak-strict").new_game(seed=7)
    for call in ("bid 3", "bid 4", "bid 2", "bid 3"):
        game.apply(call)
    play(game, 2)
    root = _svg_root(cardrules.svg.deal(game))
    texts = ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]
    assert "10♣" in texts and "A♣" in texts  # the trick's cards, one a card
    assert "Calls: N 3, E 3, S 2, W 4; trumps spades" in texts
    assert "Tricks won: N 0, E 0, S 0, W 0" in texts


def test_svg_and_html_escape_text() -> None:
    scene = Scene(4, 'a <b> & "c"', {}, lines=("x < y & z",))
    root = _svg_root(cardrules.svg.deal(scene))
    texts = ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]
    assert texts == ['a <b> & "c"', "N", "E", "S", "W", "x < y & z"]
    assert root.find(f"{SVG}title") is not None
    assert ET.fromstring(html(scene)).find("caption").text == 'a <b> & "c"'  # type: ignore[union-attr]
    assert text(scene).splitlines()[-1] == "x < y & z"


def test_svg_is_a_str_that_a_notebook_draws() -> None:
    """``svg.deal()`` returns a ``str`` (every caller that writes or sends text keeps
    working: JSON, the server's view message) with ``_repr_svg_`` for Jupyter."""
    game = cardrules.load("callbreak-strict").new_game(seed=7)
    svg = cardrules.svg.deal(game.view(0))
    assert isinstance(svg, str) and isinstance(svg, cardrules.svg.SvgDocument)
    assert type(str(svg)) is str and str(svg) == svg
    assert svg._repr_svg_() == str(svg)
    assert json.loads(json.dumps({"picture": svg})) == {"picture": str(svg)}
    _svg_root(svg._repr_svg_())


def test_import_cardrules_does_not_import_the_pictures() -> None:
    """The picture modules load when first asked for, so ``import cardrules`` stays fast."""
    probe = (
        "import sys, cardrules\n"
        "print(sorted(m for m in sys.modules if m in "
        "('cardrules.svg', 'cardrules.engine.picture')))\n"
        "str(cardrules.load('callbreak-strict').new_game(seed=1))\n"
        "print(sorted(m for m in sys.modules if m in "
        "('cardrules.svg', 'cardrules.engine.picture')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    assert out.splitlines() == ["[]", "['cardrules.engine.picture']"]


# -- the rule pages -----------------------------------------------------------------


def test_rule_pages_draw_the_trick_of_a_worked_example() -> None:
    """MB-6.2: the worked example's trick, each card before its seat, as an inline SVG."""
    rules = cardrules.load("minibridge-ebu")
    trick = Example(
        "trick", "MB-6.2", {"trump": "S", "leader": 3, "trick": ["AH", "6S", "2H", "8H"]}
    )
    page = "\n".join(docgen.example_lines(rules, trick))
    raw = page.partition(".. raw:: html\n\n")[2]
    assert raw.startswith('   <div class="cardrules-picture">\n   <svg ')
    root = ET.fromstring("\n".join(line[3:] for line in raw.splitlines()))
    texts = ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]
    assert texts[-1] == "W leads; N wins with 6♠"
    assert {"A♥", "6♠", "2♥", "8♥"} <= set(texts)


def test_rule_pages_draw_the_hand_of_a_legal_example() -> None:
    """CBS-7.1 style: the trick so far led by the seats before S, and S's hand suit by suit."""
    rules = cardrules.load("callbreak-strict")
    legal = Example("legal", "CBS-7.1", {"trick": ["KC", "3C", "AH"], "hand": ["2C", "AS", "QH"]})
    page = "\n".join(docgen.example_lines(rules, legal))
    svg = page[page.index("<svg") : page.index("</svg>") + 6]
    root = ET.fromstring("\n".join(line.strip() for line in svg.splitlines()))
    texts = ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]
    assert "S (to play)" in texts
    assert [t for t in texts if t[:1] in "♠♥♦♣"] == ["♠ A", "♥ Q", "♦ —", "♣ 2"]
    assert texts[-1] == "E led; S may play 2♣"  # counter-clockwise (CBS D-1): E, N, W, then S
