"""The web application of a served game (Starlette): the contract's endpoints over the :class:`Desk`.

``GET /`` the table view, ``GET /state.json`` the summary, ``GET /events`` the server-sent events (one per change,
``index`` and ``action`` for an action), ``GET /seat/SECRET`` a seat's page, ``POST /seat/SECRET/action`` (form
field ``action``) and ``POST /seat/SECRET/undo``; ``/view.json`` and ``/seat/SECRET/view.json`` what a page draws
(its safety net under the stream), ``/seat/SECRET/events`` a seat's stream (with its actions). A request to a seat
without its secret, or a POST from another origin, acts on nothing (403).

The game lives in the main thread's session; this application runs in the server's thread. Whatever touches the
session (acting, drawing in another language) runs in a worker thread holding the session's lock, never in the
event loop; the snapshots it serves are drawn once per change (:class:`~referee.cli.serve.desk.Snapshot`).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from referee import i18n
from referee.cli.serve.desk import Desk, Refused, Snapshot
from referee.cli.serve.pages import SCRIPT, STYLE, page

KEEP_ALIVE_SECONDS = 15.0
"""A comment line on a quiet stream this often, so that a page (or a proxy) sees that the stream still lives."""
RETRY_MILLISECONDS = 1000
"""How soon a page that lost its stream asks again (the ``retry`` field of the stream)."""

SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Cache-Control": "no-store",
}


class Followers:
    """The open event streams, each a queue in the event loop; :meth:`tell` is called from whichever thread changed
    the game (holding its lock) and only hands the snapshot over to the loop."""

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.queues: set[asyncio.Queue[Snapshot | None]] = set()

    def tell(self, snapshot: Snapshot) -> None:
        loop = self.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._put, snapshot)

    def _put(self, snapshot: Snapshot | None) -> None:
        for queue in self.queues:
            queue.put_nowait(snapshot)

    def close(self) -> None:
        """End every stream (the server is stopping)."""
        loop = self.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._put, None)


def language_of(request: Request) -> str:
    """The page's language: ``?lang=``, else the first of the browser's languages the referee speaks, else the
    referee's own."""
    asked = request.query_params.get("lang")
    if asked:
        chosen = i18n.normalize(asked)
        if chosen:
            return chosen
    for part in request.headers.get("accept-language", "").split(","):
        tag = part.split(";")[0].strip()
        if tag and tag != "*":
            chosen = i18n.normalize(tag)
            if chosen:
                return chosen
    return i18n.current()


def same_origin(request: Request) -> bool:
    """Whether a request comes from the server's own pages: its ``Origin`` (else ``Referer``) names the host it was
    sent to. A request with neither (a script, not a browser) is not from another origin."""
    host = request.headers.get("host", "")
    for header in ("origin", "referer"):
        value = request.headers.get(header)
        if value is not None:
            return bool(host) and urlsplit(value).netloc.lower() == host.lower()
    return True


def forbidden() -> JSONResponse:
    from referee.i18n import _

    message = _("no such seat here, or not from this table's pages")
    return JSONResponse({"error": {"message": message}}, status_code=403, headers=SECURITY_HEADERS)


