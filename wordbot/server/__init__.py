"""``wordbot serve``: the engine protocol over HTTP and WebSocket, and a page to play on.

- ``POST /api``: the body is one protocol request (JSON); the answer is its final reply
  (a ``go`` answers with its ``bestmove``, whose ``candidates`` are the last ``info``).
  Each HTTP request is a fresh session: send the position with every request.
- ``GET /ws`` (WebSocket): one protocol request per text message, every reply a message
  (``info`` streams as the search goes), a stateful session per connection
  (``newgame`` / ``apply``), ``stop`` ends a running ``go`` or hint.
- ``GET /``: the web page; ``GET /healthz``: ``{"ok": true, "searches": N,
  "connections": N}`` (searches running or queued, connections held).

Limits: 1 MB per body or message, a body must arrive within ``body_timeout`` seconds, a
request head within ``header_timeout`` seconds; every search (``go``, a hosted game's
hint, a bot's move) thinks at most ``max_time`` seconds whatever its player spec says,
and waits at most ``queue_timeout`` seconds for its turn; at most ``max_searches``
searches are running or queued at once (one per connection; more: an error reply
``busy`` at once, never a wait); ``limit_concurrency`` connections at once, HTTP and
WebSocket alike, at most ``max_per_client`` of them from one address (more: HTTP 503
with ``Retry-After``, :mod:`wordbot.server.guard`); a WebSocket idle for
``idle_timeout`` seconds while the server owes it nothing is closed. Requests run on a
pool of threads fair between clients (:mod:`wordbot.server.lanes`), never on the event
loop: work (listings, positions) on ``workers`` threads, control requests (``hello``,
``isready``, ``observe``, ``stop``, the hosted game's own) on ``control_workers`` more,
never behind other clients' work; only searches wait for each other.

Same origin: ``/api`` and ``/ws`` answer only requests whose ``Host`` is the bound
address or a loopback name (any, when bound to every interface) and whose ``Origin``,
when a browser sends one, is this server's own page or one of ``allow_origins``; any
other page the user visits (or a DNS-rebinding name) gets 403 ``forbidden``.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import sys
import threading
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from wordbot.engine.games import DEFAULT_GAME
from wordbot.plugins import BUILTIN, Catalog
from wordbot.protocol import (
    MAX_LINE,
    Connection,
    Job,
    ProtocolError,
    Session,
    check_request,
    decode_request,
    encode_reply,
    error_reply,
    request_id,
)
from wordbot.protocol.lobby import Lobby, dealt_again
from wordbot.protocol.search import run_jobs_below
from wordbot.server.deals import Deals
from wordbot.server.guard import RETRY_AFTER, Slots, guarded_protocols
from wordbot.server.lanes import FairPool, lane
from wordbot.server.websocket import Outbox, converse

STATUS = {
    "too_large": 413,
    "busy": 503,
    "timeout": 504,
    "internal": 500,
    "bad_json": 400,
    "slow_client": 408,
    "forbidden": 403,
}

#: seconds a thread computing keeps the interpreter from one that asks for it
SWITCH_INTERVAL = 0.0005
#: the collector's thresholds while serving (``gc.set_threshold``): full passes rarely
GC_THRESHOLDS = (700, 10, 1000)
#: names of this machine that a page served from it may carry in Host and Origin
LOOPBACK = ("127.0.0.1", "localhost", "::1", "[::1]")
#: addresses that listen on every interface: any Host may reach them
EVERY_INTERFACE = ("0.0.0.0", "::", "")


@dataclass
class ServerConfig:
    game: str = DEFAULT_GAME  # the game of a new session
    catalog: Catalog = BUILTIN  # the games and players sessions know
    lexicon: str | None = None
    player: str | None = None  # default player of go
    max_time: float = 10.0
    queue_timeout: float = 60.0
    max_searches: int = 8  # running or queued at once (one per connection)
    max_moves: int = 500
    body_timeout: float = 10.0
    header_timeout: float = 5.0
    limit_concurrency: int = 512  # connections at once, HTTP and WebSocket alike
    max_per_client: int = 64  # connections at once from one address
    # threads for work: listings, positions, a search's set-up. The work is Python
    # holding the interpreter, so a second thread adds no speed, only a contender that
    # the event loop and the control threads wait behind (hello's p50 x15 under load)
    workers: int = 1
    # threads more for control requests: two, so that one slow request (a new table)
    # holds up no other; more only contend for the interpreter
    control_workers: int = 2
    host: str = "127.0.0.1"  # the bound address (the Host check)
    allow_origins: tuple[str, ...] = ()  # other pages that may use /api and /ws
    idle_timeout: float = 300.0  # seconds a WebSocket may send nothing
    rules: tuple[str, ...] = ()  # NAME=VALUE: the rules of new games unless they say
    seed: int | None = None  # hosted game k is dealt from seed and k (tests); never sent
    grace: float = 300.0  # seconds a hosted game waits for its seat to rejoin
    state_dir: str | None = None  # the hosted games' journals (None: in memory only)
    max_games: int = 1000  # hosted games at once, played or waiting for their seat
    # the threads of searches, bots' moves and work run this much nicer than those of
    # control requests, so that control gets the processor first (Linux)
    job_nice: int = 10


def _host_name(value: str) -> str:
    """The name part of a Host header or an origin's authority (no port, lower case)."""
    value = value.strip().lower()
    if value.startswith("["):  # [::1]:8000
        return value[: value.find("]") + 1]
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


