// wordbot web page: a person against a bot over the engine protocol (WebSocket /ws).
//
// THE PAGE CONTRACT. This script knows no game, so that a game brings its page with it
// and a game without one still plays everywhere else. The server's hello lists the
// games (title, seats, players per game); for each one this script loads
// /static/<game>.js and, when there is one, its style sheet /static/<game>.css (style.css
// holds only what the whole page shares), and a game whose script registers a view is
// offered here. Any other game is the fallback: listed "(not yet)", with a message saying
// where to play it. The page opens on the server's game when it has a page (else the
// first listed that has one), and seats the person and the next seats in seat order, as
// many as the game's smallest table; the server refuses seats the game does not allow,
// and says why. A game's script, run once as it loads, calls
//
//   const area = Wordbot.register(name, view);
//
// and gets back the element holding its markup (hidden while another game is chosen).
// The view's members:
//   markup         HTML of the game's part of the page: the board and its own buttons
//   help           text of its "How to play" paragraph: the clicks
//   winning        text of the paragraph after it: how the game is won and what the
//                  score table shows (the page adds the command that prints the rules)
//   render()       draw game.position (the person's seat's view), the status line and
//                  the buttons' states; called on every position and busy change
//   scores(final)  fill the score table (scoreTable); final: the end's result, null
//                  while the game goes on
//   useHint(move, cand)  a hint was clicked (only when canAct()): lay the move out for
//                  the person to confirm with the game's play button, never send it
//                  (a move with nothing to lay out: hold it, say so with hintHeld)
// and, optional:
//   newPosition()  a new position arrived (before render): forget what was being made
//                  for the old one, ask for its legal moves (legalMoves)
//   reset()        a new game starts
//   hintText(cand) a hint's line in the list (default: notation, points, hintValue)
//   hintTitle(cand) a hint's tooltip (the page adds hintValueTitle's)
//   seats          the seat names to offer instead of the game's, for a game that
//                  takes any names
// What a view may use from here: game (.position, .human, .bot, .busy, .turn, .moves),
// $, node, svgNode, send, hint, offerHint, hintHeld, hintValue, legalMoves, lastBotMove,
// lastTurns, myTurn, canAct, scoreTable, setStatus, showMessage, setBusy.
"use strict";

const $ = (sel) => document.querySelector(sel);
// name -> the view its script registered, and its two elements (area, help)
const VIEWS = {};
const PARTS = {};

const Wordbot = {
  register(name, view) {
    const area = node("div", "game-area", undefined, { id: `${name}-area` });
    area.hidden = true;
    area.innerHTML = view.markup;
    $("#message").before(area);
    const help = node("div", undefined, undefined, { id: `help-${name}` });
    help.appendChild(node("p", undefined, view.help));
    if (view.winning) help.appendChild(node("p", "help-winning", view.winning));
    const rules = node("p", "help-rules", "Full rules: ");
    rules.appendChild(node("code", undefined, `wordbot rules --game ${name}`));
    help.appendChild(rules);
    help.hidden = true;
    $("#help").appendChild(help);
    VIEWS[name] = view;
    PARTS[name] = [area, help];
    return area;
  },
  // whether the player to move may take the first turn over (the rule pie, docs/rules/):
  // the second player's first turn, the first player's (and its extra turns) done
  pieOffered(pos) {
    const [first, second] = pos.players;
    return !!(pos.rules && pos.rules.pie) && !pos.pie_taken && pos.phase === "turn" &&
      pos.players.length === 2 && pos.to_move === second &&
      pos.turns_taken[first] === 1 && pos.turns_taken[second] === 0 &&
      !(pos.extra && pos.extra.length);
  },
};

// under the rule bidding, the points this page's person bids to move first, from the
// page's link (`?bid=N`): the server takes it with the bots' own, sealed
const BID = new URLSearchParams(location.search).get("bid");

// rule options pinned by the page's link, `?rule=NAME=VALUE` (repeatable; a value is
// read as JSON when it is JSON, else as text): every new game is played under them
const RULES = Object.fromEntries(new URLSearchParams(location.search).getAll("rule")
  .filter((text) => text.includes("="))
  .map((text) => {
    const [name, value] = [text.slice(0, text.indexOf("=")), text.slice(text.indexOf("=") + 1)];
    try { return [name, JSON.parse(value)]; } catch { return [name, value]; }
  }));

