"""The summary of a run: the table ``cardrules simulate`` prints, and its numbers for programs."""

from __future__ import annotations

import json
import statistics
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from cardrules.batch.results import Simulation
from cardrules.rules.components import Side, seat_name

__all__ = ["summary", "summary_dict"]


def summary(sim: Simulation) -> list[str]:
    """The summary table of a run: mean score per deal by side (95% CI), calls made, tricks.

    Seats are named by their letters (``N``, ``E``, ``S``, ``W``), pairs by theirs
    (``NS``, ``EW``).
    """
    lines = [_headline(sim)]
    if not sim.deals:
        return lines
    sides = list(sim.deals[0].scores)
    lines.append("")
    lines.append("side   mean score/deal   95% CI")
    for side in sides:
        mean, half = _mean_ci([d.scores[side] for d in sim.deals])
        lines.append(f"{_side_name(side):<6} {mean:>15.3f}   ±{half:.3f}")
    if sim.lowest_wins:
        lines.append("(the scores are penalty points: the lowest wins)")
    first = sim.deals[0].contract
    made = [d.contract.made(d.tricks) for d in sim.deals]
    labels = list(made[0]) if made else []
    if labels:
        rates = {k: 100 * sum(m.get(k, False) for m in made) / len(sim) for k in labels}
        what = ", ".join(
            f"{_made_label(k)} {rate:.1f}%" if k else f"{rate:.1f}%" for k, rate in rates.items()
        )
        lines.append("")
        lines.append(f"{first.made_label}: {what}")
    lines.append("")
    most = max(sum(d.tricks) for d in sim.deals)
    lines.append("tricks  " + " ".join(f"{n:>5}" for n in range(most + 1)) + "   (% of deals)")
    for seat, counts in enumerate(_trick_counts(sim, most)):
        row = " ".join(f"{100 * c / len(sim):5.1f}" for c in counts)
        lines.append(f"{'seat ' + seat_name(seat):<8}{row}")
    return lines


def summary_dict(sim: Simulation) -> dict[str, Any]:
    """The summary of a run for programs (``cardrules simulate --json``, see
    :func:`~cardrules.batch.results.json_text`).

    Sides and seats are keyed as in the deals' scores (``"0"``, ``"NS"``); the
    means and their 95% intervals are exact :class:`~decimal.Decimal`; ``made``
    counts the deals in which each undertaking (``Contract.made``) was made;
    ``tricks[seat][n]`` counts the deals in which the seat took ``n`` tricks.
    """
    out: dict[str, Any] = {
        "profile": sim.profile,
        "options": dict(sim.options),
        "seed": sim.seed,
        "players": list(sim.players),
        "engine": sim.engine,
        "deals": len(sim),
        "asked": sim.asked,
        "interrupted": sim.interrupted,
        "decisions": sim.decisions,
        "lowest_wins": sim.lowest_wins,
    }
    if not sim.deals:
        return out
    out["scores"] = {}
    for side in sim.deals[0].scores:
        mean, half = _mean_ci([d.scores[side] for d in sim.deals])
        out["scores"][str(side)] = {"mean": mean, "ci95": half}
    made = [d.contract.made(d.tricks) for d in sim.deals]
    out["made_label"] = sim.deals[0].contract.made_label
    out["made"] = {k: sum(m.get(k, False) for m in made) for k in made[0]}
    most = max(sum(d.tricks) for d in sim.deals)
    out["tricks"] = {str(s): c for s, c in enumerate(_trick_counts(sim, most))}
    return out


def _headline(sim: Simulation) -> str:
    """``callbreak-app (big_call_8=true): 1,000 deals, seed 0, players ... (game engine)``."""
    options = ", ".join(f"{k}={_option_text(v)}" for k, v in sim.options.items())
    profile = f"{sim.profile} ({options})" if options else sim.profile
    done = f"{len(sim):,} deals"
    if sim.interrupted:
        done = f"{len(sim):,} of {sim.asked:,} deals (interrupted)"
    return (
        f"{profile}: {done}, seed {sim.seed}, players {','.join(sim.players)} ({sim.engine} engine)"
    )


def _option_text(value: Any) -> str:
    """An option's value as its TOML: ``true``, ``30``, ``"left"``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return json.dumps(value) if isinstance(value, str) else str(value)


def _mean_ci(values: Sequence[Decimal]) -> tuple[Decimal, Decimal]:
    """Mean and half-width of its 95% confidence interval (normal approximation)."""
    mean = statistics.mean(values)
    if len(values) < 2:
        return mean, Decimal(0)
    sd = statistics.stdev(values)
    return mean, Decimal("1.96") * sd / Decimal(len(values)).sqrt()


def _side_name(side: Side) -> str:
    """A side as the table shows it: a seat's letter (``N``), a pair's name (``NS``)."""
    return seat_name(side) if isinstance(side, int) else side


def _made_label(label: str) -> str:
    """A label of ``Contract.made`` as the table shows it: ``"seat 0"`` is ``"seat N"``."""
    word, _, number = label.rpartition(" ")
    return f"{word} {seat_name(int(number))}" if word == "seat" and number.isdigit() else label


def _trick_counts(sim: Simulation, most: int) -> list[list[int]]:
    """By seat, how many deals it took 0, 1 .. ``most`` tricks in."""
    seats = len(sim.deals[0].tricks) if sim.deals else 0
    counts = [[0] * (most + 1) for _ in range(seats)]
    for d in sim.deals:
        for seat, took in enumerate(d.tricks):
            counts[seat][took] += 1
    return counts
