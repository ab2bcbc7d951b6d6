"""A picture of the deal as a card player reads it: ``str(game)``, ``str(view)``, and HTML.

:func:`scene` gathers what a picture shows from a game (every hand) or from one
seat's view (its own hand and any hand every seat may see; the others as
counts, never their cards); :func:`text` lays it out on a compass (N on top, W
and E on the sides, S at the bottom; one seat a line at a table of another
size), and :func:`html` as a small table for notebooks.  :mod:`cardrules.svg`
draws the same scene as a diagram.  The scene knows no family: the contract
speaks for itself (:meth:`~cardrules.Contract.words`), the auction is its
``public()`` facts.

>>> import cardrules
>>> game = cardrules.load("oh-hell-3").new_game(seed=1)
>>> print(game.view(1))
oh-hell-3, deal 1, dealer S: auction
N        10 cards
E (you)  ♠ 9 7  ♥ K 2  ♦ —  ♣ A Q J 8 6 2
S        10 cards
Auction: order: N E S; hand size: 10; bids: N -, E -, S -; turned up: 5♦
To act: N
"""

from __future__ import annotations

import html as _html
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any, Final, TypeGuard, cast

from cardrules.deck import FRENCH_52, RANK_NAMES, Card, Deck, Order, Ranking, Suit
from cardrules.errors import CardError
from cardrules.rules.components import Contract, Side, seat_name, trump_words

if TYPE_CHECKING:
    from cardrules.engine.game import Game
    from cardrules.engine.views import View

__all__ = [
    "SUIT_COLOURS",
    "SUIT_ORDER",
    "Scene",
    "auction_facts",
    "compass_of",
    "deal_order",
    "hand_groups",
    "hand_line",
    "hand_rows",
    "html",
    "natural",
    "row_text",
    "scene",
    "suit_ranks",
    "text",
    "trick_line",
]

#: Suits in the order a hand is shown: spades, hearts, diamonds, clubs.
SUIT_ORDER: Final = (Suit.S, Suit.H, Suit.D, Suit.C)
#: The colour of each suit's symbol: red hearts and diamonds, black spades and clubs.
SUIT_COLOURS: Final[Mapping[Suit, str]] = {
    Suit.S: "#000000",
    Suit.H: "#c8102e",
    Suit.D: "#c8102e",
    Suit.C: "#000000",
}
#: A suit with no card in a hand, as a bridge column prints it.
VOID: Final = "—"


def compass_of(players: int) -> bool:
    """True when a table of ``players`` seats is drawn as a compass (four seats)."""
    return players == 4


@dataclass(frozen=True, slots=True)
class Scene:
    """What a picture of a deal shows, ready to lay out.

    ``hands`` holds the hands shown card by card (by seat); ``hand_sizes`` the
    number of cards of every seat (a hand not in ``hands`` is shown as a count;
    None: such hands are not shown at all).  ``labels`` adds a few words after a
    seat's letter (``"you"``, ``"call 3"``); ``trick`` is the trick on the table;
    ``title`` and ``lines`` are the words above and below the table.  ``deck`` is the
    deck the cards are of, and ``order`` the deal's order of play where it is known:
    a hand is shown suit by suit as play counts the suits (Euchre's left bower with
    the trumps), strongest first (None: each suit in its natural order).
    """

    players: int
    title: str
    hands: Mapping[int, tuple[Card, ...]]
    hand_sizes: tuple[int, ...] | None = None
    trick: tuple[tuple[int, Card], ...] = ()
    labels: Mapping[int, str] | None = None
    lines: tuple[str, ...] = ()
    deck: Deck = FRENCH_52
    order: Order | None = None

    @property
    def compass(self) -> bool:
        """True when the seats sit N, E, S and W round the table (four players)."""
        return compass_of(self.players)

    def label(self, seat: int) -> str:
        """The seat's letter and its few words: ``"S (you, call 3)"``."""
        words = (self.labels or {}).get(seat, "")
        return f"{seat_name(seat)} ({words})" if words else seat_name(seat)

    def shows(self, seat: int) -> bool:
        """Whether the seat's hand is shown, by its cards or as a count."""
        return seat in self.hands or self.hand_sizes is not None

    def count(self, seat: int) -> str:
        """A hidden hand as a count: ``"13 cards"``."""
        n = 0 if self.hand_sizes is None else self.hand_sizes[seat]
        return f"{n} card{'s' if n != 1 else ''}"

    def rows(self, seat: int) -> list[tuple[str, str]]:
        """A shown hand as :func:`hand_rows` lays it out, by the scene's order."""
        return hand_rows(self.hands[seat], self.order or natural(self.deck))

    def line(self, seat: int) -> str:
        """A shown hand on one line, as :func:`hand_line` writes it."""
        return "  ".join(row_text(sign, words) for sign, words in self.rows(seat))


