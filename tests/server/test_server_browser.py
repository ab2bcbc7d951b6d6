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


def open_seat(driver: WebDriver, server: Server, table: str, invite: str | None) -> None:
    """Load the page at a table's invitation (None: to watch) and wait for its first view."""
    fragment = f"table={table}" + (f"&invite={invite}" if invite else "")
    driver.get("about:blank")
    driver.get(f"{server.url}/#{fragment}")
    wait_for(driver, server, lambda d: d.execute_script(STATE_JS)["seq"], "the first view")
    assert "invite=" not in driver.current_url


def hand_cards(driver: WebDriver, seat: int) -> list[str]:
    """The cards of a hand, in the order the page shows them (read in one script: the page
    may draw the hand again between finding its buttons and reading them)."""
    cards = driver.execute_script(
        "return Array.from(document.querySelectorAll(arguments[0]), b => b.dataset.card);",
        f"#hands [data-hand='{seat}'] button.card",
    )
    return [str(card) for card in cards]


def picture_order(cards: list[str]) -> list[str]:
    """Cards in the order of the deal's picture: its suit order, ranks from the ace down."""
    from cardrules.engine.picture import SUIT_ORDER

    parsed = [cardrules.Card.parse(c) for c in cards]
    parsed.sort(key=lambda c: (SUIT_ORDER.index(c.suit), -c.rank))
    return [str(c) for c in parsed]


def stored_token(driver: WebDriver, table: str) -> str | None:
    token: str | None = driver.execute_script(
        "return sessionStorage.getItem(arguments[0]);", f"cardrules.seat.{table}"
    )
    return token


def load_form(driver: WebDriver, server: Server) -> None:
    driver.get("about:blank")
    driver.get(f"{server.url}/")
    wait_for(
        driver,
        server,
        lambda d: d.find_element(By.ID, "profile").get_attribute("data-loaded"),
        "the profiles",
    )


def choose_profile(driver: WebDriver, name: str) -> None:
    field = driver.find_element(By.ID, "profile")
    field.clear()
    field.send_keys(name)


def create_error(driver: WebDriver, server: Server, words: str) -> str:
    """The create form's error once it holds ``words``."""
    return str(
        wait_for(
            driver,
            server,
            lambda d: (
                words in (found := text(d, "create-error"))
                and d.find_element(By.ID, "create-error").is_displayed()
                and found
            ),
            f"the create form's error {words!r}",
        )
    )


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


