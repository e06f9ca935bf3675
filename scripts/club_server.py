"""A local PostgreSQL for trying a club's history: ``python scripts/club_server.py start`` makes a server in a folder
of its own (``initdb``, then ``pg_ctl start`` on a free loopback port), creates the database ``club`` and prints
its URL; ``python scripts/club_server.py stop`` stops it and removes the folder.

Needs PostgreSQL's programs (Debian: ``apt-get install postgresql``; found under ``/usr/lib/postgresql/*/bin``, or
``$REFEREE_PG_BIN``). Run as root, the server runs as the ``postgres`` user. The server trusts connections from
this machine only (loopback): it is for trying, not for a club's real server, which has passwords (see
docs/club.md).
"""

from __future__ import annotations

import argparse
import os
import shutil
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this repository's referee, whether or not it is installed where this Python looks

from referee.history import pg_programs  # noqa: E402
from referee.history.pg_programs import as_owner  # noqa: E402

STATE = Path(tempfile.gettempdir()) / "referee-club-server"


def binaries() -> Path:
    found = pg_programs.binaries()
    if found is None:
        sys.exit("PostgreSQL is not installed: apt-get install postgresql (or set REFEREE_PG_BIN)")
    return found


def start(port: int | None) -> None:
    if (STATE / "url").exists():
        print((STATE / "url").read_text().strip())
        return
    bin_dir = binaries()
    STATE.mkdir(mode=0o700)
    if os.geteuid() == 0:
        shutil.chown(STATE, "postgres", "postgres")
    if port is None:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = int(sock.getsockname()[1])
    data = STATE / "data"
    subprocess.run(
        as_owner([str(bin_dir / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust"]),
        check=True,
        stdout=subprocess.DEVNULL,
    )
    options = f"-c listen_addresses=127.0.0.1 -p {port} -k {STATE} -c max_connections=100"
    subprocess.run(
        as_owner([str(bin_dir / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(STATE / "log"), "-w", "start"]),
        check=True,
        stdout=subprocess.DEVNULL,
    )
    subprocess.run(
        as_owner([str(bin_dir / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", "postgres", "club"]), check=True
    )
    url = f"postgresql://postgres@127.0.0.1:{port}/club"
    (STATE / "url").write_text(url + "\n")
    print(url)


def stop() -> None:
    data = STATE / "data"
    if data.exists():
        subprocess.run(
            as_owner([str(binaries() / "pg_ctl"), "-D", str(data), "-m", "fast", "stop"]), stdout=subprocess.DEVNULL
        )
    shutil.rmtree(STATE, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("action", choices=["start", "stop"])
    parser.add_argument("--port", type=int, help="the port (default: a free one)")
    arguments = parser.parse_args()
    start(arguments.port) if arguments.action == "start" else stop()


if __name__ == "__main__":
    main()
