// The Control Word page: the unbounded board around the tiles, your rack, and the
// actions of the word and replacement phases (play the placed tiles, recall, pass,
// redraw, exchange for a blue tile); a hint is placed on the board. It registers its
// view with app.js (the page contract at the top of app.js) and uses app.js's helpers.
"use strict";

(() => {
  // what the person is making: the selected rack tile (its index), the tiles placed
  // ({r, c, letter, colour, rackIndex}), and a hinted move with no tiles to place (a
  // pass, a redraw, an exchange), which Play makes
  const cw = { sel: null, pending: [], held: null };
  const ACTIONS = ["#play", "#recall", "#pass", "#exchange-vowel", "#exchange-consonant"];

  const markup = `
    <div id="board-wrap"><div id="board" role="grid" aria-label="board"></div></div>
    <div id="rack-row">
      <span class="label">Your rack</span>
      <div id="rack" aria-label="your rack"></div>
    </div>
    <div id="actions">
      <button id="play" type="button" title="Play the tiles you placed" disabled>Play</button>
      <button id="recall" type="button" title="Take the placed tiles back" disabled>Recall</button>
      <button id="pass" type="button" disabled>Pass</button>
      <button id="redraw" type="button" title="Return your own tiles and draw again" disabled>Redraw</button>
      <span class="exchange">Exchange the selected tile for a blue
        <button id="exchange-vowel" type="button" disabled>vowel</button>
        <button id="exchange-consonant" type="button" disabled>consonant</button></span>
      <button id="hint" type="button">Hint</button>
    </div>`;
  const help = "Word phase: select a rack tile, then click empty squares to place it; Play. " +
    "Replacement phase: select a rack tile, then click a board tile that is not yours to " +
    "cover it (up to the replacement limit L); Play. Click a placed tile to take it back. " +
    "Lowercase tiles are blue. Hint asks the bot for its best moves; click one to place it, " +
    "then Play.";
  const winning = "How it is won: the highest end score after the last round (10 by " +
    "default). The points column is not that score, only what your words scored when " +
    "played: at the end every word on the board also pays the colour with the most tiles " +
    "in it (nobody on a tie, or when blue leads) twice what a word of its length scores " +
    "when played, or three times when that colour holds at least half its tiles, and each " +
    "penalty costs 5. So " +
    "taking words over by replacement, which scores nothing at once, pays at the end (the " +
    "final column then).";

  function newPosition() { cw.pending = []; cw.sel = null; cw.held = null; }

  // ---------------------------------------------------------------- actions
  function playPending() {
    if (cw.held) { send(cw.held); return; }
    if (!cw.pending.length) { showMessage("Place some tiles first (select a rack tile, click a square)."); return; }
    const type = game.position.phase === "word" ? "word" : "replace";
    send({ type, tiles: cw.pending.map((p) => [p.r, p.c, p.letter, p.colour]) });
  }

  function exchange(bag) {
    if (cw.sel === null) { showMessage("Select one of your own (uppercase) rack tiles first."); return; }
    const ch = rackTiles()[cw.sel];
    if (ch !== ch.toUpperCase()) { showMessage("Blue tiles cannot be exchanged; select one of your own."); return; }
    send({ type: "exchange", tile: ch, bag });
  }

  // a word or replacement is laid out on the board, anything else held (with an
  // exchange's tile selected): Play makes it
  function useHint(move, cand) {
    newPosition();
    if (move.type !== "word" && move.type !== "replace") {
      cw.held = move;
      if (move.type === "exchange") {
        const k = rackTiles().indexOf(move.tile);
        cw.sel = k >= 0 ? k : null;
      }
      render();
      hintHeld(cand, "Play");
      return;
    }
    const free = rackTiles().map((ch, i) => ({ ch, i }));
    for (const [r, c, letter, colour] of move.tiles) {
      const want = colour === "blue" ? letter.toLowerCase() : letter;
      const k = free.findIndex((f) => f.ch === want);
      const idx = k >= 0 ? free.splice(k, 1)[0].i : -1;
      cw.pending.push({ r, c, letter, colour, rackIndex: idx });
    }
    render();
    showMessage("Hint placed: press Play to make it.", true);
  }

  // the words that change hands
  function hintTitle(cand) { return cand.words && cand.words.join("\n"); }

  function rackTiles() {
    return (game.position && game.position.racks[game.human] || "").split("");
  }

  function clickRack(i) {
    if (!myTurn() || cw.pending.some((p) => p.rackIndex === i)) return;
    cw.held = null;
    cw.sel = cw.sel === i ? null : i;
    render();
  }

  function clickCell(r, c) {
    if (!canAct()) return;
    cw.held = null;
    const k = cw.pending.findIndex((p) => p.r === r && p.c === c);
    if (k >= 0) { cw.pending.splice(k, 1); render(); return; }
    if (cw.sel === null) { showMessage("Select a rack tile first."); return; }
    const here = boardMap().get(`${r},${c}`);
    const phase = game.position.phase;
    if (phase === "word" && here) { showMessage("That square is taken; in the word phase place tiles on empty squares."); return; }
    if (phase === "replacement") {
      if (!here) { showMessage("In the replacement phase, cover a board tile that is not yours."); return; }
      if (here.colour === game.human) { showMessage("You cannot replace your own tile."); return; }
    }
    const ch = rackTiles()[cw.sel];
    const blue = ch === ch.toLowerCase();
    cw.pending.push({ r, c, letter: ch.toUpperCase(), colour: blue ? "blue" : game.human, rackIndex: cw.sel });
    cw.sel = null;
    showMessage("");
    render();
  }

  // ---------------------------------------------------------------- drawing
  function boardMap() {
    const map = new Map();
    for (const [r, c, letter, colour] of game.position.board) map.set(`${r},${c}`, { letter, colour });
    return map;
  }

  // the squares of the last move when it was the bot's (the person's own is not news)
  function lastCells() {
    const last = game.moves[game.moves.length - 1];
    return new Set(last && !last.mine && last.move.tiles ? last.move.tiles.map((t) => `${t[0]},${t[1]}`) : []);
  }

  function render() {
    const pos = game.position;
    const board = boardMap();
    const pend = new Map(cw.pending.map((p) => [`${p.r},${p.c}`, p]));
    const rows = pos.board.map((t) => t[0]).concat(cw.pending.map((p) => p.r));
    const cols = pos.board.map((t) => t[1]).concat(cw.pending.map((p) => p.c));
    const margin = 2;
    const r0 = Math.min(...rows) - margin, r1 = Math.max(...rows) + margin;
    const c0 = Math.min(...cols) - margin, c1 = Math.max(...cols) + margin;
    const el = $("#board");
    el.innerHTML = "";
    el.style.gridTemplateColumns = `repeat(${c1 - c0 + 2}, 30px)`;
    el.appendChild(node("div", "cell coord", ""));
    for (let c = c0; c <= c1; c++) el.appendChild(node("div", "cell coord", String(c)));
    const last = lastCells();
    for (let r = r0; r <= r1; r++) {
      el.appendChild(node("div", "cell coord", String(r)));
      for (let c = c0; c <= c1; c++) {
        const key = `${r},${c}`;
        const p = pend.get(key), t = board.get(key);
        let div;
        if (p) {
          div = node("div", `cell tile-${p.colour} pending`, p.colour === "blue" ? p.letter.toLowerCase() : p.letter);
        } else if (t) {
          div = node("div", `cell tile-${t.colour}` + (last.has(key) ? " last" : "") +
                     (pos.phase === "replacement" && t.colour !== game.human ? " target" : ""), t.letter);
        } else {
          div = node("div", "cell empty", "");
        }
        div.dataset.r = r; div.dataset.c = c;
        div.setAttribute("role", "gridcell");
        div.onclick = () => clickCell(r, c);
        el.appendChild(div);
      }
    }
    const rack = $("#rack");
    rack.innerHTML = "";
    const used = new Set(cw.pending.map((p) => p.rackIndex));
    rackTiles().forEach((ch, i) => {
      const blue = ch === ch.toLowerCase();
      const b = node("button", `rack-tile tile-${blue ? "blue" : game.human}` +
                     (cw.sel === i ? " selected" : "") + (used.has(i) ? " used" : ""), ch);
      b.dataset.index = i;
      b.onclick = () => clickRack(i);
      rack.appendChild(b);
    });
    scores(null);
    if (pos.phase !== "over") {
      const who = pos.to_move === game.human ? "your turn" : `${pos.to_move} to move`;
      const phaseText = pos.phase === "word" ? "word phase" : `replacement phase (up to ${pos.replacement_limit} tiles)`;
      setStatus(`Round ${pos.round} of ${pos.rules.rounds} · ${phaseText} · rack limit ${pos.rack_limit} · ${who}`);
    }
    const mine = canAct();
    for (const id of ACTIONS) $(id).disabled = !mine;
    $("#redraw").disabled = !mine || pos.phase !== "word";
    offerHint($("#hint"));
  }

  function scores(final) {
    const pos = game.position;
    scoreTable(["points", "penalties"].concat(final ? ["final"] : []), (p) =>
      [pos.scores[p], pos.penalties[p]].concat(final ? [final.totals[p].final] : []));
  }

  Wordbot.register("controlword", { markup, help, winning, render, scores, newPosition, useHint,
                                    hintTitle });

  // ---------------------------------------------------------------- wiring
  $("#play").onclick = playPending;
  $("#recall").onclick = () => { newPosition(); render(); };
  $("#pass").onclick = () => send({ type: "pass" });
  $("#redraw").onclick = () => send({ type: "redraw" });
  $("#exchange-vowel").onclick = () => exchange("vowel");
  $("#exchange-consonant").onclick = () => exchange("consonant");
  $("#hint").onclick = hint;
})();