def test_create_form_plays_seat_s_and_invites_the_others_without_tokens_in_addresses(
    driver: WebDriver, server: Server
) -> None:
    load_form(driver, server)
    assert driver.find_element(By.ID, "profile").get_attribute("value") == "callbreak-strict"
    seats = driver.find_elements(By.CSS_SELECTOR, "#seats select")
    # The human seat is S, as in `cardrules play` (--seat S by default).
    assert [Select(s).first_selected_option.get_attribute("value") for s in seats] == [
        "bot:rule",
        "bot:rule",
        "human",
        "bot:rule",
    ]
    # Bots wait a visible moment by default.
    assert driver.find_element(By.ID, "bot-delay").get_attribute("value") == "0.8"

    # A mistyped profile: the server's refusal names the closest one, as the CLI does.
    choose_profile(driver, "callbreak-strikt")
    driver.find_element(By.ID, "create").click()
    error = create_error(driver, server, "did you mean")
    assert error.startswith(
        "invalid: invalid profile: 'callbreak-strikt' is not installed here; "
        "did you mean 'callbreak-strict'?"
    )
    choose_profile(driver, "callbreak-strict")

    Select(seats[0]).select_by_value("human")
    Select(seats[3]).select_by_value("bot:random")
    driver.find_element(By.ID, "create").click()
    wait_for(driver, server, lambda d: d.execute_script(STATE_JS)["seq"], "the first view")
    table = driver.execute_script("return document.getElementById('table-id').textContent;")
    # The seat's token is kept in the tab, never in the address.
    assert driver.current_url.endswith(f"/#table={table}")
    token = stored_token(driver, table)
    assert token and token not in driver.current_url
    assert text(driver, "you") == "S (2)"
    assert text(driver, "table-profile") == "callbreak-strict"
    assert text(driver, "phase") == "auction"
    assert Client(server.url).table(table)["bot_delay"] == 0.8
    # The hand in the picture's order; trumps by their symbol wherever they are named.
    cards = hand_cards(driver, 2)
    assert len(cards) == 13 and cards == picture_order(cards)
    assert text(driver, "trump") == "\u2660"
    assert driver.find_elements(By.CSS_SELECTOR, "#picture svg")
    assert len(driver.find_elements(By.CSS_SELECTOR, "#seat-table tbody tr")) == 4

    # Seat 0 is human too: its invitation is shown, with a spectator's link.
    invites = driver.find_element(By.ID, "invites")
    assert invites.is_displayed()
    seat_zero = str(invites.find_element(By.CSS_SELECTOR, "a[data-seat='0']").get_attribute("href"))
    watch = str(invites.find_element(By.CSS_SELECTOR, "a[data-spectate]").get_attribute("href"))
    assert "invite=" in seat_zero and token not in seat_zero
    assert watch.endswith(f"/#table={table}")
    assert not invites.find_elements(By.CSS_SELECTOR, "a[data-seat='2']")  # this tab's

    # The invitation takes its seat once, and leaves the address.
    driver.get(seat_zero)
    wait_for(driver, server, lambda d: text(d, "you") == "N (0)", "seat 0's view")
    assert driver.current_url.endswith(f"/#table={table}")
    assert len(hand_cards(driver, 0)) == 13
    driver.refresh()  # a reload resumes the seat from the tab's storage
    wait_for(driver, server, lambda d: text(d, "you") == "N (0)", "seat 0 after a reload")
    # Spent: in another tab (no stored token) the same link only watches.
    driver.execute_script("sessionStorage.clear();")
    driver.get("about:blank")
    driver.get(seat_zero)
    wait_for(driver, server, lambda d: text(d, "you") == "spectator", "a spent invitation")
    assert text(driver, "notice").startswith("bad-invite: ")
    assert "invite=" not in driver.current_url
    assert not driver.find_elements(By.CSS_SELECTOR, "#hands button.card")
    driver.get("about:blank")
    driver.get(watch)
    wait_for(driver, server, lambda d: text(d, "you") == "spectator", "a spectator's view")
    assert not driver.find_elements(By.CSS_SELECTOR, "#actions button")


def test_house_rules_are_a_form_made_from_the_options_declarations(
    driver: WebDriver, server: Server
) -> None:
    """callbreak-app's options (GET /profiles): a control each, with its words and rule;
    the table is made with the ones changed, and a value out of range is refused by the
    server citing the rule."""
    load_form(driver, server)
    choose_profile(driver, "callbreak-app")
    wait_for(
        driver,
        server,
        lambda d: d.find_elements(By.CSS_SELECTOR, "#options [data-option='target_score'] input"),
        "callbreak-app's options",
    )
    specs = cardrules.load("callbreak-app").components.options
    shown = driver.find_elements(By.CSS_SELECTOR, "#options div.option")
    assert [o.get_attribute("data-option") for o in shown] == sorted(specs)
    target = driver.find_element(By.ID, "option-target_score")
    assert (target.get_attribute("min"), target.get_attribute("max")) == ("0", "10000")
    row = driver.find_element(By.CSS_SELECTOR, "#options div.option[data-option='target_score']")
    assert specs["target_score"].description in str(row.get_attribute("textContent"))
    assert "APP-5.1" in str(row.get_attribute("textContent"))
    redeal = driver.find_element(By.ID, "option-no_picture_redeal")
    assert redeal.get_attribute("type") == "checkbox" and not redeal.is_selected()

    delay = driver.find_element(By.ID, "bot-delay")
    delay.clear()
    delay.send_keys("0")
    target.clear()
    target.send_keys("20000")
    driver.find_element(By.ID, "create").click()
    assert "APP-5.1" in create_error(driver, server, "target_score")
    target.clear()
    target.send_keys("30.5")
    redeal.click()
    driver.find_element(By.ID, "create").click()
    wait_for(driver, server, lambda d: d.execute_script(STATE_JS)["seq"], "the first view")
    table = driver.execute_script("return document.getElementById('table-id').textContent;")
    info = Client(server.url).table(table)
    assert info["options"] == {"no_picture_redeal": True, "target_score": 30.5}
    assert info["bot_delay"] == 0


