// wordbot web page: a person against a bot over the engine protocol (WebSocket /ws).
//
// THE PAGE CONTRACT. This script knows no game, so that a game brings its page with it
// and a game without one still plays everywhere else. The server's hello lists the
// games (title, seats, players per game); for each one this script loads
// /static/<game>.js, and a game whose script registers a view is offered here. Any
// other game is the fallback: listed "(not yet)", with a message saying where to play
// it. The page opens on the server's game when it has a page (else the first listed
// that has one), and seats the person and the next seats in seat order, as many as the
// game's smallest table; the server refuses seats the game does not allow, and says
// why. A game's script, run once as it loads, calls
//
//   const area = Wordbot.register(name, view);
//
// and gets back the element holding its markup (hidden while another game is chosen).
// The view's members:
//   markup         HTML of the game's part of the page: the board and its own buttons
//   help           text of its "How to play" paragraph
//   render()       draw game.position (the person's seat's view), the status line and
//                  the buttons' states; called on every position and busy change
//   scores(final)  fill the score table (scoreTable); final: the end's result, null
//                  while the game goes on
//   useHint(move)  a hint was clicked (only when canAct()): lay it out or send it
// and, optional:
//   newPosition()  a new position arrived (before render): forget what was being made
//                  for the old one, ask for its legal moves (legalMoves)
//   reset()        a new game starts
//   hintText(cand) a hint's line in the list (default: notation, points, equity)
//   hintTitle(cand) a hint's tooltip
//   seats          the seat names to offer instead of the game's, for a game that
//                  takes any names
// What a view may use from here: game (.position, .human, .bot, .busy, .turn, .moves),
// $, node, svgNode, send, hint, legalMoves, lastBotMove, myTurn, canAct, scoreTable,
// setStatus, showMessage, setBusy.
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
    const help = node("p", undefined, view.help, { id: `help-${name}` });
    help.hidden = true;
    $("#help").appendChild(help);
    VIEWS[name] = view;
    PARTS[name] = [area, help];
    return area;
  },
  // whether the player to move may take the first turn over (the rule pie, docs/rules.md):
  // the second player's first turn, the first player's (and its extra turns) done
  pieOffered(pos) {
    const [first, second] = pos.players;
    return !!(pos.rules && pos.rules.pie) && !pos.pie_taken && pos.phase === "turn" &&
      pos.players.length === 2 && pos.to_move === second &&
      pos.turns_taken[first] === 1 && pos.turns_taken[second] === 0 &&
      !(pos.extra && pos.extra.length);
  },
};

// rule options pinned by the page's link, `?rule=NAME=VALUE` (repeatable; a value is
// read as JSON when it is JSON, else as text): every new game is played under them
const RULES = Object.fromEntries(new URLSearchParams(location.search).getAll("rule")
  .filter((text) => text.includes("="))
  .map((text) => {
    const [name, value] = [text.slice(0, text.indexOf("=")), text.slice(text.indexOf("=") + 1)];
    try { return [name, JSON.parse(value)]; } catch { return [name, value]; }
  }));

// moves: this game's moves as the page saw them ({by, move, mine}), oldest first
const game = {
  ws: null, nextId: 1, waiting: new Map(), hello: null,
  name: null, position: null, human: null, bot: null, busy: false, turn: 0, moves: [],
};

const chosenView = () => VIEWS[game.name];