def refusal(headers, config: ServerConfig) -> str | None:
    """Why a request from these headers may not use the protocol (None: it may).

    >>> config = ServerConfig()
    >>> refusal({"host": "127.0.0.1:8000"}, config) is None
    True
    >>> refusal({"host": "127.0.0.1:8000", "origin": "http://127.0.0.1:8000"}, config)
    >>> refusal({"host": "127.0.0.1:8000", "origin": "https://evil.example"}, config)
    "Origin 'https://evil.example': not this server's page (wordbot serve --allow-origin adds one)"
    >>> refusal({"host": "rebound.example:8000"}, config)
    "Host 'rebound.example:8000': not this server's address (127.0.0.1 or localhost)"
    """
    host = headers.get("host", "")
    if config.host not in EVERY_INTERFACE and _host_name(host) not in (
        config.host.lower(),
        *LOOPBACK,
    ):
        return (
            f"Host {host[:100]!r}: not this server's address ({config.host} or localhost)"
        )
    origin = headers.get("origin")
    if origin is None or origin in config.allow_origins:
        return None
    if origin.lower() in (f"http://{host}".lower(), f"https://{host}".lower()):
        return None
    return (
        f"Origin {origin[:100]!r}: not this server's page "
        "(wordbot serve --allow-origin adds one)"
    )


class _Admission:
    """Counts the searches admitted at once, server-wide."""

    def __init__(self, limit: int):
        self.limit = limit
        self.count = 0
        self.lock = threading.Lock()

    def admit(self, search: Job, queue_timeout: float, cap: float) -> None:
        with self.lock:
            if self.count >= self.limit:
                raise ProtocolError(
                    "busy",
                    f"server: {self.count} searches are running or "
                    "queued; try again shortly",
                    retry_after=RETRY_AFTER,
                )
            self.count += 1
        search.queue_timeout = queue_timeout
        search.cap = cap
        search.on_done.append(self._release)

    def _release(self, search: Job) -> None:
        with self.lock:
            self.count -= 1


class _AsyncEmit:
    """An emit callback for threads that hands replies to the event loop."""

    def __init__(self, loop: asyncio.AbstractEventLoop):
        self.loop = loop
        self.queue: asyncio.Queue = asyncio.Queue()
        self.closed = False

    def __call__(self, msg: dict) -> None:
        if not self.closed:
            try:
                self.loop.call_soon_threadsafe(self.queue.put_nowait, msg)
            except RuntimeError:  # the loop has closed
                self.closed = True