def test_a_call_break_game_through_the_page(driver: WebDriver, server: Server) -> None:
    seats = ["human", "bot:rule", "bot:rule", "bot:rule"]
    created = Client(server.url).create_table("callbreak-strict", seats, seed=20240607)
    open_seat(driver, server, created["table"], created["invites"]["0"])
    counts = play_to_the_end(driver, server, seat=0, refuse_prefix="CBS-")
    assert counts["refused"] == 1
    assert counts["actions"] == 5  # a bid a deal
    assert counts["cards"] == 5 * 13
    finished_page(driver, server, created["table"])
    # The last trick shows who played each card (Call Break plays counter-clockwise).
    game = cardrules.Game.from_json(Client(server.url).record(created["table"]))
    last = game.tricks[-1]
    labelled = driver.find_elements(By.CSS_SELECTOR, "#last-trick .played-by")
    assert [
        (e.get_attribute("data-seat"), e.find_element(By.CSS_SELECTOR, ".who").text)
        for e in labelled
    ] == [(str(p.seat), "NESW"[p.seat]) for p in last.cards]
    assert [
        e.find_element(By.CSS_SELECTOR, ".chip").get_attribute("data-card") for e in labelled
    ] == [str(p.card) for p in last.cards]
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
    open_seat(driver, server, created["table"], created["invites"]["0"])
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
    open_seat(driver, server, created["table"], created["invites"][str(seat)])
    assert driver.execute_script(STATE_JS)["mine"] == "false"
    assert text(driver, "turn").startswith("Waiting for ")
    driver.find_element(By.CSS_SELECTOR, f"#hands [data-hand='{seat}'] button.card").click()
    wait_for(
        driver, server, lambda d: d.find_element(By.ID, "refusal").is_displayed(), "the refusal"
    )
    assert text(driver, "refusal-rule").startswith("CBS-")
    assert "turn" in text(driver, "refusal-message")
    assert text(driver, "seq") == "0"


# -- the families' hidden trumps, talons and sides -------------------------------


@pytest.fixture
def tabs(driver: WebDriver) -> Iterator[Callable[[], str]]:
    """Open a new tab (its own sessionStorage: its own seat) and switch to it; the tabs
    are closed after the test and the driver is back in its first one."""
    first = driver.current_window_handle

    def new_tab() -> str:
        driver.switch_to.new_window("tab")
        return str(driver.current_window_handle)

    yield new_tab
    for handle in driver.window_handles:
        if handle != first:
            driver.switch_to.window(handle)
            driver.close()
    driver.switch_to.window(first)


def seat_page(
    driver: WebDriver, server: Server, tabs: Callable[[], str], created: dict[str, Any], seat: int
) -> str:
    """A new tab playing ``seat`` of the table (by its invitation): its handle."""
    handle = tabs()
    open_seat(driver, server, created["table"], created["invites"][str(seat)])
    return handle


def drive(created: dict[str, Any], server: Server, actions: list[tuple[int, str]]) -> None:
    """Take ``actions`` ([seat, text] each, from the table's start) through the seats'
    sockets (their tokens), each accepted."""
    client = Client(server.url)
    sockets = {int(s): client.join(created["table"], t) for s, t in created["tokens"].items()}
    try:
        for seq, (seat, action) in enumerate(actions):
            answer = sockets[seat].act(action, seq=seq)
            assert answer["type"] == "accepted", answer
    finally:
        for socket in sockets.values():
            socket.close()


def at_seq(driver: WebDriver, server: Server, seq: int) -> None:
    """Wait until the page in the current tab shows the table after ``seq`` actions."""
    wait_for(driver, server, lambda d: d.execute_script(STATE_JS)["seq"] == str(seq), f"seq {seq}")