# -- what the picture shows ---------------------------------------------------


def scene(source: Game | View | Scene) -> Scene:
    """The scene of a game (every hand) or of one seat's view (what that seat may see)."""
    if isinstance(source, Scene):
        return source
    if _is_view(source):
        return _view_scene(source)
    return _game_scene(cast("Game", source))


def _is_view(source: Game | View) -> TypeGuard[View]:
    # A view counts the cards of the hands it may not show; a game shows every hand.  (No
    # runtime import of either class here: the game and view modules import this one.)
    return hasattr(source, "hand_sizes")


def _game_scene(game: Game) -> Scene:
    rules = game.rules
    n = rules.players
    contract = game.contract
    to_act = game.to_act
    turn = ""
    if to_act is not None:
        turn = _turn_words(to_act, game.controller(to_act), None)
    elif game.over is not None:
        rule = f" ({game.over.rule})" if game.over.rule else ""
        turn = f"Game over: {game.over.reason}{rule}"
    last = game.tricks[-1] if game.tricks else None
    deck: Deck = rules.deck
    return _scene(
        players=n,
        deck=deck,
        order=deal_order(game),
        name=rules.name,
        deal_number=game.deal_number,
        dealer=game.dealer,
        phase=game.phase,
        trick_number=len(game.tricks) + 1,
        hands={s: tuple(game.hand(s)) for s in range(n)},
        hand_sizes=tuple(h.bit_count() for h in game.hands),
        viewer=None,
        contract=contract,
        controller=game.controller,
        auction=game.auction.public(),
        trump=rules.trump,
        turned_up=game.turned_up,
        trick=tuple((s, c) for s, c in game.trick),
        last=None if last is None else (last.leader, tuple(c for _, c in last.cards), last.winner),
        tricks_won=tuple(game.tricks_won),
        totals=game.totals if game.deals else {},
        turn=turn,
        concealed=_concealer(game),
        to_deal=game.cards_to_deal,
        calls=tuple((s, str(call)) for s, call in game.play_calls),
        sides=game.public_view().sides if game.contract is not None else {},
        stock_shown=game.stock_shown,
    )


def _concealer(game: Game) -> int | None:
    """The seat that conceals the deal's trump while it is concealed in the play, else None."""
    hidden = game._hidden
    return hidden.chooser if hidden is not None and game.phase in ("play", "claim") else None


def deal_order(game: Game) -> Order:
    """The order of play of a game's deal: its contract's, else that of the profile's fixed
    trump (or of no trump) while the auction has not chosen one."""
    rules = game.rules
    contract = game.contract
    return rules.order(rules.trump) if contract is None else rules.order_of(contract)


def _view_scene(view: View) -> Scene:
    n = len(view.hand_sizes)
    contract = view.deal_contract
    to_act = view.to_act
    turn = "Game over" if view.phase == "finished" else ""
    if to_act is not None:
        controller = to_act if view.controller is None else view.controller
        turn = _turn_words(to_act, controller, view.seat)
    last = view.tricks[-1] if view.tricks else None
    trump = None if view.trump is None else Suit[view.trump]
    deck = _deck_of(view)
    return _scene(
        players=n,
        deck=deck,
        order=deck.order(Ranking("natural", trump)),
        name=view.profile,
        deal_number=view.deal_number,
        dealer=view.dealer,
        phase=view.phase,
        trick_number=len(view.tricks) + 1,
        hands=dict(view.hands),
        hand_sizes=view.hand_sizes,
        viewer=view.seat,
        contract=contract,
        controller=_view_controller(view),
        auction=view.auction,
        trump=trump,
        turned_up=view.turned_up,
        trick=tuple((s, c) for s, c in view.trick),
        last=last,
        tricks_won=view.tricks_won,
        totals=view.totals if view.deal_scores else {},
        turn=turn,
        concealed=_chooser(view) if view.trump_concealed else None,
        to_deal=view.to_deal,
        calls=view.play_calls,
        sides=view.sides,
        stock_shown=view.stock_shown,
    )