// moves: this game's moves as the page saw them ({by, move, notation, mine, before: the
// position the move was made in}), oldest first; pending: what a busy page waits for;
// botWait: ends the wait for the bot's move (see waitFor); catchingUp: a rejoin's missed
// moves are being shown (caught so far; no legal moves are asked for them)
const game = {
  ws: null, nextId: 1, waiting: new Map(), hello: null,
  name: null, position: null, human: null, bot: null, busy: false, pending: "", turn: 0,
  moves: [], botWait: null, catchingUp: false, caught: 0,
};

const chosenView = () => VIEWS[game.name];

// ---------------------------------------------------------------- protocol
function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/ws`);
  game.ws = ws;
  ws.onopen = async () => {
    const again = game.hello !== null;  // a connection that dropped, made again
    link.tries = 0;
    if (again) { await reconnected(); return; }
    game.hello = await request({ cmd: "hello" });
    const names = Object.keys(game.hello.games);
    // every page is in before "New game" is offered, so none meets a game without it
    await Promise.all(names.map(loadView));
    const seat = savedSeat();
    const first = seat && VIEWS[seat.game] ? seat.game
      : VIEWS[game.hello.game] ? game.hello.game : names.find((n) => VIEWS[n]);
    fillGames(first);
    if (!first) { setStatus("No game has a page here yet."); return; }
    await switchTo(first);
    $("#new-game").disabled = false;
    if (seat) await rejoin(seat);  // the page was reloaded during a game
  };
  ws.onmessage = (event) => {
    const msg = JSON.parse(event.data);
    if (msg.event) { gameEvent(msg); return; }  // the hosted game: a bot moved, or the end
    const entry = game.waiting.get(msg.id);
    if (!entry) return;
    if (msg.type === "info") { entry.onInfo && entry.onInfo(msg); return; }
    game.waiting.delete(msg.id);
    if (msg.type === "error") entry.reject(msg.error); else entry.resolve(msg);
  };
  ws.onclose = () => {
    if (game.ws !== ws) return;
    stopWaits();
    for (const entry of game.waiting.values()) entry.reject({ code: "closed", message: "connection closed" });
    game.waiting.clear();
    reconnectLater();
  };
}

// a game's page script and its style sheet beside it, /static/<game>.css (a game without
// one keeps the page's own style); a game without a script (it is not found) gets the
// fallback, and so does a game named like the page's own script (a game "app" must not
// run this file again)
function loadView(name) {
  const src = `/static/${encodeURIComponent(name)}.js`;
  if (document.querySelector(`script[src="${src}"]`)) return Promise.resolve();
  const style = new Promise((done) => {
    const link = node("link", undefined, undefined,
                      { rel: "stylesheet", href: `/static/${encodeURIComponent(name)}.css` });
    link.onload = done;
    link.onerror = () => { link.remove(); done(); };
    document.head.appendChild(link);
  });
  const script = new Promise((done) => {
    const tag = document.createElement("script");
    tag.src = src;
    tag.onload = tag.onerror = done;
    document.body.appendChild(tag);
  });
  return Promise.all([style, script]);
}

function request(obj, onInfo) {
  const id = game.nextId++;
  return new Promise((resolve, reject) => {
    if (game.ws.readyState !== WebSocket.OPEN) {
      reject({ code: "closed", message: "not connected to the server (reconnecting)" });
      return;
    }
    game.waiting.set(id, { resolve, reject, onInfo });
    game.ws.send(JSON.stringify({ id, ...obj }));
  });
}

// a search (the bot's or a hint's) may still be finishing: the server says busy, so
// ask again shortly
async function requestWhenFree(obj) {
  for (let tries = 0; ; tries++) {
    try { return await request(obj); } catch (err) {
      if (err.code !== "busy" || tries > 20) throw err;
      await new Promise((ok) => setTimeout(ok, 250));
    }
  }
}

// the server's legal moves of the shown position: a `moves` reply per kind (no kinds:
// one of every kind). null when the position changed meanwhile (the answers are of
// no use) or the server refused (the message line says why)
async function legalMoves(...kinds) {
  if (game.catchingUp) return null;  // a position already gone: the rejoin's last one asks
  const position = game.position;
  const replies = [];
  const done = waitFor("asking the server for your legal moves");
  try {
    for (const kind of kinds.length ? kinds : [null]) {
      if (game.position !== position) return null;
      replies.push(await requestWhenFree({ cmd: "moves", turn: game.turn, ...(kind ? { kind } : {}) }));
    }
  } catch (err) { showMessage(err.message); return null; } finally { done(); }
  return game.position === position ? replies : null;
}

// ---------------------------------------------------------------- games, seats, bots
function fillGames(chosen) {
  const select = $("#game");
  select.innerHTML = "";
  for (const [name, info] of Object.entries(game.hello.games)) {
    select.appendChild(node("option", undefined,
      VIEWS[name] ? info.title : `${info.title} (not yet)`, { value: name }));
  }
  if (chosen) select.value = chosen;
}

async function chooseGame() {
  const name = $("#game").value;
  const ready = !!VIEWS[name];
  $("#new-game").disabled = !ready;
  showMessage(ready ? "" : `${game.hello.games[name].title} has no page here yet (not yet): ` +
    `play it with "wordbot play --game ${name}" or over the engine protocol.`);
  if (ready && name !== game.name) await switchTo(name);
}

// the session plays one game at a time: switch it, then offer that game's seats and bots
async function switchTo(name) {
  if (game.hello.game !== name) {
    const done = waitFor(`opening ${game.hello.games[name].title}`);
    try {
      await request({ cmd: "newgame", game: name });
      game.hello = await request({ cmd: "hello" });
    } finally { done(); }
  }
  game.name = name;
  game.position = null;
  const title = game.hello.games[name].title;
  for (const [other, parts] of Object.entries(PARTS)) {
    for (const part of parts) part.hidden = other !== name;
  }
  $("#title").textContent = `· ${title}`;
  document.title = `wordbot · ${title}`;
  fillSeats();
  fillBots();
  setStatus("Choose a bot and press New game.");
}

function seatNames() { return chosenView().seats || game.hello.games[game.name].seats; }

function fillSeats() {
  const select = $("#colour");
  const was = select.value;
  select.innerHTML = "";
  for (const seat of seatNames()) select.appendChild(node("option", undefined, seat, { value: seat }));
  if (seatNames().includes(was)) select.value = was;
}

function fillBots() {
  const select = $("#bot");
  select.innerHTML = "";
  const players = game.hello.players;
  const plays = (info) => !info.games || info.games.includes(game.name);
  for (const name of Object.keys(players).filter((n) => plays(players[n]))) {
    select.appendChild(node("option", undefined, `${name} — ${players[name].description}`,
                            { value: name }));
  }
  // opponents by strength, weakest first (docs/strength.md measures them)
  const levels = node("optgroup", undefined, undefined, { label: "Levels" });
  for (const level of game.hello.games[game.name].levels || []) {
    levels.appendChild(node("option", undefined, `Level ${level.level} — ${level.name}`,
                            { value: `level:n=${level.level}` }));
  }
  if (levels.children.length) select.appendChild(levels);
  const wanted = game.hello.values.player;
  const known = [...select.options].some((o) => o.value === wanted);
  select.value = known ? wanted : wanted.split(":")[0];
}

// ---------------------------------------------------------------- game flow
// The server holds the game (docs/protocol.md, "Hosted games"): it deals, it makes the
// bot's moves, and it tells this page only its own seat's view, move by move.
async function newGame() {
  const human = $("#colour").value, bot = $("#bot").value;
  // the smallest table: the person's seat and the first others, in seat order
  const seats = seatNames();
  const others = seats.filter((s) => s !== human)
    .slice(0, game.hello.games[game.name].players_per_game[0] - 1);
  const players = seats.filter((s) => s === human || others.includes(s));
  const req = { cmd: "newgame", game: game.name, players,
                seats: players.map((p) => (p === human ? "human" : bot)) };
  if (Object.keys(RULES).length) req.rules = RULES;
  if (BID !== null) req.bid = Number(BID);
  let reply;
  const done = waitFor("starting the game");
  try { reply = await request(req); } catch (err) { showMessage(err.message); return; } finally { done(); }
  // a refused table (seats the game does not allow) leaves the last game as it was;
  // the bids of the rule bidding may seat the person elsewhere than it asked
  const seat = reply.seat || human;
  if (reply.token) saveSeat({ token: reply.token, game: game.name, human: seat, bot });
  startGame(seat, bot);
  // the bids may have moved the person to another seat: say whose bid won
  showMessage(reply.bids ? "bids: " + Object.entries(reply.bids)
    .map(([seat, bid]) => `${seat} ${bid}`).join(", ") + `; you play ${reply.seat}` : "");
  showTable(reply);
}

// a new game's page: nothing logged, hinted or laid out yet
function startGame(human, bot) {
  game.human = human; game.bot = bot;
  if (chosenView().reset) chosenView().reset();
  game.moves = [];
  game.position = null;
  $("#log").innerHTML = ""; $("#hints").innerHTML = ""; $("#scores").innerHTML = "";
}

// the seat's view at move `turn`; while the bot is to move, the page waits for its move
function showTable(msg) {
  game.turn = msg.turn;
  const waiting = !msg.over && msg.to_move !== game.human;
  game.busy = waiting;
  game.pending = waiting ? `${msg.to_move}'s move` : "";
  document.body.dataset.busy = waiting ? "1" : "";
  game.position = msg.view;
  if (chosenView().newPosition) chosenView().newPosition();
  if (game.botWait) game.botWait();
  game.botWait = null;
  render();
  if (waiting) {
    const who = `${msg.to_move} (${game.bot})`;
    setStatus(`${who} is thinking…`);
    game.botWait = waitFor(`${who} is thinking`, true);
  }
}