def seat_rows(driver: WebDriver, css: str) -> dict[int, str]:
    """A cell of each row of the seat table, by seat (read in one script)."""
    cells: dict[str, str] = driver.execute_script(
        "const out = {}; for (const row of document.querySelectorAll('#seat-table tbody tr')) {"
        " const cell = row.querySelector(arguments[0]);"
        " out[row.dataset.seat] = cell ? cell.textContent : null; } return out;",
        css,
    )
    return {int(seat): text for seat, text in cells.items()}


def chips(driver: WebDriver, css: str) -> list[str]:
    cards = driver.execute_script(
        "return Array.from(document.querySelectorAll(arguments[0]), c => c.dataset.card);", css
    )
    return [str(card) for card in cards]


def words_of(value: object) -> set[str]:
    """Every word of every text in a view (its cards, and the cards its actions name)."""
    if isinstance(value, str):
        return set(value.split())
    if isinstance(value, dict):
        return set().union(*(words_of(v) for v in value.values())) if value else set()
    if isinstance(value, list | tuple):
        return set().union(*(words_of(v) for v in value)) if value else set()
    return set()


def only_cards_of(driver: WebDriver, view: dict[str, Any]) -> None:
    """Every card the page in the current tab shows is one its seat's view holds."""
    shown = set(chips(driver, "[data-card]"))
    assert shown and shown <= words_of(view), shown - words_of(view)


def _twenty_nine_script() -> tuple[int, list[tuple[int, str]], int, int, cardrules.Game]:
    """A seed and the actions to the first moment a seat that is not the bidder may ask
    for the concealed trump (TN: it cannot follow suit): the first seat bids, the others
    pass, the bidder conceals a suit, no one plays a single hand, the first legal card is
    played.  With the bidder, that seat and the game at that point."""
    rules = cardrules.load("twenty-nine")
    for seed in range(50):
        game = rules.new_game(seed=seed)
        actions: list[tuple[int, str]] = []
        bidder: int | None = None
        while game.to_act is not None:
            seat = game.to_act
            legal = [str(a) for a in game.legal_actions()]
            if "reveal trump" in legal and bidder is not None and seat != bidder:
                return seed, actions, bidder, seat, game
            if any(a.startswith("bid ") for a in legal):
                action = "pass" if bidder is not None else next(a for a in legal if a != "pass")
                bidder = seat if bidder is None else bidder
            elif legal[0].startswith("conceal "):
                action = legal[0]
            elif "single hand" in legal:
                action = "pass"
            else:
                action = next(a for a in legal if a.startswith("play "))
            actions.append((seat, action))
            game.apply(action)
    raise AssertionError("no seed lets another seat ask for the trump")


