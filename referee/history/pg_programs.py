"""Where PostgreSQL's own programs (``initdb``, ``pg_ctl``, ``createdb``) are, for the two things that start a
local server: ``scripts/club_server.py`` (a server to try a club's history) and the tests' server
(``tests/history/pg_server.py``). The referee itself never starts a server; it only connects to one."""

from __future__ import annotations

import glob
import os
import shutil
from pathlib import Path


def binaries() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl``: ``$REFEREE_PG_BIN``, else the newest ``/usr/lib/postgresql/*/bin``
    (Debian's layout), else the folder of ``initdb`` on ``$PATH``; None when there is none."""
    named = os.environ.get("REFEREE_PG_BIN")
    if named:
        return Path(named)
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def as_owner(command: list[str]) -> list[str]:
    """``command`` run as the ``postgres`` user when this process is root (PostgreSQL refuses to run as root)."""
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command
