"""``play --serve``: the contract's section "The table's screen", over HTTP against the installed command (a real
uvicorn on a free loopback port, ``127.0.0.1:0``), its actions from its pipe and from the seats' addresses.

Every wait is for something to arrive (a line of its output, an event), never a fixed while."""

from __future__ import annotations

import json
import signal
import tomllib
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest

from tests.cli.helpers import run
from tests.cli.served import EventStream, ServedGame, actors, game_of
from tests.conftest import EXAMPLES

pytestmark = pytest.mark.e2e

FINISHED = tomllib.loads((EXAMPLES / "coin-age-finished.toml").read_text())["actions"]
"""A whole game of Coin Age between Iris and Jun (15 actions)."""
FINISHED_BY = actors("coin-age", tomllib.loads((EXAMPLES / "coin-age-finished.toml").read_text()))
"""Who plays each of them."""


def coin_age(tmp_path: Path, *more: str, players: str = "Iris,Jun") -> ServedGame:
    return ServedGame("coin-age", "play", "--players", players, "--record", str(tmp_path / "game.toml"), *more,
                      cwd=tmp_path)  # fmt: skip


def test_the_serve_line_names_the_table_and_each_seat_with_a_secret_of_its_own(tmp_path: Path) -> None:
    with coin_age(tmp_path) as served:
        assert set(served.seats) == {"Iris", "Jun"}
        table = urlsplit(served.table)
        assert table.hostname == "127.0.0.1" and table.port and table.path == "/"
        secrets = {urlsplit(url).path.removeprefix("/seat/") for url in served.seats.values()}
        assert len(secrets) == 2 and all(len(secret) >= 16 for secret in secrets)
        assert all(urlsplit(url).netloc == table.netloc for url in served.seats.values())


def test_a_computer_seat_has_no_address() -> None:
    with ServedGame("coin-age", "play", "--players", "Ann,Bot", "--computer", "2", "--level", "1",
                    "--computer-time", "0.05") as served:  # fmt: skip
        assert list(served.seats) == ["Ann"]


def test_every_endpoint_and_status(tmp_path: Path) -> None:
    """GET /, /state.json, /events, /seat/SECRET; POST /seat/SECRET/action: 200, 409 (a rule; another seat's
    turn), 400 (bad notation), 403 (no secret, another origin)."""
    with coin_age(tmp_path, players="<b>Iris</b>,Jun") as served:
        client = served.client
        iris, jun = served.seats["<b>Iris</b>"], served.seats["Jun"]
        page = client.get(served.table)
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        assert "&lt;b&gt;Iris&lt;/b&gt;" in page.text and "<b>Iris" not in page.text
        assert 'src="http' not in page.text and 'href="http' not in page.text  # nothing from elsewhere
        assert client.get(iris).status_code == 200
        assert client.get(served.table + "seat/not-a-secret").status_code == 403
        stream = EventStream(served.table + "events")
        assert stream.content_type.startswith("text/event-stream")

        done = served.post("<b>Iris</b>", "slap QN")
        assert done.status_code == 200 and done.json()["actions"] == 1 and done.json()["to_move"] == "<b>Iris</b>"
        event = next(stream.actions())
        assert (event["index"], event["action"]) == (1, "slap QN")

        refused = served.post("<b>Iris</b>", "place P A1")  # the penny did not match
        assert refused.status_code == 409
        assert refused.json()["error"]["rule"] == "place" and refused.json()["error"]["message"]
        out_of_turn = served.post("Jun", "place Q A1")
        assert out_of_turn.status_code == 409 and out_of_turn.json()["error"]["rule"]
        unreadable = served.post("<b>Iris</b>", "juggle Q A1")
        assert unreadable.status_code == 400 and unreadable.json()["error"]["message"]
        assert client.post(served.table + "seat/not-a-secret/action", data={"action": "place Q A1"}).status_code == 403
        assert client.post(served.table + "action", data={"action": "place Q A1"}).status_code == 403
        assert served.post("<b>Iris</b>", "place Q A1", Origin="http://elsewhere.example").status_code == 403
        assert served.post("<b>Iris</b>", "place Q A1", Referer="http://elsewhere.example/x").status_code == 403
        assert served.post("<b>Iris</b>", "place Q A1", Origin="null").status_code == 403
        own = "http://" + urlsplit(served.table).netloc
        assert served.post("<b>Iris</b>", "place Q A1", Origin=own).status_code == 200
        event = next(stream.actions())
        assert (event["index"], event["action"]) == (2, "place Q A1")

        state = client.get(served.table + "state.json").json()
        replayed = run("coin-age", "replay", str(tmp_path / "game.toml"), "--json")  # the record holds both
        assert state == {key: value for key, value in json.loads(replayed.stdout).items() if key != "file"}
        assert client.get(jun).status_code == 200 and iris != jun
        stream.close()