// a move of the game (the bot's; the person's own too, when the page missed its reply
// while the connection was down), or its end
function gameEvent(msg) {
  if (msg.event === "move") {
    const mine = msg.by === game.human;
    if (game.catchingUp) game.caught += 1;
    logMove(msg.by, msg.notation, mine ? "you" : game.bot);
    game.moves.push({ by: msg.by, move: msg.move, notation: msg.notation, mine,
                      before: game.position });
    showTable(msg);
  } else if (msg.event === "end") {
    forgetSeat();  // nothing left to rejoin
    gameOver(msg.result);
  } else if (msg.event === "error" && msg.error.code === "rejoined") {
    playedElsewhere();
  } else if (msg.event === "error") {  // the bot could not move (the server says why)
    if (game.botWait) game.botWait();
    game.botWait = null;
    showMessage(msg.error.message);
  }
}

// the person's move; a refused one is explained in the message line
async function send(move) {
  if (game.busy) return;
  setBusy(true, "the server's answer to your move");
  const done = waitFor("playing your move");
  try {
    const reply = await request({ cmd: "play", turn: game.turn, move });
    done();
    showMessage("");
    logMove(reply.seat, reply.played, "you");
    game.moves.push({ by: reply.seat, move, notation: reply.played, mine: true,
                      before: game.position });
    $("#hints").innerHTML = "";
    showTable(reply);
  } catch (err) {
    done();
    showMessage(err.message);
    setBusy(false);
  }
}