// ---------------------------------------------------------------- protocol
function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/ws`);
  game.ws = ws;
  ws.onopen = async () => {
    game.hello = await request({ cmd: "hello" });
    const names = Object.keys(game.hello.games);
    // every page is in before "New game" is offered, so none meets a game without it
    await Promise.all(names.map(loadView));
    const first = VIEWS[game.hello.game] ? game.hello.game : names.find((n) => VIEWS[n]);
    fillGames(first);
    if (!first) { setStatus("No game has a page here yet."); return; }
    await switchTo(first);
    $("#new-game").disabled = false;
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
    setStatus("Disconnected from the server. Reload the page to reconnect.");
    for (const entry of game.waiting.values()) entry.reject({ code: "closed", message: "connection closed" });
    game.waiting.clear();
  };
}

// a game's page script; a game without one (its script is not found) gets the fallback,
// and so does a game named like the page's own script (a game "app" must not run this
// file again)
function loadView(name) {
  const src = `/static/${encodeURIComponent(name)}.js`;
  if (document.querySelector(`script[src="${src}"]`)) return Promise.resolve();
  return new Promise((done) => {
    const script = document.createElement("script");
    script.src = src;
    script.onload = script.onerror = done;
    document.body.appendChild(script);
  });
}

function request(obj, onInfo) {
  const id = game.nextId++;
  return new Promise((resolve, reject) => {
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
  const position = game.position;
  const replies = [];
  try {
    for (const kind of kinds.length ? kinds : [null]) {
      if (game.position !== position) return null;
      replies.push(await requestWhenFree({ cmd: "moves", turn: game.turn, ...(kind ? { kind } : {}) }));
    }
  } catch (err) { showMessage(err.message); return null; }
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
    await request({ cmd: "newgame", game: name });
    game.hello = await request({ cmd: "hello" });
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
  select.value = game.hello.values.player.split(":")[0];
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
  let reply;
  try { reply = await request(req); } catch (err) { showMessage(err.message); return; }
  // a refused table (seats the game does not allow) leaves the last game as it was
  game.human = human; game.bot = bot;
  if (chosenView().reset) chosenView().reset();
  game.moves = [];
  $("#log").innerHTML = ""; $("#hints").innerHTML = "";
  showMessage("");
  showTable(reply);
}

// the seat's view at move `turn`; while the bot is to move, the page waits for its move
function showTable(msg) {
  game.turn = msg.turn;
  const waiting = !msg.over && msg.to_move !== game.human;
  game.busy = waiting;
  document.body.dataset.busy = waiting ? "1" : "";
  game.position = msg.view;
  if (chosenView().newPosition) chosenView().newPosition();
  render();
  if (waiting) setStatus(`${msg.to_move} (${game.bot}) is thinking…`);
}

function gameEvent(msg) {
  if (msg.event === "move") {
    logMove(msg.by, msg.notation, game.bot);
    game.moves.push({ by: msg.by, move: msg.move, mine: false });
    showTable(msg);
  } else if (msg.event === "end") {
    gameOver(msg.result);
  } else if (msg.event === "error") {  // the bot could not move (the server says why)
    showMessage(msg.error.message);
  }
}

// the person's move; a refused one is explained in the message line
async function send(move) {
  if (game.busy) return;
  setBusy(true);
  try {
    const reply = await request({ cmd: "play", turn: game.turn, move });
    showMessage("");
    logMove(reply.seat, reply.played, "you");
    game.moves.push({ by: reply.seat, move, mine: true });
    $("#hints").innerHTML = "";
    showTable(reply);
  } catch (err) {
    showMessage(err.message);
    setBusy(false);
  }
}

function lastBotMove() {
  const made = game.moves.filter((m) => !m.mine);
  return made.length ? made[made.length - 1].move : null;
}

function gameOver(score) {
  game.busy = false;
  document.body.dataset.busy = "";
  const winners = score.winners.join(" and ");
  const you = score.winners.includes(game.human);
  setStatus(`Game over: ${winners} ${score.winners.length > 1 ? "share the win" : "wins"}` +
            (you ? " — well played!" : "."));
  chosenView().scores(score);
}

// hints come from the server's default player (the strongest), whoever the opponent is
async function hint() {
  if (!canAct()) return;
  setBusy(true);
  try {
    const v = chosenView();
    const helper = game.hello.values.player;
    const best = await request({ cmd: "hint", turn: game.turn, player: helper, top: 5 });
    const list = $("#hints");
    list.innerHTML = "";
    list.title = `hints by ${helper}`;
    for (const cand of best.candidates) {
      const li = node("li", undefined, v.hintText ? v.hintText(cand)
        : `${cand.notation} — ${cand.points} pts, equity ${cand.equity}`);
      const title = v.hintTitle && v.hintTitle(cand);
      if (title) li.title = title;
      li.onclick = () => { if (canAct()) v.useHint(cand.move); };
      list.appendChild(li);
    }
  } catch (err) { showMessage(err.message); }
  setBusy(false);
}

function myTurn() {
  return game.position && game.position.phase !== "over" && game.position.to_move === game.human;
}

function canAct() { return myTurn() && !game.busy; }

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
    tr.innerHTML = `<td><span class="who tile-${p}"></span>${p} (${who})</td>` +
                   cellsOf(p).map((v) => `<td>${v}</td>`).join("");
    table.appendChild(tr);
  }
}

function logMove(player, notation, who) {
  const li = node("li", undefined, undefined, { "data-player": player });
  li.innerHTML = `<span class="who tile-${player}"></span>`;
  li.appendChild(document.createTextNode(`${player} (${who}): ${notation}`));
  $("#log").appendChild(li);
  li.scrollIntoView({ block: "nearest" });
}

function setStatus(text) { $("#status").textContent = text; }
function showMessage(text, ok) {
  const m = $("#message");
  m.textContent = text;
  m.className = ok ? "ok" : "";
}
function setBusy(flag) { game.busy = flag; document.body.dataset.busy = flag ? "1" : ""; render(); }

// ---------------------------------------------------------------- wiring
$("#new-game").disabled = true;
$("#new-game").onclick = newGame;
$("#game").onchange = chooseGame;
connect();