def test_pipe_lines_and_posted_actions_interleave_in_order_and_the_record_is_the_game(tmp_path: Path) -> None:
    """The finished game, its actions in turn from the pipe and from the seats' pages: each is announced on
    standard output and on the event stream in the order it was taken; at the end of the pipe the game goes on
    from the pages until it is over, then the summary."""
    with coin_age(tmp_path) as served:
        stream = EventStream(served.table + "events")
        events = stream.actions()
        for index, (action, actor) in enumerate(zip(FINISHED, FINISHED_BY, strict=True), start=1):
            if index % 2 and index < 10:
                served.type(action)
            else:
                response = served.post(actor, action)
                assert response.status_code == 200, (index, action, response.text)
            line = served.next_line()
            assert (line["index"], line["action"], line["player"]) == (index, action, actor)
            assert next(events)["index"] == index
            if index == 10:
                served.process.stdin.close()  # the pipe ends: the pages play on
        summary = served.next_line()
        assert summary["over"] is True and summary["winner"] == "Iris"
        assert served.finish() == 0
    record = tomllib.loads((tmp_path / "game.toml").read_text())
    assert record["actions"] == FINISHED
    assert not (tmp_path / ".game.toml.seats").exists()  # a game over needs its seats' secrets no more


def test_a_seat_takes_back_its_own_last_action_only_before_anyone_else_acts(tmp_path: Path) -> None:
    with coin_age(tmp_path) as served:
        iris_undo = served.seats["Iris"] + "/undo"
        jun_undo = served.seats["Jun"] + "/undo"
        stream = EventStream(served.table + "events")
        assert served.post("Iris", "slap QN").status_code == 200
        assert served.client.post(jun_undo).status_code == 409  # not his
        taken = served.client.post(iris_undo)
        assert taken.status_code == 200 and taken.json()["actions"] == 0
        assert stream.next()[1]["index"] == 1
        kind, undone = stream.next()
        assert kind == "undo" and undone["index"] == 0 and undone["action"] is None
        assert served.post("Iris", "slap QN").status_code == 200
        assert served.post("Iris", "place Q A1").status_code == 200
        assert served.client.post(iris_undo).status_code == 200  # an undo that leaves actions: an undo event
        assert [next(stream.actions())["index"] for _ in range(2)] == [1, 2]
        kind, undone = stream.next()
        assert kind == "undo" and undone["index"] == 1
        assert served.post("Jun", "slap NP").status_code == 200  # Jun tosses: Iris's turn ends
        assert served.client.post(iris_undo).status_code == 409
        assert served.client.post(served.table + "seat/nope/undo").status_code == 403
        record = tomllib.loads((tmp_path / "game.toml").read_text())
        assert record["actions"] == ["slap QN", "slap NP"]


def test_killed_mid_game_then_resumed_with_serve_the_seats_addresses_still_act(tmp_path: Path) -> None:
    """A kill leaves the record holding every action taken; ``--resume … --serve`` on the same port goes on, the
    seats' addresses (their secrets kept beside the record) still act, and a page's stream reconnects."""
    with coin_age(tmp_path) as served:
        for action, seat in zip(FINISHED[:4], FINISHED_BY[:4], strict=True):
            assert served.post(seat, action).status_code == 200
        port = urlsplit(served.table).port
        seats = served.seats
        served.process.send_signal(signal.SIGKILL)
        served.process.wait()
    record = tomllib.loads((tmp_path / "game.toml").read_text())
    assert record["actions"] == FINISHED[:4]
    assert (tmp_path / ".game.toml.seats").stat().st_mode & 0o077 == 0  # the secrets: for the owner's eyes only
    written = (tmp_path / "game.toml").read_text()
    assert not [url for url in seats.values() if url.rsplit("/", 1)[1] in written]  # the record never holds them
    with ServedGame("coin-age", "play", "--resume", str(tmp_path / "game.toml"), cwd=tmp_path,
                    address=f"127.0.0.1:{port}") as resumed:  # fmt: skip
        assert resumed.seats == seats
        stream = EventStream(resumed.table + "events")
        assert httpx.get(resumed.table + "view.json").json()["actions"] == 4
        assert httpx.post(seats["Jun"] + "/action", data={"action": FINISHED[4]}).status_code == 200
        assert next(stream.actions())["index"] == 5
    assert tomllib.loads((tmp_path / "game.toml").read_text())["actions"] == FINISHED[:5]


