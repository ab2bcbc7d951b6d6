"""PBN (Portable Bridge Notation) for Minibridge deals: a small, strict reader and writer.

Export a game's deals, finished or in progress, with the tags ``Board``,
``Dealer``, ``Deal``, ``Declarer``, ``Contract``, ``Result`` and the
``Play`` section; import a PBN deal as the preset hands of a new game and
replay its contract and play.  A Minibridge contract is written at its bridge
level: a part-score is ``1S`` (seven tricks), a game ``3NT``, ``4H``/``4S``
or ``5C``/``5D``.  Errors are :class:`PbnError`, naming the line and the tag.

>>> import cardrules
>>> rules = cardrules.load("minibridge-ebu")
>>> game = rules.new_game(seed=11, dealer=0)
>>> for action in ("contract D partscore", "play 5S", "play 4S"):
...     game.apply(action)
>>> text = dumps(game)
>>> print(text[text.index("[Deal "):])  # doctest: +NORMALIZE_WHITESPACE
[Deal "N:QT653.T2.82.AQ92 K4.J9764.QT74.K7 AJ98.5.AJ93.T865 72.AKQ83.K65.J43"]
[Scoring ""]
[Declarer "W"]
[Contract "1D"]
[Result ""]
[Play "N"]
S5 S4 - -
*
>>> copy = game_from_pbn(rules, text, seed=11)
>>> dumps(copy) == text and copy.trick == game.trick
True

No PBN library is used: the maintained one (``endplay``) ships a compiled
double-dummy solver and pulls numpy and matplotlib, which the core may not
depend on; this module reads only what Minibridge needs and refuses the rest.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from cardrules.cards import CARDS, Card, Suit, cards_of
from cardrules.errors import CardrulesError
from cardrules.rules.actions import Play, parse_action
from cardrules.rules.components import SEAT_NAMES, seat_of_letter
from cardrules.rules.duties import trick_winner_index
from cardrules_minibridge.actions import ChooseContract
from cardrules_minibridge.auction import PointsAuctionState
from cardrules_minibridge.contracts import DeclarerContract, contract_level, parse_contract

if TYPE_CHECKING:
    from cardrules.engine.game import Game
    from cardrules.engine.ruleset import Ruleset

__all__ = ["PbnDeal", "PbnError", "dumps", "game_from_pbn", "loads", "records_of"]

#: PBN writes a hand spades first.
_PBN_SUITS = (Suit.S, Suit.H, Suit.D, Suit.C)
_PBN_RANKS = "23456789TJQKA"
#: Tags written before ``Play``, in the PBN export order; others are kept after them.
_ROSTER = (
    "Event",
    "Site",
    "Date",
    "Board",
    "West",
    "North",
    "East",
    "South",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Declarer",
    "Contract",
    "Result",
)
_OWN = {"Board", "Dealer", "Deal", "Declarer", "Contract", "Result", "Play"}
_DEFAULTS = {"Vulnerable": "None"}
_TAG_LINE = re.compile(r'^\[([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\]\s*(?:;.*)?$')


class PbnError(CardrulesError):
    """A PBN text that cannot be read as a Minibridge deal, or does not fit its rules."""

    def __init__(self, line: int | None, what: str) -> None:
        self.line = line
        super().__init__(f"invalid PBN, line {line}: {what}" if line else f"invalid PBN: {what}")


@dataclass(frozen=True, slots=True)
class PbnDeal:
    """One deal of a PBN file, as Minibridge sees it.

    ``hands`` are masks by seat (N E S W); ``plays`` lists ``(seat, card)`` in
    the order played; ``result`` is the tricks taken by declarer's pair (None
    when unknown); ``tags`` keeps the other tags, ``(name, value, section)``.
    """

    dealer: int
    hands: tuple[int, ...]
    board: int | None = None
    declarer: int | None = None
    contract: ChooseContract | None = None
    plays: tuple[tuple[int, Card], ...] = ()
    result: int | None = None
    tags: tuple[tuple[str, str, tuple[str, ...]], ...] = ()
    play_lines: tuple[int, ...] = field(default=(), compare=False, repr=False)

    def preset(self) -> dict[str, object]:
        """Keyword arguments of ``rules.new_game`` that deal these hands: dealer and hands."""
        return {"dealer": self.dealer, "hands": [list(cards_of(h)) for h in self.hands]}


# ---------------------------------------------------------------------------
# writing


def _quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _hand_text(mask: int) -> str:
    parts = []
    for suit in _PBN_SUITS:
        bits = mask >> (13 * suit) & 0x1FFF
        parts.append("".join(_PBN_RANKS[r] for r in range(12, -1, -1) if bits >> r & 1))
    return ".".join(parts)


def deal_text(dealer: int, hands: Sequence[int]) -> str:
    """The PBN ``Deal`` value: the dealer's letter, then the hands clockwise from the dealer."""
    return (
        SEAT_NAMES[dealer] + ":" + " ".join(_hand_text(hands[(dealer + i) % 4]) for i in range(4))
    )