function lastBotMove() {
  const made = game.moves.filter((m) => !m.mine);
  return made.length ? made[made.length - 1].move : null;
}

// each player's last turn: the moves it made last in a row (several in a game where a
// turn is more than one move), oldest first; player -> [moves entries]
function lastTurns() {
  const turns = {};
  let run = [];
  game.moves.forEach((m, i) => {
    run = i && game.moves[i - 1].by === m.by ? run.concat([m]) : [m];
    turns[m.by] = run;
  });
  return turns;
}

function gameOver(score) {
  stopWaits();
  game.busy = false;
  game.pending = "";
  document.body.dataset.busy = "";
  const winners = score.winners.join(" and ");
  const you = score.winners.includes(game.human);
  setStatus(`Game over: ${winners} ${score.winners.length > 1 ? "share the win" : "wins"}` +
            (you ? " — well played!" : "."));
  chosenView().scores(score);
}

// hints come from the server's default player (the strongest), whoever the opponent is
async function hint() {
  if (!canAct()) { showMessage(whyNotNow()); return; }
  const helper = game.hello.values.player;
  setBusy(true, "the hint");
  const done = waitFor(`${helperName()} is working out your hint`, true);
  try {
    const v = chosenView();
    const best = await request({ cmd: "hint", turn: game.turn, player: helper, top: 5 });
    const list = $("#hints");
    list.innerHTML = "";
    list.title = `hints by ${helper}`;
    for (const cand of best.candidates) {
      const li = node("li", undefined, v.hintText ? v.hintText(cand)
        : `${cand.notation} — ${cand.points} pts, ${hintValue(cand)}`);
      li.title = [v.hintTitle && v.hintTitle(cand), hintValueTitle(cand)].filter(Boolean).join("\n");
      li.onclick = () => {
        if (canAct()) v.useHint(cand.move, cand); else showMessage(whyNotNow());
      };
      list.appendChild(li);
    }
  } catch (err) { showMessage(err.message); }
  done();
  setBusy(false);
}

