"""The browser table (``cardrules serve``'s page at ``/``) in a real headless Chromium.

Selenium drives Debian's ``chromium`` through its ``chromedriver``, both given by
path so that Selenium Manager never downloads a browser.  The module is skipped
when either is missing, unless ``CARDRULES_REQUIRE_BROWSER=1`` (CI), where that
is a failure.  ``CARDRULES_CHROMIUM`` and ``CARDRULES_CHROMEDRIVER`` name other
binaries.
"""

from __future__ import annotations

import json
import os
import shutil
import urllib.request
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import cardrules


def _binary(variable: str, *names: str) -> str | None:
    """The executable ``variable`` names, else the first of ``names`` found."""
    given = os.environ.get(variable)
    candidates = (
        [given] if given else [p for n in names for p in (f"/usr/bin/{n}", shutil.which(n))]
    )
    for candidate in candidates:
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


CHROMIUM = _binary("CARDRULES_CHROMIUM", "chromium", "chromium-browser")
CHROMEDRIVER = _binary("CARDRULES_CHROMEDRIVER", "chromedriver")


def _missing() -> str | None:
    try:
        import selenium  # noqa: F401
        import sqlalchemy  # noqa: F401
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
        import websockets  # noqa: F401
    except ImportError as exc:
        return f"the browser tests need selenium and the server extra: {exc}"
    if CHROMIUM is None or CHROMEDRIVER is None:
        return "the browser tests need chromium and chromedriver (apt install chromium-driver)"
    return None


_MISSING = _missing()
if _MISSING is not None:
    if os.environ.get("CARDRULES_REQUIRE_BROWSER") == "1":
        pytest.fail(f"CARDRULES_REQUIRE_BROWSER=1: {_MISSING}", pytrace=False)
    pytest.skip(_MISSING, allow_module_level=True)

from selenium import webdriver  # noqa: E402
from selenium.common.exceptions import TimeoutException  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.remote.webdriver import WebDriver  # noqa: E402
from selenium.webdriver.remote.webelement import WebElement  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

from cardrules.client import Client  # noqa: E402
from serving import Server  # noqa: E402

#: Seconds any one thing the page is waited for may take.
WAIT = 30

#: The page's state, as the table section's data attributes say it.
STATE_JS = """
const t = document.getElementById('table');
return {phase: t.dataset.phase, seq: t.dataset.seq, mine: t.dataset.myTurn,
        pending: t.dataset.pending, hidden: t.hidden};
"""


# -- fixtures -----------------------------------------------------------------


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with Server(tmp_path_factory.mktemp("browser")) as running:
        yield running


@pytest.fixture(scope="module")
def driver() -> Iterator[WebDriver]:
    assert CHROMIUM is not None and CHROMEDRIVER is not None
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--disable-gpu",
        "--window-size=1400,1000",
    ):
        options.add_argument(argument)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SE_OFFLINE", "true")  # Selenium Manager: never download anything
        browser = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        yield browser
    finally:
        browser.quit()


# -- helpers ------------------------------------------------------------------


def _diagnosis(driver: WebDriver, server: Server) -> str:
    texts = []
    for element_id in ("connection", "phase", "seq", "turn", "refusal", "error", "create-error"):
        found = driver.find_elements(By.ID, element_id)
        if found:
            texts.append(f"#{element_id}: {found[0].get_attribute('textContent')!r}")
    log = server.log()[-3000:]
    return "\n".join(texts) + f"\nserver log:\n{log}"


def wait_for(
    driver: WebDriver, server: Server, condition: Callable[[WebDriver], Any], what: str
) -> Any:
    """What ``condition`` returns once it is truthy; a failure tells what the page shows."""
    try:
        return WebDriverWait(driver, WAIT, poll_frequency=0.02).until(condition)
    except TimeoutException:
        pytest.fail(f"waited {WAIT}s for {what}\n{_diagnosis(driver, server)}")


def text(driver: WebDriver, element_id: str) -> str:
    return str(driver.find_element(By.ID, element_id).get_attribute("textContent")).strip()


def open_seat(driver: WebDriver, server: Server, table: str, token: str | None) -> None:
    """Load the page at a table's fragment and wait for its first view."""
    fragment = f"table={table}" + (f"&token={token}" if token else "")
    driver.get("about:blank")
    driver.get(f"{server.url}/#{fragment}")
    wait_for(driver, server, lambda d: d.execute_script(STATE_JS)["seq"], "the first view")


def turn_after(driver: WebDriver, server: Server, seq: int) -> dict[str, Any]:
    """The page's state once it is this seat's turn after ``seq``, or the game is over."""

    def ready(d: WebDriver) -> dict[str, Any] | None:
        state: dict[str, Any] = d.execute_script(STATE_JS)
        if state["phase"] == "finished":
            return state
        if state["mine"] == "true" and state["pending"] != "true" and int(state["seq"]) > seq:
            return state
        return None

    result: dict[str, Any] = wait_for(driver, server, ready, f"a turn after seq {seq}")
    return result


