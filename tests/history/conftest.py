"""The history tests' engines: a test module that says ``pytestmark = pytest.mark.usefixtures("engine")`` runs each
of its tests twice, on SQLite and on PostgreSQL (a real server: see tests/history/pg_server.py)."""

from __future__ import annotations

from collections.abc import Iterator

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
