"""A real browser opens what the referee draws: headless Chromium (Debian's package; ``.ci/run`` installs it) loads
a season report, a picture and the page of BG Stats push links with their QR codes: no console error, something
drawn (a blank page's screenshot is a few kilobytes), and the screenshot kept in ``build/screenshots/`` as the run's
artifact.

Where no Chromium is installed the test is skipped, unless ``REFEREE_REQUIRE_BROWSER`` is set (CI sets it)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.cli.test_pictures import report_history
from tests.history.helpers import finished_record
from tests.history.test_history_e2e import run

pytestmark = pytest.mark.e2e

ARTIFACTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"
BLANK_BYTES = 20_000
"""A screenshot smaller than this is a blank page (white compresses to almost nothing)."""


def chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        if os.environ.get("REFEREE_REQUIRE_BROWSER"):
            pytest.fail("REFEREE_REQUIRE_BROWSER is set but no chromium is installed")
        pytest.skip("no chromium installed (apt-get install chromium)")
    return found


def screenshot(page: Path, name: str, size: str) -> tuple[Path, str]:
    """Open ``page`` in headless Chromium and save a screenshot; the browser's log (console messages) with it."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shot = ARTIFACTS / f"{name}.png"
    shot.unlink(missing_ok=True)
    done = subprocess.run(
        [
            chromium(),
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--enable-logging=stderr",
            "--v=0",
            f"--window-size={size}",
            f"--screenshot={shot}",
            page.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert shot.exists(), done.stderr[-2000:]
    return shot, done.stderr


def console_errors(log: str) -> list[str]:
    return [line for line in log.splitlines() if "CONSOLE" in line or "Uncaught" in line]


def test_a_browser_draws_the_report_and_a_picture(tmp_path: Path) -> None:
    history = tmp_path / "h.sqlite3"
    report_history(history)
    record = tmp_path / "game.toml"
    record.write_bytes(finished_record("matchstick", 5)[0])
    assert run("history", "add", str(record), "--history", str(history)).returncode == 0
    page = tmp_path / "season.html"
    assert run("history", "report", "-o", str(page), "--history", str(history)).returncode == 0
    shot, log = screenshot(page, "report", "1000,2400")
    assert not console_errors(log), console_errors(log)
    assert shot.stat().st_size > BLANK_BYTES, shot.stat().st_size
    picture = tmp_path / "position.svg"
    coin_age = tmp_path / "coin-age.toml"
    coin_age.write_bytes(finished_record("coin-age", 6)[0])
    assert run("coin-age", "draw", str(coin_age), "--at", "20", "-o", str(picture)).returncode == 0
    shot, log = screenshot(picture, "coin-age-position", "720,760")
    assert not console_errors(log), console_errors(log)
    assert shot.stat().st_size > BLANK_BYTES, shot.stat().st_size


def test_a_browser_draws_the_page_of_qr_codes_for_bg_stats(tmp_path: Path) -> None:
    """The push page, built with ElementTree around segno's codes: drawn, no console error, a code per play."""
    history = tmp_path / "h.sqlite3"
    for seed in (3, 4):
        record = tmp_path / f"game{seed}.toml"
        record.write_bytes(finished_record("coin-age", seed)[0])
        assert run("history", "add", str(record), "--history", str(history)).returncode == 0
    page = tmp_path / "plays.html"
    done = run("history", "export", "--format", "bgstats-push", "-o", str(page), "--history", str(history))
    assert done.returncode == 0, done.stderr
    assert page.read_text(encoding="utf-8").count("<svg") == 2
    shot, log = screenshot(page, "bgstats-push", "800,1400")
    assert not console_errors(log), console_errors(log)
    assert shot.stat().st_size > BLANK_BYTES, shot.stat().st_size