def test_twenty_nine_a_concealed_trump_is_shown_only_to_the_bidder_until_revealed(
    driver: WebDriver, server: Server, tabs: Callable[[], str]
) -> None:
    """Twenty-Nine through the pages: the hands dealt in two stages (the cards to come
    shown), the bidder's page shows the trump it concealed, another seat's shows it
    concealed and holds no word of it, until that seat asks for it with the page's
    ``reveal trump`` button; then both pages show it, and when."""
    seed, actions, bidder, asker, game = _twenty_nine_script()
    trump = game.view(bidder).to_dict()["trump"]
    conceal = next(a for s, a in actions if a.startswith("conceal "))  # "conceal clubs"
    created = Client(server.url).create_table("twenty-nine", ["human"] * 4, seed=seed)
    mine = seat_page(driver, server, tabs, created, bidder)
    theirs = seat_page(driver, server, tabs, created, asker)
    # The first stage: four cards each dealt, four to come (to_deal).
    first = cardrules.load("twenty-nine").new_game(seed=seed).view(asker).to_dict()
    assert driver.find_element(By.ID, "to-deal-box").is_displayed()
    assert text(driver, "to-deal") == ", ".join(
        f"{'NESW'[s]} {n}" for s, n in enumerate(first["to_deal"])
    )
    assert seat_rows(driver, "td:nth-child(3)")[asker] == f"4 + {first['to_deal'][asker]} to come"
    assert len(hand_cards(driver, asker)) == 4

    drive(created, server, actions)
    at_seq(driver, server, len(actions))
    assert not driver.find_element(By.ID, "to-deal-box").is_displayed()
    trump_box = driver.find_element(By.ID, "trump")
    assert trump_box.get_attribute("data-concealed") == "true"
    assert text(driver, "trump") == "concealed"
    assert trump_box.get_attribute("data-trump") == ""
    # Nothing on this page names the trump: the choice is listed without its text.
    page = str(driver.execute_script("return document.body.textContent;"))
    assert conceal not in page and conceal.split()[1] not in page
    assert "(hidden)" in text(driver, "calls")
    only_cards_of(driver, game.view(asker).to_dict())
    reveal = driver.find_elements(By.CSS_SELECTOR, "#actions button[data-action='reveal trump']")
    assert reveal, _diagnosis(driver, server)

    driver.switch_to.window(mine)
    at_seq(driver, server, len(actions))
    trump_box = driver.find_element(By.ID, "trump")
    assert trump_box.get_attribute("data-concealed") == "true"
    assert trump_box.get_attribute("data-trump") == trump
    assert "concealed" in text(driver, "trump")
    assert conceal in text(driver, "calls")  # its own choice, with its text
    only_cards_of(driver, game.view(bidder).to_dict())

    driver.switch_to.window(theirs)
    driver.find_element(By.CSS_SELECTOR, "#actions button[data-action='reveal trump']").click()
    shown = wait_for(
        driver,
        server,
        lambda d: d.find_element(By.ID, "trump").get_attribute("data-trump") == trump,
        "the trump revealed",
    )
    assert shown
    assert driver.find_element(By.ID, "trump").get_attribute("data-concealed") == "false"
    assert f"revealed at {'NESW'[asker]}" in text(driver, "trump")
    driver.switch_to.window(mine)
    at_seq(driver, server, len(actions) + 1)
    assert driver.find_element(By.ID, "trump").get_attribute("data-concealed") == "false"
    assert "revealed" in text(driver, "trump")


def test_doppelkopf_sides_and_an_announcement_by_button(
    driver: WebDriver, server: Server, tabs: Callable[[], str]
) -> None:
    """Doppelkopf through the pages: each page's seat table shows the sides its view
    holds (its own party, "?" for a seat it does not know), before and after the
    leader's announcement made with the page's button; the others' pages list the
    announcement with its seat among the calls of the play."""
    seed = 3
    rules = cardrules.load("doppelkopf")
    game = rules.new_game(seed=seed)
    actions: list[tuple[int, str]] = []
    while game.view(0).to_dict()["phase"] == "auction":
        assert game.to_act is not None
        actions.append((game.to_act, "healthy"))
        game.apply("healthy")
    leader = game.to_act
    assert leader is not None
    other = (leader + 1) % 4
    created = Client(server.url).create_table("doppelkopf", ["human"] * 4, seed=seed)
    drive(created, server, actions)
    handles = {seat: seat_page(driver, server, tabs, created, seat) for seat in (leader, other)}

    def sides_shown(seat: int) -> None:
        driver.switch_to.window(handles[seat])
        at_seq(driver, server, len(actions))
        view = game.view(seat).to_dict()
        assert seat_rows(driver, "td.side") == {s: view["sides"].get(str(s), "?") for s in range(4)}
        only_cards_of(driver, view)

    for seat in handles:
        sides_shown(seat)
    # Two copies of each card: the hand as the view holds it.
    driver.switch_to.window(handles[leader])
    assert sorted(hand_cards(driver, leader)) == sorted(
        game.view(leader).to_dict()["hands"][str(leader)]
    )
    announcement = next(str(a) for a in game.legal_actions() if not str(a).startswith("play "))
    driver.find_element(By.CSS_SELECTOR, f"#actions button[data-action='{announcement}']").click()
    game.apply(announcement)
    actions.append((leader, announcement))
    for seat in handles:
        sides_shown(seat)
        calls = driver.find_elements(By.CSS_SELECTOR, "#play-calls li")
        assert [(c.get_attribute("data-seat"), c.text) for c in calls] == [
            (str(leader), f"{'NESW'[leader]} {announcement}")
        ]


