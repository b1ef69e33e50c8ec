// The Cross words combat page: the grid around the letters (red's and green's in their
// colours, captured cells tinted in the captor's colour), your page of text (used words
// struck through, the words you may write now highlighted) and the opponent's page.
// Click a word of your page, then its first cell on the grid, then across or down (or
// click the cell again to turn it); the letters show where they would go, and Write sends
// the move. The server judges every move: its legal move list marks the words you may
// write, the cells and directions where the chosen word fits, and enables Pass only when
// nothing else is legal; a refused move shows its reason (and keeps the choice: the
// position did not change). It registers its view with app.js (the page contract at the
// top of app.js) and uses app.js's helpers.
"use strict";

(() => {
  const MARGIN = 3;  // empty cells shown around the letters
  const STEP = { across: [0, 1], down: [1, 0] };
  // what the person is making for the shown position: the word chosen ({row, word,
  // text}), its first cell [r, c] and direction; and the server's legal moves for that
  // position ({moves, count}; null until they arrive); a hinted move with nothing to lay
  // out (a pass, a take-over: {move, notation}), which the Write button (then named Play)
  // makes
  const xw = { word: null, at: null, direction: "across", legal: null, held: null };

  // ---------------------------------------------------------------- the page's part
  const markup = `
    <div id="xw-grid-wrap"><div id="xw-grid" role="grid" aria-label="Cross words combat grid"></div></div>
    <div id="xw-choice" aria-live="polite"></div>
    <div id="xw-actions">
      <span class="xw-dirs">Direction
        <button id="xw-across" type="button" title="Write left to right">across →</button>
        <button id="xw-down" type="button" title="Write top to bottom">down ↓</button></span>
      <button id="xw-write" type="button" title="Write the chosen word from the chosen cell">Write</button>
      <button id="xw-clear" type="button">Clear</button>
      <button id="xw-pass" type="button" title="Only when no word can be written">Pass</button>
      <button id="xw-take" type="button" hidden
              title="The pie rule: take red's first turn as yours (the seats swap)">Take over</button>
      <button id="xw-hint" type="button">Hint</button>
    </div>
    <div class="xw-label">Your page <span id="xw-mine-note" class="xw-note"></span></div>
    <div id="xw-mine" class="xw-page" aria-label="your page"></div>
    <div class="xw-label">The opponent's page <span id="xw-theirs-note" class="xw-note"></span></div>
    <div id="xw-theirs" class="xw-page xw-small" aria-label="the opponent's page"></div>`;
  const help = "Cross words combat: click a word of your page (highlighted: the words " +
    "you may write now; struck through: used), then the cell where it starts on the grid " +
    "(outlined: where it fits), then across or down (or click the cell again to turn it). " +
    "The letters show where they would go; press Write. A word must run through one of " +
    "your letters and keep off the opponent's cells, unless it crosses their letters: " +
    "then it captures them. Walling in empty cells captures them too. Captures and the " +
    "number or letter after a word on the page earn extra turns.";
  const winning = "How it is won: the game ends when each player has had the turn limit " +
    "(30 turns by default; extra turns do not count) or neither can write a word, and the " +
    "most captured cells wins. The captured column is the score: 1 for each cell you " +
    "captured, letters and empty cells alike; the letters column counts the letters you " +
    "wrote (they score nothing themselves) and the turns column your turns so far.";

  // ---------------------------------------------------------------- the page's words
  // a row's tokens as the engine finds them (docs/rules/crosswords.md, "Pages, rows and words"): runs of ASCII
  // letters and runs of digits; the letter runs of 2+ letters are its words, numbered
  // from 0 in the row (`word`; null for a combo marker)
  const tokenCache = new Map();
  function tokens(text) {
    let out = tokenCache.get(text);
    if (out) return out;
    out = [];
    const re = /[A-Za-z]+|[0-9]+/g;
    let m, k = 0;
    while ((m = re.exec(text)) !== null) {
      const isWord = /^[A-Za-z]{2,}$/.test(m[0]);
      out.push({ start: m.index, end: m.index + m[0].length, text: m[0].toUpperCase(),
                 word: isWord ? k++ : null });
    }
    tokenCache.set(text, out);
    return out;
  }

  function wordText(player, row, index) {
    const text = game.position.pages[player].rows[row];
    const t = text === undefined ? null : tokens(text).find((x) => x.word === index);
    return t ? t.text : null;
  }

  const opponent = () => game.position.players.find((p) => p !== game.human);
  const same = (a, b) => a && b && a[0] === b[0] && a[1] === b[1];
  const wordKey = (row, index) => `${row}.${index}`;

  // the cells a write of `text` covers
  function cellsOf(at, direction, text) {
    const [dr, dc] = STEP[direction];
    return [...text].map((ch, j) => ({ r: at[0] + j * dr, c: at[1] + j * dc, ch }));
  }

  // ---------------------------------------------------------------- the legal moves
  function newPosition() {
    clear();
    xw.legal = null;
    if (myTurn()) fetchLegal();
  }

  async function fetchLegal() {
    const replies = await legalMoves();
    if (!replies) return;
    xw.legal = { moves: replies[0].moves.map((m) => m.move), count: replies[0].count };
    render();
  }

  const writes = () => (xw.legal ? xw.legal.moves.filter((m) => m.type === "write") : []);
  const complete = () => !!xw.legal && xw.legal.moves.length === xw.legal.count;
  const passOnly = () => !!xw.legal && xw.legal.moves.length > 0 && xw.legal.moves[0].type === "pass";

  // the words of the legal writes ("row.index")
  function writable() { return new Set(writes().map((m) => wordKey(m.row, m.word))); }

  // the legal writes of the chosen word
  function placements() {
    if (!xw.word) return [];
    return writes().filter((m) => m.row === xw.word.row && m.word === xw.word.word);
  }

  // the directions the chosen word may be written in from cell (r, c)
  function fitsAt(r, c) {
    return placements().filter((m) => m.at[0] === r && m.at[1] === c).map((m) => m.direction);
  }

  function chosenIsLegal() {
    return !!xw.at && fitsAt(xw.at[0], xw.at[1]).includes(xw.direction);
  }

  // ---------------------------------------------------------------- making a move
  function clear() { xw.word = null; xw.at = null; xw.held = null; }

  function pickWord(row, index, text) {
    if (!canAct()) return;
    xw.held = null;
    if (xw.word && xw.word.row === row && xw.word.word === index) {
      clear(); showMessage(""); render(); return;
    }
    xw.word = { row, word: index, text };
    xw.at = null;
    const used = game.position.pages[game.human].used.some((u) => u[0] === row && u[1] === index);
    if (used) showMessage(`${text} is already used.`);
    else if (xw.legal && !placements().length) {
      showMessage(`${text} cannot be written now${complete() ? "" : " (as far as the listed moves go)"}.`);
    } else showMessage("");
    render();
  }

  function clickCell(r, c) {
    if (!canAct()) return;
    if (!xw.word) { showMessage("Choose a word of your page first, then its first cell."); return; }
    if (same(xw.at, [r, c])) {
      xw.direction = xw.direction === "across" ? "down" : "across";
    } else {
      xw.at = [r, c];
      const dirs = fitsAt(r, c);
      if (dirs.length && !dirs.includes(xw.direction)) xw.direction = dirs[0];
    }
    showMessage("");
    render();
  }

  function setDirection(direction) {
    if (!canAct()) return;
    xw.direction = direction;
    render();
  }

  function write() {
    if (canAct() && xw.held) { send(xw.held.move); return; }
    if (!canAct() || !xw.word || !xw.at) return;
    send({ type: "write", row: xw.word.row, word: xw.word.word, at: xw.at.slice(),
           direction: xw.direction });
  }

  // a hint: a write is laid out (Write makes it), anything else held for the same
  // button, then named Play
  function useHint(move, cand) {
    clear();
    if (move.type !== "write") {
      xw.held = { move, notation: cand.notation };
      render();
      hintHeld(cand, "Play");
      return;
    }
    xw.word = { row: move.row, word: move.word, text: wordText(game.human, move.row, move.word) };
    xw.at = move.at.slice();
    xw.direction = move.direction;
    render();
    const chosen = $("#xw-mine .xw-word.chosen");
    if (chosen) chosen.scrollIntoView({ block: "nearest" });
    const start = $("#xw-grid .xw-cell.start");
    if (start) start.scrollIntoView({ block: "nearest", inline: "nearest" });
    showMessage("Hint placed: press Write to make it.", true);
  }

  function describeExtra(e) {
    const parts = [];
    if (e.any_word) parts.push("any unused word");
    if (e.max_length !== undefined) parts.push(`at most ${e.max_length} letters`);
    if (e.lengths) parts.push(`${e.lengths.join(" or ")} letters`);
    if (e.first_letter) parts.push(`starting with ${e.first_letter}`);
    return parts.join(", ") || "any next word";
  }

  function hintText(cand) {
    const crossed = cand.crossed || 0, enclosed = cand.enclosed || 0;
    const caps = crossed + enclosed;
    let text = `${cand.notation} — captures ${caps}`;
    if (caps) text += ` (crossed ${crossed}, enclosed ${enclosed})`;
    const extra = cand.extra_turns || [];
    text += extra.length ? ` · extra turn${extra.length > 1 ? "s" : ""}: ${extra.join("; ")}`
                         : " · no extra turn";
    return `${text} · ${hintValue(cand)}`;
  }

  // ---------------------------------------------------------------- drawing
  // the cells of the opponent's last write (the bot's), to outline
  function lastCells() {
    const m = lastBotMove();
    if (!m || m.type !== "write") return new Set();
    const text = wordText(opponent(), m.row, m.word);
    return new Set(text ? cellsOf(m.at, m.direction, text).map((x) => `${x.r},${x.c}`) : []);
  }

  function renderGrid() {
    const pos = game.position;
    const letters = new Map(pos.cells.map(([r, c, ch, who]) => [`${r},${c}`, { ch, who }]));
    const captors = new Map(pos.captured.map(([r, c, who]) => [`${r},${c}`, who]));
    const preview = xw.word && xw.at && xw.word.text ? cellsOf(xw.at, xw.direction, xw.word.text) : [];
    const shown = new Map(preview.map((x) => [`${x.r},${x.c}`, x.ch]));
    // where the chosen word fits: its legal first cells, with their directions
    const fits = new Map();
    const spots = [];
    for (const m of placements()) {
      const key = `${m.at[0]},${m.at[1]}`;
      fits.set(key, (fits.get(key) || []).concat(m.direction));
      for (const x of cellsOf(m.at, m.direction, xw.word.text || "")) spots.push([x.r, x.c]);
    }
    const all = pos.cells.map((t) => [t[0], t[1]]).concat(pos.captured.map((t) => [t[0], t[1]]),
      preview.map((x) => [x.r, x.c]), spots);
    const rows = all.map((p) => p[0]), cols = all.map((p) => p[1]);
    const r0 = Math.min(...rows) - MARGIN, r1 = Math.max(...rows) + MARGIN;
    const c0 = Math.min(...cols) - MARGIN, c1 = Math.max(...cols) + MARGIN;
    const last = lastCells();
    const el = $("#xw-grid");
    el.innerHTML = "";
    el.style.gridTemplateColumns = `repeat(${c1 - c0 + 2}, 26px)`;
    el.appendChild(node("div", "xw-cell xw-coord"));
    for (let c = c0; c <= c1; c++) el.appendChild(node("div", "xw-cell xw-coord", String(c)));
    for (let r = r0; r <= r1; r++) {
      el.appendChild(node("div", "xw-cell xw-coord", String(r)));
      for (let c = c0; c <= c1; c++) {
        const key = `${r},${c}`;
        const held = letters.get(key), captor = captors.get(key), ch = shown.get(key);
        let cls = "xw-cell " + (held ? `xw-letter xw-ink-${held.who}` : "xw-empty");
        if (captor) cls += ` xw-cap-${captor}`;
        if (last.has(key)) cls += " last";
        if (fits.has(key)) cls += " fits";
        if (same(xw.at, [r, c])) cls += " start";
        if (ch !== undefined) {
          cls += " preview";
          if (held && held.ch !== ch) cls += " clash";
          else if (held && held.who === game.human) cls += " cross";
          else if (held) cls += ` cross capture by-${game.human}`;  // an opponent letter crossed
          else cls += ` xw-ink-${game.human}`;
        }
        const div = node("div", cls, held ? held.ch : ch !== undefined ? ch : "",
                         { role: "gridcell", "data-r": r, "data-c": c });
        if (held) { div.dataset.letter = held.ch; div.dataset.writer = held.who; }
        if (captor) div.dataset.captor = captor;
        if (fits.has(key)) div.dataset.fits = fits.get(key).join(" ");
        let title = `${r},${c}`;
        if (held) title += ` · ${held.who}'s ${held.ch}`;
        if (captor) title += ` · captured by ${captor}`;
        if (fits.has(key)) title += ` · ${xw.word.text} fits here ${fits.get(key).join(" or ")}`;
        div.title = title;
        div.onclick = () => clickCell(r, c);
        el.appendChild(div);
      }
    }
  }

  function renderPage(box, player, mine) {
    const page = game.position.pages[player];
    const used = new Set(page.used.map((u) => wordKey(u[0], u[1])));
    const can = mine ? writable() : new Set();
    box.innerHTML = "";
    box.dataset.player = player;
    page.rows.forEach((text, r) => {
      const line = node("div", "xw-row", undefined, { "data-row": r });
      line.appendChild(node("span", "xw-row-no", String(r)));
      const body = node("span", "xw-row-text");
      let at = 0;
      for (const t of tokens(text)) {
        if (t.word === null) continue;
        body.appendChild(document.createTextNode(text.slice(at, t.start)));
        const key = wordKey(r, t.word);
        let cls = "xw-word";
        if (used.has(key)) cls += " used";
        if (can.has(key)) cls += " can";
        if (mine && xw.word && xw.word.row === r && xw.word.word === t.word) cls += " chosen";
        const w = node("span", cls, text.slice(t.start, t.end),
                       { "data-row": r, "data-word": t.word, "data-text": t.text });
        if (mine) {
          w.setAttribute("role", "button");
          w.title = used.has(key) ? "used" : can.has(key) ? "you may write it now" : "";
          w.onclick = () => pickWord(r, t.word, t.text);
        }
        body.appendChild(w);
        at = t.end;
      }
      body.appendChild(document.createTextNode(text.slice(at)));
      line.appendChild(body);
      box.appendChild(line);
    });
  }

  function renderChoice() {
    const box = $("#xw-choice");
    box.dataset.legal = "";
    if (!myTurn() || game.position.phase !== "turn") { box.textContent = ""; return; }
    if (!xw.word) {
      box.textContent = "Choose a word of your page (highlighted: the words you may write now).";
      return;
    }
    const n = placements().length;
    if (!xw.at) {
      box.textContent = `${xw.word.text}: now click its first cell on the grid` +
        (n ? ` (outlined: the ${n} place${n > 1 ? "s" : ""} where it fits).` : ".");
      return;
    }
    const legal = chosenIsLegal();
    box.dataset.legal = xw.legal ? (legal ? "yes" : "no") : "";
    box.textContent = `write ${xw.word.text} ${xw.at[0]},${xw.at[1]} ${xw.direction}` +
      (!xw.legal ? "" : legal ? " — a legal write: press Write"
        : complete() ? " — not a legal write" : " — not among the listed legal writes");
  }

  function render() {
    const pos = game.position;
    renderGrid();
    renderPage($("#xw-mine"), game.human, true);
    renderPage($("#xw-theirs"), opponent(), false);
    renderChoice();
    const mine = canAct();
    const dirs = xw.at ? fitsAt(xw.at[0], xw.at[1]) : [];
    for (const d of ["across", "down"]) {
      const b = $(`#xw-${d}`);
      b.disabled = !mine;
      b.classList.toggle("chosen", xw.direction === d);
      b.classList.toggle("fits", dirs.includes(d));
      b.setAttribute("aria-pressed", String(xw.direction === d));
    }
    $("#xw-write").disabled = !mine || (!xw.held && (!xw.word || !xw.at));
    $("#xw-write").textContent = xw.held ? "Play" : "Write";
    $("#xw-clear").disabled = !mine;
    offerHint($("#xw-hint"));
    $("#xw-pass").disabled = !mine || !passOnly();
    $("#xw-take").hidden = !(pos.rules && pos.rules.pie);
    $("#xw-take").disabled = !mine || !Wordbot.pieOffered(pos);
    const note = $("#xw-mine-note");
    if (!myTurn() || pos.phase !== "turn") note.textContent = `(${game.human})`;
    else if (!xw.legal) note.textContent = `(${game.human}) · asking which words you may write…`;
    else if (passOnly()) note.textContent = `(${game.human}) · no word can be written: pass`;
    else {
      note.textContent = `(${game.human}) · ${writable().size} words you may write, ` +
        `${xw.legal.count} legal writes` +
        (complete() ? "" : ` (the first ${xw.legal.moves.length} listed)`);
    }
    $("#xw-theirs-note").textContent = `(${opponent()}, ${game.bot})`;
    if (pos.phase !== "over") setStatus(statusText());
    scores(null);
  }

  function statusText() {
    const pos = game.position;
    const limit = pos.rules ? pos.rules.turn_limit : 30;
    const n = pos.turns_taken[pos.to_move] + (pos.extra.length ? 0 : 1);
    let text = `turn ${n} of ${limit}`;
    if (pos.extra.length) {
      text += ` · extra turn: ${describeExtra(pos.extra[0])}`;
      if (pos.extra.length > 1) text += ` (${pos.extra.length - 1} more to come)`;
    }
    const who = pos.to_move === game.human ? "your turn" : `${pos.to_move} to move`;
    const score = pos.players.map((p) => `${p} ${pos.scores[p]}`).join(", ");
    return `${text} · ${who} · ${score}`;
  }

  function scores(final) {
    const pos = game.position;
    scoreTable(["letters", "turns", "captured"], (p) => [
      pos.cells.filter((t) => t[3] === p).length, pos.turns_taken[p],
      final && final.scores ? final.scores[p] : pos.scores[p]]);
  }

  function reset() {
    xw.legal = null; xw.direction = "across";
    clear();
  }

  Wordbot.register("crosswords", { markup, help, winning, render, scores, reset, newPosition,
                                   useHint, hintText });

  // ---------------------------------------------------------------- wiring
  $("#xw-across").onclick = () => setDirection("across");
  $("#xw-down").onclick = () => setDirection("down");
  $("#xw-write").onclick = write;
  $("#xw-clear").onclick = () => { clear(); showMessage(""); render(); };
  $("#xw-pass").onclick = () => send({ type: "pass" });
  $("#xw-take").onclick = () => send({ type: "take_over" });
  $("#xw-hint").onclick = hint;
})();
