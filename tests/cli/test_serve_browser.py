"""``play --serve`` in a real browser (Debian's Chromium, headless, driven by Playwright through
``executable_path``: no browser is downloaded): whole games played from the seats' pages while another page watches
the table. Skipped without Chromium or Playwright, unless ``REFEREE_REQUIRE_BROWSER`` is set (CI sets it).

No wait here is a fixed while: each waits for the page to show something (Playwright's waits), bounded only by
:data:`tests.cli.served.PATIENCE`. How soon the watcher sees each action is printed, not asserted (a busy machine
must not fail a correct server); ``benchmarks/serve_load.py`` measures it."""

from __future__ import annotations

import json
import os
import time
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.cli.helpers import run
from tests.cli.served import PATIENCE, EventStream, ServedGame, actors, game_of
from tests.cli.test_browser import ARTIFACTS, chromium
from tests.conftest import EXAMPLES

pytestmark = pytest.mark.e2e

WAIT_MS = PATIENCE * 1000
LAST_ACTIONS_PLAYED = 60
"""How many actions before its end a Builders game played from the pages is resumed at."""
PHONE = {"width": 390, "height": 844}
TELEVISION = {"width": 1920, "height": 1080}
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    executable = chromium()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        if os.environ.get("REFEREE_REQUIRE_BROWSER"):
            pytest.fail("REFEREE_REQUIRE_BROWSER is set but playwright is not installed")
        pytest.skip("playwright is not installed (pip install -e '.[test]')")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=FLAGS, headless=True)
        yield launched
        launched.close()


def wait_for_actions(page: Any, count: int) -> None:
    """Until the page shows the table after ``count`` actions (its stream brought them)."""
    page.locator(f'body[data-actions="{count}"]').wait_for(state="attached", timeout=WAIT_MS)


def open_page(browser: Any, url: str, viewport: dict[str, int], errors: list[str]) -> Any:
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.requested = requested
    page.goto(url)
    page.locator("body[data-version]").wait_for(state="attached", timeout=WAIT_MS)
    return page


def act(page: Any, action: str) -> None:
    """The seat plays ``action``: its button when the page offers one, else the typed line."""
    button = page.locator(f'#menu button[data-action="{action}"]')
    if button.count():
        button.first.click()
    else:
        page.fill("#typed input", action)
        page.click("#typed button")


def shoot(page: Any, name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shot = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(shot), full_page=True)
    return shot


def test_a_whole_coin_age_game_from_two_seats_pages_while_a_third_watches(browser: Any, tmp_path: Path) -> None:
    """Both seats play the finished example from their own pages (buttons where offered, else the typed line); an
    illegal action is refused on the page with its rule; the watcher's table follows every action; the record is
    the same game typed at the table (piped)."""
    example = tomllib.loads((EXAMPLES / "coin-age-finished.toml").read_text())
    record = tmp_path / "served.toml"
    errors: list[str] = []
    with ServedGame("coin-age", "play", "--players", "Iris,Jun", "--record", str(record), cwd=tmp_path) as served:
        watcher = open_page(browser, served.table, TELEVISION, errors)
        pages = {name: open_page(browser, url, PHONE, errors) for name, url in served.seats.items()}
        seen: list[float] = []
        for index, (text, player) in enumerate(zip(example["actions"], actors("coin-age", example), strict=True)):
            if index == 3:  # mid-turn: Iris refused a coin she did not toss, on her page, with the rule's name
                pages[player].fill("#typed input", "place P A3")
                pages[player].click("#typed button")
                pages[player].wait_for_selector("#answer.refused", timeout=WAIT_MS)
                refusal = pages[player].inner_text("#answer")
                assert "toss" in refusal or "place" in refusal, refusal
                shoot(pages[player], "serve-seat-refused-phone")
            if index == 5:  # Jun tossed and placed one of two coins: his page offers the other's spaces
                wait_for_actions(pages[player], index)
                pages[player].fill("#typed input", "")
                shoot(pages[player], "serve-seat-mid-turn-phone")
            wait_for_actions(pages[player], index)  # the page shows the table as it stands
            sent = time.monotonic()
            act(pages[player], text)
            wait_for_actions(watcher, index + 1)
            seen.append(time.monotonic() - sent)
            if index == 6:
                shoot(watcher, "serve-table-television")
                phone = open_page(browser, served.table, PHONE, errors)
                shoot(phone, "serve-table-phone")
                phone.context.close()
        assert "Iris" in watcher.inner_text("#status")  # the result, the winner named
        shoot(watcher, "serve-table-television-over")
        for page in pages.values():
            wait_for_actions(page, len(example["actions"]))
        assert served.finish() == 0
    print(f"the watcher saw each action after at most {max(seen):.3f} s (median {sorted(seen)[len(seen) // 2]:.3f} s)")
    assert not [error for error in errors if "409" not in error], errors  # (409: the refusal asked for)
    for page in (watcher, *pages.values()):
        outside = [url for url in page.requested if not url.startswith(served.table.rstrip("/"))]
        assert not outside, outside
    typed = tmp_path / "typed.toml"
    piped = run(
        "coin-age", "play", "--players", "Iris,Jun", "--record", str(typed), stdin="\n".join(example["actions"])
    )
    assert piped.returncode == 0, piped.stderr
    served_record = tomllib.loads(record.read_text())
    typed_record = tomllib.loads(typed.read_text())
    assert served_record["actions"] == typed_record["actions"] == example["actions"]
    assert served_record["players"] == typed_record["players"]
    assert served_record["setup"] == typed_record["setup"]


