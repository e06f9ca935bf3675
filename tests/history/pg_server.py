"""A real PostgreSQL server for the tests: Debian's ``initdb`` and ``pg_ctl`` in a temporary folder, on a free
loopback port, stopped at the end (run as the ``postgres`` user when the tests run as root, as CI does).

Where the binaries are: :func:`referee.history.pg_programs.binaries` (``$REFEREE_PG_BIN``, else the newest
``/usr/lib/postgresql/*/bin``, else ``$PATH``), as ``scripts/club_server.py`` finds them. Without them the tests
that need a server skip, saying why; with ``REFEREE_REQUIRE_POSTGRES=1`` (set by ``.ci/run``) they fail instead."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

from referee.history.pg_programs import as_owner, binaries

SUPERUSER = "postgres"
PASSWORD_USER = "secretive"
PASSWORD = "s3cr3t-Pa55word"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """One running server: ``url(db)`` for the superuser (trusted on loopback), ``kill()`` (``kill -9`` of the
    postmaster) and ``start()`` again."""

    def __init__(self, bin_dir: Path) -> None:
        self.bin = bin_dir
        self.folder = Path(tempfile.mkdtemp(prefix="referee-pg-"))
        self.data = self.folder / "data"
        self.port = free_port()
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
        subprocess.run(
            as_owner([str(bin_dir / "initdb"), "-D", str(self.data), "-U", SUPERUSER, "-A", "trust", "--no-sync"]),
            check=True,
            capture_output=True,
        )
        hba = self.data / "pg_hba.conf"
        text = (
            f"local all {SUPERUSER} trust\nhost all {SUPERUSER} 127.0.0.1/32 trust\n"
            "host all all 127.0.0.1/32 scram-sha-256\nlocal all all scram-sha-256\n"
        )
        subprocess.run(as_owner(["sh", "-c", f"cat > {hba}"]), input=text.encode(), check=True)
        self.start()

    def start(self) -> None:
        """Start the server (again after a kill: tried until the old backends have gone, up to a minute)."""
        deadline = time.monotonic() + 60
        while True:
            try:
                self._start()
                return
            except subprocess.CalledProcessError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)

    def _start(self) -> None:
        options = f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.folder} -c fsync=off -c max_connections=200"
        subprocess.run(
            as_owner(
                [
                    str(self.bin / "pg_ctl"),
                    "-D",
                    str(self.data),
                    "-o",
                    options,
                    "-l",
                    str(self.folder / "log"),
                    "-w",
                    "-t",
                    "60",
                    "start",
                ]
            ),
            check=True,
            capture_output=True,
        )

    def postmaster_pid(self) -> int:
        return int((self.data / "postmaster.pid").read_text().split()[0])

    def kill(self) -> None:
        """``kill -9`` of the postmaster, then its backends go (they notice it is gone)."""
        os.kill(self.postmaster_pid(), 9)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:  # until the port no longer answers
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    pass
            except OSError:
                break
            time.sleep(0.1)
        # the backends exit on their own: start() waits until none holds the shared memory

    def stop(self) -> None:
        subprocess.run(
            as_owner([str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop"]),
            capture_output=True,
        )
        shutil.rmtree(self.folder, ignore_errors=True)

    def url(self, database: str = "postgres", user: str = SUPERUSER) -> str:
        return f"postgresql://{user}@127.0.0.1:{self.port}/{database}"

    def admin(self, sql: str, database: str = "postgres") -> None:
        import psycopg

        with psycopg.connect(self.url(database), autocommit=True) as connection:
            connection.execute(sql)  # type: ignore[arg-type]

    def new_database(self) -> str:
        """A new empty database; its URL."""
        name = f"t{os.getpid()}_{time.monotonic_ns()}"
        self.admin(f'CREATE DATABASE "{name}"')
        return self.url(name)


_server: Server | None = None
_reason = ""


def server_or_skip() -> Server:
    """The session's server (started at the first call), or the test skipped (failed in CI) with the reason."""
    global _server, _reason
    if _server is None and not _reason:
        bin_dir = binaries()
        try:
            import psycopg  # noqa: F401
        except ImportError:
            _reason = "psycopg is not installed (pip install 'psycopg[binary]')"
        if not _reason and bin_dir is None:
            _reason = "PostgreSQL is not installed (apt-get install postgresql, or set REFEREE_PG_BIN)"
        if not _reason:
            assert bin_dir is not None
            try:
                _server = Server(bin_dir)
                import atexit

                atexit.register(_server.stop)
            except (OSError, subprocess.CalledProcessError) as error:
                detail = getattr(error, "stderr", b"") or b""
                _reason = f"PostgreSQL could not be started: {error} {detail.decode(errors='replace')[-300:]}"
    if _server is None:
        if os.environ.get("REFEREE_REQUIRE_POSTGRES") == "1":
            pytest.fail(f"REFEREE_REQUIRE_POSTGRES=1 but {_reason}")
        pytest.skip(f"needs a PostgreSQL server: {_reason}")
    return _server