def build_app(desk: Desk, followers: Followers) -> Starlette:
    """The application serving ``desk``'s game (see the module's docstring)."""

    async def snapshot_for(request: Request) -> Snapshot:
        language = language_of(request)
        if language == i18n.current():
            return desk.snapshot
        return await run_in_threadpool(desk.in_language, language)

    def seat_of(request: Request) -> str | None:
        secret = request.path_params.get("secret", "")
        return desk.seats.get(secret)

    async def page_response(request: Request, seat: str | None, events: str) -> Response:
        snapshot = await snapshot_for(request)
        data = snapshot.page_data(seat)
        html = page(
            title=snapshot.view["title"],
            language=language_of(request),
            events=events + (f"?{request.url.query}" if request.url.query else ""),
            data={**data["html"], **({"menu": data["menu"]} if seat is not None else {})},
            said=snapshot.words,
            seat=seat,
        )
        return HTMLResponse(html, headers=SECURITY_HEADERS)

    async def table(request: Request) -> Response:
        return await page_response(request, None, "/events")

    async def seat_page(request: Request) -> Response:
        seat = seat_of(request)
        if seat is None:
            return forbidden()
        return await page_response(request, seat, f"/seat/{request.path_params['secret']}/events")

    async def state(request: Request) -> Response:
        return JSONResponse(desk.snapshot.summary, headers=SECURITY_HEADERS)

    async def view(request: Request) -> Response:
        return JSONResponse((await snapshot_for(request)).page_data(None), headers=SECURITY_HEADERS)

    async def seat_view(request: Request) -> Response:
        seat = seat_of(request)
        if seat is None:
            return forbidden()
        return JSONResponse((await snapshot_for(request)).page_data(seat), headers=SECURITY_HEADERS)

    async def stream(request: Request, seat: str | None) -> AsyncIterator[str]:
        language = language_of(request)
        queue: asyncio.Queue[Snapshot | None] = asyncio.Queue()
        followers.queues.add(queue)
        try:
            yield f"retry: {RETRY_MILLISECONDS}\n\n"  # (the page follows from here: it reads view.json once)
            while True:
                try:
                    snapshot = await asyncio.wait_for(queue.get(), KEEP_ALIVE_SECONDS)
                except TimeoutError:
                    yield ": still here\n\n"
                    continue
                if snapshot is None:
                    return
                if language != i18n.current():
                    snapshot = await run_in_threadpool(desk.in_language, language)
                if seat is None:
                    yield snapshot.table_event  # (encoded once for every page of the table)
                else:
                    yield snapshot.event_for(seat)
        finally:
            followers.queues.discard(queue)

    async def events(request: Request) -> Response:
        return StreamingResponse(stream(request, None), media_type="text/event-stream", headers=SECURITY_HEADERS)

    async def seat_events(request: Request) -> Response:
        seat = seat_of(request)
        if seat is None:
            return forbidden()
        return StreamingResponse(stream(request, seat), media_type="text/event-stream", headers=SECURITY_HEADERS)

    async def act(request: Request) -> Response:
        seat = seat_of(request)
        if seat is None or not same_origin(request):
            return forbidden()
        form = await request.form()
        text = form.get("action")
        if not isinstance(text, str):
            text = ""
        try:
            summary = await run_in_threadpool(desk.act, request.path_params["secret"], text)
        except Refused as refused:
            return JSONResponse(refused.document(), status_code=refused.status, headers=SECURITY_HEADERS)
        if desk.session.computer is not None:
            asyncio.get_running_loop().run_in_executor(None, desk.computer_turn)
        return JSONResponse(summary, headers=SECURITY_HEADERS)

    async def undo(request: Request) -> Response:
        seat = seat_of(request)
        if seat is None or not same_origin(request):
            return forbidden()
        try:
            summary = await run_in_threadpool(desk.undo, request.path_params["secret"])
        except Refused as refused:
            return JSONResponse(refused.document(), status_code=refused.status, headers=SECURITY_HEADERS)
        return JSONResponse(summary, headers=SECURITY_HEADERS)

    async def script(request: Request) -> Response:
        return Response(SCRIPT, media_type="text/javascript", headers=SECURITY_HEADERS)

    async def style(request: Request) -> Response:
        return Response(STYLE, media_type="text/css", headers=SECURITY_HEADERS)

    async def no_icon(request: Request) -> Response:
        return Response(status_code=204, headers=SECURITY_HEADERS)

    async def no_seat(request: Request) -> Response:
        return forbidden()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        followers.loop = asyncio.get_running_loop()
        yield

    routes = [
        Route("/", table),
        Route("/state.json", state),
        Route("/view.json", view),
        Route("/events", events),
        Route("/page.js", script),
        Route("/page.css", style),
        Route("/favicon.ico", no_icon),
        Route("/seat/{secret}", seat_page),
        Route("/seat/{secret}/view.json", seat_view),
        Route("/seat/{secret}/events", seat_events),
        Route("/seat/{secret}/action", act, methods=["POST"]),
        Route("/seat/{secret}/undo", undo, methods=["POST"]),
        Route("/seat", no_seat, methods=["GET", "POST"]),
        Route("/seat/", no_seat, methods=["GET", "POST"]),
        Route("/{anything:path}", no_seat, methods=["POST"]),  # no secret, nothing acted on
    ]
    return Starlette(routes=routes, lifespan=lifespan)
