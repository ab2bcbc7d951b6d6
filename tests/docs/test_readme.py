"""The README's examples run as doctests, so they cannot rot."""

import doctest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_readme_examples() -> None:
    result = doctest.testfile(
        str(ROOT / "README.md"),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert result.attempted > 5
    assert result.failed == 0