def _card_text(card: Card) -> str:
    return card.suit.name + _PBN_RANKS[card.rank - 2]


def _contract_text(choice: ChooseContract | None) -> str:
    return "" if choice is None else f"{contract_level(choice)}{choice.strain}"


def _play_rows(leader: int, plays: Sequence[tuple[int, Card]]) -> list[str]:
    rows = []
    for start in range(0, len(plays), 4):
        cells = ["-"] * 4
        for seat, card in plays[start : start + 4]:
            cells[(seat - leader) % 4] = _card_text(card)
        rows.append(" ".join(cells))
    if len(plays) < 52:
        rows.append("*")
    return rows


def dump_deal(deal: PbnDeal) -> str:
    """The PBN text of one deal (no trailing blank line)."""
    values = {name: value for name, value, _ in deal.tags}
    own = {
        "Board": "" if deal.board is None else str(deal.board),
        "Dealer": SEAT_NAMES[deal.dealer],
        "Deal": deal_text(deal.dealer, deal.hands),
        "Declarer": "" if deal.declarer is None else SEAT_NAMES[deal.declarer],
        "Contract": _contract_text(deal.contract),
        "Result": "" if deal.result is None else str(deal.result),
    }
    lines = []
    for name in _ROSTER:
        value = own.get(name, values.get(name, _DEFAULTS.get(name, "")))
        lines.append(f'[{name} "{_quote(value)}"]')
    for name, value, section in deal.tags:
        if name not in _ROSTER:
            lines.append(f'[{name} "{_quote(value)}"]')
            lines.extend(section)
    if deal.declarer is not None and (deal.plays or deal.contract is not None):
        leader = (deal.declarer + 1) % 4
        lines.append(f'[Play "{SEAT_NAMES[leader]}"]')
        lines.extend(_play_rows(leader, deal.plays))
    return "\n".join(lines)


def dumps(source: Game | Iterable[PbnDeal]) -> str:
    """PBN text of a game's deals (finished and in progress) or of some :class:`PbnDeal`."""
    from cardrules.engine.game import Game

    deals = records_of(source) if isinstance(source, Game) else list(source)
    return "% PBN 2.1\n% EXPORT\n\n" + "\n\n".join(dump_deal(d) for d in deals) + "\n"


def records_of(game: Game) -> list[PbnDeal]:
    """The deals of a Minibridge game, from its record: finished ones and the one in progress.

    Deals redealt at 20-20 are not deals (D-5) and are left out.
    """
    from cardrules.engine.game import Game

    preset = None if game.preset is None else [list(cards_of(h)) for h in game.preset]
    replay = Game(game.rules, seed=game.seed, dealer=game.first_dealer, hands=preset)
    if not isinstance(replay.auction, PointsAuctionState):
        raise CardrulesError(
            f"cannot write PBN for profile {game.rules.name!r}: it has no Minibridge auction"
        )
    out: list[PbnDeal] = []
    current = _open(replay)
    for text in game.actions:
        action = parse_action(text)
        seat = replay.to_act
        number = replay.deal_number
        replay.apply(action)
        if isinstance(action, ChooseContract):
            current = replace(current, contract=action)
        elif isinstance(action, Play):
            assert seat is not None
            current = replace(current, plays=(*current.plays, (seat, action.card)))
        if replay.deal_number != number or replay.phase == "finished":
            last = replay.deals[-1]
            assert isinstance(last.contract, DeclarerContract)
            declarer = last.contract.declarer
            result = last.tricks[declarer] + last.tricks[(declarer + 2) % 4]
            out.append(replace(current, result=result))
            if replay.phase == "finished":
                return out
            current = _open(replay)
    out.append(current)
    return out