def test_a_builders_game_against_the_computer_played_from_the_peoples_pages(browser: Any, tmp_path: Path) -> None:
    """Ann and Bob play from their pages (each action a button of their page, chosen by self-play's sensible
    policy on a copy of the game kept from the event stream), the computer plays the third seat between them;
    every page follows, the game ends, and the record replays to the same end.

    The game is resumed from a record of its opening, played by the same policy, so the pages play its last rounds
    (a whole game of clicks would take minutes of the suite and show nothing more)."""
    import random

    import tomli_w

    from referee.builders.selfplay import sensible_action

    record = tmp_path / "builders.toml"
    rng = random.Random(48)
    print("seed 48")
    assert run("builders", "play", "--players", "Ann,Bob,Cat", "--seed", "7", "--record", str(record),
               "--no-history").returncode == 0  # fmt: skip
    opening = tomllib.loads(record.read_text())
    whole = game_of("builders", opening)
    while not whole.over and len(whole.actions) < 2000:
        whole.push(sensible_action(whole.state, rng))
    opening["actions"] = whole.actions[: max(0, len(whole.actions) - LAST_ACTIONS_PLAYED)]
    record.write_text(tomli_w.dumps(opening))
    errors: list[str] = []
    with ServedGame("builders", "play", "--resume", str(record), "--computer", "3", "--level", "1",
                    "--computer-time", "0.05", cwd=tmp_path) as served:  # fmt: skip
        assert set(served.seats) == {"Ann", "Bob"}
        stream = EventStream(served.table + "events")
        copy = game_of("builders", tomllib.loads(record.read_text()))
        watcher = open_page(browser, served.table, PHONE, errors)
        pages = {name: open_page(browser, url, PHONE, errors) for name, url in served.seats.items()}
        by_computer = 0
        while not copy.over and len(copy.actions) < 2000:
            mover = copy.to_move
            if mover in pages:
                action = copy.rules.format(sensible_action(copy.state, rng), copy.state)
                wait_for_actions(pages[mover], len(copy.actions))  # the page shows the table as it stands
                act(pages[mover], action)
            event = next(stream.actions())
            copy.push(copy.parse(event["action"]))
            by_computer += event["computer"]
            assert event["index"] == len(copy.actions)
        assert copy.over and by_computer > 0
        wait_for_actions(watcher, len(copy.actions))
        for page in pages.values():
            wait_for_actions(page, len(copy.actions))
        shoot(watcher, "serve-builders-over-phone")
        assert served.finish() == 0
    assert not [error for error in errors if "409" not in error], errors
    replayed = run("builders", "replay", str(record), "--json")
    assert replayed.returncode == 0 and json.loads(replayed.stdout)["over"] is True


def test_killed_and_resumed_with_serve_the_open_pages_catch_up_and_a_seat_plays_on(
    browser: Any, tmp_path: Path
) -> None:
    example = tomllib.loads((EXAMPLES / "coin-age-finished.toml").read_text())
    by = actors("coin-age", example)
    record = tmp_path / "game.toml"
    errors: list[str] = []
    with ServedGame("coin-age", "play", "--players", "Iris,Jun", "--record", str(record), cwd=tmp_path) as served:
        watcher = open_page(browser, served.table, PHONE, errors)
        seat = open_page(browser, served.seats[by[4]], PHONE, errors)
        for action, player in zip(example["actions"][:4], by[:4], strict=True):
            assert served.post(player, action).status_code == 200
        wait_for_actions(watcher, 4)
        address = served.table.removeprefix("http://").rstrip("/")
        served.kill()
    with ServedGame("coin-age", "play", "--resume", str(record), cwd=tmp_path, address=address) as resumed:
        act(seat, example["actions"][4])  # the same page, its stream reconnected to the resumed game
        wait_for_actions(watcher, 5)
        wait_for_actions(seat, 5)
        resumed.kill()
    assert tomllib.loads(record.read_text())["actions"] == example["actions"][:5]
