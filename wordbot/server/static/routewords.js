// The RouteWords page: the grid with coins, pawns and owned squares, its squares' and
// corners' coordinates in the margins (those of the notation); trace a route by
// clicking squares and end it on a corner; swap by clicking two squares; pay for both;
// bonus rounds; hints laid out on the grid, made with Play. It registers its view with
// app.js (the page contract at the top of app.js) and uses app.js's helpers.
"use strict";

(() => {
  const N = 5, CELL = 64, PAD = 32;
  const INK = { red: "#c62828", green: "#2e7d32", black: "#262626", white: "#f2f2f2" };
  const TINT = { red: "#f4c7c3", green: "#c8e6c9", black: "#bdbdbd", white: "#fff8e1" };
  // what the person is making: the route's squares, the swap's squares, and with "pay",
  // the half already made ({route} or {swap}) and which came first; a hint laid out is
  // `ready` (the move Play makes) with its route's end corner in `end`
  const rw = { path: [], swap: [], swapping: false, done: null, ready: null, end: null };

  const near = (a, b) => !(a[0] === b[0] && a[1] === b[1]) &&
    Math.abs(a[0] - b[0]) <= 1 && Math.abs(a[1] - b[1]) <= 1;
  const same = (a, b) => a[0] === b[0] && a[1] === b[1];

  const markup = `
    <svg id="rw-grid" role="grid" aria-label="RouteWords grid" width="396" height="396"
         viewBox="0 0 396 396"></svg>
    <div id="rw-legend" class="rw-note">Squares (row,column) are numbered at the left and
      top, corners at the right and bottom: in <i>route TEA 1,1 1,2 2,2 &gt; 3,3</i> the
      squares come first and the corner where the route stops follows &gt;.</div>
    <div id="rw-actions">
      <button id="rw-play" type="button" title="Make the hint laid out on the grid" disabled>Play</button>
      <label title="Pay 1 point to make a route and a swap, in the order you make them">
        <input type="checkbox" id="rw-pay"> pay 1 point: route and swap</label>
      <button id="rw-swap" type="button" title="Then click two neighbouring squares">Swap two tiles</button>
      <button id="rw-clear" type="button">Clear</button>
      <button id="rw-bonus" type="button" title="Everyone names their longest word on the grid">Bonus round</button>
      <button id="rw-pass" type="button">Pass</button>
      <button id="rw-take" type="button" hidden
              title="The pie rule: take red's first turn as yours (the seats swap)">Take over</button>
      <button id="rw-hint" type="button">Hint</button>
    </div>
    <div id="rw-word-row" hidden>
      <label>Your longest word <input id="rw-word" autocomplete="off"></label>
      <button id="rw-submit" type="button">Submit word</button>
      <button id="rw-nothing" type="button">Nothing</button>
    </div>`;
  const help = "RouteWords: click the squares of a word in order, starting next to your " +
    "pawn, then click a corner of the last square to stop there (and take its coin). To " +
    "swap, press \"Swap two tiles\" and click two neighbouring squares. Tick \"pay 1 " +
    "point\" to do both, in the order you make them. A closed loop of 4+ squares claims " +
    "the squares inside. Bonus round: everyone names their longest word on the grid; the " +
    "longest score their length. A hint is laid out on the grid (its squares numbered, its " +
    "end corner ringed): press Play to make it.";
  const winning = "How it is won: the most points when the game ends, which is when the " +
    "last coin is taken or every player has had the turn limit (60 turns by default), " +
    "after a last bonus round if a bonus token is left. The points column is the score: " +
    "the point you start with, the coins you take and your bonus-round words, less 1 for " +
    "each turn you pay to route and swap. The squares you own (the squares column) score " +
    "nothing themselves, but no other player's route may use them.";

  function reset() {
    rw.path = []; rw.swap = []; rw.swapping = false; rw.done = null;
    rw.ready = null; rw.end = null;
    $("#rw-pay").checked = false;
  }

  // a hint is laid out as if made by hand, the route with its end corner chosen; Play
  // (or a click on that corner) makes it. A move with nothing on the grid (a pass, a
  // bonus round, a word) is held for Play, a word also put in the box.
  function useHint(move, cand) {
    reset();
    const copy = (squares) => squares.map((q) => q.slice());
    let what = "";
    if (move.type === "route") {
      rw.path = copy(move.path); rw.end = move.end.slice();
    } else if (move.type === "swap") {
      rw.swap = copy(move.squares);
    } else if (move.type === "both") {
      $("#rw-pay").checked = true;
      rw.path = copy(move.route.path); rw.end = move.route.end.slice();
      rw.swap = copy(move.swap);
      if (move.first === "swap") rw.done = { swap: copy(move.swap) };  // the route reads the swapped grid
      what = move.first === "swap" ? " (pay 1 point: the swap, then the route)"
                                   : " (pay 1 point: the route, then the swap)";
    } else {
      if (move.type === "bonus_word") $("#rw-word").value = move.word || "";
      rw.ready = move;
      render();
      hintHeld(cand, "Play");
      return;
    }
    rw.ready = move;
    render();
    showMessage(`Hint placed${what}: press Play to make it.`, true);
  }

  // a click on the grid while a hint is laid out starts afresh
  function dropHint() {
    if (!rw.ready) return;
    reset();
    showMessage("");
  }

  // the grid as the person sees it while making a move: after a swap made first
  function shownGrid() {
    const rows = game.position.grid.map((r) => r.split(""));
    if (rw.done && rw.done.swap) {
      const [a, b] = rw.done.swap;
      [rows[a[0]][a[1]], rows[b[0]][b[1]]] = [rows[b[0]][b[1]], rows[a[0]][a[1]]];
    }
    return rows;
  }

  function myPawn() { return game.position.pawns[game.human]; }

  const canRoute = () => canAct() && game.position.phase === "turn";

  function clickSquare(r, c) {
    if (!canRoute()) return;
    dropHint();
    const sq = [r, c];
    if (rw.swapping) {
      const k = rw.swap.findIndex((s) => same(s, sq));
      if (k >= 0) { rw.swap.splice(k, 1); render(); return; }
      if (rw.swap.length === 1 && !near(rw.swap[0], sq)) {
        showMessage("A swap exchanges two neighbouring squares (diagonals count)."); return;
      }
      rw.swap.push(sq);
      if (rw.swap.length === 2) finishSwap();
      render();
      return;
    }
    const last = rw.path[rw.path.length - 1];
    if (last && same(last, sq)) { rw.path.pop(); render(); return; }
    if (rw.path.some((s) => same(s, sq))) { showMessage("A route uses each square once."); return; }
    if (!last) {
      const [i, j] = myPawn();
      if (!((r === i || r === i - 1) && (c === j || c === j - 1))) {
        showMessage("A route starts on a square next to your pawn."); return;
      }
    } else if (!near(last, sq)) {
      showMessage("Each step goes to one of the 8 neighbouring squares."); return;
    }
    const owner = (game.position.owners.find((o) => o[0] === r && o[1] === c) || [])[2];
    if (owner && owner !== game.human) { showMessage(`That square is ${owner}'s.`); return; }
    rw.path.push(sq);
    showMessage("");
    render();
  }

  function clickPoint(i, j) {
    if (!canRoute() || rw.swapping) return;
    if (rw.ready && rw.end && same(rw.end, [i, j])) { make(rw.ready); return; }
    dropHint();
    const last = rw.path[rw.path.length - 1];
    if (!last) { showMessage("Trace a word first: click squares from your pawn."); return; }
    if (!((i === last[0] || i === last[0] + 1) && (j === last[1] || j === last[1] + 1))) {
      showMessage("A route stops on a corner of its last square."); return;
    }
    const route = { path: rw.path.slice(), end: [i, j] };
    if (!$("#rw-pay").checked) { make({ type: "route", ...route }); return; }
    if (rw.done && rw.done.swap) {
      make({ type: "both", first: "swap", swap: rw.done.swap, route });
      return;
    }
    rw.done = { route }; rw.path = []; rw.swapping = true;
    showMessage("Now the swap: click two neighbouring squares.", true);
    render();
  }

  function finishSwap() {
    const swap = rw.swap.slice();
    if (!$("#rw-pay").checked) { make({ type: "swap", squares: swap }); return; }
    if (rw.done && rw.done.route) {
      make({ type: "both", first: "route", swap, route: rw.done.route });
      return;
    }
    rw.done = { swap }; rw.swap = []; rw.swapping = false;
    showMessage("Now the route, on the swapped grid.", true);
  }

  // a move sent forgets what was being made, even when the server refuses it
  function make(move) {
    reset();
    send(move);
  }

  // ---------------------------------------------------------------- drawing
  function lastRoute() {
    const m = lastBotMove();
    if (!m) return null;
    return m.type === "route" ? m : m.type === "both" ? m.route : null;
  }

  // a route as a line through its squares' centres to its end corner
  function routeLine(route, attrs) {
    const pts = route.path.map(([r, c]) => `${PAD + c * CELL + CELL / 2},${PAD + r * CELL + CELL / 2}`);
    pts.push(`${PAD + route.end[1] * CELL},${PAD + route.end[0] * CELL}`);
    return svgNode("polyline", { points: pts.join(" "), fill: "none", ...attrs });
  }

  // the margins' numbers: squares' rows and columns (0..N-1) at the left and top, at their
  // centres; corners' (0..N) at the right and bottom, on the grid's lines
  function drawCoordinates(svg) {
    const far = PAD + N * CELL + 28;  // clear of a corner's coin and an end's ring
    const label = (x, y, text, attrs) => svg.appendChild(svgNode("text", {
      x, y, "text-anchor": "middle", "dominant-baseline": "central", ...attrs }, text));
    for (let k = 0; k < N; k++) {
      const at = PAD + k * CELL + CELL / 2;
      label(PAD / 2, at, k, { class: "rw-label rw-square-label", "data-row": k });
      label(at, PAD / 2, k, { class: "rw-label rw-square-label", "data-col": k });
    }
    for (let k = 0; k <= N; k++) {
      const at = PAD + k * CELL;
      label(far, at, k, { class: "rw-label rw-corner-label", "data-corner-row": k });
      label(at, far, k, { class: "rw-label rw-corner-label", "data-corner-col": k });
    }
  }

  function render() {
    const pos = game.position;
    const svg = $("#rw-grid");
    svg.innerHTML = "";
    drawCoordinates(svg);
    const rows = shownGrid();
    const owners = new Map(pos.owners.map((o) => [`${o[0]},${o[1]}`, o[2]]));
    const onPath = new Map(rw.path.map((s, k) => [`${s[0]},${s[1]}`, k + 1]));
    const swapSel = new Set(rw.swap.map((s) => `${s[0]},${s[1]}`));
    for (let r = 0; r < N; r++) {
      for (let c = 0; c < N; c++) {
        const key = `${r},${c}`;
        const owner = owners.get(key);
        const g = svgNode("g", { class: "rw-square" + (onPath.has(key) ? " on-path" : "") +
                                  (swapSel.has(key) ? " swap-pick" : ""),
                                "data-r": r, "data-c": c, "data-owner": owner || "",
                                "data-step": onPath.get(key) || "" });
        g.appendChild(svgNode("rect", {
          x: PAD + c * CELL, y: PAD + r * CELL, width: CELL, height: CELL,
          fill: owner ? TINT[owner] : onPath.has(key) ? "#e3f2fd" : swapSel.has(key) ? "#fff3c4" : "#fff",
          stroke: "#90a4ae", "stroke-width": 1.5 }));
        const letter = rows[r][c] === "Q" ? "Qu" : rows[r][c];
        g.appendChild(svgNode("text", { x: PAD + c * CELL + CELL / 2, y: PAD + r * CELL + CELL * 0.62,
                                       "font-size": 26, "text-anchor": "middle" }, letter));
        if (onPath.has(key)) {
          g.appendChild(svgNode("text", { x: PAD + c * CELL + CELL / 2, y: PAD + r * CELL + CELL - 7,
                                         "font-size": 12, "text-anchor": "middle", fill: "#1565c0",
                                         class: "rw-step" }, onPath.get(key)));
        }
        g.onclick = () => clickSquare(r, c);
        svg.appendChild(g);
      }
    }
    // the chosen squares' outlines, over every square's border
    for (const [squares, colour] of [[rw.path, "#1565c0"], [rw.swap, "#f9a825"]]) {
      for (const [r, c] of squares) {
        svg.appendChild(svgNode("rect", { x: PAD + c * CELL + 2, y: PAD + r * CELL + 2,
          width: CELL - 4, height: CELL - 4, fill: "none", stroke: colour, "stroke-width": 4,
          "pointer-events": "none" }));
      }
    }
    const route = lastRoute();
    if (route) {
      svg.appendChild(routeLine(route, { class: "rw-last-route", stroke: "#1565c0",
                                         "stroke-opacity": 0.35, "stroke-width": 5 }));
    }
    if (rw.end) {  // the route laid out, its end chosen
      svg.appendChild(routeLine({ path: rw.path, end: rw.end }, {
        class: "rw-laid-route", stroke: "#f9a825", "stroke-width": 3, "stroke-dasharray": "6 4",
        "pointer-events": "none" }));
    }
    const coins = new Map(pos.coins.map((k) => [`${k[0]},${k[1]}`, k[2]]));
    const pawns = new Map(Object.entries(pos.pawns).map(([p, k]) => [`${k[0]},${k[1]}`, p]));
    for (let i = 0; i <= N; i++) {
      for (let j = 0; j <= N; j++) {
        const key = `${i},${j}`;
        const x = PAD + j * CELL, y = PAD + i * CELL;
        const end = rw.end && same(rw.end, [i, j]);
        const g = svgNode("g", { class: "rw-point" + (end ? " end" : ""), "data-i": i, "data-j": j });
        if (end) {
          g.appendChild(svgNode("circle", { cx: x, cy: y, r: 18, fill: "none", stroke: "#1565c0",
                                           "stroke-width": 4 }));
        }
        const pawn = pawns.get(key), coin = coins.get(key);
        if (pawn) {
          g.appendChild(svgNode("circle", { cx: x, cy: y, r: 13, fill: INK[pawn], stroke: "#000" }));
          g.setAttribute("data-pawn", pawn);
        } else if (coin) {
          g.appendChild(svgNode("circle", { cx: x, cy: y, r: 11, fill: "#ffd54f", stroke: "#f57f17" }));
          g.appendChild(svgNode("text", { x, y: y + 4, "font-size": 12, "text-anchor": "middle" }, coin));
          g.setAttribute("data-coin", coin);
        } else {
          g.appendChild(svgNode("circle", { cx: x, cy: y, r: 6, fill: "#cfd8dc" }));
        }
        g.onclick = () => clickPoint(i, j);
        svg.appendChild(g);
      }
    }
    renderControls();
    scores(null);
  }

  function renderControls() {
    const pos = game.position;
    const mine = canAct();
    const turn = mine && pos.phase === "turn";
    for (const id of ["#rw-swap", "#rw-clear"]) $(id).disabled = !mine;
    offerHint($("#rw-hint"));
    $("#rw-play").disabled = !mine || !rw.ready;
    $("#rw-pay").disabled = !turn || pos.scores[game.human] < 1 || !!rw.done;
    $("#rw-bonus").disabled = !turn || !pos.bonus_tokens[game.human] || rw.path.length > 0;
    $("#rw-pass").disabled = !turn;
    $("#rw-take").hidden = !(pos.rules && pos.rules.pie);
    $("#rw-take").disabled = !turn || !Wordbot.pieOffered(pos);
    $("#rw-swap").textContent = rw.swapping ? "Swapping: click two squares" : "Swap two tiles";
    $("#rw-word-row").hidden = !(mine && pos.phase === "bonus");
    if (pos.phase !== "over") {
      const who = pos.to_move === game.human ? "your turn" : `${pos.to_move} to move`;
      const coins = pos.coins.reduce((a, k) => a + k[2], 0);
      const what = pos.phase === "bonus"
        ? `bonus round (triggered by ${pos.bonus.trigger}): name your longest word`
        : `turn ${pos.turn} · ${coins} points of coins left`;
      setStatus(`${what} · ${who}`);
    }
  }

  function scores() {
    const pos = game.position;
    scoreTable(["points", "bonus token", "squares"], (p) => [
      pos.scores[p], pos.bonus_tokens[p] ? "yes" : "-",
      pos.owners.filter((o) => o[2] === p).length]);
  }

  Wordbot.register("routewords", { markup, help, winning, render, scores, reset, useHint });

  // ---------------------------------------------------------------- wiring
  $("#rw-play").onclick = () => { if (rw.ready) make(rw.ready); };
  $("#rw-swap").onclick = () => {
    dropHint();
    rw.swapping = !rw.swapping; rw.swap = [];
    if (rw.swapping) rw.path = rw.done && rw.done.route ? [] : rw.path;
    render();
  };
  $("#rw-clear").onclick = () => { reset(); showMessage(""); render(); };
  $("#rw-pay").onchange = () => {
    if (rw.ready) { const pay = $("#rw-pay").checked; dropHint(); $("#rw-pay").checked = pay; }
    render();
  };
  $("#rw-bonus").onclick = () => make({ type: "bonus" });
  $("#rw-pass").onclick = () => make({ type: "pass" });
  $("#rw-take").onclick = () => make({ type: "take_over" });
  $("#rw-submit").onclick = () => {
    const word = $("#rw-word").value.trim().toUpperCase();
    if (!word) { showMessage("Type a word, or press Nothing."); return; }
    $("#rw-word").value = "";
    make({ type: "bonus_word", word });
  };
  $("#rw-word").onkeydown = (e) => { if (e.key === "Enter") $("#rw-submit").click(); };
  $("#rw-nothing").onclick = () => make({ type: "bonus_word", word: null });
  $("#rw-hint").onclick = hint;
})();