def _open(game: Game) -> PbnDeal:
    auction = game.auction
    assert isinstance(auction, PointsAuctionState)
    return PbnDeal(
        dealer=game.dealer,
        hands=tuple(game.initial_hands),
        board=game.deal_number,
        declarer=auction.declarer,
    )


# ---------------------------------------------------------------------------
# reading


@dataclass(slots=True)
class _Tag:
    name: str
    value: str
    line: int
    section: list[tuple[int, str]] = field(default_factory=list)


def _strip_comments(text: str) -> list[tuple[int, str]]:
    """Numbered lines without ``%`` directives, ``;`` and ``{...}`` comments."""
    out: list[tuple[int, str]] = []
    in_brace = False
    opened = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw
        if in_brace:
            end = line.find("}")
            if end < 0:
                continue
            line = line[end + 1 :]
            in_brace = False
            if not line.strip():
                continue
        if line.startswith("%"):
            continue
        if not line.lstrip().startswith("["):
            while "{" in line:
                start = line.index("{")
                end = line.find("}", start)
                if end < 0:
                    line = line[:start]
                    in_brace, opened = True, number
                    break
                line = line[:start] + line[end + 1 :]
            if ";" in line:
                line = line[: line.index(";")]
            if raw.strip() and not line.strip():
                continue  # a comment line is not the blank line that ends a deal
        out.append((number, line.strip()))
    if in_brace:
        raise PbnError(opened, "a '{' comment is never closed with '}'")
    return out


def _games(text: str) -> list[list[_Tag]]:
    games: list[list[_Tag]] = []
    tags: list[_Tag] = []
    for number, line in _strip_comments(text):
        if not line:
            if tags:
                games.append(tags)
                tags = []
            continue
        if line.startswith("["):
            m = _TAG_LINE.match(line)
            if m is None:
                raise PbnError(number, f'malformed tag {line!r} (expected [Name "value"])')
            value = re.sub(r"\\(.)", r"\1", m.group(2))
            tags.append(_Tag(m.group(1), value, number))
            continue
        if not tags:
            raise PbnError(number, f"{line!r} is outside any tag's section")
        tags[-1].section.append((number, line))
    if tags:
        games.append(tags)
    return games


def _seat(tag: _Tag, value: str | None = None) -> int:
    text = tag.value if value is None else value
    seat = seat_of_letter(text)
    if seat is None:
        raise PbnError(tag.line, f"[{tag.name}] {text!r} is not a seat (expected N, E, S or W)")
    return seat


def _parse_deal(tag: _Tag) -> tuple[int, ...]:
    value = tag.value.strip()
    if len(value) < 2 or value[1] != ":":
        raise PbnError(tag.line, f"[Deal] {value!r} must start with a seat and ':' (e.g. 'N:')")
    first = _seat(tag, value[0])
    texts = value[2:].split()
    if len(texts) != 4:
        raise PbnError(tag.line, f"[Deal] needs 4 hands, got {len(texts)}")
    hands = [0, 0, 0, 0]
    seen = 0
    for i, text in enumerate(texts):
        seat = (first + i) % 4
        suits = text.split(".")
        if len(suits) != 4:
            raise PbnError(
                tag.line,
                f"[Deal] hand of {SEAT_NAMES[seat]} {text!r} must list 4 suits, S.H.D.C "
                f"(an unknown hand '-' is not allowed in Minibridge)",
            )
        mask = 0
        for suit, ranks in zip(_PBN_SUITS, suits, strict=True):
            for ch in ranks:
                rank = _PBN_RANKS.find(ch.upper())
                if rank < 0:
                    raise PbnError(
                        tag.line,
                        f"[Deal] hand of {SEAT_NAMES[seat]}: {ch!r} is not a rank "
                        f"(expected AKQJT98765432)",
                    )
                bit = 1 << (13 * suit + rank)
                if (mask | seen) & bit:
                    raise PbnError(
                        tag.line, f"[Deal] {CARDS[13 * suit + rank].symbol()} is dealt twice"
                    )
                mask |= bit
        if mask.bit_count() != 13:
            raise PbnError(
                tag.line,
                f"[Deal] hand of {SEAT_NAMES[seat]} has {mask.bit_count()} cards (expected 13)",
            )
        seen |= mask
        hands[seat] = mask
    return tuple(hands)