def test_an_address_that_cannot_be_served_is_one_line_and_status_2(tmp_path: Path) -> None:
    refused = run("coin-age", "play", "--players", "A,B", "--serve", "127.0.0.1:99999", stdin="")
    assert refused.returncode == 2 and b"--serve" in refused.stderr and b"Traceback" not in refused.stderr


def test_at_a_terminal_a_posted_action_is_seen_at_once_and_the_prompt_asks_again(tmp_path: Path) -> None:
    """A seat's page plays while the terminal's prompt is open: the prompt closes, the action is announced and the
    table drawn again, and the next line typed is judged against the position the page made."""
    from tests.cli.terminal import actions, finish, spawn, type_line, wait_for_actions

    record = tmp_path / "game.toml"
    child = spawn("coin-age", "play", "--players", "Ann,Bob", "--record", str(record), "--serve", "127.0.0.1:0")
    import re

    child.expect(r"Ann's seat \(theirs alone\): http://")
    found = re.search(r"Ann's seat \(theirs alone\): (http://\S+)", child.text())
    assert found is not None
    ann = found.group(1)
    child.expect("Ann>")
    assert httpx.post(ann + "/action", data={"action": "slap QN"}).status_code == 200
    child.expect("1. Ann: slap QN")
    child.expect("Hellag Dum")  # the table again
    child.expect("Ann>")
    type_line(child, "place Q B2")
    assert wait_for_actions(child, record, 2) == ["slap QN", "place Q B2"]
    child.sendintr()
    child.expect("Press y")  # Ctrl-C asks first
    child.send("y")
    assert finish(child) == 130
    assert actions(record) == ["slap QN", "place Q B2"]


def test_play_without_serve_imports_no_web_toolkit() -> None:
    """Starlette and uvicorn are imported only when --serve is given: every other command starts as before."""
    import subprocess
    import sys

    code = (
        "import sys, runpy\n"
        "sys.argv = ['referee', 'coin-age', 'play', '--players', 'Ann,Bob', '--no-history']\n"
        "try:\n    runpy.run_module('referee', run_name='__main__')\n"
        "except SystemExit:\n    pass\n"
        "print('\\n'.join(sorted(sys.modules)), file=sys.stderr)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], input="slap QN\n", capture_output=True, text=True)
    modules = set(result.stderr.split())
    assert "referee.cli.table.session" in modules, result.stderr[-2000:]
    assert not {name for name in modules if name.split(".")[0] in ("starlette", "uvicorn")}
    assert not {name for name in modules if name.startswith("referee.cli.serve")}


def test_the_load_benchmark_runs_in_quick_mode() -> None:
    """A small run of benchmarks/serve_load.py (its figures are for docs/serve.md, not for CI)."""
    import subprocess
    import sys

    from tests.conftest import ROOT

    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "serve_load.py"), "--quick"],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert "1 page (baseline)" in done.stdout and "3 pages" in done.stdout and "p99" in done.stdout


def test_matchstick_hands_stay_hidden_each_seat_sees_only_its_own_legal_plays(tmp_path: Path) -> None:
    """The table's pages show no one's cards (no action at all); the seat to play sees exactly the rules' legal
    actions for it, the other seat none; after a play, the other way round."""
    import re

    with ServedGame("matchstick", "play", "--players", "Ann,Bob", "--record", str(tmp_path / "m.toml"),
                    cwd=tmp_path) as served:  # fmt: skip
        copy = game_of("matchstick", tomllib.loads((tmp_path / "m.toml").read_text()))

        def offered(url: str) -> set[str]:
            return set(re.findall(r'data-action="([^"]*)"', served.client.get(url).text))

        for _turn in range(2):
            mover = copy.to_move
            other = next(name for name in served.seats if name != mover)
            legal = {copy.rules.format(action, copy.state) for action in copy.legal_actions()}
            assert offered(served.seats[mover]) == legal and legal
            assert offered(served.seats[other]) == set()
            assert offered(served.table) == set()
            assert "data-action" not in served.client.get(served.table + "view.json").text
            play = sorted(legal)[0]
            assert served.post(mover, play).status_code == 200
            copy.push(copy.parse(play))
