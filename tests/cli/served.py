"""A game played with ``play --serve 127.0.0.1:0 --json``, the installed command in a process of its own: its
actions from its standard input (a pipe) and from the seats' addresses, its pages followed over HTTP.

Nothing here waits a fixed while: every wait is for something to arrive (a line, an event), bounded only by
:data:`PATIENCE` so that a broken server fails the test instead of hanging it."""

from __future__ import annotations

import contextlib
import json
import os
import queue
import subprocess
import threading
from collections.abc import Iterator
from importlib import import_module
from pathlib import Path
from typing import Any

import httpx

from referee import registry
from referee.engine import Game
from tests.conftest import referee_command

PATIENCE = 60.0
"""The longest a test waits for something that should come (a broken server fails then, a slow one does not)."""


class ServedGame:
    """``referee GAME play ARGS --serve 127.0.0.1:0 --json`` running; :attr:`table` and :attr:`seats` its pages."""

    def __init__(self, *args: str, cwd: Path | None = None, address: str = "127.0.0.1:0") -> None:
        env = {**os.environ, "NO_COLOR": "1"}
        self.process = subprocess.Popen(
            [*referee_command(), *args, "--serve", address, "--json"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=cwd,
            env=env,
        )
        self.lines: queue.Queue[dict[str, Any] | None] = queue.Queue()
        """Each line of its standard output, as JSON (None at its end)."""
        self.stderr: list[bytes] = []
        threading.Thread(target=self._read_out, daemon=True).start()
        threading.Thread(target=self._read_err, daemon=True).start()
        first = self.next_line()
        served = first["serve"]
        self.table: str = served["table"]
        self.seats: dict[str, str] = served["seats"]
        self.client = httpx.Client(timeout=PATIENCE)

    def _read_out(self) -> None:
        assert self.process.stdout is not None
        for raw in self.process.stdout:
            self.lines.put(json.loads(raw))
        self.lines.put(None)

    def _read_err(self) -> None:
        assert self.process.stderr is not None
        for raw in self.process.stderr:
            self.stderr.append(raw)

    def next_line(self) -> dict[str, Any]:
        line = self.lines.get(timeout=PATIENCE)
        assert line is not None, b"".join(self.stderr).decode()
        return line

    def type(self, *actions: str) -> None:
        """Actions from the pipe, as if typed."""
        assert self.process.stdin is not None
        self.process.stdin.write("".join(action + "\n" for action in actions).encode())
        self.process.stdin.flush()

    def post(self, seat: str, action: str, **headers: str) -> httpx.Response:
        return self.client.post(self.seats[seat] + "/action", data={"action": action}, headers=headers)

    def finish(self) -> int:
        """Close its input and wait for it to end: its exit status."""
        if self.process.stdin is not None and not self.process.stdin.closed:
            self.process.stdin.close()
        status = self.process.wait(timeout=PATIENCE)
        self.client.close()
        return status

    def kill(self) -> None:
        self.process.kill()
        self.process.wait(timeout=PATIENCE)
        self.client.close()

    def close(self) -> None:
        if self.process.poll() is None:
            self.kill()

    def __enter__(self) -> ServedGame:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class EventStream:
    """The events of a page's stream (``/events``), read in a thread of its own: :meth:`next` waits for one."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.events: queue.Queue[tuple[str, dict[str, Any]] | None] = queue.Queue()
        self.opened = threading.Event()
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()
        assert self.opened.wait(PATIENCE), f"no stream at {url}"

    def _read(self) -> None:
        with contextlib.suppress(httpx.HTTPError):  # the server went away: the stream ends
            self._follow()
        self.opened.set()
        self.events.put(None)

    def _follow(self) -> None:
        with (
            httpx.Client(timeout=httpx.Timeout(PATIENCE, read=None)) as client,
            client.stream("GET", self.url) as response,
        ):
            self.content_type = response.headers.get("content-type", "")
            kind, data = "message", ""
            for line in response.iter_lines():
                self.opened.set()  # (its first line, ``retry``, comes once the server follows the game for it)
                if self.stop.is_set():
                    break
                if line.startswith("event:"):
                    kind = line[6:].strip()
                elif line.startswith("data:"):
                    data += line[5:].strip()
                elif line == "" and data:
                    self.events.put((kind, json.loads(data)))
                    kind, data = "message", ""

    def next(self) -> tuple[str, dict[str, Any]]:
        event = self.events.get(timeout=PATIENCE)
        assert event is not None, "the stream ended"
        return event

    def actions(self) -> Iterator[dict[str, Any]]:
        """The action events that come, one at a time (``undo`` events skipped)."""
        while True:
            kind, data = self.next()
            if kind == "message":
                yield data

    def close(self) -> None:
        self.stop.set()


def actors(game: str, record: dict[str, Any]) -> list[str]:
    """Who performs each action of ``record`` (the rules say)."""
    played = game_of(game, {**record, "actions": []})
    names = []
    for text in record["actions"]:
        action = played.parse(text)
        names.append(played.actor(action) or "")
        played.push(action)
    return names


def game_of(game: str, record: dict[str, Any]) -> Game[Any, Any]:
    """A copy of the game ``record`` holds (its setup; its actions applied)."""
    room = import_module(registry.GAMES[game].spec_module).SPEC
    played: Game[Any, Any] = Game(room.rules, record["players"], room.prepare_setup(record["setup"], "record"))
    for text in record.get("actions", []):
        played.push(played.parse(text))
    return played
