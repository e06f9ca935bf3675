"""The table's own screen: ``play --serve [HOST:]PORT`` serves the game being played as web pages, a read-only view
of the table for every phone and television (``/``) and a page for each seat to act from (``/seat/SECRET``).

Imported only when ``--serve`` is given (Starlette and uvicorn are not loaded by any other command). The server
runs in a thread of its own beside the terminal or the pipe, on the same :class:`PlaySession`: every action, typed,
piped or posted, goes through the session's lock and :meth:`PlaySession.push` (:mod:`referee.cli.serve.desk`).
See docs/serve.md.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from referee.errors import InputError
from referee.i18n import _

if TYPE_CHECKING:
    import uvicorn

    from referee.cli.serve.app import Followers
    from referee.cli.serve.desk import Desk
    from referee.cli.table.session import PlaySession

DEFAULT_HOST = "127.0.0.1"
"""Where the pages are served unless a host is named: this machine only (``0.0.0.0`` lets the phones in)."""


def parse_address(text: str) -> tuple[str, int]:
    """``[HOST:]PORT`` (an IPv6 host in brackets) as a host and a port; :class:`InputError` for anything else."""
    host, _sep, port_text = text.strip().rpartition(":")
    host = host.strip("[]") or DEFAULT_HOST
    if not port_text.isdigit() or not 0 <= int(port_text) <= 65535:
        raise InputError(_("--serve {address!r}: give [HOST:]PORT, a port from 0 to 65535").format(address=text))
    return host, int(port_text)


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket bound to ``host`` and ``port`` (0: a free port) and listening; :class:`InputError` when it cannot be."""
    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
    except OSError as error:
        raise InputError(
            _("--serve {host}:{port}: cannot serve there ({reason})").format(
                host=host, port=port, reason=error.strerror or error
            )
        ) from None
    sock.set_inheritable(False)
    return sock


def shown_host(host: str) -> str:
    """The host the pages' addresses name: the host served on, or for all of them (``0.0.0.0``, ``::``) this
    machine's address on the local network (found without sending anything: a UDP socket is only pointed)."""
    if host not in ("0.0.0.0", "::", ""):
        return f"[{host}]" if ":" in host else host
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: nothing is sent by connect()
            address: str = probe.getsockname()[0]
            return address
    except OSError:
        return DEFAULT_HOST


def seats_file(record: Path) -> Path:
    """Where the seats' secrets of a served game are kept beside its record, so that ``--resume`` serves the same
    seats' addresses (readable by the owner only)."""
    return record.with_name(f".{record.name}.seats")


def kept_secrets(record: Path | None) -> dict[str, str]:
    if record is None:
        return {}
    try:
        document = json.loads(seats_file(record).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(document, dict):
        return {}
    return {str(name): secret for name, secret in document.items() if isinstance(secret, str) and len(secret) >= 16}


def keep_secrets(record: Path | None, desk: Desk) -> None:
    if record is None:
        return
    path = seats_file(record)
    document = json.dumps({name: secret for secret, name in desk.seats.items()})
    with contextlib.suppress(OSError):
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as written:
            written.write(document)


@dataclass
class Serving:
    """A game being served: its desk, the server and its thread."""

    desk: Desk
    server: uvicorn.Server
    thread: threading.Thread
    followers: Followers
    table: str
    seats: dict[str, str]
    """Each person's seat (its player's name) → that seat's page."""

    def stop(self) -> None:
        """Stop serving (every stream ends); a game over needs its seats' secrets no more."""
        self.followers.close()
        self.server.should_exit = True
        self.thread.join(timeout=5)
        session = self.desk.session
        if session.game.over and session.record_path is not None:
            with contextlib.suppress(OSError):
                seats_file(session.record_path).unlink()


def start_serving(session: PlaySession, address: str, *, resumed: bool = False) -> Serving:
    """Serve ``session``'s game at ``address`` (``[HOST:]PORT``) in a thread of its own, and say where (the table's
    page and each seat's; with ``--json`` one line, ``{"serve": {"table", "seats"}}``). A ``resumed`` game keeps
    the seats' secrets it was served with (kept beside its record), so that their pages go on."""
    host, port = parse_address(address)
    sock = listening_socket(host, port)
    import uvicorn

    from referee.cli.serve.app import Followers, build_app
    from referee.cli.serve.desk import Desk

    desk = Desk(session, secrets_by_seat=kept_secrets(session.record_path) if resumed else None)
    keep_secrets(session.record_path, desk)
    followers = Followers()
    desk.followers.append(followers.tell)
    config = uvicorn.Config(
        build_app(desk, followers),
        log_config=None,
        log_level="warning",
        access_log=False,
        lifespan="on",
        ws="none",
        http="h11",
        timeout_graceful_shutdown=1,
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, name="referee-serve", daemon=True)
    thread.start()
    base = f"http://{shown_host(host)}:{sock.getsockname()[1]}"
    seats = {name: f"{base}/seat/{secret}" for secret, name in desk.seats.items()}
    serving = Serving(desk, server, thread, followers, base + "/", seats)
    announce(session, serving)
    return serving


def announce(session: PlaySession, serving: Serving) -> None:
    out = session.out
    if session.json_mode:
        out.json({"serve": {"table": serving.table, "seats": serving.seats}}, lines=True)
        return
    interactive = session.env.interactive
    said = [_("The table, for every screen: {address}").format(address=serving.table)]
    if interactive:
        said.append(qr_code(serving.table))
    for name, address in serving.seats.items():
        said.append(_("{player}'s seat (theirs alone): {address}").format(player=name, address=address))
        if interactive:
            said.append(qr_code(address))
    for text in said:
        out.text(text)
    session.pages = [line for text in said for line in text.split("\n")]


def qr_code(address: str) -> str:
    """A QR code of ``address`` drawn with half blocks, for a phone to scan off the terminal."""
    import io

    import segno

    drawn = io.StringIO()
    segno.make(address, error="l").terminal(out=drawn, compact=True)
    return drawn.getvalue().rstrip("\n")


@contextlib.contextmanager
def served(session: PlaySession, address: str | None, *, resumed: bool = False) -> Iterator[Serving | None]:
    """Serve the game while the block runs (nothing when ``address`` is None)."""
    if address is None:
        yield None
        return
    serving = start_serving(session, address, resumed=resumed)
    try:
        yield serving
    finally:
        serving.stop()
