"""The history tests' engines: a test module that says ``pytestmark = pytest.mark.usefixtures("engine")`` runs each
of its tests twice, on SQLite and on PostgreSQL (a real server: see tests/history/pg_server.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.history import helpers, pg_server


@pytest.fixture(params=["sqlite", "postgresql"])
def engine(request: pytest.FixtureRequest) -> Iterator[str]:
    if request.param == "postgresql":
        helpers.SERVER.append(pg_server.server_or_skip())
    try:
        yield str(request.param)
    finally:
        helpers.SERVER.clear()
        helpers.ENGINE_URLS.clear()


@pytest.fixture
def pg() -> pg_server.Server:
    """The test server (skipped with the reason where there is none; failed under REFEREE_REQUIRE_POSTGRES=1)."""
    return pg_server.server_or_skip()


@pytest.fixture(scope="session")
def one_game_history(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A history file of one finished Coin Age game, added by ``referee history add`` (made once; tests take a
    copy of their own: :func:`tests.history.helpers.copy_of_history`)."""
    import subprocess

    from tests.conftest import referee_command
    from tests.history.helpers import finished_record

    folder = tmp_path_factory.mktemp("one-game")
    path = folder / "h.sqlite3"
    record = folder / "game.toml"
    record.write_bytes(finished_record("coin-age", 1)[0])
    added = subprocess.run(
        [*referee_command(), "history", "add", str(record), "--history", str(path)], capture_output=True, check=False
    )
    assert added.returncode == 0, added.stderr
    return path
