"""The step executor over the duties' codes is written from the one table of fast steps."""

from __future__ import annotations

import pytest

from cardrules.rules import executor
from cardrules.rules.duties import STEP_GUARD_TERMS, STEP_KEEP_TERMS, StepTerm


def test_the_saved_executor_is_the_one_the_table_writes() -> None:
    """``cardrules/engine/steps.py`` is ``executor_source()``: run
    ``python -m cardrules.rules.executor`` after changing the step table."""
    saved = executor.EXECUTOR_MODULE.read_text(encoding="utf-8")
    assert saved == executor.executor_source()


def test_every_term_of_the_table_is_in_the_executor() -> None:
    source = executor.executor_source()
    for term in STEP_GUARD_TERMS[1:]:
        assert f"guard == {term.code} and" in source, term
    for term in STEP_KEEP_TERMS:
        assert f"x = legal & {term.source}" in source, term


def test_a_new_term_changes_the_executor(monkeypatch: pytest.MonkeyPatch) -> None:
    """A guard added to the table reaches the executor without another edit."""
    code = len(STEP_GUARD_TERMS)
    extra = StepTerm("never", code, "False", lambda hand, legal, t: False)
    monkeypatch.setattr(executor, "STEP_GUARD_TERMS", (*STEP_GUARD_TERMS, extra))
    source = executor.executor_source()
    assert f"if guard == {code} and not (False):  # never" in source
    namespace: dict[str, object] = {}
    exec(compile(source, "<steps>", "exec"), namespace)
    run_steps = namespace["run_steps"]
    assert callable(run_steps)
    # the new guard never holds: its keep (led suit) is skipped; guard 0 (always) keeps it
    assert run_steps((code, 1, 0, 0), 0b1111, 0b0011, 0, 0, False) == 0b1111
    assert run_steps((0, 1, 0, 0), 0b1111, 0b0011, 0, 0, False) == 0b0011
    # a step's own cards: keep those of keep_cards (code 4), or the others (code 5)
    assert run_steps((0, 4, 0, 0b0110), 0b1111, 0, 0, 0, False) == 0b0110
    assert run_steps((0, 5, 0, 0b0110), 0b1111, 0, 0, 0, False) == 0b1001


def test_main_reports_an_up_to_date_module(capsys: pytest.CaptureFixture[str]) -> None:
    assert executor.main() == 0
    assert "up to date" in capsys.readouterr().out
