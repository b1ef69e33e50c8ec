// The First Draft page: the line of coasters, your rows and pool, the opponents' boards.
// Pick a coaster, put its letters (and pool letters) into your rows by clicking a letter
// and then a gap in a row (or dragging it there), choose what the pool keeps, and take
// it; sell or discard rows and insert pool letters before that; hints. The server judges
// every move: its legal move list enables the sell and discard buttons, and a refused
// move shows its reason. It registers its view with app.js (the page contract at the
// top of app.js) and uses app.js's helpers.
"use strict";

(() => {
  const ROWS = ["A", "B"];
  // what the person is building for the position `seen`: the coaster taken (1 first, or
  // null: then a pool letter placed in a row is inserted at once), the letters to place
  // ({id, ch, from, placed}), each row as built ({ch, id}; id null: already there), the
  // selected letter, the leftover letters the pool keeps, the server's sells, discards
  // and inserts for that position, and a hinted move that is not a draft ({move,
  // notation}), which the Take button (then named Play) makes
  const fd = { seen: null, coaster: null, tray: [], rows: [[], []], sel: null,
               keep: new Set(), legal: null, held: null };

  // the page's seats: First Draft takes any names (its own are p1..p5); colours are what
  // the page's tiles, log and score table show
  const SEATS = ["red", "green", "black", "white"];

  // ---------------------------------------------------------------- the page's part
  const markup = `
    <div class="fd-label">The line <span class="fd-note">(click a coaster to draft it;
      it costs a coin on each coaster before it)</span></div>
    <div id="fd-line" aria-label="the line of coasters"></div>
    <div class="fd-label">Your board</div>
    <div id="fd-mine" class="fd-board" aria-label="your rows"></div>
    <div id="fd-letters"><span class="fd-label">Letters to place</span>
      <span id="fd-tray" aria-label="letters to place"></span></div>
    <div id="fd-leftover"></div>
    <div id="fd-actions">
      <button id="fd-take" type="button" title="Take the coaster with the letters placed">Take</button>
      <button id="fd-clear" type="button" title="Take the placed letters back">Clear</button>
      <button id="fd-hint" type="button">Hint</button>
    </div>
    <div class="fd-label">Opponents</div>
    <div id="fd-others"></div>`;
  const help = "First Draft: click a coaster in the line, then put its letters into " +
    "your rows: click a letter, then a gap in a row (or drag it there); click a placed " +
    "letter to take it back. Letters you do not place go to your pool; when more are left " +
    "than the pool holds, click the ones to keep (the rest are discarded, -1 each). Press " +
    "Take. Before that you may sell a row that is a word, discard a row (-1 a letter), or " +
    "insert a pool letter: with no coaster picked, click a pool letter and a gap. Each " +
    "opponent's last turn is marked: its letters placed outlined, the coaster it took shown.";
  const winning = "How it is won: the game ends when a new coaster cannot be filled from " +
    "the bag; every row that is then a word of 3 or more letters is sold, and the highest " +
    "score wins. The score column is your coins less one for each discarded letter (the " +
    "discarded column); letters left in your pool or in unsold rows cost nothing.";

  // ---------------------------------------------------------------- the builder
  function reset() {
    fd.seen = null; fd.coaster = null; fd.legal = null;
    build();
  }

  function me() { return game.position.hands[game.human]; }

  // the builder for the current position and coaster: rows as they are, nothing placed
  function build() {
    fd.sel = null; fd.keep = new Set(); fd.tray = []; fd.rows = [[], []]; fd.held = null;
    if (!game.position || !me() || game.position.phase === "over") return;
    const hand = me();
    let id = 0;
    const add = (letters, from) => {
      for (const ch of letters) fd.tray.push({ id: id++, ch, from, placed: false });
    };
    if (fd.coaster !== null) add(game.position.line[fd.coaster - 1].tiles, "coaster");
    add(hand.pool, "pool");
    fd.rows = hand.rows.map((row) => row.split("").map((ch) => ({ ch, id: null })));
  }

  const rowText = (r) => fd.rows[r].map((x) => x.ch).join("");
  const leftover = () => fd.tray.filter((t) => !t.placed);
  const poolLimit = () => game.position.rules.pool_limit;
  const rowLimit = () => game.position.rules.row_limit;

  // a new position: start again, and ask the server what may be sold, discarded,
  // inserted (a refused move keeps what was built: the position did not change)
  function newPosition() {
    fd.seen = game.position;
    fd.coaster = null; fd.legal = null;
    build();
    if (myTurn()) fetchLegal();
  }

  const KINDS = ["sell", "discard", "insert"];

  async function fetchLegal() {
    const replies = await legalMoves(...KINDS);
    if (!replies) return;
    fd.legal = Object.fromEntries(KINDS.map((kind, i) => [kind, replies[i].moves.map((m) => m.move)]));
    render();
  }

  const isLegal = (kind, fields) => !!fd.legal && fd.legal[kind].some(
    (m) => Object.entries(fields).every(([k, v]) => m[k] === v));

  function pickCoaster(k) {
    if (!canAct()) return;
    fd.coaster = fd.coaster === k ? null : k;
    build();
    showMessage(fd.coaster === null ? "" : `Place the letters of coaster ${k}, then press Take.`, true);
    render();
  }

  function pickLetter(id) {
    if (!canAct()) return;
    fd.held = null;
    const t = fd.tray.find((x) => x.id === id);
    if (!t || t.placed) return;
    fd.sel = fd.sel === id ? null : id;
    render();
  }

  // a letter into row r so that it ends up at index `at`
  function place(id, r, at) {
    if (!canAct()) return;
    const t = fd.tray.find((x) => x.id === id);
    if (!t || t.placed) return;
    if (fd.coaster === null) {  // no draft being built: this is an insert action
      if (t.from !== "pool") return;
      send({ type: "insert", row: ROWS[r], at, letter: t.ch });
      return;
    }
    if (fd.rows[r].length >= rowLimit()) {
      showMessage(`A row holds ${rowLimit()} letters at most.`); return;
    }
    fd.rows[r].splice(at, 0, { ch: t.ch, id });
    t.placed = true;
    fd.sel = null;
    fd.keep.delete(id);
    showMessage("");
    render();
  }

  function unplace(r, i) {
    if (!canAct()) return;
    const [x] = fd.rows[r].splice(i, 1);
    fd.tray.find((t) => t.id === x.id).placed = false;
    render();
  }

  function toggleKeep(id) {
    if (!canAct()) return;
    if (fd.keep.has(id)) fd.keep.delete(id); else fd.keep.add(id);
    render();
  }

  function take() {
    if (canAct() && fd.held) { send(fd.held.move); return; }
    if (!canAct() || fd.coaster === null) return;
    const left = leftover();
    const kept = left.length <= poolLimit() ? left : left.filter((t) => fd.keep.has(t.id));
    send({ type: "draft", coaster: fd.coaster, rows: [rowText(0), rowText(1)],
           pool: kept.map((t) => t.ch).sort().join("") });
  }

  // a hint: a draft is laid out in the builder (Take makes it), anything else held (a
  // sale's or discard's button marked) for the same button, then named Play
  function useHint(move, cand) {
    if (move.type !== "draft") {
      fd.coaster = null;
      build();
      fd.held = { move, notation: cand.notation };
      render();
      hintHeld(cand, "Play");
      return;
    }
    fd.coaster = move.coaster;
    build();
    move.rows.forEach((row, r) => {
      const old = rowText(r);
      let i = 0;
      row.split("").forEach((ch, at) => {
        if (i < old.length && old[i] === ch) { i++; return; }
        const t = fd.tray.find((x) => !x.placed && x.ch === ch);
        if (t) { fd.rows[r].splice(at, 0, { ch, id: t.id }); t.placed = true; }
      });
    });
    if (leftover().length > poolLimit()) {
      for (const ch of move.pool) {
        const t = leftover().find((x) => x.ch === ch && !fd.keep.has(x.id));
        if (t) fd.keep.add(t.id);
      }
    }
    render();
    showMessage("Hint placed: press Take to make it.", true);
  }

  // ---------------------------------------------------------------- drawing
  function tile(ch, cls, attrs) { return node("span", `fd-tile ${cls || ""}`.trim(), ch, attrs); }

  // the indexes of `now` holding letters that `old` did not have (old matched leftmost)
  function added(old, now) {
    const out = new Set();
    let i = 0;
    [...now].forEach((ch, j) => { if (i < old.length && old[i] === ch) i++; else out.add(j); });
    return i === old.length ? out : new Set();
  }

  function renderLine() {
    const pos = game.position;
    const line = $("#fd-line");
    line.innerHTML = "";
    const coins = me() ? me().coins : 0;
    pos.line.forEach((c, i) => {
      const k = i + 1;
      const card = node("button", "fd-coaster" + (fd.coaster === k ? " chosen" : "") +
                        (coins < k - 1 ? " dear" : ""), undefined,
                        { type: "button", "data-position": k, "data-tiles": c.tiles,
                          "data-coins": c.coins, title: k === 1 ? "free" : `costs ${k - 1}` });
      card.appendChild(node("span", "fd-pos", `${k} · ${k === 1 ? "free" : `costs ${k - 1}`}`));
      if (c.coins) card.appendChild(node("span", "fd-coins", `●${c.coins}`));
      const tiles = node("span", "fd-tiles");
      for (const ch of c.tiles) tiles.appendChild(tile(ch));
      card.appendChild(tiles);
      card.disabled = !canAct();
      card.onclick = () => pickCoaster(k);
      line.appendChild(card);
    });
  }

  function gap(r, at, letter) {
    const g = node("button", "fd-gap", "", { type: "button", "data-row": ROWS[r], "data-at": at,
                                             "aria-label": `row ${ROWS[r]} at ${at}` });
    const t = fd.tray.find((x) => x.id === fd.sel);
    const full = fd.coaster !== null && fd.rows[r].length >= rowLimit();
    if (t && !full && (fd.coaster !== null || t.from === "pool")) g.classList.add("active");
    if (t && fd.coaster === null && fd.legal) {  // inserts the server lists keep the row completable
      const row = rowText(r);
      const now = row.slice(0, at) + t.ch + row.slice(at);
      const fits = fd.legal.insert.some((m) => m.row === ROWS[r] && m.letter === t.ch &&
        row.slice(0, m.at) + t.ch + row.slice(m.at) === now);
      if (fits) g.classList.add("fits");
    }
    g.onclick = () => { if (fd.sel !== null) place(fd.sel, r, at); };
    g.ondragover = (e) => { e.preventDefault(); g.classList.add("over"); };
    g.ondragleave = () => g.classList.remove("over");
    g.ondrop = (e) => { e.preventDefault(); place(Number(e.dataTransfer.getData("text/plain")), r, at); };
    return g;
  }

  function renderMine() {
    const mine = $("#fd-mine");
    mine.innerHTML = "";
    const hand = me();
    if (!hand) return;
    for (let r = 0; r < 2; r++) {
      const row = node("div", "fd-row", undefined, { "data-row": ROWS[r], "data-letters": rowText(r) });
      row.appendChild(node("span", "fd-row-name", ROWS[r]));
      const letters = node("span", "fd-row-letters");
      fd.rows[r].forEach((x, i) => {
        letters.appendChild(gap(r, i));
        const t = tile(x.ch, x.id === null ? "" : "placed", { "data-index": i });
        if (x.id !== null) { t.title = "click to take it back"; t.onclick = () => unplace(r, i); }
        letters.appendChild(t);
      });
      letters.appendChild(gap(r, fd.rows[r].length));
      row.appendChild(letters);
      for (const [kind, label] of [["sell", "Sell"], ["discard", "Discard"]]) {
        const b = node("button", `fd-${kind}`, `${label} ${ROWS[r]}`,
                       { type: "button", id: `fd-${kind}-${ROWS[r]}` });
        b.disabled = !canAct() || !isLegal(kind, { row: ROWS[r] });
        const held = fd.held && fd.held.move;
        if (held && held.type === kind && held.row === ROWS[r]) b.classList.add("hinted");
        b.onclick = () => send({ type: kind, row: ROWS[r] });
        row.appendChild(b);
      }
      mine.appendChild(row);
    }
    const info = node("div", "fd-hand-info", `pool ${hand.pool || "-"} · ${hand.coins} coins · ` +
                      `${hand.discarded} discarded · score ${game.position.scores[game.human]}`);
    mine.appendChild(info);
  }

  function renderTray() {
    const tray = $("#fd-tray");
    tray.innerHTML = "";
    for (const t of fd.tray) {
      const cls = `from-${t.from}` + (t.placed ? " used" : "") + (fd.sel === t.id ? " selected" : "");
      const el = tile(t.ch, cls, { "data-id": t.id, "data-from": t.from, role: "button" });
      el.title = t.from === "pool" ? "from your pool" : `from coaster ${fd.coaster}`;
      if (!t.placed && canAct()) {
        el.draggable = true;
        el.ondragstart = (e) => {
          e.dataTransfer.setData("text/plain", String(t.id));
          area.classList.add("dragging");
        };
        el.ondragend = () => area.classList.remove("dragging");
      }
      el.onclick = () => pickLetter(t.id);
      tray.appendChild(el);
    }
    if (!fd.tray.length) tray.appendChild(node("span", "fd-note", "pick a coaster"));
    const box = $("#fd-leftover");
    box.innerHTML = "";
    if (fd.coaster === null) return;
    const left = leftover();
    const limit = poolLimit();
    if (left.length <= limit) {
      box.appendChild(node("span", "fd-note",
                           left.length ? "These go to your pool:" : "Your pool will be empty."));
      for (const t of left) box.appendChild(tile(t.ch));
      return;
    }
    box.appendChild(node("span", "fd-note", `Keep ${limit} of these ${left.length} in your pool ` +
                         `(${fd.keep.size} chosen; the rest are discarded, -1 each):`));
    for (const t of left) {
      const el = tile(t.ch, "fd-keep" + (fd.keep.has(t.id) ? " kept" : ""),
                      { "data-id": t.id, role: "button" });
      el.onclick = () => toggleKeep(t.id);
      box.appendChild(el);
    }
  }

  // what opponent `p` did in its last turn: its moves' notations, the coaster it took
  // ({position, tiles, coins} as it lay in the line) and, for each row, the indexes of
  // the letters its draft and inserts put there (null before its first turn)
  function lastTurnOf(p) {
    const turn = lastTurns()[p];
    if (!turn || turn[0].mine || !turn[0].before) return null;
    const rows = turn[0].before.hands[p].rows.slice();  // the letters that were there
    let coaster = null;
    for (const m of turn) {
      const k = ROWS.indexOf(m.move.row);
      if ((m.move.type === "sell" || m.move.type === "discard") && k >= 0) rows[k] = "";
      if (m.move.type === "draft") {
        coaster = { position: m.move.coaster, ...m.before.line[m.move.coaster - 1] };
      }
    }
    return { notations: turn.map((m) => m.notation), coaster,
             placed: game.position.hands[p].rows.map((row, r) => added(rows[r], row)) };
  }

  function renderLastTurn(div, last) {
    const box = node("div", "fd-last-turn", `last turn: ${last.notations.join("; ")}`);
    if (last.coaster) {
      const c = last.coaster;
      box.dataset.coaster = c.position;
      box.dataset.tiles = c.tiles;
      box.appendChild(node("span", "fd-note", ` · took coaster ${c.position}` +
                           (c.coins ? ` (and its ${c.coins} coin${c.coins > 1 ? "s" : ""})` : "") + ": "));
      for (const ch of c.tiles) box.appendChild(tile(ch, "last"));
    }
    div.appendChild(box);
  }

  function renderOthers() {
    const pos = game.position;
    const box = $("#fd-others");
    box.innerHTML = "";
    pos.players.filter((p) => p !== game.human).forEach((p) => {
      const hand = pos.hands[p];
      const last = lastTurnOf(p);
      const div = node("div", "fd-board fd-other" + (pos.to_move === p ? " to-move" : ""),
                       undefined, { "data-player": p });
      div.appendChild(node("div", "fd-hand-info",
        `${p} (${game.bot}) · ${hand.coins} coins · ${hand.discarded} discarded · ` +
        `score ${pos.scores[p]}` + (pos.to_move === p && pos.phase !== "over" ? " · to move" : "")));
      hand.rows.forEach((row, r) => {
        const news = last ? last.placed[r] : new Set();
        const line = node("div", "fd-row", undefined, { "data-row": ROWS[r], "data-letters": row });
        line.appendChild(node("span", "fd-row-name", ROWS[r]));
        [...row].forEach((ch, i) => line.appendChild(
          tile(ch, news.has(i) ? "last" : "", news.has(i) ? { title: "placed in its last turn" } : {})));
        div.appendChild(line);
      });
      div.appendChild(node("div", "fd-pool", `pool ${hand.pool || "-"}`, { "data-pool": hand.pool }));
      if (last) renderLastTurn(div, last);
      box.appendChild(div);
    });
  }

  function render() {
    renderLine();
    renderMine();
    renderTray();
    renderOthers();
    const pos = game.position;
    const mine = canAct();
    $("#fd-take").disabled = !mine || (fd.coaster === null && !fd.held);
    $("#fd-take").textContent = fd.held ? "Play" : fd.coaster === null ? "Take"
      : `Take coaster ${fd.coaster}`;
    $("#fd-clear").disabled = !mine;
    offerHint($("#fd-hint"));
    if (pos.phase !== "over") {
      const who = pos.to_move === game.human ? "your turn" : `${pos.to_move} to move`;
      const inBag = pos.bag_size !== undefined ? pos.bag_size : (pos.bag || "").length;
      setStatus(`turn ${pos.turn} · ${inBag} tiles in the bag · ${who}`);
    }
    scores(null);
  }

  function scores(final) {
    const pos = game.position;
    scoreTable(["coins", "discarded", "score"], (p) => [
      pos.hands[p].coins, pos.hands[p].discarded,
      final && final.scores ? final.scores[p] : pos.scores[p]]);
  }

  const area = Wordbot.register("firstdraft", { markup, help, winning, render, scores, reset,
                                                newPosition, useHint, seats: SEATS });

  // ---------------------------------------------------------------- wiring
  $("#fd-take").onclick = take;
  $("#fd-clear").onclick = () => { build(); showMessage(""); render(); };
  $("#fd-hint").onclick = hint;
})();