def _tarok_script(seed: int) -> tuple[list[tuple[int, str]], int, cardrules.Game]:
    """The bidding of a tarok-openspiel deal to the talon turned up: the first seat goes
    the lowest game, the others pass, it keeps it (TKO-4.1)."""
    game = cardrules.load("tarok-openspiel").new_game(seed=seed)
    actions: list[tuple[int, str]] = []
    declarer: int | None = None
    while True:
        seat = game.to_act
        assert seat is not None
        legal = [str(a) for a in game.legal_actions()]
        if any(a.startswith("take part ") for a in legal):
            return actions, seat, game
        if declarer is None and "pass" in legal:
            declarer = seat
        action = next(a for a in legal if a != "pass") if seat == declarer else "pass"
        actions.append((seat, action))
        game.apply(action)


def test_tarok_the_talon_in_its_parts_after_the_bidding(
    driver: WebDriver, server: Server, tabs: Callable[[], str]
) -> None:
    """tarok-openspiel through the pages (TKO-4.1): after the bidding the declarer's page
    shows the talon's six cards in the parts its actions name, the taroks as the deck
    writes them; the part taken with the page's button is marked on every page; the
    cards laid away are on the declarer's page only."""
    seed = 1
    actions, declarer, game = _tarok_script(seed)
    from cardrules.server.messages import SeatView

    SeatView.model_validate(game.view(declarer).to_dict())  # the tarok deck's card texts
    talon = game.view(declarer).to_dict()["auction"]["talon"]
    parts = sum(str(a).startswith("take part ") for a in game.legal_actions())
    other = (declarer + 1) % 3
    created = Client(server.url).create_table("tarok-openspiel", ["human"] * 3, seed=seed)
    drive(created, server, actions)
    handles = {seat: seat_page(driver, server, tabs, created, seat) for seat in (declarer, other)}
    driver.switch_to.window(handles[declarer])
    # A hand of the tarok deck, in the deck's order, each card as the deck writes it.
    hand = game.view(declarer).to_dict()["hands"][str(declarer)]
    assert hand_cards(driver, declarer) == hand
    tarok = next(c for c in hand if c.startswith("T"))
    button = driver.find_element(By.CSS_SELECTOR, f"#hands button[data-card='{tarok}']")
    assert button.text == tarok
    size = len(talon) // parts
    shown = [chips(driver, f"#talon .part[data-part='{n}'] .chip") for n in range(1, parts + 1)]
    assert shown == [talon[i * size : (i + 1) * size] for i in range(parts)]
    driver.find_element(By.CSS_SELECTOR, "#actions button[data-action='take part 2']").click()
    wait_for(
        driver,
        server,
        lambda d: d.find_elements(By.CSS_SELECTOR, "#talon .part.taken[data-part='2']"),
        "part 2 taken",
    )
    game.apply("take part 2")
    actions.append((declarer, "take part 2"))
    laid = [str(a) for a in game.legal_actions()][:size]
    buttons = [f"#actions button[data-action='{a}']" for a in laid]
    for css in buttons:
        seq = int(driver.execute_script(STATE_JS)["seq"])
        driver.find_element(By.CSS_SELECTOR, css).click()
        at_seq(driver, server, seq + 1)
        game.apply(css.split("'")[1])
    discarded = game.view(declarer).to_dict()["auction"]["discarded"]
    assert chips(driver, "#auction dd[data-key='discarded'] .chip") == discarded
    driver.switch_to.window(handles[other])
    at_seq(driver, server, len(actions) + size)
    assert chips(driver, "#talon .chip") == talon  # public: the whole talon, in order
    assert "part 2" in text(driver, "talon-section")
    assert not driver.find_elements(By.CSS_SELECTOR, "#auction dd[data-key='discarded']")
    only_cards_of(driver, game.view(other).to_dict())
    driver.switch_to.window(handles[declarer])
    only_cards_of(driver, game.view(declarer).to_dict())