def legal_buttons(driver: WebDriver) -> list[WebElement]:
    return driver.find_elements(
        By.CSS_SELECTOR, "#actions button[data-action], #hands button[data-legal='true']"
    )


def refuse_an_illegal_card(driver: WebDriver, server: Server, seat: int, prefix: str) -> bool:
    """Click a card of ``seat``'s hand that is not legal while some are; check the
    refusal shows its rule and the table did not move.  False if no such card now."""
    hand = f"#hands [data-hand='{seat}']"
    illegal = driver.find_elements(By.CSS_SELECTOR, f"{hand} button[data-legal='false']")
    legal = driver.find_elements(By.CSS_SELECTOR, f"{hand} button[data-legal='true']")
    if not illegal or not legal:
        return False
    seq = text(driver, "seq")
    action = illegal[0].get_attribute("data-action")
    assert action is not None and action.startswith("play ")
    illegal[0].click()
    refusal = wait_for(
        driver,
        server,
        lambda d: (
            d.find_element(By.ID, "refusal").is_displayed() and d.find_element(By.ID, "refusal")
        ),
        "the refusal",
    )
    rule = text(driver, "refusal-rule")
    assert rule.startswith(prefix), rule
    assert action in str(refusal.get_attribute("textContent"))
    assert text(driver, "refusal-message")
    assert text(driver, "seq") == seq  # a refusal changes nothing
    wait_for(
        driver, server, lambda d: d.execute_script(STATE_JS)["pending"] == "false", "the answer"
    )
    return True


def play_to_the_end(
    driver: WebDriver, server: Server, *, seat: int, refuse_prefix: str | None = None
) -> dict[str, int]:
    """Click the first legal action at every turn of ``seat`` until the game is over;
    counts of what was clicked."""
    counts = {"actions": 0, "cards": 0, "other-hand": 0, "refused": 0}
    seq = -1
    while True:
        state = turn_after(driver, server, seq)
        if state["phase"] == "finished":
            return counts
        seq = int(state["seq"])
        if refuse_prefix and not counts["refused"] and state["phase"] == "play":
            counts["refused"] += refuse_an_illegal_card(driver, server, seat, refuse_prefix)
        buttons = legal_buttons(driver)
        assert buttons, _diagnosis(driver, server)
        button = buttons[0]
        hand = driver.execute_script(
            "const h = arguments[0].closest('[data-hand]'); return h && h.dataset.hand;", button
        )
        if hand is None:
            counts["actions"] += 1
        else:
            counts["cards"] += 1
            counts["other-hand"] += int(hand) != seat
        button.click()
        assert counts["actions"] + counts["cards"] < 500, "the game does not end"


def finished_page(driver: WebDriver, server: Server, table: str) -> None:
    """The page shows the end of the game and links the record, which reads back."""
    assert text(driver, "phase") == "finished"
    assert driver.find_element(By.ID, "finished").is_displayed()
    link = driver.find_element(By.ID, "record")
    href = str(link.get_attribute("href"))
    assert href.endswith(f"/tables/{table}/record")
    with urllib.request.urlopen(href, timeout=10) as response:
        record = json.loads(response.read())
    assert record
    assert driver.find_elements(By.CSS_SELECTOR, "#picture svg")
    assert driver.find_elements(By.CSS_SELECTOR, "#scores tbody tr td.total")


# -- tests --------------------------------------------------------------------


