"""An independent reference of the Oh Hell rule text, for the tests of the family.

Nothing here calls the engine's rules: the schedule, the legal cards, the
trick winner and the scores are written again from ``profiles/oh-hell.rules.md``
so that the tests compare the engine with the text, not with itself.  The
drivers at the end move a game only through the public API.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from cardrules import Game, Play

OH = "oh-hell"
OH3 = "oh-hell-3"
OH5 = "oh-hell-5"
OPENSPIEL = "oh-hell-openspiel-4x5"

#: Rank order, lowest first (OH-1.2).
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def largest_hand(players: int) -> int:
    """H = min(10, floor(51 / n)) (OH-2.2, D-4)."""
    return min(10, 51 // players)


def schedule(players: int) -> list[int]:
    """The hand sizes deal by deal: H down to 1, then up to H again (OH-2.2, D-4)."""
    top = largest_hand(players)
    return list(range(top, 0, -1)) + list(range(2, top + 1))


def rank_of(card: str) -> int:
    """0 for a two ... 12 for an ace (OH-1.2)."""
    return RANKS.index(card[:-1])


def suit_of(card: str) -> str:
    return card[-1]


def legal_cards(hand: Sequence[str], trick: Sequence[str]) -> set[str]:
    """The cards of ``hand`` that may be played to ``trick`` (OH-4.1 .. OH-4.3)."""
    if trick:
        led = suit_of(trick[0])
        same = {c for c in hand if suit_of(c) == led}
        if same:
            return same
    return set(hand)


def trick_winner(trick: Sequence[str], trump: str | None) -> int:
    """The position in play order of the card that wins (OH-4.4)."""
    led = suit_of(trick[0])

    def strength(card: str) -> tuple[int, int]:
        suit = suit_of(card)
        return (2 if suit == trump else 1 if suit == led else 0, rank_of(card))

    return max(range(len(trick)), key=lambda i: strength(trick[i]))


def forbidden(hand_size: int, others: Sequence[int]) -> int | None:
    """The dealer's forbidden bid (OH-3.3), None when no bid of 0..h is forbidden."""
    rest = hand_size - sum(others)
    return rest if 0 <= rest <= hand_size else None


def exact_score(bid: int, took: int) -> int:
    """10 plus the bid for an exact bid, else nothing (OH-5.1, OH-5.2)."""
    return 10 + bid if took == bid else 0


def texts(actions: Sequence[object]) -> list[str]:
    return [str(a) for a in actions]


def cards(game: Game, seat: int) -> list[str]:
    return [str(c) for c in game.hand(seat)]


def first_legal(game: Game) -> None:
    game.apply(game.legal_actions()[0])


def play_to_deal(game: Game, deal_number: int, rng: random.Random | None = None) -> None:
    """Play legal actions (random with ``rng``, else the first) until deal ``deal_number``."""
    while game.deal_number < deal_number and game.phase != "finished":
        legal = game.legal_actions()
        game.apply(rng.choice(legal) if rng is not None else legal[0])


def finish_deal(game: Game, rng: random.Random | None = None) -> None:
    """Play legal actions until the current deal is scored."""
    deals = len(game.deals)
    while len(game.deals) == deals:
        legal = game.legal_actions()
        game.apply(rng.choice(legal) if rng is not None else legal[0])


#: A finished trick as the driver reports it: (seat, card) in play order, the winner, trumps.
TrickCheck = Callable[[list[tuple[int, str]], int, str | None], None]


def play_out(
    game: Game, rng: random.Random, on_trick: TrickCheck | None = None, *, deals: int = 0
) -> None:
    """Play random legal actions to the end of the game (or until ``deals`` deals are
    scored); ``on_trick(cards, winner, trump)`` sees every trick as it is completed.

    The winner is read from the tricks won (or the deal's result after the last trick),
    not from the engine's trick objects, so a test can compare it with the reference.
    """
    n = game.rules.players
    while game.phase != "finished" and not (deals and len(game.deals) >= deals):
        action = rng.choice(game.legal_actions())
        if game.phase != "play" or not isinstance(action, Play):
            game.apply(action)
            continue
        assert game.contract is not None
        trump = None if game.contract.trump is None else game.contract.trump.name
        before = list(game.tricks_won)
        played = [(s, str(c)) for s, c in game.trick]
        scored = len(game.deals)
        seat = game.to_act
        assert seat is not None
        game.apply(action)
        played.append((seat, str(action.card)))
        if len(played) < n:
            continue
        after = game.deals[-1].tricks if len(game.deals) > scored else game.tricks_won
        gained = [s for s in range(n) if after[s] != before[s]]
        assert len(gained) == 1 and after[gained[0]] == before[gained[0]] + 1
        if on_trick is not None:
            on_trick(played, gained[0], trump)