def _chooser(view: View) -> int | None:
    """The seat that conceals the view's trump (None where the contract does not say)."""
    contract = view.deal_contract
    concealed = None if contract is None else contract.concealed
    return None if concealed is None else concealed.chooser


def _deck_of(view: View) -> Deck:
    """The deck of a view's cards (the French pack when it shows none)."""
    for cards in (*view.hands.values(), tuple(c for _, c in view.trick)):
        if cards:
            return cards[0].deck
    return FRENCH_52 if view.turned_up is None else view.turned_up.deck


def _view_controller(view: View) -> Callable[[int], int]:
    """Who decides for each seat, as far as the view knows: the contract says, else the
    view's seat to act and its controller."""
    contract = view.deal_contract
    if contract is not None:
        return contract.controller
    known = {} if view.to_act is None or view.controller is None else {view.to_act: view.controller}
    return lambda seat: known.get(seat, seat)


def _turn_words(to_act: int, controller: int, viewer: int | None) -> str:
    you = " (you)" if to_act == viewer else ""
    by = ""
    if controller != to_act:
        by = f" (decided by {seat_name(controller)}{', you' if controller == viewer else ''})"
    return f"To act: {seat_name(to_act)}{you}{by}"


def _scene(
    *,
    players: int,
    deck: Deck,
    order: Order | None,
    name: str,
    deal_number: int,
    dealer: int,
    phase: str,
    trick_number: int,
    hands: dict[int, tuple[Card, ...]],
    hand_sizes: tuple[int, ...],
    viewer: int | None,
    contract: Contract | None,
    controller: Callable[[int], int],
    auction: Mapping[str, Any],
    trump: Suit | None,
    turned_up: Card | None,
    trick: tuple[tuple[int, Card], ...],
    last: tuple[int, tuple[Card, ...], int] | None,
    tricks_won: Sequence[int],
    totals: Mapping[Side, Decimal],
    turn: str,
    concealed: int | None = None,
    to_deal: Sequence[int] = (),
    calls: Sequence[tuple[int, str]] = (),
    sides: Mapping[int, str] | None = None,
    stock_shown: Sequence[Card] = (),
) -> Scene:
    stages = {"play": f"play, trick {trick_number}", "finished": "game over"}
    stage = stages.get(phase, phase)
    title = f"{name}, deal {deal_number}, dealer {seat_name(dealer)}: {stage}"
    labels: dict[int, str] = {}
    for seat in range(players):
        words = []
        if seat == viewer:
            words.append("you")
        undertaken = None if contract is None else contract.undertaken(seat)
        if undertaken is not None:
            words.append(f"call {undertaken}")
        if controller(seat) != seat:
            words.append(f"decided by {seat_name(controller(seat))}")
        side = None if sides is None else sides.get(seat)
        if side is not None:  # a side the picture's viewer knows (Contract.sides_known)
            words.append(side)
        labels[seat] = ", ".join(words)
    lines = []
    if contract is not None:
        lines.append(contract.words())
        if concealed is not None:  # (the view's trump is none where it may not see it)
            lines.append(f"Trump concealed by {seat_name(concealed)}, not revealed yet")
        if calls:  # the calls of the play besides the cards (announcements)
            lines.append("Called: " + ", ".join(f"{seat_name(s)} {text}" for s, text in calls))
        if stock_shown:  # cards of the stock the contract shows (Contract.stock_shown)
            lines.append("Shown from the stock: " + " ".join(c.symbol() for c in stock_shown))
    else:
        facts = auction_facts(auction, players, deck)
        if trump is not None:
            facts.append(trump_words(trump))
        if turned_up is not None:
            facts.append(f"turned up: {turned_up.symbol()}")
        if facts:
            lines.append("Auction: " + "; ".join(facts))
    if any(to_deal):  # a deal dealt in stages, between them
        lines.append("Still to deal: " + _per_seat(to_deal))
    if last is not None and not trick and phase != "auction":
        leader, cards, winner = last
        shown = " ".join(c.symbol() for c in cards)
        lines.append(f"Last trick, led by {seat_name(leader)}: {shown}; {seat_name(winner)} won it")
    if phase != "auction":
        lines.append("Tricks won: " + _per_seat(tricks_won))
    if totals:
        lines.append("Totals: " + ", ".join(f"{_side(k)} {v}" for k, v in totals.items()))
    if turn:
        lines.append(turn)
    return Scene(players, title, hands, hand_sizes, trick, labels, tuple(lines), deck, order)


