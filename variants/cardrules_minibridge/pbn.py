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

The PBN syntax and the building blocks (tags, comments, ``#`` values, the
deal, the play in seat order, the writer's layout) are the shared library
:mod:`cardrules_pbn`, which contract bridge uses too; this module keeps what is
Minibridge's own: :class:`PbnDeal` (a deal with a Minibridge contract), the
Minibridge rules a PBN deal must fit, and the conversion from and to a game.
No outside PBN library is used: the maintained one (``endplay``) ships a
compiled double-dummy solver and pulls numpy and matplotlib, which the core
may not depend on.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from cardrules.cards import Card, cards_of
from cardrules.errors import CardrulesError
from cardrules.rules.actions import Play
from cardrules.rules.components import SEAT_NAMES
from cardrules_minibridge.actions import ChooseContract
from cardrules_minibridge.auction import PointsAuctionState
from cardrules_minibridge.contracts import DeclarerContract, contract_level, parse_contract
from cardrules_pbn import (
    MANDATORY_TAGS,
    PbnError,
    PbnTag,
    declarer_tricks,
    parse_deal,
    parse_number,
    parse_play,
    parse_seat,
    pbn_file,
    play_rows,
    read_games,
    tag_line,
)
from cardrules_pbn import deal_text as deal_text

if TYPE_CHECKING:
    from cardrules.engine.game import Game
    from cardrules.engine.ruleset import Ruleset

__all__ = ["PbnDeal", "PbnError", "dumps", "game_from_pbn", "loads", "records_of"]

#: Tags written before ``Play``, in the PBN export order; others are kept after them.
_ROSTER = MANDATORY_TAGS
_OWN = {"Board", "Dealer", "Deal", "Declarer", "Contract", "Result", "Play"}
_DEFAULTS = {"Vulnerable": "None"}

#: The names of the reader before it moved to :mod:`cardrules_pbn`, which other modules
#: import (``cardrules_dd``): a tag, and the games of a text with ``#`` values as written.
_Tag = PbnTag


def _games(text: str) -> list[tuple[PbnTag, ...]]:
    return read_games(text, inherit=False)


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


def _contract_text(choice: ChooseContract | None) -> str:
    return "" if choice is None else f"{contract_level(choice)}{choice.strain}"


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
        lines.append(tag_line(name, own.get(name, values.get(name, _DEFAULTS.get(name, "")))))
    for name, value, section in deal.tags:
        if name not in _ROSTER:
            lines.append(tag_line(name, value))
            lines.extend(section)
    if deal.declarer is not None and (deal.plays or deal.contract is not None):
        leader = (deal.declarer + 1) % 4
        lines.append(tag_line("Play", SEAT_NAMES[leader]))
        lines.extend(play_rows(leader, deal.plays))
    return "\n".join(lines)


def dumps(source: Game | Iterable[PbnDeal]) -> str:
    """PBN text of a game's deals (finished and in progress) or of some :class:`PbnDeal`."""
    from cardrules.engine.game import Game

    deals = records_of(source) if isinstance(source, Game) else list(source)
    return pbn_file(dump_deal(d) for d in deals)


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
        action = replay.parse(text)
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


def _parse_contract(tag: PbnTag) -> ChooseContract | None:
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


def _parse_play(
    tag: PbnTag, hands: Sequence[int], contract: ChooseContract | None, declarer: int | None
) -> tuple[tuple[tuple[int, Card], ...], tuple[int, ...]]:
    first = parse_seat(tag)
    if declarer is None or contract is None:
        raise PbnError(tag.line, "[Play] a play record needs a Declarer and a Contract")
    if first != (declarer + 1) % 4:
        raise PbnError(
            tag.line,
            f"[Play] the opening lead is by {SEAT_NAMES[(declarer + 1) % 4]}, on declarer's left "
            f"(MB-4.1), not {SEAT_NAMES[first]}",
        )
    record = parse_play(tag, hands, _trump(contract), first)
    return record.plays, record.lines


def _parse_deal(tag: PbnTag) -> tuple[int, ...]:
    """The four hands of a ``Deal`` tag, all of them given (Minibridge deals them all)."""
    hands = parse_deal(tag)
    first = parse_seat(tag, tag.value.strip()[0])
    for i in range(4):
        if not hands[(first + i) % 4]:
            raise PbnError(
                tag.line,
                f"[Deal] hand of {SEAT_NAMES[(first + i) % 4]} '-' must list 4 suits, S.H.D.C "
                f"(an unknown hand '-' is not allowed in Minibridge)",
            )
    return hands


def _trump(contract: ChooseContract) -> int:
    return -1 if contract.trump is None else int(contract.trump)


def _deal_from_tags(tags: Sequence[PbnTag]) -> PbnDeal:
    by_name: dict[str, PbnTag] = {}
    for tag in tags:
        if tag.name in by_name and tag.name != "Note":
            raise PbnError(tag.line, f"[{tag.name}] appears twice in one deal")
        by_name.setdefault(tag.name, tag)
        if tag.section and tag.name in _OWN - {"Play"}:
            raise PbnError(tag.section[0][0], f"[{tag.name}] takes no section")
    for name in ("Dealer", "Deal"):
        if name not in by_name:
            raise PbnError(tags[0].line, f"[{name}] is required and missing")
    dealer = parse_seat(by_name["Dealer"])
    hands = _parse_deal(by_name["Deal"])
    board = parse_number(by_name["Board"], 1, 10**9) if "Board" in by_name else None
    declarer = None
    if "Declarer" in by_name and by_name["Declarer"].value not in ("", "?"):
        declarer = parse_seat(by_name["Declarer"])
    contract = _parse_contract(by_name["Contract"]) if "Contract" in by_name else None
    if contract is not None and declarer is None:
        raise PbnError(by_name["Contract"].line, "[Contract] needs a [Declarer]")
    plays: tuple[tuple[int, Card], ...] = ()
    lines: tuple[int, ...] = ()
    if "Play" in by_name:
        plays, lines = _parse_play(by_name["Play"], hands, contract, declarer)
    result = parse_number(by_name["Result"], 0, 13) if "Result" in by_name else None
    if len(plays) == 52 and declarer is not None and contract is not None:
        taken = declarer_tricks(plays, declarer, _trump(contract))
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


def loads(text: str) -> list[PbnDeal]:
    """The deals of a PBN text, strictly read; :class:`PbnError` names the line and tag."""
    games = read_games(text)
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
