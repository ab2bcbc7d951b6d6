"""The table server's protocol as written (``docs/protocol.rst``, ``GET /protocol.json``)
against what the server sends: the view's schema is complete, and the page's
examples are true.

No server is started here: the view messages a server sends are built by
:class:`~cardrules.server.messages.ViewMessage` from ``View.to_dict()``
(``Table.message``), so checking ``View.to_dict()`` of every installed profile,
at every point of several games and for every seat and a spectator, against
:class:`~cardrules.server.messages.SeatView` checks every view a client can get.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

import pytest

import cardrules
from cardrules.engine.views import PUBLIC
from cardrules.profile.registry import profile_paths
from cardrules.server.messages import SPECTATOR, SeatView, ViewMessage, schemas

DOCS = Path(__file__).resolve().parents[2] / "docs" / "protocol.rst"
PROFILES = sorted(profile_paths())
SEEDS = (0, 1)


def positions(rules: cardrules.Ruleset, seed: int) -> Iterator[cardrules.Game]:
    """A game of ``rules`` played at random to its end: the game at every point."""
    game = rules.new_game(seed=seed)
    rng = random.Random(seed)
    while True:
        yield game
        legal = list(game.legal_actions())
        if game.phase == "finished" or not legal:
            return
        game.apply(rng.choice(legal))


def views(game: cardrules.Game) -> Iterator[cardrules.View]:
    yield game.public_view()
    for seat in range(game.rules.players):
        yield game.view(seat)


def checked(view: cardrules.View) -> SeatView:
    """The view as the server's model reads it; it writes back exactly the library's JSON."""
    model = SeatView.model_validate(view.to_dict())  # extra="forbid": no key undescribed
    assert json.loads(model.model_dump_json()) == json.loads(view.to_json())
    return model


@pytest.mark.parametrize("name", PROFILES)
def test_every_view_of_every_profile_is_described_by_the_schema(name: str) -> None:
    rules = cardrules.load(name)
    count = 0
    for seed in SEEDS:
        for game in positions(rules, seed):
            for view in views(game):
                checked(view)
                count += 1
    assert count > 50


def test_a_claim_pending_is_described_too() -> None:
    """Random play never claims: a claim is made by hand where the rules have them."""
    rules = cardrules.load("bridge-duplicate")
    for game in positions(rules, 2):
        if game.phase == "play" and game.tricks:
            break
    else:
        pytest.fail("no play phase")
    assert game.to_act is not None
    game.apply("claim 1", seat=game.controller(game.to_act))
    for view in views(game):
        assert checked(view).claim is not None


def test_a_spectator_is_seat_minus_one_in_the_message_and_its_view() -> None:
    game = cardrules.load("callbreak-strict").new_game(seed=1)
    view = game.public_view()
    assert view.seat == PUBLIC == SPECTATOR
    message = ViewMessage(table="t", seat=SPECTATOR, seq=0, view=view.to_dict(), legal=[])
    sent = json.loads(message.model_dump_json())
    assert sent["seat"] == sent["view"]["seat"] == -1


def test_scores_are_decimal_text() -> None:
    """Call Break's scores have tenths: they travel as exact decimal text."""
    rules = cardrules.load("callbreak-strict")
    game = next(g for g in positions(rules, 3) if g.deals)
    sent = checked(game.view(0))
    assert sent.deal_scores and all(isinstance(v, str) for v in sent.totals.values())
    assert {str(v) for v in game.totals.values()} == set(sent.totals.values())
    with pytest.raises(ValueError):
        SeatView.model_validate({**game.view(0).to_dict(), "totals": {"0": 3.1}})


def test_protocol_json_describes_every_key_of_the_view() -> None:
    """``GET /protocol.json`` serves :func:`schemas` (see test_server): the view is an
    object of named, described keys, not ``additionalProperties: true``."""
    message = schemas()["ViewMessage"]
    assert message["properties"]["view"] == {"$ref": "#/$defs/SeatView"}
    view = message["$defs"]["SeatView"]
    assert view["additionalProperties"] is False
    dumped = cardrules.load("hearts").new_game(seed=1).view(0).to_dict()
    assert set(dumped) <= set(view["properties"])
    assert {"turned_up", "claim", "auction_actions", "known"} <= set(view["properties"])
    for key, prop in view["properties"].items():
        assert prop.get("description"), key
    for optional in ("turned_up", "claim", "auction_actions", "known"):
        assert optional not in view["required"]
        prop = view["properties"][optional]
        assert "anyOf" not in prop and "default" not in prop, optional  # left out, not null
    assert view["properties"]["totals"]["patternProperties"]
    assert message["properties"]["seat"]["minimum"] == -1


# -- the page docs/protocol.rst ------------------------------------------------


def _docs() -> str:
    return DOCS.read_text(encoding="utf-8")


def _family_sections() -> dict[str, str]:
    """The text documenting each family's ``auction`` and ``contract`` keys."""
    text = _docs()
    marks = list(re.finditer(r"^\.\. _view-family-([a-z-]+):$", text, re.M))
    return {
        m.group(1): text[m.end() : following.start()] for m, following in itertools.pairwise(marks)
    }


def test_the_docs_name_every_key_of_every_family_auction_and_contract() -> None:
    sections = _family_sections()
    seen: dict[str, set[str]] = defaultdict(set)
    for name in PROFILES:
        rules = cardrules.load(name)
        family = rules.profile.plugins[0]
        for seed in SEEDS:
            for game in positions(rules, seed):
                for view in views(game):
                    for part in (view.auction, view.contract or {}):
                        seen[family].update(part)
    assert set(seen) <= set(sections), set(seen) - set(sections)
    missing = {
        family: sorted(k for k in keys if f"``{k}``" not in sections[family])
        for family, keys in seen.items()
    }
    assert not any(missing.values()), missing


def test_the_docs_example_offers_the_real_first_calls() -> None:
    """The session's example: callbreak-strict's calls start at 2 (CBS-2)."""
    legal = re.search(r'"legal": \[("bid \d+"), ("bid \d+")', _docs())
    assert legal is not None
    game = cardrules.load("callbreak-strict").new_game(seed=0)
    assert [json.loads(legal.group(1)), json.loads(legal.group(2))] == [
        str(a) for a in list(game.legal_actions())[:2]
    ]


def test_the_docs_say_a_stale_act_is_an_error_with_code_stale() -> None:
    """The server answers ``error`` with code ``stale`` (test_server checks it on a
    socket); the docs say so, and never that it is ``refused``."""
    text = " ".join(_docs().split())
    assert "is answered with ``error``, code ``stale``" in text
    assert "refused (``stale``)" not in text
    assert "null for a spectator" not in json.dumps(schemas())


def test_every_message_is_documented_with_its_schema() -> None:
    """Each model of ``GET /protocol.json`` (and each model nested in one) has its
    ``.. cardrules-protocol::`` block in the docs."""
    from pydantic import BaseModel

    from cardrules.server import messages

    text = _docs()
    nested = {
        name
        for schema in schemas().values()
        for name in schema.get("$defs", {})
        if isinstance(getattr(messages, name, None), type)
        and issubclass(getattr(messages, name), BaseModel)
    }
    for name in sorted({*schemas(), *nested}):
        assert f".. cardrules-protocol:: {name}\n" in text, name
