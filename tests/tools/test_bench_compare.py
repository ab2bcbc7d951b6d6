"""``benchmarks/compare.py`` on two checkouts of the same commit: one quick round each,
the table of both, each side importing its own cardrules, the same table again from the
kept rounds; and a checkout that would load a family from outside itself is refused
before any round."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
COMPARE = ROOT / "benchmarks" / "compare.py"

pytest.importorskip("numpy")
pytestmark = pytest.mark.slow  # two quick benchmark runs, about 20 s


def checkout(dest: Path) -> Path:
    """The files of HEAD, as a checkout of its own."""
    dest.mkdir()
    archive = dest.parent / (dest.name + ".tar")
    try:
        subprocess.run(
            ["git", "-C", str(ROOT), "archive", "-o", str(archive), "HEAD"],
            check=True,
            capture_output=True,
        )
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    shutil.unpack_archive(archive, dest)
    return dest


def compare(*argv: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(COMPARE), *map(str, argv)],
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_two_checkouts_of_one_commit(tmp_path: Path) -> None:
    a, b = checkout(tmp_path / "a"), checkout(tmp_path / "b")
    table = tmp_path / "table.json"
    done = compare(
        a,
        b,
        "--quick",
        "--rounds",
        "1",
        "--reps",
        "1",
        "--profile",
        "callbreak-strict",
        "--profile",
        "hearts",
        "--out",
        tmp_path / "rounds",
        "--json",
        table,
    )
    assert done.returncode == 0, done.stderr
    assert f"A: {a} imports {a / 'cardrules' / '__init__.py'}" in done.stderr
    assert f"B: {b} imports {b / 'cardrules' / '__init__.py'}" in done.stderr
    assert "--no-openspiel --no-pure" in done.stdout
    for name in ("callbreak-strict: API", "callbreak-strict: batch", "hearts: API"):
        assert f"| {name} " in done.stdout
    doc = json.loads(table.read_text())
    assert doc["rounds"] == 1
    assert doc["a"]["cardrules"] == str(a / "cardrules" / "__init__.py")
    assert doc["b"]["cardrules"] == str(b / "cardrules" / "__init__.py")
    rows = {row["name"]: row for row in doc["rows"]}
    assert set(rows) == {"callbreak-strict: API", "callbreak-strict: batch", "hearts: API"}
    for row in rows.values():
        assert len(row["a_deals_per_s"]) == len(row["b_deals_per_s"]) == 1
        assert row["ratio"] > 0
    assert sorted(p.name for p in (tmp_path / "rounds").glob("round*.json")) == [
        "round1-A.json",
        "round1-B.json",
    ]
    again = compare(a, b, "--tabulate", tmp_path / "rounds")  # measures nothing
    assert again.returncode == 0, again.stderr
    assert "round 1/" not in again.stderr
    assert "--quick --reps 1 --profile callbreak-strict" in again.stdout
    table_lines = [line for line in done.stdout.splitlines() if line.startswith("|")]
    assert table_lines == [line for line in again.stdout.splitlines() if line.startswith("|")]


def test_a_family_from_outside_the_checkout_is_refused(tmp_path: Path) -> None:
    installed = subprocess.run(
        [sys.executable, "-c", "import cardrules_hearts"],
        capture_output=True,
        cwd=tmp_path,
        env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
    )
    if installed.returncode:
        pytest.skip("no installed cardrules_hearts for the checkout to pick up by mistake")
    a = checkout(tmp_path / "a")
    shutil.rmtree(a / "variants" / "cardrules_hearts")
    done = compare(a, a, "--quick", "--rounds", "1", "--reps", "1", "--out", tmp_path / "rounds")
    assert done.returncode != 0
    assert "loads modules from outside it" in done.stderr
    assert "cardrules_hearts" in done.stderr
    assert not (tmp_path / "rounds").exists()
