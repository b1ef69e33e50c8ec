// wordbot web page: a person against a bot over the engine protocol (WebSocket /ws).
"use strict";

const $ = (sel) => document.querySelector(sel);
const COLOURS = ["red", "green", "black", "white"];
// the games this page can draw; the server may play more (the page says "not yet")
const PAGES = ["controlword", "routewords", "firstdraft", "crosswords"];
// a game's page: draws its position and takes the person's moves (routewords.js,
// firstdraft.js and crosswords.js add one)
const VIEWS = {};
// each game's part of the page and its help
const AREAS = { controlword: ["#cw-area", "#help-controlword"],
                routewords: ["#rw-area", "#help-routewords"],
                firstdraft: ["#fd-area", "#help-firstdraft"],
                crosswords: ["#xw-area", "#help-crosswords"] };
// pages loaded by this script (they build their own part of the page), before connecting
const SCRIPTS = ["/static/firstdraft.js", "/static/crosswords.js"];
// games played by red (first) and green only
const RED_GREEN = { routewords: "RouteWords", crosswords: "Cross words combat" };

// rule options pinned by the page's link, `?rule=NAME=VALUE` (repeatable; a value is
// read as JSON when it is JSON, else as text): every new game is played under them
const RULES = Object.fromEntries(new URLSearchParams(location.search).getAll("rule")
  .filter((text) => text.includes("="))
  .map((text) => {
    const [name, value] = [text.slice(0, text.indexOf("=")), text.slice(text.indexOf("=") + 1)];
    try { return [name, JSON.parse(value)]; } catch { return [name, value]; }
  }));

const game = {
  ws: null, nextId: 1, waiting: new Map(), hello: null,
  name: "controlword", position: null, human: "red", bot: "control", busy: false, turn: 0,
  rackSel: null, pending: [], lastMove: [],
};