def _parse_contract(tag: _Tag) -> ChooseContract | None:
    value = tag.value.strip()
    if value in ("", "?"):
        return None
    if value.upper() == "PASS":
        raise PbnError(
            tag.line, "[Contract] 'Pass' is not a Minibridge contract (MB-2.2: 20-20 is redealt)"
        )
    if value.upper().endswith("X"):
        raise PbnError(
            tag.line, f"[Contract] {value!r}: no doubles or redoubles in Minibridge (MB-2.5)"
        )
    if not re.fullmatch(r"[1-7](C|D|H|S|NT)", value):
        raise PbnError(
            tag.line, f"[Contract] {value!r} is not a contract (expected e.g. '4S' or '1NT')"
        )
    try:
        return parse_contract(value)
    except CardrulesError:
        raise PbnError(
            tag.line,
            f"[Contract] {value!r} is not a Minibridge contract (D-6: a part-score is "
            f"1C, 1D, 1H, 1S or 1NT; a game is 5C, 5D, 4H, 4S or 3NT)",
        ) from None


def _parse_int(tag: _Tag, low: int, high: int) -> int | None:
    value = tag.value.strip()
    if value in ("", "?"):
        return None
    if not value.isdigit() or not low <= int(value) <= high:
        raise PbnError(
            tag.line, f"[{tag.name}] {value!r} must be a whole number {low}..{high} or empty"
        )
    return int(value)


def _parse_play(
    tag: _Tag, hands: Sequence[int], contract: ChooseContract | None, declarer: int | None
) -> tuple[tuple[tuple[int, Card], ...], tuple[int, ...]]:
    first = _seat(tag)
    if declarer is None or contract is None:
        raise PbnError(tag.line, "[Play] a play record needs a Declarer and a Contract")
    if first != (declarer + 1) % 4:
        raise PbnError(
            tag.line,
            f"[Play] the opening lead is by {SEAT_NAMES[(declarer + 1) % 4]}, on declarer's left "
            f"(MB-4.1), not {SEAT_NAMES[first]}",
        )
    trump = -1 if contract.trump is None else int(contract.trump)
    held = list(hands)
    plays: list[tuple[int, Card]] = []
    lines: list[int] = []
    leader = first
    ended = starred = False
    for number, row in tag.section:
        cells = row.split()
        if ended and (starred or cells != ["*"]):
            raise PbnError(number, f"[Play] {row!r} after the end of the play record")
        if cells and cells[-1] == "*":
            cells.pop()
            ended = starred = True
        if not cells:
            continue
        if len(cells) != 4:
            raise PbnError(number, f"[Play] a trick lists 4 cards or '-', got {row!r}")
        if len(plays) == 52:
            raise PbnError(number, "[Play] more than 13 tricks")
        order = [(leader + i) % 4 for i in range(4)]
        cards: list[int] = []
        missing = False
        for seat in order:
            cell = cells[(seat - first) % 4]
            if cell == "-":
                missing = True
                continue
            if missing:
                raise PbnError(
                    number, f"[Play] {SEAT_NAMES[seat]} plays {cell} after a missing card ('-')"
                )
            card = _read_card(number, cell)
            if not held[seat] >> card.index & 1:
                raise PbnError(
                    number, f"[Play] {SEAT_NAMES[seat]} does not hold {card.symbol()} at this point"
                )
            held[seat] &= ~card.mask
            cards.append(card.index)
            plays.append((seat, card))
            lines.append(number)
        if missing:
            ended = True
            continue
        leader = order[trick_winner_index(cards, trump)]
    return tuple(plays), tuple(lines)


def _read_card(number: int, cell: str) -> Card:
    if len(cell) != 2 or cell[0] not in "CDHS" or cell[1] not in _PBN_RANKS:
        raise PbnError(number, f"[Play] {cell!r} is not a card (expected e.g. 'HA', 'S6', 'DT')")
    return CARDS[13 * Suit[cell[0]] + _PBN_RANKS.index(cell[1])]