def trick_line(trick: Sequence[tuple[int, Card]]) -> str:
    """The trick on one line, in the order it was played: ``"Trick: N K♠, E 2♠"``."""
    return "Trick: " + ", ".join(f"{seat_name(s)} {c.symbol()}" for s, c in trick)


def _per_seat(values: Sequence[object]) -> str:
    return ", ".join(f"{seat_name(s)} {'-' if v is None else v}" for s, v in enumerate(values))


def _side(side: Side) -> str:
    return seat_name(side) if isinstance(side, int) else side


def auction_facts(public: Mapping[str, Any], players: int, deck: Deck = FRENCH_52) -> list[str]:
    """What a seat knows of the auction in words, from the auction's JSON-ready facts alone.

    A list of a value per seat reads ``N 3, E -, S 2``; ``order`` (the kernel's name
    for the seats in turn) and a key ending ``_to`` or ``_from`` name seats; a list of
    card texts (of ``deck``) is shown with suit symbols; ``dealer`` is in the title; a
    fact with no value (None, false, empty) is left out, and so is a list of lists.
    """
    out = []
    for key, value in public.items():
        label = key.replace("_", " ")
        if key == "dealer" or value is None or value is False or value in ([], {}, ""):
            continue
        if key == "order" and isinstance(value, list) and all(type(v) is int for v in value):
            out.append(f"{label}: {' '.join(seat_name(v) for v in value)}")
        elif key.endswith(("_to", "_from")) and type(value) is int:
            out.append(f"{label}: {seat_name(value)}")
        elif isinstance(value, list):
            cards = _cards(value, deck)
            if cards is not None:
                out.append(f"{label}: {' '.join(c.symbol() for c in cards)}")
            elif len(value) == players and all(
                v is None or isinstance(v, int | str) for v in value
            ):
                out.append(f"{label}: {_per_seat(value)}")
        elif isinstance(value, dict):
            out.append(f"{label}: {', '.join(f'{k} {v}' for k, v in value.items())}")
        else:
            out.append(f"{label}: {value}")
    return out


def _cards(values: Sequence[object], deck: Deck) -> list[Card] | None:
    """The cards a list of card texts names (``["QS", "AH"]``), or None if it is not one."""
    if not all(isinstance(v, str) for v in values):
        return None
    try:
        return [deck.parse(str(v)) for v in values]
    except CardError:
        return None


# -- hands --------------------------------------------------------------------


def natural(deck: Deck) -> Order:
    """The natural order of a deck with no trumps: how a hand is shown when the deal's
    order is not known."""
    return deck.order(Ranking("natural"))


