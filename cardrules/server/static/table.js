// The browser table of `cardrules serve`: create a table, join a seat (or watch),
// and play through the server's socket.  No framework, no build step.
//
// Every string from the network goes into the page with textContent; the one
// exception is the deal's picture, an SVG the server builds from escaped text.
"use strict";

(function () {
  const SEAT_LETTERS = "NESW";
  // The seat of a spectator's view message and of its view (the library's public view).
  const SPECTATOR = -1;
  // The seat `cardrules play` gives its human by default (--seat S): the form's too.
  const DEFAULT_HUMAN_SEAT = 2;
  const SEAT_KINDS = ["human", "bot:rule", "bot:mc", "bot:random"];
  // A hand is shown in the order of the deal's picture (cardrules.engine.picture's
  // SUIT_ORDER, ranks from the ace down): spades, hearts, diamonds, clubs.
  const SUIT_ORDER = "SHDC";
  const RANK_ORDER = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"];
  const CARD = /^(10|[2-9JQKA])([CDHS])$/;
  // A card of another deck, as that deck writes it: a rank and a suit letter ("CC", a
  // cavalier; "1H"), or a letter and a number with no suit ("T17", a tarok).
  const OTHER_CARD = /^(?:(?:10|[1-9]|[JQKAC])[CDHS]|[A-Z][0-9]{1,2})$/;
  // A seat's token is kept in this tab's sessionStorage, never in the address.
  const TOKEN_KEY = "cardrules.seat.";
  const SUITS = {
    C: { symbol: "\u2663", red: false },
    D: { symbol: "\u2666", red: true },
    H: { symbol: "\u2665", red: true },
    S: { symbol: "\u2660", red: false },
  };
  // Keys of the view whose integer value is a seat.
  const SEAT_KEYS = new Set([
    "dealer", "declarer", "dummy", "leader", "to_act", "controller", "passing_to", "seat",
    "bidder", "chooser", "single_hand", "maker", "lone_defender", "giving_to",
  ]);
  // Keys whose value is a list of seats.
  const SEAT_LIST_KEYS = new Set(["passed", "sitting_out", "blind_nil", "unseen"]);
  // Keys whose value is a suit letter ("S") or NT.
  const SUIT_KEYS = new Set(["trump", "strain"]);
  // The suit's word in an action's text ("conceal spades"): shown with its symbol.
  const SUIT_WORDS = { clubs: "C", diamonds: "D", hearts: "H", spades: "S" };
  // Keys whose text is an action's ("contract S game"), where a lone letter is a suit;
  // elsewhere a lone S may be a seat ("N 1S, S pass").
  const ACTION_KEYS = new Set(["contract"]);
  // Keys of the view the page shows in their own place (the rest go under "More").
  const SHOWN_KEYS = new Set([
    "seat", "profile", "phase", "deal_number", "dealer", "to_act", "controller", "hands",
    "hand_sizes", "auction", "contract", "trump", "trick", "tricks", "tricks_won", "totals",
    "deal_scores", "legal_actions", "auction_actions", "trump_concealed", "revealed",
    "to_deal", "sides", "play_calls", "stock_shown",
  ]);

  const $ = (id) => document.getElementById(id);

  const state = {
    profiles: [],
    table: null, // table id
    token: null, // null: spectator
    info: null, // GET /tables/{id}
    socket: null,
    generation: 0, // bumped on each connect: an older socket's events are ignored
    retries: 0,
    fatal: false, // an error after which reconnecting is useless
    message: null, // the last view message
    pending: false, // an act sent and not answered yet
    talonParts: null, // {key: "table/deal", parts}: the parts a talon is turned up in
  };

  // -- small helpers ----------------------------------------------------------

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "for") node.htmlFor = value;
      else if (key === "text") node.textContent = value;
      else if (key.startsWith("data-") || key.startsWith("aria-")) node.setAttribute(key, value);
      else node[key] = value;
    }
    for (const child of children) {
      if (child === null || child === undefined) continue;
      node.append(typeof child === "string" ? document.createTextNode(child) : child);
    }
    return node;
  }

  function clear(node) {
    node.replaceChildren();
    return node;
  }

  function players() {
    const message = state.message;
    if (message && Array.isArray(message.view.hand_sizes)) return message.view.hand_sizes.length;
    return state.info ? state.info.players : 4;
  }

  function seatLetter(seat) {
    return seat >= 0 && seat < SEAT_LETTERS.length ? SEAT_LETTERS[seat] : String(seat);
  }

  function seatLabel(seat) {
    return `${seatLetter(seat)} (${seat})`;
  }

  // A key of totals or deal scores: a seat number ("2") or a pair ("NS").
  function scoreKeyLabel(key) {
    return /^\d+$/.test(key) ? seatLabel(Number(key)) : key;
  }

  function isCard(text) {
    return typeof text === "string" && (CARD.test(text) || OTHER_CARD.test(text));
  }

  // A list of cards (a talon, the cards laid away): every entry a card's text.
  function isCardList(value) {
    return Array.isArray(value) && value.length > 0 && value.every(isCard);
  }

  function isPrimitive(value) {
    return value === null || ["string", "number", "boolean"].includes(typeof value);
  }

  // A value of the view as text people read: seats by their letter.
  function formatValue(key, value) {
    if (value === null || value === undefined) return "\u2014";
    if (typeof value === "boolean") return value ? "yes" : "no";
    if (typeof value === "number" && SEAT_KEYS.has(key)) return seatLabel(value);
    if (typeof value === "string") {
      if (SUIT_KEYS.has(key) && SUITS[value]) return SUITS[value].symbol;
      return suitWords(value, ACTION_KEYS.has(key));
    }
    if (Array.isArray(value)) {
      if (value.length === 0) return "\u2014";
      if (key === "order" && value.every((v) => typeof v === "number")) {
        return value.map(seatLetter).join(" \u2192 ");
      }
      if (SEAT_LIST_KEYS.has(key) && value.every((v) => typeof v === "number")) {
        return value.map(seatLabel).join(", ");
      }
      if (value.every((v) => Array.isArray(v) && v.length === 2 && typeof v[0] === "number")) {
        return value.map((v) => `${seatLetter(v[0])}: ${formatValue(key, v[1])}`).join(", ");
      }
      if (value.length === players() && value.every(isPrimitive)) {
        return value.map((v, seat) => `${seatLetter(seat)}: ${formatValue("", v)}`).join(", ");
      }
      return value.map((v) => formatValue(key, v)).join(", ");
    }
    if (typeof value === "object") {
      return Object.entries(value)
        .map(([k, v]) => `${scoreKeyLabel(k)}: ${formatValue(k, v)}`)
        .join(", ");
    }
    return String(value);
  }

  function fillFacts(dl, object) {
    clear(dl);
    if (object === null || object === undefined) {
      dl.append(el("dd", { class: "none", text: "none" }));
      return;
    }
    if (typeof object !== "object") {
      dl.append(el("dd", { text: String(object) }));
      return;
    }
    for (const [key, value] of Object.entries(object)) {
      const term = el("dt", { text: key.replace(/_/g, " ") });
      if (isCardList(value)) {
        dl.append(term, el("dd", { "data-key": key, class: "chips" }, ...value.map(cardChip)));
      } else {
        dl.append(term, el("dd", { "data-key": key, text: formatValue(key, value) }));
      }
    }
  }

  // Words with their suits as symbols: a card ("QS" -> "Q\u2660"), a level and a strain
  // ("4HX" -> "4\u2665X"), and where `lone` a suit letter alone ("contract S game").
  function suitWords(text, lone) {
    return String(text)
      .split(" ")
      .map((word) => {
        const card = CARD.exec(word);
        if (card) return card[1] + SUITS[card[2]].symbol;
        if (OTHER_CARD.test(word) && SUITS[word.slice(-1)]) return word.slice(0, -1) + SUITS[word.slice(-1)].symbol;
        const call = /^([1-7])([CDHS])(X{0,2})$/.exec(word);
        if (call) return call[1] + SUITS[call[2]].symbol + call[3];
        if (lone && SUITS[word]) return SUITS[word].symbol;
        if (lone && SUIT_WORDS[word]) return `${word} ${SUITS[SUIT_WORDS[word]].symbol}`;
        return word;
      })
      .join(" ");
  }

  // Cards in the order the deal's picture shows them; a hand of another deck (a card
  // the French pack does not have) keeps the deck's order, as the view lists it.
  function sortCards(cards) {
    if (!cards.every((card) => CARD.test(card))) return [...cards];
    const order = (card) => {
      const m = CARD.exec(card);
      return m ? SUIT_ORDER.indexOf(m[2]) * 100 + RANK_ORDER.indexOf(m[1]) : 1000;
    };
    return [...cards].sort((a, b) => order(a) - order(b));
  }

  // A card ("QS", "10H") as a rank and a coloured suit symbol; a card of no suit (a
  // tarok, "T17") as the deck writes it.
  function cardFace(card) {
    const suit = SUITS[card.slice(-1)];
    if (!suit || card.length < 2 || !isCard(card)) return [el("span", { class: "rank", text: card })];
    return [
      el("span", { class: "rank", text: card.slice(0, -1) }),
      el("span", { class: suit.red ? "suit red" : "suit", text: suit.symbol }),
    ];
  }

  function trumpFace(trump) {
    if (trump === null || trump === undefined || trump === "") return ["none"];
    const suit = SUITS[trump];
    if (!suit) return [String(trump)];
    return [el("span", { class: suit.red ? "suit red" : "suit", title: trump, text: suit.symbol })];
  }

  function cardChip(card) {
    return el("span", { class: "chip", "data-card": card, title: card }, ...cardFace(card));
  }

  // A card's suit letter, or "" for a card of no suit (a tarok).
  function suitOf(card) {
    return SUITS[card.slice(-1)] && isCard(card) ? card.slice(-1) : "";
  }

  // -- connection and messages ------------------------------------------------

  function setConnection(text, stateName) {
    const node = $("connection");
    node.textContent = text;
    node.dataset.state = stateName;
  }

  function showError(text) {
    const node = $("error");
    node.textContent = text;
    node.hidden = !text;
  }

  function showRefusal(refused) {
    const box = $("refusal");
    if (!refused) {
      box.hidden = true;
      box.dataset.seq = "";
      return;
    }
    $("refusal-rule").textContent = refused.rule || "no rule";
    $("refusal-action").textContent = refused.action ? `\u201c${refused.action}\u201d` : "";
    $("refusal-message").textContent = refused.message || "";
    box.dataset.seq = String(refused.seq);
    box.dataset.rule = refused.rule || "";
    box.hidden = false;
  }

  function readFragment() {
    const params = new URLSearchParams(location.hash.replace(/^#/, ""));
    return { table: params.get("table"), invite: params.get("invite") };
  }

  function watchAddress(table) {
    return `#${new URLSearchParams({ table })}`;
  }

  function storedToken(table) {
    try {
      return sessionStorage.getItem(TOKEN_KEY + table);
    } catch (e) {
      return null;
    }
  }

  function keepToken(table, token) {
    try {
      sessionStorage.setItem(TOKEN_KEY + table, token);
    } catch (e) {
      /* a tab without storage plays until it is closed or reloaded */
    }
  }

  function forgetToken(table) {
    try {
      sessionStorage.removeItem(TOKEN_KEY + table);
    } catch (e) {
      /* nothing kept */
    }
  }

  // Exchange an invitation for its seat's token (once: the server refuses it after);
  // "" when the token is kept, else what went wrong.
  async function claim(table, invite) {
    try {
      const response = await fetch(`/tables/${encodeURIComponent(table)}/claim`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ invite }),
        cache: "no-store",
      });
      const body = await response.json();
      if (response.ok) {
        keepToken(table, body.token);
        return "";
      }
      return `${body.code || response.status}: ${body.message || "the invitation was refused"}`;
    } catch (e) {
      return `the invitation could not be claimed (${e.message})`;
    }
  }

  function showNotice(text) {
    const node = $("notice");
    node.textContent = text;
    node.hidden = !text;
  }

  async function connect() {
    const { table, invite } = readFragment();
    state.generation += 1;
    const generation = state.generation;
    if (state.socket) {
      try {
        state.socket.close();
      } catch (e) {
        /* already closed */
      }
      state.socket = null;
    }
    if (!table) {
      $("table").hidden = true;
      setConnection("", "idle");
      return;
    }
    let notice = "";
    if (invite) {
      // The invitation leaves the address (and the history) before anything else.
      history.replaceState(null, "", watchAddress(table));
      setConnection("taking the seat\u2026", "connecting");
      notice = await claim(table, invite);
      if (generation !== state.generation) return;
    }
    const token = storedToken(table);
    const changed = table !== state.table || token !== state.token;
    state.table = table;
    state.token = token;
    if (changed) {
      state.message = null;
      state.info = null;
      state.retries = 0;
      state.fatal = false;
      showRefusal(null);
      showError("");
      showNotice("");
      $("table").hidden = false;
      $("table-id").textContent = table;
      $("you").textContent = token ? "joining\u2026" : "spectator";
      loadInfo(table);
    }
    if (notice) showNotice(notice);
    if (!$("invites").hidden && $("invites").dataset.table !== table) $("invites").hidden = true;
    if (token || changed) $("create-panel").open = false;
    open(generation);
  }

  async function loadInfo(table) {
    try {
      const response = await fetch(`/tables/${encodeURIComponent(table)}`);
      const body = await response.json();
      if (table !== state.table) return;
      if (!response.ok) {
        showError(`${body.code || response.status}: ${body.message || "unknown table"}`);
        return;
      }
      state.info = body;
      $("table-profile").textContent = body.profile;
      if (state.message) render();
    } catch (e) {
      /* the socket says what is wrong */
    }
  }

  function open(generation) {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const url = `${scheme}//${location.host}/tables/${encodeURIComponent(state.table)}/ws`;
    setConnection("connecting\u2026", "connecting");
    const socket = new WebSocket(url);
    state.socket = socket;
    socket.addEventListener("open", () => {
      if (generation !== state.generation) return;
      const join = { type: "join", pictures: true };
      if (state.token) join.token = state.token;
      socket.send(JSON.stringify(join));
      setConnection("connected", "open");
    });
    socket.addEventListener("message", (event) => {
      if (generation !== state.generation) return;
      let message;
      try {
        message = JSON.parse(event.data);
      } catch (e) {
        return;
      }
      receive(message);
    });
    socket.addEventListener("close", () => {
      if (generation !== state.generation) return;
      state.pending = false;
      state.socket = null;
      if (state.fatal) {
        setConnection("disconnected", "closed");
        return;
      }
      state.retries += 1;
      const delay = Math.min(10, state.retries) * 1000;
      setConnection(`reconnecting in ${delay / 1000}s\u2026`, "connecting");
      setTimeout(() => {
        if (generation === state.generation) open(generation);
      }, delay);
    });
  }

  function receive(message) {
    state.pending = false;
    if (message.type === "view") {
      state.retries = 0;
      state.message = message;
      const refusal = $("refusal");
      if (!refusal.hidden && Number(refusal.dataset.seq) !== message.seq) showRefusal(null);
      showError("");
      render();
    } else if (message.type === "refused") {
      showRefusal(message);
      renderBusy();
    } else if (message.type === "error") {
      if (["bad-token", "unknown-table"].includes(message.code)) state.fatal = true;
      if (message.code === "bad-token") forgetToken(state.table);
      showError(`${message.code}: ${message.message}`);
      renderBusy();
    }
  }

  function act(action) {
    const message = state.message;
    if (!message || !state.socket || state.socket.readyState !== WebSocket.OPEN) return;
    if (state.pending || message.seat === SPECTATOR) return;
    state.pending = true;
    renderBusy();
    state.socket.send(JSON.stringify({ type: "act", action, seq: message.seq }));
  }

  // -- rendering --------------------------------------------------------------

  function renderBusy() {
    $("table").dataset.pending = state.pending ? "true" : "false";
  }

  function render() {
    const message = state.message;
    const view = message.view;
    const legal = message.legal || [];
    const mine = message.seat;
    const table = $("table");
    table.dataset.seq = String(message.seq);
    table.dataset.phase = view.phase;
    table.dataset.myTurn = legal.length > 0 ? "true" : "false";
    renderBusy();

    $("table-profile").textContent = view.profile;
    $("deal").textContent = String(view.deal_number);
    $("phase").textContent = view.phase;
    $("seq").textContent = String(message.seq);
    renderTrump(view);
    renderToDeal(view);
    $("you").textContent = mine === SPECTATOR ? "spectator" : seatLabel(mine);

    renderTurn(view, legal, mine);
    renderFinished(view);
    renderActions(legal);
    renderTrick(view);
    renderHands(view, legal, mine);
    renderSeats(view, mine);
    renderScores(view);
    renderAuction(view);
    renderTalon(view, legal);
    renderStockShown(view);
    renderPlayCalls(view);
    fillFacts($("contract"), view.contract);
    renderMore(view);

    const picture = $("picture");
    if (typeof message.picture === "string" && message.picture.startsWith("<svg")) {
      picture.innerHTML = message.picture; // built server-side from escaped text
    } else {
      clear(picture);
    }
  }

  // The trump: its suit, "concealed" while a seat keeps it hidden (with the suit where
  // this seat is the one that knows it), and when it was revealed.  Before the
  // contract, the trump the auction has named to this seat.
  function renderTrump(view) {
    const node = clear($("trump"));
    const auction = view.auction && typeof view.auction === "object" ? view.auction : {};
    const concealed = view.trump_concealed === true;
    const trump = view.trump ?? (view.contract ? null : auction.trump ?? null);
    node.dataset.concealed = concealed ? "true" : "false";
    node.dataset.trump = typeof trump === "string" ? trump : "";
    if (concealed) {
      if (trump) node.append(...trumpFace(trump), " concealed: the others do not know it");
      else node.append(el("span", { class: "concealed", text: "concealed" }));
      return;
    }
    node.append(...trumpFace(trump));
    const revealed = view.revealed;
    if (Array.isArray(revealed) && revealed.length === 3) {
      const [seat, tricks] = revealed;
      node.append(el("span", { class: "revealed", text: ` revealed at ${seatLetter(seat)}\u2019s call in trick ${tricks + 1}` }));
    }
  }

  // The cards still to be dealt to each seat, where the hands are dealt in stages.
  function renderToDeal(view) {
    const toDeal = Array.isArray(view.to_deal) ? view.to_deal : [];
    const coming = toDeal.some((n) => n > 0);
    $("to-deal-box").hidden = !coming;
    $("to-deal").textContent = coming ? toDeal.map((n, seat) => `${seatLetter(seat)} ${n}`).join(", ") : "";
  }

  // The number of parts a talon is turned up in, where this seat's actions tell it
  // ("take part 1" .. "take part K"), kept for the rest of the deal.
  function talonParts(view, legal) {
    const key = `${state.table}/${view.deal_number}`;
    const taken = legal.map((a) => /^take part ([0-9]+)$/.exec(a)).filter(Boolean).map((m) => Number(m[1]));
    if (taken.length > 0) state.talonParts = { key, parts: Math.max(...taken) };
    if (Number.isInteger(view.auction && view.auction.parts)) return view.auction.parts;
    return state.talonParts && state.talonParts.key === key ? state.talonParts.parts : null;
  }

  // A talon turned up (the auction's or the contract's ``talon``): its cards, in its
  // parts where their number is known, the part taken marked.
  function renderTalon(view, legal) {
    const auction = view.auction && typeof view.auction === "object" ? view.auction : {};
    const contract = view.contract && typeof view.contract === "object" ? view.contract : {};
    const talon = isCardList(auction.talon) ? auction.talon : isCardList(contract.talon) ? contract.talon : null;
    const box = clear($("talon"));
    $("talon-section").hidden = talon === null;
    if (talon === null) return;
    const part = Number.isInteger(auction.part) ? auction.part : Number.isInteger(contract.part) ? contract.part : null;
    const parts = talonParts(view, legal);
    const groups = parts && talon.length % parts === 0 ? parts : 1;
    const size = talon.length / groups;
    for (let i = 0; i < groups; i += 1) {
      const number = groups === 1 ? null : i + 1;
      const taken = number !== null && number === part;
      box.append(
        el(
          "div",
          { class: taken ? "part taken" : "part", "data-part": number === null ? "all" : String(number) },
          el("span", { class: "who", text: number === null ? "" : `part ${number}${taken ? " (taken)" : ""}` }),
          ...talon.slice(i * size, (i + 1) * size).map(cardChip),
        ),
      );
    }
    $("talon-part").textContent = part === null ? "no part taken yet" : groups === 1 ? `part ${part} taken` : "";
  }

  // The cards of the stock the contract shows during the play (the same on every page),
  // in the order they were shown.
  function renderStockShown(view) {
    const shown = isCardList(view.stock_shown) ? view.stock_shown : [];
    const box = clear($("stock-shown"));
    box.append(...shown.map(cardChip));
    $("stock-shown-row").hidden = shown.length === 0;
  }

  // The calls of the play (announcements, a pair shown...), in order with their seats.
  function renderPlayCalls(view) {
    const list = clear($("play-calls"));
    for (const entry of view.play_calls || []) {
      if (!Array.isArray(entry) || entry.length !== 2) continue;
      list.append(
        el("li", { "data-seat": String(entry[0]) }, el("span", { class: "who", text: seatLetter(entry[0]) }), ` ${suitWords(entry[1], true)}`),
      );
    }
    $("play-calls-section").hidden = list.childElementCount === 0;
  }

  function seatKind(seat) {
    const seats = state.info && state.info.seats;
    return seats && seat < seats.length ? seats[seat] : "";
  }

  function renderTurn(view, legal, mine) {
    const node = $("turn");
    node.className = "turn";
    if (view.phase === "finished") {
      node.textContent = "The game is over.";
      return;
    }
    if (view.to_act === null || view.to_act === undefined) {
      node.textContent = "";
      return;
    }
    if (legal.length > 0) {
      node.classList.add("mine");
      node.textContent =
        view.to_act === mine
          ? "Your turn."
          : `Your turn: play from ${seatLetter(view.to_act)}\u2019s hand (dummy).`;
      return;
    }
    const controller = view.controller ?? view.to_act;
    const kind = seatKind(controller);
    let text = `Waiting for ${seatLabel(controller)}${kind ? ` (${kind})` : ""}`;
    if (controller !== view.to_act) text += `, who plays ${seatLetter(view.to_act)}\u2019s cards`;
    node.textContent = `${text}\u2026`;
  }

  function renderFinished(view) {
    const box = $("finished");
    const over = view.phase === "finished";
    box.hidden = !over;
    if (!over) return;
    const totals = Object.entries(view.totals || {});
    $("finished-text").textContent = totals.length
      ? `Totals: ${totals.map(([k, v]) => `${scoreKeyLabel(k)} ${v}`).join(", ")}.`
      : "";
    $("record").href = `/tables/${encodeURIComponent(state.table)}/record`;
  }

  function renderActions(legal) {
    const box = clear($("actions"));
    const others = legal.filter((a) => !a.startsWith("play "));
    for (const action of others) {
      box.append(
        el("button", { type: "button", class: "action", "data-action": action, text: suitWords(action, true), onclick: () => act(action) }),
      );
    }
    box.hidden = others.length === 0;
  }

  function renderTrick(view) {
    const box = clear($("trick"));
    const trick = view.trick || [];
    if (trick.length === 0) box.append(el("span", { class: "none", text: "no card on the table" }));
    for (const [seat, card] of trick) {
      box.append(
        el("div", { class: "played", "data-seat": String(seat) }, el("span", { class: "who", text: seatLetter(seat) }), cardChip(card)),
      );
    }
    const last = $("last-trick");
    clear(last);
    const tricks = view.tricks || [];
    if (tricks.length > 0) {
      const [leader, cards, winner] = tricks[tricks.length - 1];
      const seats = trickSeats(view, leader, cards.length);
      last.append(`Last trick (${tricks.length}), led by ${seatLetter(leader)}: `);
      cards.forEach((card, i) => {
        const seat = seats ? seats[i] : null;
        last.append(
          el(
            "span",
            { class: "played-by", "data-seat": seat === null ? null : String(seat) },
            seat === null ? null : el("span", { class: "who", text: seatLetter(seat) }),
            cardChip(card),
          ),
          " ",
        );
      });
      last.append(`won by ${seatLabel(winner)}.`);
    }
  }

  // The seat of each card of a finished trick: from the leader, in the direction of
  // play (the table's, else its profile's); null while neither is known.
  function trickSeats(view, leader, count) {
    const profile = state.profiles.find((p) => p.name === view.profile);
    const direction = (state.info && state.info.direction) || (profile && profile.direction);
    if (!direction) return null;
    const n = players();
    const step = direction === "counterclockwise" ? n - 1 : 1;
    return Array.from({ length: count }, (_, i) => (leader + i * step) % n);
  }

  // The action a click on `card` sends: the one legal action naming that card alone
  // ("pass 5C" while passing), else "play <card>" (refused with its rule if illegal).
  function cardAction(card, legal) {
    const matching = legal.filter((a) => {
      const words = a.split(" ");
      return words.length === 2 && words[1] === card;
    });
    return matching.length === 1 ? matching[0] : `play ${card}`;
  }

  function renderHands(view, legal, mine) {
    const box = clear($("hands"));
    const legalSet = new Set(legal);
    const hands = view.hands || {};
    const contract = view.contract && typeof view.contract === "object" ? view.contract : {};
    const seats = Object.keys(hands)
      .map(Number)
      .sort((a, b) => (a === mine ? -1 : b === mine ? 1 : a - b));
    for (const seat of seats) {
      const cards = sortCards(hands[String(seat)] || []);
      let title;
      if (seat === mine) title = `Your hand, ${seatLabel(seat)}`;
      else if (seat === contract.dummy) title = `Dummy, ${seatLabel(seat)}`;
      else title = `Hand of ${seatLabel(seat)}`;
      // The hand a card is to be played from now: its other cards are shown dimmed.
      const active = view.to_act === seat && cards.some((c) => legalSet.has(cardAction(c, legal)));
      const row = el("div", { class: active ? "cards active" : "cards" });
      let previousSuit = null;
      for (const card of cards) {
        const action = cardAction(card, legal);
        const isLegal = legalSet.has(action);
        const suit = suitOf(card);
        const classes = ["card"];
        if (isLegal) classes.push("legal");
        else if (active) classes.push("illegal");
        if (previousSuit !== null && suit !== previousSuit) classes.push("suit-start");
        previousSuit = suit;
        const button = el(
          "button",
          {
            type: "button",
            class: classes.join(" "),
            title: action,
            "data-card": card,
            "data-action": action,
            "data-legal": isLegal ? "true" : "false",
            "aria-label": action,
            disabled: mine === SPECTATOR,
            onclick: () => act(action),
          },
          ...cardFace(card),
        );
        row.append(button);
      }
      if (cards.length === 0) row.append(el("span", { class: "none", text: "no cards" }));
      box.append(
        el(
          "section",
          { class: "hand", "data-hand": String(seat) },
          el("h2", { text: `${title} (${cards.length})` }),
          row,
        ),
      );
    }
  }

  function lastCalls(view) {
    const calls = {};
    for (const entry of view.auction_actions || []) {
      if (Array.isArray(entry) && entry.length === 2) calls[entry[0]] = entry[1];
    }
    return calls;
  }

  function renderSeats(view, mine) {
    const body = clear($("seat-table").tBodies[0]);
    const sizes = view.hand_sizes || [];
    const won = view.tricks_won || [];
    const calls = lastCalls(view);
    const toDeal = Array.isArray(view.to_deal) ? view.to_deal : [];
    const sides = view.sides && typeof view.sides === "object" ? view.sides : null;
    $("side-head").hidden = sides === null;
    for (let seat = 0; seat < sizes.length; seat += 1) {
      const marks = [];
      if (seat === mine) marks.push("you");
      if (seat === view.dealer) marks.push("dealer");
      if (view.contract && typeof view.contract === "object") {
        if (seat === view.contract.declarer) marks.push("declarer");
        if (seat === view.contract.dummy) marks.push("dummy");
      }
      const row = el(
        "tr",
        { "data-seat": String(seat), class: seat === view.to_act ? "to-act" : "" },
        el("td", { text: seatLabel(seat) }),
        el("td", { text: [seatKind(seat), ...marks].filter(Boolean).join(", ") }),
        el("td", { text: toDeal[seat] > 0 ? `${sizes[seat]} + ${toDeal[seat]} to come` : String(sizes[seat]) }),
        el("td", { class: "tricks-won", text: String(won[seat] ?? "") }),
        el("td", { text: calls[seat] ? suitWords(calls[seat], true) : "" }),
      );
      // Each seat's side as far as this seat knows it ("?": not known to it).
      if (sides !== null) {
        const side = sides[String(seat)];
        row.append(el("td", { class: "side", "data-side": side ?? "", text: side ?? "?" }));
      }
      body.append(row);
    }
  }

  function renderScores(view) {
    const table = $("scores");
    const head = clear(table.tHead);
    const body = clear(table.tBodies[0]);
    const totals = view.totals || {};
    const deals = view.deal_scores || [];
    const keys = Object.keys(totals);
    for (const deal of deals) for (const k of Object.keys(deal)) if (!keys.includes(k)) keys.push(k);
    const header = el("tr", {}, el("th", { text: "" }));
    deals.forEach((_, i) => header.append(el("th", { text: `deal ${i + 1}` })));
    header.append(el("th", { text: "total" }));
    head.append(header);
    for (const key of keys) {
      const row = el("tr", { "data-key": key }, el("th", { text: scoreKeyLabel(key) }));
      for (const deal of deals) row.append(el("td", { text: deal[key] ?? "" }));
      row.append(el("td", { class: "total", text: totals[key] ?? "" }));
      body.append(row);
    }
  }

  function renderAuction(view) {
    const list = clear($("calls"));
    for (const entry of view.auction_actions || []) {
      if (!Array.isArray(entry) || entry.length !== 2) continue;
      const text = entry[1] === null ? "(hidden)" : suitWords(entry[1], true);
      list.append(el("li", { "data-seat": String(entry[0]) }, el("span", { class: "who", text: seatLetter(entry[0]) }), ` ${text}`));
    }
    list.hidden = list.childElementCount === 0;
    fillFacts($("auction"), view.auction);
  }

  function renderMore(view) {
    const extra = {};
    for (const [key, value] of Object.entries(view)) if (!SHOWN_KEYS.has(key)) extra[key] = value;
    fillFacts($("more"), extra);
    $("more-section").hidden = Object.keys(extra).length === 0;
  }

  // -- the create form --------------------------------------------------------

  function chosenProfile() {
    const name = $("profile").value.trim();
    return state.profiles.find((p) => p.name === name) || null;
  }

  // The seats and house rules of the profile named; a name that is not a profile keeps
  // the last ones (the server answers a mistyped name with the closest one).
  function renderProfileChoices() {
    const profile = chosenProfile();
    if (!profile) {
      $("profile-info").textContent = $("profile").value.trim() ? "not a profile installed here" : "";
      return;
    }
    if ($("seats").dataset.profile === profile.name) return;
    $("seats").dataset.profile = profile.name;
    const deals = profile.deals;
    $("profile-info").textContent = `${profile.title}: ${profile.players} players, ${deals} deal${deals === 1 ? "" : "s"}`;
    $("deals").placeholder = `${deals} (the profile's)`;
    const box = clear($("seats"));
    for (let seat = 0; seat < profile.players; seat += 1) {
      const select = el("select", { id: `seat-${seat}`, "data-seat": String(seat) });
      for (const kind of SEAT_KINDS) select.append(el("option", { value: kind, text: kind }));
      select.value = seat === DEFAULT_HUMAN_SEAT ? "human" : "bot:rule";
      box.append(el("label", { class: "seat-choice" }, el("span", { text: seatLabel(seat) }), select));
    }
    renderOptions(profile);
  }

  // One control an option, from its declaration (GET /profiles): its type, the
  // profile's value, its choices or range, its words and the rule it changes.
  function renderOptions(profile) {
    const box = clear($("options"));
    if (profile.options.length === 0) {
      box.append(el("span", { class: "hint", text: "none: this profile has no options" }));
      return;
    }
    for (const option of profile.options) {
      const id = `option-${option.name}`;
      const common = { id, "data-option": option.name, "data-type": option.type };
      let control;
      if (option.choices.length > 0) {
        control = el("select", common);
        for (const choice of option.choices) {
          control.append(el("option", { value: JSON.stringify(choice), text: String(choice) }));
        }
        control.value = JSON.stringify(option.default);
      } else if (option.type === "boolean") {
        control = el("input", { ...common, type: "checkbox", checked: option.default === true });
      } else if (option.type === "text") {
        control = el("input", { ...common, type: "text", maxLength: option.max_length, value: option.default });
      } else {
        control = el("input", {
          ...common,
          type: "number",
          min: String(option.minimum),
          max: String(option.maximum),
          step: option.type === "integer" ? "1" : "any",
          value: String(option.default),
        });
      }
      const words = el("span", { class: "hint" }, option.description);
      if (option.rule) words.append(" ", el("code", { class: "rule", text: option.rule }));
      box.append(
        el(
          "div",
          { class: "option", "data-option": option.name },
          el("label", { for: id, text: option.name.replace(/_/g, " ") }),
          control,
          words,
        ),
      );
    }
  }

  // The options whose control differs from the profile's value (the table's house rules).
  function readOptions(profile) {
    const options = {};
    for (const option of profile ? profile.options : []) {
      const control = $(`option-${option.name}`);
      if (!control) continue;
      let value;
      if (option.choices.length > 0) value = JSON.parse(control.value);
      else if (option.type === "boolean") value = control.checked;
      else if (option.type === "text") value = control.value;
      else if (control.value.trim() === "") continue;
      else value = Number(control.value);
      if (value !== option.default) options[option.name] = value;
    }
    return options;
  }

  async function loadProfiles() {
    try {
      const response = await fetch("/profiles");
      state.profiles = await response.json();
    } catch (e) {
      showCreateError("could not read the profiles");
      return;
    }
    const list = clear($("profile-names"));
    for (const profile of state.profiles) {
      list.append(el("option", { value: profile.name, text: `${profile.title} (${profile.players})` }));
    }
    const input = $("profile");
    if (!input.value && state.profiles.some((p) => p.name === "callbreak-strict")) input.value = "callbreak-strict";
    renderProfileChoices();
    input.dataset.loaded = "true";
    if (state.message) render();
  }

  function showCreateError(text) {
    const node = $("create-error");
    node.textContent = text;
    node.hidden = !text;
  }

  async function create(event) {
    event.preventDefault();
    showCreateError("");
    const profile = chosenProfile();
    const request = { profile: $("profile").value.trim(), seats: [] };
    for (const select of $("seats").querySelectorAll("select")) request.seats.push(select.value);
    const options = readOptions(profile);
    if (Object.keys(options).length > 0) request.options = options;
    const deals = $("deals").value.trim();
    if (deals) request.deals = Number(deals);
    const delay = $("bot-delay").value.trim();
    if (delay) request.bot_delay = Number(delay);
    const button = $("create");
    button.disabled = true;
    try {
      const response = await fetch("/tables", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(request),
      });
      const body = await response.json();
      if (response.status !== 201) {
        showCreateError(`${body.code || response.status}: ${body.message || "refused"}`);
        return;
      }
      // This tab plays the form's human seat (else the first human one) and keeps its
      // token; the other human seats get invitations.
      const humans = Object.keys(body.tokens).map(Number).sort((a, b) => a - b);
      const mine = humans.includes(DEFAULT_HUMAN_SEAT) ? DEFAULT_HUMAN_SEAT : humans[0];
      if (mine !== undefined) keepToken(body.table, body.tokens[String(mine)]);
      showInvites(body, mine);
      location.hash = watchAddress(body.table);
    } catch (e) {
      showCreateError(`the server did not answer (${e.message})`);
    } finally {
      button.disabled = false;
    }
  }

  function showInvites(created, mine) {
    const list = clear($("invite-list"));
    const base = `${location.origin}${location.pathname}`;
    created.seats.forEach((kind, seat) => {
      const invite = created.invites[String(seat)];
      if (invite === undefined) {
        list.append(el("li", { "data-seat": String(seat) }, `${seatLabel(seat)}: ${kind}`));
        return;
      }
      if (seat === mine) {
        list.append(el("li", { "data-seat": String(seat) }, `${seatLabel(seat)}: you, in this tab`));
        return;
      }
      const href = `${base}#${new URLSearchParams({ table: created.table, invite })}`;
      list.append(
        el(
          "li",
          { "data-seat": String(seat) },
          `${seatLabel(seat)}: `,
          el("a", { href, class: "invite", "data-seat": String(seat), text: href }),
        ),
      );
    });
    const watch = `${base}${watchAddress(created.table)}`;
    list.append(el("li", {}, "Spectators: ", el("a", { href: watch, class: "invite", "data-spectate": "true", text: watch })));
    const box = $("invites");
    box.dataset.table = created.table;
    box.hidden = false;
  }

  // -- start ------------------------------------------------------------------

  function start() {
    $("create-form").addEventListener("submit", create);
    $("profile").addEventListener("input", renderProfileChoices);
    $("profile").addEventListener("change", renderProfileChoices);
    window.addEventListener("hashchange", connect);
    loadProfiles();
    connect();
  }

  start();
})();
