"""A block of deals of the NumPy engine: its seeded draws, the dealers, the auctions and the
play, and each deal's record with its scores."""

from __future__ import annotations

from cardrules.batch.auctions import numpy_auctions
from cardrules.batch.play import numpy_play
from cardrules.batch.results import DealRecord
from cardrules.batch.tables import Tables, installed_numpy
from cardrules.engine.ruleset import Ruleset
from cardrules.rules.components import FinishedDeal

__all__ = ["AUCTION_DRAWS", "numpy_block"]

#: Uniforms drawn per deal for the auction (redeals reuse them).
AUCTION_DRAWS = 32


def numpy_block(
    rules: Ruleset, seed: int, block: int, size: int, start: int, stop: int, trace: bool
) -> tuple[list[DealRecord], int]:
    """Deals ``start..stop`` (global indices) of block ``block`` with the NumPy engine."""
    np = installed_numpy()
    tab = Tables.get(np, rules.deck)
    entropy = [abs(seed), 1 if seed < 0 else 0, block]  # SeedSequence takes no negatives
    rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(entropy)))
    first = block * size
    # Every block draws the same amounts whatever ``stop`` is, so deal i never
    # depends on how many deals were asked for.
    auction_u = rng.random((size, AUCTION_DRAWS))
    play_u = rng.random((size, rules.deck.size))  # enough for every card to be played
    sel = slice(start - first, stop - first)
    auction_u = auction_u[sel]
    play_u = play_u[sel]
    count = stop - start
    dealers = (np.arange(start, stop, dtype=np.int64) * rules.direction.step) % rules.players
    if rules.first_dealer_reason is not None and rules.first_dealer is not None:
        dealers[:] = rules.first_dealer  # the rules fix the dealer (bridge's board)
    hands, contracts, all_actions, decisions = numpy_auctions(
        rules, tab, rng, dealers, auction_u.tolist()
    )
    tricks, plays = numpy_play(rules, tab, hands, contracts, play_u)

    scorer = rules.scorer
    deck = rules.deck
    dealer_list = dealers.tolist()
    out = []
    tricks_list = tricks.tolist()
    plays_bytes = [bytes(row) for row in plays]
    unplayed = 0
    for i in range(count):
        took = tuple(tricks_list[i])
        if not contracts[i].needs_play():  # the auction ended the deal: no card is played
            took = (0,) * len(took)
            plays_bytes[i] = b""
            unplayed += 1
        out.append(
            DealRecord(
                start + i,
                dealer_list[i],
                hands[i],
                contracts[i],
                plays_bytes[i],
                took,
                scorer.score_finished(FinishedDeal(contracts[i], took, deck=deck, dealt=hands[i])),
                tuple(all_actions[i]),
                tuple(auction_u[i].tolist()) if trace else (),
                tuple(play_u[i].tolist()) if trace else (),
            )
        )
    return out, decisions + rules.players * rules.hand_size(1) * (count - unplayed)