def hand_groups(
    cards: Sequence[Card], order: Order | None = None
) -> list[tuple[Suit | None, list[Card]]]:
    """A hand by the places of ``order``: each suit of the deck (spades, hearts, diamonds,
    clubs), then each place of no suit (Tarot's trumps, Skat's jacks) and the cards free of
    every place (the Excuse) where the hand holds any; strongest first, copies together.
    Without an order, or with one of another deck, the natural order of the cards' deck."""
    if cards and (order is None or order.deck is not cards[0].deck):
        order = natural(cards[0].deck)  # an order is of one deck's cards
    order = order or natural(FRENCH_52)
    deck = order.deck
    places = len(order.suit_masks)
    by_place: dict[int, list[Card]] = {p: [] for p in range(-1, places)}
    for card in sorted(cards, key=lambda c: (-order.strength[c.index], c.index)):
        by_place[order.suit_of[card.index]].append(card)
    out: list[tuple[Suit | None, list[Card]]] = [
        (suit, by_place[deck.suits.index(suit)]) for suit in SUIT_ORDER if suit in deck.suits
    ]
    for place in (*range(len(deck.suits), places), -1):
        if by_place[place]:
            out.append((None, by_place[place]))
    return out


def _words(suit: Suit | None, cards: Sequence[Card]) -> str:
    """A place's cards: the rank of a card of the place's suit, the whole card otherwise
    (the left bower among the trumps: ``J♦``; a card outside the suits: its text)."""
    if suit is None:
        return " ".join(c.symbol() for c in cards)
    return " ".join(RANK_NAMES[c.rank] if c.suit is suit else c.symbol() for c in cards)


def suit_ranks(cards: Sequence[Card], order: Order | None = None) -> list[tuple[Suit, str]]:
    """A hand suit by suit, spades first, each suit's cards strongest first by ``order``
    (default: the natural order of their deck): ``(S, "A K 7")`` (a suit with no card:
    ``"—"``).  The cards of no suit are left out: see :func:`hand_rows`."""
    return [(s, _words(s, c) or VOID) for s, c in hand_groups(cards, order) if s is not None]


def hand_rows(cards: Sequence[Card], order: Order | None = None) -> list[tuple[str, str]]:
    """A hand a row a place, as :func:`suit_ranks` and then the places of no suit: each
    ``(sign, words)``, the suit's symbol (``""`` for a place of no suit) and its cards."""
    return [
        ("" if s is None else s.symbol, _words(s, c) or VOID) for s, c in hand_groups(cards, order)
    ]


def row_text(sign: str, words: str) -> str:
    """A row of :func:`hand_rows` as text: ``"♠ A K 7"``; a place of no suit its cards."""
    return f"{sign} {words}" if sign else words


def hand_line(cards: Sequence[Card], order: Order | None = None) -> str:
    """A hand on one line: ``"♠ A K 7  ♥ Q 10  ♦ —  ♣ A J 6"``."""
    return "  ".join(row_text(sign, words) for sign, words in hand_rows(cards, order))


def _block(sc: Scene, seat: int) -> list[str]:
    """A seat's hand as lines: its label, then a suit a line (or the count of its cards)."""
    if seat in sc.hands:
        return [sc.label(seat)] + [row_text(sign, words) for sign, words in sc.rows(seat)]
    if sc.hand_sizes is not None:
        return [sc.label(seat), sc.count(seat)]
    return []


# -- text ---------------------------------------------------------------------


#: Spaces between the columns of the compass.
_GAP: Final = 3


def text(source: Game | View | Scene) -> str:
    """The deal as text: the title, the hands on a compass (or a seat a line), the trick,
    the contract or the auction, tricks won, totals and whose turn it is."""
    sc = scene(source)
    body = _compass(sc) if sc.compass else _rows(sc)
    return "\n".join(line.rstrip() for line in [sc.title, *body, *sc.lines])


def _trick_slots(sc: Scene) -> dict[int, str]:
    """Each compass seat as the trick shows it: its letter, and its card once played."""
    played = {s: c for s, c in sc.trick}
    return {
        s: f"{seat_name(s)} {played[s].symbol()}" if s in played else seat_name(s) for s in range(4)
    }


