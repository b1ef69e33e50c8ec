// wordbot web page: a hosted game kept through a dropped connection (loaded before
// app.js, whose names it uses once the page runs: game, request, switchTo, startGame,
// showTable, showMessage, setStatus, stopWaits, render, VIEWS, $).
//
"use strict";

// The server keeps a hosted game while its seat is away (docs/protocol.md, "Rejoin"):
// newgame's reply gives the seat a token, kept in this tab's sessionStorage (never sent
// anywhere but to rejoin), and a connection that drops is made again, the game rejoined
// with the last move number the page saw; the moves it missed come first.
const SEAT_KEY = "wordbot.seat";
const link = { tries: 0, timer: null };

function savedSeat() {
  try { return JSON.parse(sessionStorage.getItem(SEAT_KEY)); } catch { return null; }
}
function saveSeat(seat) { sessionStorage.setItem(SEAT_KEY, JSON.stringify(seat)); }
function forgetSeat() { sessionStorage.removeItem(SEAT_KEY); }

function reconnectLater() {
  link.tries += 1;
  const wait = Math.min(500 * 2 ** (link.tries - 1), 5000);
  const what = savedSeat() ? "rejoining your game" : "reconnecting";
  setStatus(`Lost the connection to the server; ${what} (attempt ${link.tries})…`);
  $("#new-game").disabled = true;
  clearTimeout(link.timer);
  link.timer = setTimeout(connect, wait);
}

// the connection is back: the game it played, rejoined; the session on the page's game
async function reconnected() {
  const seat = savedSeat();
  const back = seat ? await rejoin(seat) : false;
  game.hello = await request({ cmd: "hello" });
  if (game.name && game.hello.game !== game.name) {
    await request({ cmd: "newgame", game: game.name });  // a session plays one game
    game.hello = await request({ cmd: "hello" });
  }
  $("#new-game").disabled = !VIEWS[game.name];
  if (!back) setStatus("Connected to the server again. Press New game to play.");
}

// rejoin the saved seat's game: true when it is played on here
async function rejoin(seat) {
  const same = game.position && game.name === seat.game && game.human === seat.human;
  if (!same) {  // a page loaded again: the game's view starts from its first move
    if (game.name !== seat.game) await switchTo(seat.game);
    $("#colour").value = seat.human;
    $("#bot").value = seat.bot;
    startGame(seat.human, seat.bot);
  }
  let reply;
  game.catchingUp = true;  // the moves made while the page was away come first (gameEvent)
  game.caught = 0;
  try {
    reply = await request({ cmd: "rejoin", token: seat.token, turn: same ? game.turn : 0 });
  } catch (err) {
    if (err.code === "closed") return false;  // down again: the next connection tries
    forgetSeat();
    showMessage(`Your game could not be rejoined (${err.message}). Press New game to play again.`);
    return false;
  } finally { game.catchingUp = false; }
  showTable(reply);
  const caught = game.caught > 1 ? `${game.caught} moves` : "1 move";
  showMessage(!same ? "Rejoined your game: its moves so far are shown again."
    : game.caught ? `Rejoined your game after the connection dropped; ${caught} made meanwhile shown.`
      : "Rejoined your game after the connection dropped.", true);
  return true;
}

// the seat was rejoined from another tab or window, which plays the game now
function playedElsewhere() {
  forgetSeat();
  stopWaits();
  game.busy = true;
  render();
  setStatus("This game is being played elsewhere now (it was rejoined there).");
}
