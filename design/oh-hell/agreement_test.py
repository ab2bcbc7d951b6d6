"""Agreement test: a small reference of oh-hell.rules.md against OpenSpiel's oh_hell.

Standalone (no cardrules import): it plays whole games of the adopted schedule
with random legal actions, deals each deal the way the rule text says (OH-2.x,
D-2, D-3), feeds the same deal to a fresh OpenSpiel state through its chance
actions, and checks at every decision that both sides offer the same actions,
then that the deal's results agree (see openspiel-oh-hell.md for the mapping).

    python design/oh-hell/agreement_test.py  (in a venv with open-spiel installed) [games_per_n]
"""

from __future__ import annotations

import random
import sys

import pyspiel

SUITS = "CDHS"  # cardrules order: index = suit * 13 + rank - 2
OS_SUIT = {"C": 0, "D": 1, "S": 2, "H": 3}  # OpenSpiel Suit enum (oh_hell.h:72-74)
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
NUM_CARDS = 52


def text(index: int) -> str:  # our card text, e.g. "10H", "AS"
    return RANKS[index % 13] + SUITS[index // 13]


def os_card(index: int) -> int:  # OpenSpiel card id = rank * 4 + suit (oh_hell.h:98-100)
    return (index % 13) * 4 + OS_SUIT[SUITS[index // 13]]


def os_text(index: int) -> str:  # OpenSpiel's CardString: suit then rank, T for ten
    return SUITS[index // 13] + "23456789TJQKA"[index % 13]


def os_hand_lines(hand: set[int]) -> list[str]:  # FormatHand, oh_hell.cc:159-172
    lines = []
    for suit in "CDSH":
        ranks = sorted((c % 13 for c in hand if SUITS[c // 13] == suit), reverse=True)
        lines.append(f"    {suit}: " + "".join("23456789TJQKA"[r] for r in ranks))
    return lines


def from_os_card(card: int) -> int:
    rank, os_suit = divmod(card, 4)
    suit = "CDSH"[os_suit]
    return SUITS.index(suit) * 13 + rank


def schedule(n: int) -> list[int]:  # OH-2.2 / D-4: H, H-1, ..., 1, 2, ..., H
    top = min(10, (NUM_CARDS - 1) // n)
    return list(range(top, 0, -1)) + list(range(2, top + 1))


def legal_bids(hand_size: int, bids: dict[int, int], seat: int, dealer: int) -> list[int]:
    out = list(range(hand_size + 1))  # OH-3.2
    if seat == dealer:  # OH-3.3 (the hook), D-5
        out = [b for b in out if b + sum(bids.values()) != hand_size]
    return out


def legal_cards(hand: set[int], trick: list[int]) -> list[int]:
    if trick:  # OH-4.2
        led = trick[0] // 13
        same = [c for c in hand if c // 13 == led]
        if same:
            return sorted(same)
    return sorted(hand)  # OH-4.2, OH-4.3


def winner(trick: list[int], trump: int | None) -> int:  # OH-4.4; position in trick
    led = trick[0] // 13

    def key(c: int) -> tuple[int, int]:
        s = c // 13
        return (2 if s == trump else 1 if s == led else 0, c % 13)

    return max(range(len(trick)), key=lambda i: key(trick[i]))


def score(bid: int, took: int) -> int:  # OH-5.1
    return 10 + bid if bid == took else 0


def os_return(bid: int, took: int, penalty: bool, ppt: int) -> int:  # oh_hell.cc:438-456
    if penalty:
        return ppt * took + 10 if took == bid else -ppt * abs(took - bid)
    return ppt * took + (10 if took == bid else 0)


def play_deal(n, hand_size, dealer, rng, game, penalty, ppt, stats):
    deck = list(range(NUM_CARDS))
    rng.shuffle(deck)  # shuffle (and cut) = a permutation
    hands_in_order: list[list[int]] = [[] for _ in range(n)]
    for i in range(n * hand_size):  # D-3: card i to seat dealer+1+i
        hands_in_order[(dealer + 1 + i) % n].append(deck[i])
    turn_up = deck[n * hand_size]  # OH-2.4
    trump = turn_up // 13

    # OpenSpiel chance nodes: tricks, dealer, n*H cards (card k to player k % n), trump card.
    st = game.new_initial_state()
    st.apply_action(hand_size)
    st.apply_action(dealer)
    fed = [0] * n
    for k in range(n * hand_size):
        p = k % n
        st.apply_action(os_card(hands_in_order[p][fed[p]]))
        fed[p] += 1
    st.apply_action(os_card(turn_up))
    assert not st.is_chance_node()
    for p in range(n):  # same cards to the same seats
        info = st.information_state_string(p)
        assert f"Trump: {os_text(turn_up)}" in info
        got = info.split(f"Player: {p}\n", 1)[1].splitlines()[:4]
        assert got == os_hand_lines(set(hands_in_order[p])), (got, p)

    hands = [set(h) for h in hands_in_order]
    bids: dict[int, int] = {}
    seat = (dealer + 1) % n  # OH-3.1
    for _ in range(n):
        assert st.current_player() == seat, (st.current_player(), seat)
        ours = legal_bids(hand_size, bids, seat, dealer)
        theirs = [a - NUM_CARDS for a in st.legal_actions()]
        assert ours == theirs, (ours, theirs)
        b = rng.choice(ours)
        bids[seat] = b
        st.apply_action(NUM_CARDS + b)
        stats["bid_states"] += 1
        seat = (seat + 1) % n

    took = [0] * n
    leader = (dealer + 1) % n  # OH-4.1
    for _ in range(hand_size):
        trick: list[int] = []
        seat = leader
        for _ in range(n):
            assert st.current_player() == seat
            ours = legal_cards(hands[seat], trick)
            theirs = sorted(from_os_card(a) for a in st.legal_actions())
            assert ours == theirs, ([text(c) for c in ours], [text(c) for c in theirs])
            c = rng.choice(ours)
            assert st.action_to_string(seat, os_card(c)) == os_text(c)
            hands[seat].remove(c)
            trick.append(c)
            st.apply_action(os_card(c))
            stats["play_states"] += 1
            seat = (seat + 1) % n
        leader = (leader + winner(trick, trump)) % n  # OH-4.5
        took[leader] += 1
    assert st.is_terminal()
    returns = st.returns()
    for p in range(n):
        assert returns[p] == os_return(bids[p], took[p], penalty, ppt), (returns, bids, took)
        if bids[p] == took[p] and ppt == 1:  # exact: 10 + bid == tricks + 10
            assert returns[p] == score(bids[p], took[p])
    return [score(bids[p], took[p]) for p in range(n)]


def main(games_per_n: int = 20) -> None:
    rng = random.Random(2024)
    stats = {"bid_states": 0, "play_states": 0, "deals": 0}
    for n in range(3, 8):
        for penalty, ppt in ((False, 1), (True, 1), (True, 2)):
            game = pyspiel.load_game(
                "oh_hell", {"players": n, "off_bid_penalty": penalty, "points_per_trick": ppt}
            )
            for _ in range(games_per_n):
                first_dealer = rng.randrange(n)  # D-2
                totals = [0] * n
                for k, size in enumerate(schedule(n)):
                    dealer = (first_dealer + k) % n  # OH-2.1
                    for p, s in enumerate(
                        play_deal(n, size, dealer, rng, game, penalty, ppt, stats)
                    ):
                        totals[p] += s
                    stats["deals"] += 1
    print("agreement: OK", stats, "pyspiel", pyspiel.__version__)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