def _compass(sc: Scene) -> list[str]:
    north, east, south, west = (_block(sc, s) for s in range(4))
    slots = _trick_slots(sc)
    left = max((len(x) for x in west), default=0)
    side = max(5, *(len(slot) for slot in slots.values()))  # 5: "W 10♠"
    cross_width = 2 * side + _GAP
    cross = [
        slots[0].center(cross_width).rstrip(),
        slots[3].ljust(side + _GAP) + slots[1],
        slots[2].center(cross_width).rstrip(),
    ]
    middle = max([cross_width, *(len(x) for x in north + south)])
    indent = " " * (left + _GAP if west else 0)
    rows = max(len(west), len(east), len(cross))
    top = (rows - len(cross)) // 2
    out = [indent + line for line in north]
    for i in range(rows):
        w = west[i] if i < len(west) else ""
        c = cross[i - top] if 0 <= i - top < len(cross) else ""
        c = " " * ((middle - cross_width) // 2) + c
        e = east[i] if i < len(east) else ""
        row = (w.ljust(left + _GAP) if west else "") + c
        if e:
            row = row.ljust(len(indent) + middle + _GAP) + e
        out.append(row)
    out.extend(indent + line for line in south)
    return out


def _rows(sc: Scene) -> list[str]:
    seats = [s for s in range(sc.players) if sc.shows(s)]
    width = max((len(sc.label(s)) for s in seats), default=0)
    out = []
    for seat in seats:
        cards = sc.line(seat) if seat in sc.hands else sc.count(seat)
        out.append(f"{sc.label(seat).ljust(width)}  {cards}")
    if sc.trick:
        out.append(trick_line(sc.trick))
    return out


# -- HTML ---------------------------------------------------------------------


def html(source: Game | View | Scene) -> str:
    """The deal as a small HTML table (for notebooks: ``_repr_html_``), suit symbols in colour."""
    sc = scene(source)
    esc = _html.escape
    cell = 'style="vertical-align:top;padding:2px 12px;white-space:nowrap"'
    out = [
        '<table class="cardrules-deal" style="border-collapse:collapse;font-family:monospace">',
        f'<caption style="text-align:left;font-weight:bold">{esc(sc.title)}</caption>',
    ]
    if sc.compass:
        trick = "<br/>".join(
            [
                _html_slot(sc, 0),
                f"{_html_slot(sc, 3)}&#160;&#160;&#160;{_html_slot(sc, 1)}",
                _html_slot(sc, 2),
            ]
        )
        grid = [
            ["", _html_hand(sc, 0), ""],
            [_html_hand(sc, 3), f'<div style="text-align:center">{trick}</div>', _html_hand(sc, 1)],
            ["", _html_hand(sc, 2), ""],
        ]
        for row in grid:
            out.append("<tr>" + "".join(f"<td {cell}>{c}</td>" for c in row) + "</tr>")
    else:
        for seat in range(sc.players):
            if sc.shows(seat):
                cards = _html_line(sc, seat) if seat in sc.hands else esc(sc.count(seat))
                out.append(
                    f"<tr><td {cell}><b>{esc(sc.label(seat))}</b></td><td {cell}>{cards}</td></tr>"
                )
    span = 3 if sc.compass else 2
    for line in sc.lines:
        out.append(f'<tr><td colspan="{span}" {cell}>{_html_symbols(line)}</td></tr>')
    out.append("</table>")
    return "\n".join(out)


def _html_suit(suit: Suit) -> str:
    return f'<span style="color:{SUIT_COLOURS[suit]}">{suit.symbol}</span>'


def _html_symbols(words: str) -> str:
    """Escaped text with each suit symbol in its colour."""
    out = _html.escape(words)
    for suit in SUIT_ORDER:
        out = out.replace(suit.symbol, _html_suit(suit))
    return out


def _html_hand(sc: Scene, seat: int) -> str:
    lines = _block(sc, seat)
    if not lines:
        return ""
    label, *rest = lines
    return f"<b>{_html.escape(label)}</b><br/>" + "<br/>".join(_html_symbols(x) for x in rest)


def _html_line(sc: Scene, seat: int) -> str:
    return "&#160;&#160;".join(
        f"{_html_symbols(sign)}&#160;{_html_symbols(words)}" if sign else _html_symbols(words)
        for sign, words in sc.rows(seat)
    )


def _html_slot(sc: Scene, seat: int) -> str:
    return _html_symbols(_trick_slots(sc)[seat])
