"""A club's history on a real PostgreSQL server (tests/history/pg_server.py): passwords never shown, twenty tables
logging and importing at once, push and pull by identity, a server killed in the middle, the two roles, a newer
schema refused, a game kept when the server cannot be reached, and names built to break SQL on both engines."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from referee.history.store import GameRefused, HistoryError, open_history
from tests.clock import wait_until
from tests.history.helpers import entry, finished_record, history_at
from tests.history.logger_loop import unique_game as loop_game
from tests.history.pg_server import PASSWORD, PASSWORD_USER, Server
from tests.history.test_history_e2e import run
from tests.robustness.helpers import PLAY_OPTIONS


def load_actions(record: Path) -> list[str]:
    """The actions a record holds (it is replaced whole after each one: never read half-written)."""
    import tomllib

    return list(tomllib.loads(record.read_text(encoding="utf-8")).get("actions", []))


ROOT = Path(__file__).resolve().parents[2]


def opened(url: str):
    history = open_history(url)
    assert history is not None
    return history


def totals_match_games(url: str) -> None:
    """The kept totals and ratings equal those computed again from the games (nothing drifted)."""
    with opened(url) as history:
        db = history.connection
        kept = sorted(db.execute("SELECT game, key, seat, board, games, wins, score_sum FROM totals").fetchall())
        # the ratings as read (a game logged out of order marks them for recomputing, in the same transaction)
        kept_ratings = sorted(
            (game, key, mu, sigma)
            for game in history.game_kinds()
            for key, (_name, mu, sigma) in history.ratings(game).items()
        )
        for game in history.game_kinds():
            history.recompute_ratings(game)
            with history.transaction() as write:
                history._rebuild_totals(write, game)
        again = sorted(db.execute("SELECT game, key, seat, board, games, wins, score_sum FROM totals").fetchall())
        ratings = sorted(db.execute("SELECT game, key, mu, sigma FROM ratings").fetchall())
    assert kept == again
    assert [row[:2] for row in kept_ratings] == [row[:2] for row in ratings]
    for a, b in zip(kept_ratings, ratings, strict=True):
        assert a[2] == pytest.approx(b[2]) and a[3] == pytest.approx(b[3])


def test_a_password_never_appears_in_output_errors_or_records(pg: Server, tmp_path: Path) -> None:
    url = pg.new_database()
    database = url.rsplit("/", 1)[1]
    pg.admin(f"DROP ROLE IF EXISTS {PASSWORD_USER}")
    pg.admin(f"CREATE ROLE {PASSWORD_USER} LOGIN PASSWORD '{PASSWORD}'")
    pg.admin(f'GRANT ALL ON DATABASE "{database}" TO {PASSWORD_USER}')
    pg.admin(f"GRANT ALL ON SCHEMA public TO {PASSWORD_USER}", database)
    with_password = f"postgresql://{PASSWORD_USER}:{PASSWORD}@127.0.0.1:{pg.port}/{database}"
    record, _ = finished_record("coin-age", 3)
    (tmp_path / "r.toml").write_bytes(record)
    outputs = [
        run("history", "add", str(tmp_path / "r.toml"), "--history", with_password),
        run("history", "list", "--json", "--history", with_password),
        run("stats", "--history", with_password),
        run("history", "list", "--history", with_password.replace(PASSWORD, PASSWORD + "x")),  # refused
        run(
            "history", "list", "--history", url.replace("postgres@", f"{PASSWORD_USER}@"), env={"PGPASSWORD": PASSWORD}
        ),
        run(
            "history",
            "list",
            "--history",
            url.replace("postgres@", f"{PASSWORD_USER}@"),
            env={"PGPASSWORD": "no" + PASSWORD},
        ),
        run("history", "--help"),
    ]
    assert outputs[0].returncode == 0, outputs[0].stderr
    assert json.loads(outputs[1].stdout)[0]["game"] == "coin-age"
    assert outputs[3].returncode == 2 and b"password authentication failed" in outputs[3].stderr
    assert len(outputs[3].stderr.decode().strip().splitlines()) == 1
    assert outputs[4].returncode == 0 and b"coin-age" in outputs[4].stdout
    assert outputs[5].returncode == 2
    for result in outputs:
        assert PASSWORD.encode() not in result.stdout + result.stderr
    with opened(url) as history:
        for logged in history.games():
            assert PASSWORD not in json.dumps(logged.entry.record) + (logged.entry.notes or "")


def test_twenty_tables_log_and_import_at_once_and_the_sum_is_right(pg: Server, tmp_path: Path) -> None:
    url = pg.new_database()
    per = 8  # the schema made by whichever table comes first (the others wait for it)
    loggers = [
        subprocess.Popen(
            [sys.executable, "-m", "tests.history.logger_loop", url, str(first * 1000), str(per), "unique"],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for first in range(20)
    ]
    # two imports of one backup at the same time as the loggers, and a report reading
    with history_at(tmp_path / "source.sqlite3") as source:
        for number in range(50_000, 50_030):
            source.log(loop_game(number))
    backup = tmp_path / "backup.csv"
    assert (
        run(
            "history", "export", "--format", "csv", "-o", str(backup), "--history", str(tmp_path / "source.sqlite3")
        ).returncode
        == 0
    )
    env = {**os.environ, "NO_COLOR": "1"}
    importers = [
        subprocess.Popen(
            ["referee", "history", "import", str(backup), "--history", url],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for _ in range(2)
    ]
    report = run("stats", "--history", url)
    assert report.returncode == 0, report.stderr
    for process in loggers + importers:
        _out, err = process.communicate(timeout=300)
        assert process.returncode == 0, err
    with opened(url) as history:
        assert history.count() == 20 * per + 30
        uuids = [row[0] for row in history.connection.execute("SELECT uuid FROM games").fetchall()]
        assert len(uuids) == len(set(uuids))
    totals_match_games(url)


def test_two_organisers_renaming_at_once_leave_one_consistent_history(pg: Server) -> None:
    url = pg.new_database()
    with opened(url) as history:
        for number in range(40):
            history.log(loop_game(number))
    renames = [
        subprocess.Popen(
            ["referee", "history", "rename-player", "P1", name, "--history", url],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for name in ("Pat", "Patricia")
    ]
    statuses = [process.wait(timeout=120) for process in renames]
    assert 0 in statuses
    with opened(url) as history:
        names = {row[0] for row in history.connection.execute("SELECT name FROM players").fetchall()}
        assert "P1" not in names and len({"Pat", "Patricia"} & names) == 1
        assert history.count() == 40
    totals_match_games(url)


def test_push_and_pull_merge_by_identity_both_ways_and_again_add_nothing(pg: Server, tmp_path: Path) -> None:
    url = pg.new_database()
    mine = tmp_path / "mine.sqlite3"
    with history_at(mine) as history:
        for number in range(30):
            history.log(loop_game(number))
    with opened(url) as club:
        for number in range(20, 45):  # ten in common
            club.log(loop_game(number))
    pushed = run("history", "push", "--to", url, "--history", str(mine), "--json")
    assert pushed.returncode == 0, pushed.stderr
    assert json.loads(pushed.stdout)["added"] == 20 and json.loads(pushed.stdout)["present"] == 10
    again = run("history", "push", "--to", url, "--history", str(mine), "--json")
    assert json.loads(again.stdout)["added"] == 0
    elsewhere = tmp_path / "elsewhere.sqlite3"
    pulled = run("history", "pull", "--from", url, "--history", str(elsewhere), "--json")
    assert json.loads(pulled.stdout)["added"] == 45
    assert json.loads(run("history", "pull", "--from", url, "--history", str(elsewhere), "--json").stdout)["added"] == 0
    with opened(url) as club, history_at(elsewhere) as copy:
        assert {g.entry.uuid for g in club.games()} == {g.entry.uuid for g in copy.games()}


def _kill_and_restart(pg: Server, process: subprocess.Popen, url: str, before: int) -> bytes:
    """Kill the server once ``before`` games are in, wait for ``process`` to end, restart; its standard error."""

    def some_games_in() -> bool:
        with opened(url) as history:
            return history.count() > before

    wait_until(some_games_in, "some games logged", alive=lambda: process.poll() is None)  # then kill the server
    pg.kill()
    _out, errors = process.communicate(timeout=120)
    pg.start()
    return bytes(errors or b"")


PUSHED = 600
"""Games in the personal history pushed while the server is killed (at the 200th): enough to be cut in the middle."""


def test_a_server_killed_during_push_import_and_logging_loses_and_doubles_nothing(pg: Server, tmp_path: Path) -> None:
    url = pg.new_database()
    mine = tmp_path / "mine.sqlite3"
    with history_at(mine) as history, history.batch():
        for number in range(PUSHED):
            history.log(loop_game(number))
    push = subprocess.Popen(
        ["referee", "history", "push", "--to", url, "--history", str(mine)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    said = _kill_and_restart(pg, push, url, 200).decode()
    assert push.returncode == 2 and "error ignored" not in said and "Pipeline" not in said, said
    with opened(url) as club:  # the count the push gave of what it had sent is exact
        assert f"stopped: {club.count()} games of this run are in" in said, said
    assert run("history", "push", "--to", url, "--history", str(mine)).returncode == 0
    with opened(url) as club:
        assert club.count() == PUSHED
    # logging, killed and run again
    logger = subprocess.Popen(
        [sys.executable, "-m", "tests.history.logger_loop", url, "10000", "400", "unique"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    _kill_and_restart(pg, logger, url, PUSHED + 5)
    subprocess.run(
        [sys.executable, "-m", "tests.history.logger_loop", url, "10000", "400", "unique"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        timeout=300,
    )
    # an import, killed and run again
    backup = tmp_path / "b.csv"
    with history_at(tmp_path / "other.sqlite3") as other, other.batch():
        for number in range(20000, 21500):
            other.log(loop_game(number))
    assert (
        run(
            "history", "export", "--format", "csv", "-o", str(backup), "--history", str(tmp_path / "other.sqlite3")
        ).returncode
        == 0
    )
    importing = subprocess.Popen(
        ["referee", "history", "import", str(backup), "--history", url], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    _kill_and_restart(pg, importing, url, PUSHED + 405)
    assert run("history", "import", str(backup), "--history", url).returncode == 0
    with opened(url) as club:
        assert club.count() == PUSHED + 400 + 1500
        uuids = [row[0] for row in club.connection.execute("SELECT uuid FROM games").fetchall()]
        assert len(uuids) == len(set(uuids))
    totals_match_games(url)


def test_the_database_itself_refuses_a_second_copy_of_a_play(pg: Server) -> None:
    url = pg.new_database()
    with opened(url) as history:
        history.log(loop_game(1))
        db = history.connection
        row = db.execute("SELECT game, hash, kind, played, actions, setup, record, uuid FROM games").fetchone()
        with pytest.raises(GameRefused, match="unique constraint"):
            db.execute(
                "INSERT INTO games (game, hash, kind, played, actions, setup, record, uuid)"
                f" VALUES ({db.dialect.marks(8)})",
                (row[0], row[1] + "x", *row[2:]),
            )


def test_a_tables_referee_adds_and_reads_and_only_an_organiser_changes(pg: Server, tmp_path: Path) -> None:
    url = pg.new_database()
    database = url.rsplit("/", 1)[1]
    assert run("history", "init", "--server", url).returncode == 0
    assert run("history", "init", "--server", url).returncode == 0  # again: nothing changes
    for login, role in (("table1", "referee_table"), ("boss", "referee_organiser")):
        pg.admin(f"DROP ROLE IF EXISTS {login}")
        pg.admin(f"CREATE ROLE {login} LOGIN PASSWORD 'pw' IN ROLE {role}")
    table = f"postgresql://table1@127.0.0.1:{pg.port}/{database}"
    boss = f"postgresql://boss@127.0.0.1:{pg.port}/{database}"
    env = {"PGPASSWORD": "pw"}
    _record, actions = finished_record("coin-age", 5)
    played = run(
        "coin-age",
        "play",
        *PLAY_OPTIONS["coin-age"],
        "--log",
        "--history",
        table,
        stdin=("\n".join(actions) + "\n").encode(),
        env=env,
    )
    assert b"Logged in the history as game 1" in played.stderr, played.stderr
    assert run("history", "list", "--history", table, env=env).returncode == 0
    refused = run(
        "history", "rename-player", PLAY_OPTIONS["coin-age"][1].split(",")[0], "Zed", "--history", table, env=env
    )
    assert refused.returncode == 2 and b"only an organiser" in refused.stderr
    assert run("history", "remove", "1", "--history", table, env=env).returncode == 2
    sample = ROOT / "tests" / "history" / "samples" / "bgg_api_plays.xml"  # another app's plays: an import
    imported = run("history", "import", str(sample), "--history", table, env=env)
    assert b"only an organiser" in imported.stdout + imported.stderr
    with opened(url) as club:
        assert club.count() == 1  # the referee's own game, nothing imported
    assert (
        run(
            "history", "rename-player", PLAY_OPTIONS["coin-age"][1].split(",")[0], "Zed", "--history", boss, env=env
        ).returncode
        == 0
    )
    assert run("history", "remove", "1", "--history", boss, env=env).returncode == 0


def test_referee_history_may_name_the_club_s_server(pg: Server, tmp_path: Path) -> None:
    url = pg.new_database()
    _record, actions = finished_record("coin-age", 13)
    env = {"REFEREE_HISTORY": url}
    played = run(
        "coin-age", "play", *PLAY_OPTIONS["coin-age"], "--log", stdin=("\n".join(actions) + "\n").encode(), env=env
    )
    assert b"Logged in the history as game 1" in played.stderr, played.stderr
    listed = run("history", "list", "--json", env=env)
    assert listed.returncode == 0 and len(json.loads(listed.stdout)) == 1


def test_a_newer_schema_on_the_server_is_refused_in_one_line(pg: Server) -> None:
    url = pg.new_database()
    opened(url).close()
    pg.admin("UPDATE referee_meta SET value = '99' WHERE key = 'version'", url.rsplit("/", 1)[1])
    with pytest.raises(HistoryError, match="newer referee"):
        open_history(url)
    result = run("history", "list", "--history", url)
    assert result.returncode == 2 and len(result.stderr.splitlines()) == 1


def test_a_game_finished_while_the_server_is_unreachable_is_kept_and_said(tmp_path: Path) -> None:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    url = f"postgresql://nobody@127.0.0.1:{port}/club?connect_timeout=2"
    _record, actions = finished_record("coin-age", 7)
    env = {"XDG_DATA_HOME": str(tmp_path)}
    played = run(
        "coin-age",
        "play",
        *PLAY_OPTIONS["coin-age"],
        "--log",
        "--history",
        url,
        "--record",
        str(tmp_path / "r.toml"),
        stdin=("\n".join(actions) + "\n").encode(),
        env=env,
    )
    assert played.returncode == 0
    lines = [line for line in played.stderr.decode().splitlines() if "cannot be reached" in line]
    assert len(lines) == 1 and "referee history push --to" in lines[0], played.stderr
    assert (tmp_path / "r.toml").exists()
    with history_at(tmp_path / "referee" / "history.sqlite3") as local:
        assert local.count() == 1


HOSTILE = ["Robert'); DROP TABLE games;--", "x' OR '1'='1", '"; DELETE FROM players; --', "%s %(x)s ?", "$$;--"]


@pytest.mark.usefixtures("engine")
def test_names_locations_and_notes_built_to_break_sql_stay_text(tmp_path: Path) -> None:
    with history_at(tmp_path / "h.sqlite3") as history:
        for number, name in enumerate(HOSTILE):
            made = entry("coin-age", [name, "Bob"], [3, 1], [1, 2], [name], f"2025-01-0{number + 1}T10:00:00")
            made.location, made.notes = name, name
            history.log(made)
        assert history.count() == len(HOSTILE)
        assert {g.entry.location for g in history.games()} == set(HOSTILE)
        assert history.count(player=HOSTILE[1]) == 1
        history.rename_player(HOSTILE[0], HOSTILE[2] + "!")
        history.edit(1, notes=HOSTILE[3])
        assert {g.entry.players[0].name for g in history.games()} >= {HOSTILE[2] + "!"}
        assert history.get(1).entry.notes == HOSTILE[3]  # type: ignore[union-attr]


@pytest.mark.usefixtures("engine")
def test_the_evenings_standings_keep_to_its_location_and_day(tmp_path: Path) -> None:
    from tests.history import helpers

    path = tmp_path / "h.sqlite3"
    with history_at(path) as history:
        for number, (where, day) in enumerate(
            [
                ("Club night", "2026-11-27"),
                ("Club night", "2026-11-27"),
                ("Home", "2026-11-27"),
                ("Club night", "2026-11-20"),
            ]
        ):
            made = entry("coin-age", ["Ann", f"Guest{number}"], [5, 1], [1, 2], ["Ann"], f"{day}T20:0{number}:00")
            made.location = where
            history.log(made)
    named = helpers.ENGINE_URLS.get(path, str(path))
    result = run("stats", "--json", "--history", named, "--location", "Club night", "--since", "2026-11-27")
    assert result.returncode == 0, result.stderr
    players = json.loads(result.stdout)["players"]
    assert players["Ann"]["games"] == 2 and set(players) == {"Ann", "Guest0", "Guest1"}
    report = run("history", "report", "--history", named, "--location", "Club night", "-o", "-")
    assert report.returncode == 0 and b"Guest2" not in report.stdout and b"Guest0" in report.stdout


def test_a_server_killed_during_play_log_keeps_the_game_and_push_sends_it_once(pg: Server, tmp_path: Path) -> None:
    url = pg.new_database()
    opened(url).close()
    _record, actions = finished_record("coin-age", 9)
    env = {**os.environ, "NO_COLOR": "1", "XDG_DATA_HOME": str(tmp_path)}
    play = subprocess.Popen(
        ["referee", "coin-age", "play", *PLAY_OPTIONS["coin-age"], "--log", "--history", url, "--record",
         str(tmp_path / "r.toml")],
        stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env,
    )  # fmt: skip
    assert play.stdin is not None
    play.stdin.write(("\n".join(actions[:-1]) + "\n").encode())
    play.stdin.flush()
    record = tmp_path / "r.toml"
    wait_until(
        lambda: record.exists() and load_actions(record) == actions[:-1],
        "the table played all but the last action",
        alive=lambda: play.poll() is None,
    )
    pg.kill()  # the server dies while the table plays its last action
    _out, errors = play.communicate(("\n".join(actions[-1:]) + "\n").encode(), timeout=120)
    pg.start()
    assert play.returncode == 0, errors
    said = [line for line in errors.decode().splitlines() if "cannot be reached" in line]
    assert len(said) == 1 and "history push --to" in said[0], errors
    local = tmp_path / "referee" / "history.sqlite3"
    for _ in range(2):  # sent once, and again: still once
        assert run("history", "push", "--to", url, "--history", str(local)).returncode == 0
        with opened(url) as club:
            assert club.count() == 1