// ---------------------------------------------------------------- protocol
function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/ws`);
  game.ws = ws;
  ws.onopen = async () => {
    game.hello = await request({ cmd: "hello" });
    if (game.hello.game !== PAGES[0]) {  // hello lists the players of the session's game
      await request({ cmd: "newgame", game: PAGES[0] });
      game.hello = await request({ cmd: "hello" });
    }
    fillGames();
    fillBots();
    setStatus("Choose a bot and press New game.");
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

// a game module's part of the page (before the message line) and its help paragraph
// (shown with the help while that game is chosen)
function addGamePart(area, game, helpText) {
  $("#message").before(area);
  const help = document.createElement("p");
  help.id = `help-${game}`;
  help.hidden = true;
  help.textContent = helpText;
  $("#help-routewords").parentElement.appendChild(help);
}

// the score table of a game module: a row per player, "player (who)" then the cells
// cellsOf(p) gives, under the column titles
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

function request(obj, onInfo) {
  const id = game.nextId++;
  return new Promise((resolve, reject) => {
    game.waiting.set(id, { resolve, reject, onInfo });
    game.ws.send(JSON.stringify({ id, ...obj }));
  });
}

function fillGames() {
  const select = $("#game");
  select.innerHTML = "";
  for (const [name, info] of Object.entries(game.hello.games)) {
    const opt = document.createElement("option");
    opt.value = name;
    opt.textContent = PAGES.includes(name) ? info.title : `${info.title} (not yet)`;
    select.appendChild(opt);
  }
  select.value = PAGES[0];
}

async function chooseGame() {
  const name = $("#game").value;
  const ready = PAGES.includes(name);
  $("#new-game").disabled = !ready;
  showMessage(ready ? "" : `${game.hello.games[name].title} has no page here yet (not yet): ` +
    `play it with "wordbot play --game ${name}" or over the engine protocol.`);
  if (!ready || name === game.name) return;
  // the session plays one game at a time: switch it, then list that game's bots
  await request({ cmd: "newgame", game: name });
  game.hello = await request({ cmd: "hello" });
  game.name = name;
  game.position = null;
  showArea();
  fillBots();
  setStatus("Choose a bot and press New game.");
}

function showArea() {
  for (const [name, ids] of Object.entries(AREAS)) {
    for (const id of ids) $(id).hidden = name !== game.name;
  }
  $("#title").textContent = `· ${game.hello.games[game.name].title}`;
  document.title = `wordbot · ${game.hello.games[game.name].title}`;
}

function fillBots() {
  const select = $("#bot");
  select.innerHTML = "";
  const plays = (info) => !info.games || info.games.includes(game.name);
  const names = Object.keys(game.hello.players).filter((n) => plays(game.hello.players[n]));
  for (const name of names) {
    const opt = document.createElement("option");
    opt.value = name;
    opt.textContent = `${name} — ${game.hello.players[name].description}`;
    select.appendChild(opt);
  }
  select.value = game.hello.values.player.split(":")[0];
}

// ---------------------------------------------------------------- game flow
// The server holds the game (docs/protocol.md, "Hosted games"): it deals, it makes the
// bot's moves, and it tells this page only its own seat's view, move by move.
async function newGame() {
  game.human = $("#colour").value;
  game.bot = $("#bot").value;
  const other = COLOURS.find((c) => c !== game.human);
  const players = COLOURS.filter((c) => c === game.human || c === other);
  if (RED_GREEN[game.name] && !["red", "green"].includes(game.human)) {
    showMessage(`In ${RED_GREEN[game.name]} the two seats are red (first) and green.`); return;
  }
  const seats = players.map((p) => (p === game.human ? "human" : game.bot));
  const req = { cmd: "newgame", game: game.name, players, seats };
  if (Object.keys(RULES).length) req.rules = RULES;
  if (VIEWS[game.name]) VIEWS[game.name].reset();
  game.lastBotMove = null;
  $("#log").innerHTML = ""; $("#hints").innerHTML = "";
  game.lastMove = [];
  try {
    const reply = await request(req);
    showMessage("");
    showTable(reply);
  } catch (err) { showMessage(err.message); }
}

function setPosition(position) {
  game.position = position;
  game.pending = []; game.rackSel = null;
  render();
}

// the seat's view at move `turn`; while the bot is to move, the page waits for its move
function showTable(msg) {
  game.turn = msg.turn;
  const waiting = !msg.over && msg.to_move !== game.human;
  game.busy = waiting;
  document.body.dataset.busy = waiting ? "1" : "";
  setPosition(msg.view);
  if (waiting) setStatus(`${msg.to_move} (${game.bot}) is thinking…`);
}

function gameEvent(msg) {
  if (msg.event === "move") {
    logMove(msg.by, msg.notation, game.bot);
    game.lastMove = msg.move.tiles ? msg.move.tiles.map((t) => `${t[0]},${t[1]}`) : [];
    game.lastBotMove = msg.move;
    showTable(msg);
  } else if (msg.event === "end") {
    gameOver(msg.result);
  } else if (msg.event === "error") {  // the bot could not move (the server says why)
    showMessage(msg.error.message);
  }
}

async function humanMove(move) {
  if (game.busy) return;
  setBusy(true);
  try {
    const reply = await request({ cmd: "play", turn: game.turn, move });
    showMessage("");
    logMove(reply.seat, reply.played, "you");
    game.lastMove = [];
    $("#hints").innerHTML = "";
    showTable(reply);
  } catch (err) {
    showMessage(err.message);
    setBusy(false);
  }
}

function gameOver(score) {
  game.busy = false;
  document.body.dataset.busy = "";
  const winners = score.winners.join(" and ");
  const you = score.winners.includes(game.human);
  setStatus(`Game over: ${winners} ${score.winners.length > 1 ? "share the win" : "wins"}` +
            (you ? " — well played!" : "."));
  if (VIEWS[game.name]) VIEWS[game.name].scores(score); else renderScores(score.totals);
}

// ---------------------------------------------------------------- actions
function playPending() {
  if (!game.pending.length) { showMessage("Place some tiles first (select a rack tile, click a square)."); return; }
  const type = game.position.phase === "word" ? "word" : "replace";
  humanMove({ type, tiles: game.pending.map((p) => [p.r, p.c, p.letter, p.colour]) });
}

function exchange(bag) {
  if (game.rackSel === null) { showMessage("Select one of your own (uppercase) rack tiles first."); return; }
  const ch = rackTiles()[game.rackSel];
  if (ch !== ch.toUpperCase()) { showMessage("Blue tiles cannot be exchanged; select one of your own."); return; }
  humanMove({ type: "exchange", tile: ch, bag });
}

async function hint() {
  if (game.busy || !myTurn()) return;
  setBusy(true);
  try {
    await askHints(usehint);
  } catch (err) { showMessage(err.message); }
  setBusy(false);
}

function usehint(move) {
  if (!myTurn()) return;
  if (move.type === "word" || move.type === "replace") {
    game.pending = []; game.rackSel = null;
    const free = rackTiles().map((ch, i) => ({ ch, i }));
    for (const [r, c, letter, colour] of move.tiles) {
      const want = colour === "blue" ? letter.toLowerCase() : letter;
      const k = free.findIndex((f) => f.ch === want);
      const idx = k >= 0 ? free.splice(k, 1)[0].i : -1;
      game.pending.push({ r, c, letter, colour, rackIndex: idx });
    }
    render();
    showMessage("Hint placed: press Play to make it.", true);
  } else {
    humanMove(move);
  }
}

function myTurn() {
  return game.position && game.position.phase !== "over" && game.position.to_move === game.human;
}

function rackTiles() {
  return (game.position && game.position.racks[game.human] || "").split("");
}

function clickRack(i) {
  if (!myTurn() || game.pending.some((p) => p.rackIndex === i)) return;
  game.rackSel = game.rackSel === i ? null : i;
  render();
}

function clickCell(r, c) {
  if (!myTurn() || game.busy) return;
  const k = game.pending.findIndex((p) => p.r === r && p.c === c);
  if (k >= 0) { game.pending.splice(k, 1); render(); return; }
  if (game.rackSel === null) { showMessage("Select a rack tile first."); return; }
  const board = boardMap();
  const here = board.get(`${r},${c}`);
  const phase = game.position.phase;
  if (phase === "word" && here) { showMessage("That square is taken; in the word phase place tiles on empty squares."); return; }
  if (phase === "replacement") {
    if (!here) { showMessage("In the replacement phase, cover a board tile that is not yours."); return; }
    if (here.colour === game.human) { showMessage("You cannot replace your own tile."); return; }
  }
  const ch = rackTiles()[game.rackSel];
  const blue = ch === ch.toLowerCase();
  game.pending.push({ r, c, letter: ch.toUpperCase(), colour: blue ? "blue" : game.human, rackIndex: game.rackSel });
  game.rackSel = null;
  showMessage("");
  render();
}

// ---------------------------------------------------------------- drawing
function boardMap() {
  const map = new Map();
  for (const [r, c, letter, colour] of game.position.board) map.set(`${r},${c}`, { letter, colour });
  return map;
}

function render() {
  if (!game.position) return;
  if (VIEWS[game.name]) { VIEWS[game.name].render(); return; }
  const pos = game.position;
  const board = boardMap();
  const pend = new Map(game.pending.map((p) => [`${p.r},${p.c}`, p]));
  const rows = pos.board.map((t) => t[0]).concat(game.pending.map((p) => p.r));
  const cols = pos.board.map((t) => t[1]).concat(game.pending.map((p) => p.c));
  const margin = 2;
  const r0 = Math.min(...rows) - margin, r1 = Math.max(...rows) + margin;
  const c0 = Math.min(...cols) - margin, c1 = Math.max(...cols) + margin;
  const el = $("#board");
  el.innerHTML = "";
  el.style.gridTemplateColumns = `repeat(${c1 - c0 + 2}, 30px)`;
  el.appendChild(cell("", "cell coord"));
  for (let c = c0; c <= c1; c++) el.appendChild(cell(String(c), "cell coord"));
  const last = new Set(game.lastMove);
  for (let r = r0; r <= r1; r++) {
    el.appendChild(cell(String(r), "cell coord"));
    for (let c = c0; c <= c1; c++) {
      const key = `${r},${c}`;
      const p = pend.get(key), t = board.get(key);
      let div;
      if (p) {
        div = cell(p.colour === "blue" ? p.letter.toLowerCase() : p.letter, `cell tile-${p.colour} pending`);
      } else if (t) {
        div = cell(t.letter, `cell tile-${t.colour}` + (last.has(key) ? " last" : "") +
                   (pos.phase === "replacement" && t.colour !== game.human ? " target" : ""));
      } else {
        div = cell("", "cell empty");
      }
      div.dataset.r = r; div.dataset.c = c;
      div.setAttribute("role", "gridcell");
      div.onclick = () => clickCell(r, c);
      el.appendChild(div);
    }
  }
  const rack = $("#rack");
  rack.innerHTML = "";
  const used = new Set(game.pending.map((p) => p.rackIndex));
  rackTiles().forEach((ch, i) => {
    const b = document.createElement("button");
    const blue = ch === ch.toLowerCase();
    b.className = `rack-tile tile-${blue ? "blue" : game.human}` +
                  (game.rackSel === i ? " selected" : "") + (used.has(i) ? " used" : "");
    b.textContent = ch;
    b.dataset.index = i;
    b.onclick = () => clickRack(i);
    rack.appendChild(b);
  });
  renderScores(null);
  if (pos.phase !== "over") {
    const who = pos.to_move === game.human ? "your turn" : `${pos.to_move} to move`;
    const phaseText = pos.phase === "word" ? "word phase" : `replacement phase (up to ${pos.replacement_limit} tiles)`;
    setStatus(`Round ${pos.round} of ${pos.rules.rounds} · ${phaseText} · rack limit ${pos.rack_limit} · ${who}`);
  }
  const mine = myTurn() && !game.busy;
  for (const id of ["#play", "#recall", "#pass", "#hint", "#exchange-vowel", "#exchange-consonant"]) $(id).disabled = !mine;
  $("#redraw").disabled = !mine || pos.phase !== "word";
}

function cell(text, cls) {
  const div = document.createElement("div");
  div.className = cls;
  div.textContent = text;
  return div;
}

function renderScores(totals) {
  const pos = game.position;
  const table = $("#scores");
  table.innerHTML = "<tr><th>player</th><th>points</th><th>penalties</th>" +
                    (totals ? "<th>final</th>" : "") + "</tr>";
  for (const p of pos.players) {
    const tr = document.createElement("tr");
    const who = p === game.human ? "you" : game.bot;
    tr.innerHTML = `<td><span class="who tile-${p}"></span>${p} (${who})</td>` +
                   `<td>${pos.scores[p]}</td><td>${pos.penalties[p]}</td>` +
                   (totals ? `<td>${totals[p].final}</td>` : "");
    table.appendChild(tr);
  }
}

function logMove(player, notation, who) {
  const li = document.createElement("li");
  li.innerHTML = `<span class="who tile-${player}"></span>`;
  li.appendChild(document.createTextNode(`${player} (${who}): ${notation}`));
  li.dataset.player = player;
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

// hints come from the server's default player (the strongest), whoever the opponent is;
// `describe` (optional) words a candidate for the list (a game's own fields)
async function askHints(onPick, describe) {
  const helper = game.hello.values.player;
  const best = await request({ cmd: "hint", turn: game.turn, player: helper, top: 5 });
  const list = $("#hints");
  list.innerHTML = "";
  list.title = `hints by ${helper}`;
  for (const cand of best.candidates) {
    const li = document.createElement("li");
    li.textContent = describe ? describe(cand)
                              : `${cand.notation} — ${cand.points} pts, equity ${cand.equity}`;
    if (cand.words && cand.words.length) li.title = cand.words.join("\n");
    li.onclick = () => onPick(cand.move);
    list.appendChild(li);
  }
}

// ---------------------------------------------------------------- wiring
$("#new-game").disabled = true;
for (const id of ["#play", "#recall", "#pass", "#redraw", "#hint", "#exchange-vowel", "#exchange-consonant"]) $(id).disabled = true;
$("#new-game").onclick = newGame;
$("#game").onchange = chooseGame;
$("#play").onclick = playPending;
$("#recall").onclick = () => { game.pending = []; game.rackSel = null; render(); };
$("#pass").onclick = () => humanMove({ type: "pass" });
$("#redraw").onclick = () => humanMove({ type: "redraw" });
$("#exchange-vowel").onclick = () => exchange("vowel");
$("#exchange-consonant").onclick = () => exchange("consonant");
$("#hint").onclick = hint;
// routewords.js comes with index.html; the others load here, and the page connects once
// they have (so "New game" never meets a game without its view)
Promise.all(SCRIPTS.map((src) => new Promise((done) => {
  const script = document.createElement("script");
  script.src = src;
  script.onload = done;
  script.onerror = () => { showMessage(`${src} did not load`); done(); };
  document.body.appendChild(script);
}))).then(connect);