def create_app(config: ServerConfig | None = None):
    """The Starlette application."""
    from starlette.applications import Starlette
    from starlette.requests import ClientDisconnect
    from starlette.responses import FileResponse, JSONResponse, Response
    from starlette.routing import Mount, Route, WebSocketRoute
    from starlette.staticfiles import StaticFiles
    from starlette.websockets import WebSocket

    config = config or ServerConfig()
    static = resources.files("wordbot.server") / "static"
    pool = FairPool(config.workers, config.control_workers, work_nice=config.job_nice)
    run_jobs_below(config.job_nice)
    admission = _Admission(config.max_searches)
    slots = Slots(config.limit_concurrency, config.max_per_client)
    lobby = Lobby(
        config.grace,
        None if config.state_dir is None else Path(config.state_dir),
        config.max_games,
    )
    deals = Deals(config.seed)  # one count of games for every connection

    def new_session() -> Session:
        return Session(
            lexicon=config.lexicon,
            allow_lexicon=False,
            max_time=config.max_time,
            player=config.player,
            max_moves=config.max_moves,
            game=config.game,
            catalog=config.catalog,
            rules=config.rules,
            deals=deals.next,
            lobby=lobby,
        )

    def said(line: str) -> None:
        print(f"wordbot: {line}", file=sys.stderr, flush=True)

    resumed = lobby.resume(lambda header: dealt_again(header, new_session()), said)
    if config.state_dir is not None:
        said(f"{resumed} hosted game(s) resumed from {config.state_dir}")

    def admit(search: Job) -> None:
        admission.admit(search, config.queue_timeout, config.max_time)

    def respond(msg: dict) -> Response:
        status = 200
        if msg.get("type") == "error":
            status = STATUS.get(msg["error"]["code"], 400)
        return Response(
            encode_reply(msg),
            status_code=status,
            media_type="application/json",
            headers={"Retry-After": str(RETRY_AFTER)} if status == 503 else None,
        )

    async def read_body(request) -> bytes:
        length = request.headers.get("content-length")
        if length is not None:
            if not length.isdigit():
                raise ProtocolError("bad_request", "Content-Length: not a number")
            if int(length) > MAX_LINE:
                raise ProtocolError(
                    "too_large", f"request: {length} bytes; the limit is {MAX_LINE} (1 MB)"
                )
        chunks, size = [], 0

        async def gather():
            nonlocal size
            async for chunk in request.stream():
                size += len(chunk)
                if size > MAX_LINE:
                    raise ProtocolError(
                        "too_large", f"request: over {MAX_LINE} bytes (1 MB)"
                    )
                chunks.append(chunk)

        try:
            await asyncio.wait_for(gather(), config.body_timeout)
        except TimeoutError:
            raise ProtocolError(
                "slow_client",
                f"request: the body did not arrive within {config.body_timeout:g} s",
            ) from None
        return b"".join(chunks)

    async def homepage(request):
        return FileResponse(str(static / "index.html"))

    async def favicon(request):
        return Response(status_code=204)

    async def healthz(request):
        return JSONResponse(
            {"ok": True, "searches": admission.count, "connections": slots.count}
        )

    def forbidden(why: str) -> Response:
        return respond(error_reply(None, ProtocolError("forbidden", why)))

    async def api(request):
        loop = asyncio.get_running_loop()
        req = None
        why = refusal(request.headers, config)
        if why is not None:
            return forbidden(why)
        try:
            body = await read_body(request)
            req = decode_request(body)
            check_request(req)
        except ClientDisconnect:
            return JSONResponse({}, status_code=400)
        except Exception as exc:
            return respond(error_reply(request_id(req), exc))
        if req["cmd"] == "quit":
            return respond({"id": request_id(req), "type": "bye"})
        emit = _AsyncEmit(loop)
        conn = Connection(new_session(), emit, on_search=admit)
        key = ("http", *(request.client or ()))  # its HTTP connection
        await asyncio.wrap_future(
            pool.submit(key, conn.submit, req, work=lane(req) == "work")
        )
        deadline = loop.time() + config.max_time + config.queue_timeout + 10
        try:
            while True:
                msg = await asyncio.wait_for(
                    emit.queue.get(), max(deadline - loop.time(), 0)
                )
                if msg.get("type") != "info" and "event" not in msg:
                    conn.close()  # a hosted game it made waits for its seat's rejoin
                    return respond(msg)
        except TimeoutError:
            conn.close()
            return respond(
                error_reply(
                    request_id(req), ProtocolError("timeout", "request: no answer in time")
                )
            )

    async def websocket(ws: WebSocket):
        why = refusal(ws.headers, config)
        if why is not None:  # closed before the handshake: the client gets HTTP 403
            await ws.close(code=1008, reason=why[:120])
            return
        await ws.accept()
        outbox = Outbox(asyncio.get_running_loop())
        conn = Connection(new_session(), outbox, on_search=admit)
        await converse(ws, conn, outbox, pool, config.idle_timeout)

    routes = [
        Route("/", homepage),
        Route("/healthz", healthz),
        Route("/favicon.ico", favicon),
        Route("/api", api, methods=["POST"]),
        WebSocketRoute("/ws", websocket),
        Mount("/static", StaticFiles(directory=str(static)), name="static"),
    ]

    async def sweeper():
        # the games whose seat did not come back in time are dropped, journals too
        while True:
            await asyncio.sleep(min(max(config.grace / 4, 0.2), 5.0))
            lobby.sweep()

    @contextlib.asynccontextmanager
    async def lifespan(app):
        sweeping = asyncio.create_task(sweeper())
        yield
        sweeping.cancel()
        pool.shutdown()

    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.config = config
    app.state.slots = slots  # counted by the server's protocols (serve)
    return app


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    config: ServerConfig | None = None,
    log_level: str = "info",
) -> None:
    """Run the server until interrupted."""
    import uvicorn

    config = config or ServerConfig()
    app = create_app(config)
    http, ws = guarded_protocols(app.state.slots, config.header_timeout)
    # the event loop and the control threads wait at most this long for the interpreter
    # while work threads compute (Python's 5 ms default puts tens of ms on each reply)
    sys.setswitchinterval(SWITCH_INTERVAL)
    # what start-up made (word lists, kernels, the catalog) lives as long as the server:
    # the collector's full passes, which stop every thread, leave it out
    gc.collect()
    gc.freeze()
    # a full pass over a busy server's heap (its hosted games, the listings in flight)
    # stops every thread for 50-130 ms, and at the default thresholds one ran about
    # every second under load; young passes are cheap and stay as they are
    gc.set_threshold(*GC_THRESHOLDS)
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level=log_level,
        http=http,
        ws=ws,
        ws_max_size=MAX_LINE + 1024,
        limit_concurrency=None,  # the protocols count every connection themselves
        timeout_keep_alive=5,
        timeout_graceful_shutdown=5,
    )