// the Hint button of a view: never disabled (a press while the page cannot act says why),
// only marked so while the person cannot act
function offerHint(button) {
  const can = canAct();
  button.disabled = false;
  button.setAttribute("aria-disabled", String(!can));
  button.title = can ? "Ask the bot for its best moves; click one to lay it out" : whyNotNow();
}

// why the person cannot act now (the page says it when asked to)
function whyNotNow() {
  const pos = game.position;
  if (!pos) return "Start a game first: press New game.";
  if (pos.phase === "over") return "The game is over: press New game to play again.";
  if (!myTurn()) return `${pos.to_move} (${game.bot}) is thinking; try again on your turn.`;
  if (game.busy) return `The page is waiting for ${game.pending || "the server"}; try again in a moment.`;
  return "";
}

// a hint with nothing to lay out on the board (a pass, an exchange...): held until the
// game's play button (named `button`) makes it
function hintHeld(cand, button) {
  showMessage(`Hint: ${cand.notation}. Press ${button} to make it.`, true);
}

// ---------------------------------------------------------------- a hint's figures
// A player that ranks without playing on (greedy, the games' policies) gives each move an
// equity: its worth in points as that player sees it. One that plays on after the move
// (mc, search) says how often that was won (when its lines of play reached the end) and
// the mean margin, in points, where they stopped.
const known = (x) => x !== null && x !== undefined;
const signed = (x) => {
  const shown = (Math.round(10 * x) / 10).toFixed(1);
  return (Number(shown) > 0 ? "+" : "") + (Number(shown) === 0 ? "0.0" : shown);
};
const helperName = () => game.hello.values.player.split(":")[0];

// the mean margin of a hint that played on: sent as `margin`, else (mc) the equity it
// ranks by is that mean
function hintMargin(cand) {
  if (known(cand.margin)) return cand.margin;
  return helperName() === "mc" && known(cand.win_rate) ? cand.equity : null;
}

const playedOn = (cand) => known(cand.win_rate) || hintMargin(cand) !== null;

function hintValue(cand) {
  if (!playedOn(cand)) return `equity ${cand.equity.toFixed(1)}`;
  const parts = [];
  if (known(cand.win_rate)) parts.push(`wins ${Math.round(100 * cand.win_rate)} %`);
  const margin = hintMargin(cand);
  if (margin !== null) parts.push(`margin ${signed(margin)}`);
  return parts.join(", ");
}

function hintValueTitle(cand) {
  const name = helperName();
  const info = game.hello.players[name];
  const ranks = info ? ` (${name}: ${info.description})` : "";
  if (!playedOn(cand)) {
    return `equity ${cand.equity}: what the move is worth in points as ${name} ranks ` +
      `the moves${ranks}; of it, ${cand.points} are scored now.`;
  }
  const lines = [`${name} played on after this move: ${cand.iterations} lines of play${ranks}.`];
  if (known(cand.win_rate)) {
    lines.push(`wins ${Math.round(100 * cand.win_rate)} %: the share of them that you won.`);
  }
  const margin = hintMargin(cand);
  if (margin !== null) {
    const where = cand.margin_at === "end" ? "at the end of the game"
      : cand.margin_at === "horizon"
        ? "where they stopped, before the end, as the game's own bot values the position"
        : "where they stopped";
    lines.push(`margin ${signed(margin)}: your score minus the best other's ${where}, on ` +
      "average, in points.");
  }
  return lines.join("\n");
}