def test_create_form_joins_seat_zero_and_links_the_others(
    driver: WebDriver, server: Server
) -> None:
    driver.get(f"{server.url}/")
    wait_for(
        driver,
        server,
        lambda d: d.find_element(By.ID, "profile").get_attribute("data-loaded"),
        "the profiles",
    )
    Select(driver.find_element(By.ID, "profile")).select_by_value("callbreak-strict")
    seats = driver.find_elements(By.CSS_SELECTOR, "#seats select")
    assert [Select(s).first_selected_option.get_attribute("value") for s in seats] == [
        "human",
        "bot:rule",
        "bot:rule",
        "bot:rule",
    ]

    # Options that are not JSON are refused on the page, then by the server.
    options = driver.find_element(By.ID, "options")
    options.send_keys("{not json")
    driver.find_element(By.ID, "create").click()
    error = wait_for(
        driver,
        server,
        lambda d: (
            d.find_element(By.ID, "create-error").is_displayed()
            and d.find_element(By.ID, "create-error")
        ),
        "the options error",
    )
    assert "options" in str(error.get_attribute("textContent"))
    options.clear()
    options.send_keys('{"no such option": true}')
    driver.find_element(By.ID, "create").click()
    wait_for(
        driver,
        server,
        lambda d: (
            "invalid" in str(d.find_element(By.ID, "create-error").get_attribute("textContent"))
        ),
        "the server's refusal of the options",
    )
    options.clear()

    Select(seats[2]).select_by_value("human")
    Select(seats[3]).select_by_value("bot:random")
    driver.find_element(By.ID, "create").click()
    wait_for(driver, server, lambda d: d.execute_script(STATE_JS)["seq"], "the first view")
    assert "table=" in driver.current_url and "token=" in driver.current_url
    assert text(driver, "you") == "N (0)"
    assert text(driver, "table-profile") == "callbreak-strict"
    assert text(driver, "phase") == "auction"
    assert len(driver.find_elements(By.CSS_SELECTOR, "#hands [data-hand='0'] button.card")) == 13
    assert driver.find_elements(By.CSS_SELECTOR, "#picture svg")
    assert len(driver.find_elements(By.CSS_SELECTOR, "#seat-table tbody tr")) == 4

    # Seat 2 is human too: its link is shown, with a spectator's link.
    invites = driver.find_element(By.ID, "invites")
    assert invites.is_displayed()
    seat_two = invites.find_element(By.CSS_SELECTOR, "a[data-seat='2']").get_attribute("href")
    watch = invites.find_element(By.CSS_SELECTOR, "a[data-spectate]").get_attribute("href")
    assert seat_two and "token=" in seat_two
    assert watch and "token=" not in watch

    driver.get(seat_two)
    wait_for(driver, server, lambda d: text(d, "you") == "S (2)", "seat 2's view")
    assert len(driver.find_elements(By.CSS_SELECTOR, "#hands [data-hand='2'] button.card")) == 13
    driver.get(watch)
    wait_for(driver, server, lambda d: text(d, "you") == "spectator", "a spectator's view")
    assert not driver.find_elements(By.CSS_SELECTOR, "#hands button.card")
    assert not driver.find_elements(By.CSS_SELECTOR, "#actions button")


def test_a_call_break_game_through_the_page(driver: WebDriver, server: Server) -> None:
    seats = ["human", "bot:rule", "bot:rule", "bot:rule"]
    created = Client(server.url).create_table("callbreak-strict", seats, seed=20240607)
    open_seat(driver, server, created["table"], created["tokens"]["0"])
    counts = play_to_the_end(driver, server, seat=0, refuse_prefix="CBS-")
    assert counts["refused"] == 1
    assert counts["actions"] == 5  # a bid a deal
    assert counts["cards"] == 5 * 13
    finished_page(driver, server, created["table"])
    assert len(driver.find_elements(By.CSS_SELECTOR, "#scores thead th")) == 1 + 5 + 1
    assert Client(server.url).table(created["table"])["finished"]


def _declarer_seed() -> int:
    """A seed whose one-deal Minibridge game has seat 0 (N) declare."""
    rules = cardrules.load("minibridge-ebu", deals=1)
    for seed in range(1000):
        auction = rules.new_game(seed=seed).view(0).to_dict()["auction"]
        if auction.get("declarer") == 0 and not auction.get("redeal"):
            return seed
    raise AssertionError("no seed has N declare")


def test_a_minibridge_deal_with_dummy_through_the_page(driver: WebDriver, server: Server) -> None:
    seed = _declarer_seed()
    seats = ["human", "bot:rule", "bot:rule", "bot:rule"]
    created = Client(server.url).create_table("minibridge-ebu", seats, deals=1, seed=seed)
    open_seat(driver, server, created["table"], created["tokens"]["0"])
    turn_after(driver, server, -1)
    # N declares: the contract is chosen with the page's buttons, and dummy (S) is shown.
    contracts = driver.find_elements(By.CSS_SELECTOR, "#actions button[data-action^='contract ']")
    assert contracts, _diagnosis(driver, server)
    assert driver.find_elements(By.CSS_SELECTOR, "#hands [data-hand='2'] button.card")
    counts = play_to_the_end(driver, server, seat=0, refuse_prefix="MB-")
    assert counts["actions"] == 1
    assert counts["cards"] == 26  # N's cards and dummy's
    assert counts["other-hand"] == 13
    assert counts["refused"] == 1
    finished_page(driver, server, created["table"])


def test_a_card_out_of_turn_is_refused_visibly(driver: WebDriver, server: Server) -> None:
    """A card clicked while another seat is to act goes to the server, which refuses it
    with its rule; the page shows the refusal and the table does not move."""
    seed = 3
    to_act = cardrules.load("callbreak-strict").new_game(seed=seed).to_act
    assert to_act is not None
    seat = (to_act + 1) % 4
    created = Client(server.url).create_table("callbreak-strict", ["human"] * 4, seed=seed)
    open_seat(driver, server, created["table"], created["tokens"][str(seat)])
    assert driver.execute_script(STATE_JS)["mine"] == "false"
    assert text(driver, "turn").startswith("Waiting for ")
    driver.find_element(By.CSS_SELECTOR, f"#hands [data-hand='{seat}'] button.card").click()
    wait_for(
        driver, server, lambda d: d.find_element(By.ID, "refusal").is_displayed(), "the refusal"
    )
    assert text(driver, "refusal-rule").startswith("CBS-")
    assert "turn" in text(driver, "refusal-message")
    assert text(driver, "seq") == "0"
