"""The strength table of docs/strength.rst: every row is one ``cardrules arena`` run.

Run by hand (not a test; the whole table takes over an hour on two cores)::

    .venv/bin/python benchmarks/strength.py            # every row not measured yet
    .venv/bin/python benchmarks/strength.py ROW...     # these rows (again)
    .venv/bin/python benchmarks/strength.py --render   # rewrite the tables from the results

Each row's result (``cardrules arena ... --json``, the command line added) is
kept in ``docs/strength/ROW.json``; ``--render`` writes the tables between the
markers of ``docs/strength.rst`` from those files, so every figure in the docs
is what ``arena`` printed.
"""

from __future__ import annotations

import argparse
import json
import shlex
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "docs" / "strength"
PAGE = ROOT / "docs" / "strength.rst"


class Row(NamedTuple):
    id: str
    table: str  # "profiles", "ladder", "budget" or "families"
    profile: str
    bots: str
    games: int


ROWS = [
    # The headline row and the budget curve: one mc against three rule bots in Call Break.
    Row("budget-5", "budget", "callbreak-strict", "mc:5,rule", 500),
    Row("budget-20", "budget", "callbreak-strict", "mc:20,rule", 500),
    Row("budget-50", "budget", "callbreak-strict", "mc:50,rule", 500),
    Row("budget-200", "budget", "callbreak-strict", "mc:200,rule", 100),
    # rule against random: the bottom of the ladder.
    Row("ladder-rule-random", "ladder", "callbreak-strict", "rule,random", 500),
    # Every shipped profile: one mc against rule bots (an mc pair against a rule pair).
    *(
        Row(f"profile-{name}", "profiles", name, "mc:5,rule", games)
        for name, games in [
            ("callbreak-strict", 500),
            ("callbreak-app", 500),
            ("callbridge-classic", 500),
            ("minibridge-ebu", 500),
            ("oh-hell", 500),
            ("oh-hell-3", 500),
            ("oh-hell-5", 500),
            ("oh-hell-openspiel-4x5", 500),
            ("spades-openspiel", 500),
            ("hearts-openspiel", 500),
            ("spades", 200),
            ("hearts", 200),
            ("bridge-duplicate", 100),
        ]
    ),
    # The families added since: one mc of 20 worlds against rule bots, each profile.
    *(
        Row(f"family-{name}", "families", name, "mc:20,rule", games)
        for name, games in [
            ("tiny-bridge-openspiel", 400),
            ("skat-openspiel", 200),
            ("tarok-openspiel", 200),
            ("tarok-openspiel-4", 100),
            ("tarok", 100),
            ("euchre-openspiel", 100),
            ("euchre", 200),
            ("skat", 100),
            ("doppelkopf", 200),
            ("twenty-nine", 40),
        ]
    ),
]


def command(row: Row) -> list[str]:
    """The ``cardrules arena`` command line of a row (seed 1, two workers)."""
    return [
        "cardrules",
        "arena",
        row.profile,
        "--bots",
        row.bots,
        "--games",
        str(row.games),
        "--seed",
        "1",
        "--workers",
        "2",
        "--json",
        "--no-progress",
    ]


def measure(row: Row) -> None:
    argv = command(row)
    exe = Path(sys.executable).parent / "cardrules"
    start = time.perf_counter()
    out = subprocess.run([str(exe), *argv[1:]], check=True, capture_output=True, text=True)
    data: dict[str, Any] = json.loads(out.stdout)
    data["command"] = shlex.join(argv)
    data["wall_seconds"] = round(time.perf_counter() - start, 1)
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / f"{row.id}.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"{row.id}: {data['games']} games in {data['wall_seconds']} s", flush=True)


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _line(row: Row, data: dict[str, Any]) -> list[str]:
    first, second = data["entrants"][0], data["entrants"][1]
    low = max(0.0, first["wins"] - first["wins_ci95"])
    high = min(1.0, first["wins"] + first["wins_ci95"])
    made = "–" if first["made_rate"] is None else _pct(first["made_rate"])
    made2 = "–" if second["made_rate"] is None else _pct(second["made_rate"])
    return [
        f"   * - ``{row.profile}``",
        f"     - {first['bot']} ×{first['seats']} vs {second['bot']} ×{second['seats']}",
        f"     - {data['games']}",
        f"     - {_pct(first['wins'])} ({_pct(low)}–{_pct(high)})",
        f"     - {_pct(first['parity'])}",
        f"     - {first['score_per_deal']:+.2f} ± {first['score_per_deal_ci95']:.2f}",
        f"     - {second['score_per_deal']:+.2f} ± {second['score_per_deal_ci95']:.2f}",
        f"     - {made} / {made2}",
        f"     - {1000 * first['seconds_per_decision']:.1f}",
    ]


HEAD = [
    "   * - profile",
    "     - line-up",
    "     - games",
    "     - first bot's games won (95% interval)",
    "     - parity",
    "     - its score a deal (95%)",
    "     - the other's score a deal",
    "     - calls made (first / other)",
    "     - ms a decision (first)",
]


def render() -> None:
    """Write each table between its markers in docs/strength.rst."""
    page = PAGE.read_text(encoding="utf-8")
    for table in ("budget", "ladder", "profiles", "families"):
        lines = [".. list-table::", "   :header-rows: 1", "", *HEAD]
        commands = []
        for row in ROWS:
            path = RESULTS / f"{row.id}.json"
            if row.table != table or not path.exists():
                continue
            data = json.loads(path.read_text(encoding="utf-8"))
            lines += _line(row, data)
            commands.append(f"   {data['command']}")
        block = "\n".join([*lines, "", "Reproduce with::", "", *commands, ""])
        start, end = f".. {table} table starts", f".. {table} table ends"
        before, _, rest = page.partition(start)
        _, _, after = rest.partition(end)
        page = f"{before}{start}\n\n{block}\n{end}{after}"
    PAGE.write_text(page, encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rows", nargs="*", help="row ids (default: every row not measured yet)")
    parser.add_argument("--render", action="store_true", help="only rewrite the tables")
    args = parser.parse_args()
    if not args.render:
        known = {row.id: row for row in ROWS}
        unknown = [r for r in args.rows if r not in known]
        if unknown:
            parser.error(f"unknown rows: {', '.join(unknown)} (known: {', '.join(known)})")
        todo = [known[r] for r in args.rows] or [
            row for row in ROWS if not (RESULTS / f"{row.id}.json").exists()
        ]
        for row in todo:
            measure(row)
    render()


if __name__ == "__main__":
    main()