function myTurn() {
  return game.position && game.position.phase !== "over" && game.position.to_move === game.human;
}

function canAct() { return myTurn() && !game.busy; }

// ---------------------------------------------------------------- waiting
// What the page waits for ({what, since, bot}), oldest first. Past 2 s the status line
// says so, counting the seconds; past 5 s it adds why it may be long (a first use on the
// server compiles the game's code: a bot's first move, or a first list of moves).
const WAIT_SAID = 2, WAIT_LONG = 5;
const clock = { waits: [], timer: null, status: "" };

// start waiting for `what` (a bot thinks: `bot`); the function returned ends the wait
function waitFor(what, bot) {
  const w = { what, bot: !!bot, since: Date.now() };
  clock.waits.push(w);
  if (!clock.timer) clock.timer = setInterval(drawStatus, 250);
  return () => {
    const k = clock.waits.indexOf(w);
    if (k < 0) return;
    clock.waits.splice(k, 1);
    if (!clock.waits.length) { clearInterval(clock.timer); clock.timer = null; }
    drawStatus();
  };
}

function stopWaits() {
  clock.waits = [];
  clearInterval(clock.timer);
  clock.timer = null;
  game.botWait = null;
}

function drawStatus() {
  const w = clock.waits[0];
  const s = w ? Math.floor((Date.now() - w.since) / 1000) : 0;
  let text = clock.status;
  if (w && s >= WAIT_SAID) {
    text = `${w.what}… ${s} s`;
    if (w.bot && s >= WAIT_LONG) text += " (a bot's first move can take longer: it may be preparing its code)";
    else if (s >= WAIT_LONG) text += " (the server may be preparing this game's code for its first use, or busy with other players)";
  }
  const el = $("#status");
  if (el.textContent !== text) el.textContent = text;
  el.dataset.waiting = w && s >= WAIT_SAID ? String(s) : "";
}

// ---------------------------------------------------------------- drawing
function render() {
  if (game.position) chosenView().render();
}

function node(tag, cls, text, attrs) {
  const el = document.createElement(tag);
  if (cls) el.className = cls;
  if (text !== undefined) el.textContent = text;
  for (const [k, v] of Object.entries(attrs || {})) el.setAttribute(k, v);
  return el;
}

function svgNode(tag, attrs, text) {
  const el = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (text !== undefined) el.textContent = text;
  return el;
}

// the score table: a row per player, "player (who)" then the cells cellsOf(p) gives,
// under the column titles
function scoreTable(columns, cellsOf) {
  const table = $("#scores");
  table.innerHTML = `<tr><th>player</th>${columns.map((c) => `<th>${c}</th>`).join("")}</tr>`;
  for (const p of game.position.players) {
    const tr = document.createElement("tr");
    const who = p === game.human ? "you" : game.bot;
    tr.innerHTML = `<td><span class="who seat-${p}"></span>${p} (${who})</td>` +
                   cellsOf(p).map((v) => `<td>${v}</td>`).join("");
    table.appendChild(tr);
  }
}

function logMove(player, notation, who) {
  const li = node("li", undefined, undefined, { "data-player": player });
  li.innerHTML = `<span class="who seat-${player}"></span>`;
  li.appendChild(document.createTextNode(`${player} (${who}): ${notation}`));
  $("#log").appendChild(li);
  li.scrollIntoView({ block: "nearest" });
}

function setStatus(text) { clock.status = text; drawStatus(); }
function showMessage(text, ok) {
  const m = $("#message");
  m.textContent = text;
  m.className = ok ? "ok" : "";
}
// busy: waiting for `what` (the person cannot act meanwhile)
function setBusy(flag, what) {
  game.busy = flag;
  game.pending = flag ? what || "" : "";
  document.body.dataset.busy = flag ? "1" : "";
  render();
}

// ---------------------------------------------------------------- wiring
$("#new-game").disabled = true;
$("#new-game").onclick = newGame;
$("#game").onchange = chooseGame;
connect();