def _deal_from_tags(tags: list[_Tag]) -> PbnDeal:
    by_name: dict[str, _Tag] = {}
    for tag in tags:
        if tag.name in by_name:
            raise PbnError(tag.line, f"[{tag.name}] appears twice in one deal")
        by_name[tag.name] = tag
        if tag.section and tag.name in _OWN - {"Play"}:
            raise PbnError(tag.section[0][0], f"[{tag.name}] takes no section")
    for name in ("Dealer", "Deal"):
        if name not in by_name:
            raise PbnError(tags[0].line, f"[{name}] is required and missing")
    dealer = _seat(by_name["Dealer"])
    hands = _parse_deal(by_name["Deal"])
    board = _parse_int(by_name["Board"], 1, 10**9) if "Board" in by_name else None
    declarer = None
    if "Declarer" in by_name and by_name["Declarer"].value not in ("", "?"):
        declarer = _seat(by_name["Declarer"])
    contract = _parse_contract(by_name["Contract"]) if "Contract" in by_name else None
    if contract is not None and declarer is None:
        raise PbnError(by_name["Contract"].line, "[Contract] needs a [Declarer]")
    plays: tuple[tuple[int, Card], ...] = ()
    lines: tuple[int, ...] = ()
    if "Play" in by_name:
        plays, lines = _parse_play(by_name["Play"], hands, contract, declarer)
    result = _parse_int(by_name["Result"], 0, 13) if "Result" in by_name else None
    if len(plays) == 52 and declarer is not None and contract is not None:
        taken = _declaring_tricks(plays, declarer, contract)
        if result is not None and result != taken:
            raise PbnError(
                by_name["Result"].line,
                f"[Result] {result} does not match the play record ({taken} tricks to declarer)",
            )
    extra = tuple(
        (t.name, t.value, tuple(line for _, line in t.section))
        for t in tags
        if t.name not in _OWN and not (t.name in _ROSTER and t.value == _DEFAULTS.get(t.name, ""))
    )
    return PbnDeal(dealer, hands, board, declarer, contract, plays, result, extra, lines)


def _declaring_tricks(
    plays: Sequence[tuple[int, Card]], declarer: int, contract: ChooseContract
) -> int:
    trump = -1 if contract.trump is None else int(contract.trump)
    taken = 0
    for start in range(0, len(plays) - len(plays) % 4, 4):
        trick = plays[start : start + 4]
        winner = trick[trick_winner_index([c.index for _, c in trick], trump)][0]
        taken += winner % 2 == declarer % 2
    return taken


def loads(text: str) -> list[PbnDeal]:
    """The deals of a PBN text, strictly read; :class:`PbnError` names the line and tag."""
    if not isinstance(text, str):
        raise PbnError(None, f"expected PBN text, got {type(text).__name__}")
    games = _games(text)
    if not games:
        raise PbnError(None, 'no deal found (expected tags such as [Deal "N:..."])')
    return [_deal_from_tags(tags) for tags in games]


def game_from_pbn(
    rules: Ruleset, text: str | PbnDeal, *, index: int = 0, seed: int | None = None
) -> Game:
    """A new game whose first deal is a PBN deal: preset hands, then its contract and play.

    The declarer, contract and cards are re-checked against the rules; a
    mismatch is a :class:`PbnError` naming the tag or the line of the play.
    """
    if isinstance(text, PbnDeal):
        deal = text
    else:
        deals = loads(text)
        if not 0 <= index < len(deals):
            raise PbnError(None, f"no deal number {index} (the text holds {len(deals)})")
        deal = deals[index]
    hands = [list(cards_of(h)) for h in deal.hands]
    game = rules.new_game(seed=seed, dealer=deal.dealer, hands=hands)
    auction = game.auction
    if not isinstance(auction, PointsAuctionState):
        raise CardrulesError(
            f"cannot read PBN into profile {rules.name!r}: it has no Minibridge auction"
        )
    if game.throw_ins:
        if deal.declarer is not None or deal.contract is not None:
            raise PbnError(None, "[Deal] is 20-20: it is redealt and has no declarer (MB-2.2)")
        return game
    if deal.declarer is not None and deal.declarer != auction.declarer:
        assert auction.declarer is not None
        raise PbnError(
            None,
            f"[Declarer] {SEAT_NAMES[deal.declarer]} does not fit the points "
            f"{'/'.join(map(str, auction.points))}: declarer is {SEAT_NAMES[auction.declarer]} "
            f"(MB-2.3)",
        )
    if deal.contract is not None:
        game.apply(deal.contract)
    for i, (_, card) in enumerate(deal.plays):
        try:
            game.apply(Play(card))
        except CardrulesError as exc:
            line = deal.play_lines[i] if i < len(deal.play_lines) else None
            raise PbnError(line, f"[Play] {exc}") from None
    return game
