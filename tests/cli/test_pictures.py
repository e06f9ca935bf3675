"""Pictures: every picture is well-formed SVG with a viewBox, a title and a description, its text escaped (a player
named ``<script>`` or ``&`` stays text), drawn for random positions of every game with a picture, and showing the
same numbers as its text table; ``draw``, ``check --draw`` and ``score --draw`` write them by the rules of every file
the program makes; ``history report`` is one self-contained page."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ElementTree  # reading back our own pictures
from html.parser import HTMLParser
from importlib import import_module
from pathlib import Path

import pytest

from referee import registry
from referee.cli.pictures import game_picture
from referee.engine import Game
from tests.history.helpers import entry, finished_record, history_at
from tests.history.test_history_e2e import run

SVG = "{http://www.w3.org/2000/svg}"
HOSTILE = ["<script>alert(1)</script>", "Tom & Jerry", "Zoë \x07"]


def games_with_pictures() -> list[str]:
    return [name for name in registry.names() if import_module(registry.GAMES[name].spec_module).SPEC.picture]


def random_positions(game: str, seed: int, count: int) -> list[Game]:
    """``count`` positions of random legal games of ``game`` with hostile player names."""
    spec = import_module(registry.GAMES[game].spec_module).SPEC
    rng = random.Random(seed)
    assert spec.sample is not None, f"{game}: its room declares no sample game (GameSpec.sample)"
    players = [
        HOSTILE[i % len(HOSTILE)] + (f" {i}" if i >= len(HOSTILE) else "") for i in range(len(spec.sample.players))
    ]
    found = []
    while len(found) < count:
        setup = dict(spec.sample.setup)
        if "seed" in setup:  # a game dealt from a seed: a new deal each time
            setup["seed"] = rng.randrange(10**6)
        played = Game(spec.rules, players, spec.prepare_setup(setup, "test"))
        for _step in range(rng.randrange(0, 150)):
            if played.over:
                break
            played.push(spec.rules.random_action(played.state, rng))
        found.append(played)
    return found


def texts(root: ElementTree.Element) -> list[str]:
    return [element.text or "" for element in root.iter(f"{SVG}text")]


def test_every_registered_game_has_a_picture() -> None:
    assert games_with_pictures() == list(registry.names())


@pytest.mark.parametrize("game", games_with_pictures())
@pytest.mark.parametrize("seed", range(3))
def test_pictures_are_well_formed_escaped_and_show_the_text_tables_numbers(game: str, seed: int) -> None:
    print(f"game={game} seed={seed}")
    spec = import_module(registry.GAMES[game].spec_module).SPEC
    for played in random_positions(game, seed, 8):
        svg = game_picture(spec, played).svg()
        root = ElementTree.fromstring(svg)  # well-formed, whatever the names held
        assert root.tag == f"{SVG}svg"
        width, height = (float(n) for n in root.get("viewBox", "").split()[2:])
        assert width > 100 and height > 100
        assert root.find(f"{SVG}title") is not None and root.find(f"{SVG}desc") is not None
        assert not list(root.iter(f"{SVG}script")) and "<script>" not in svg
        shown = texts(root)
        assert any("<script>alert(1)</script>" in text for text in shown)  # the name, as text
        table = spec.score_table(played)
        for cells, _style in table.rows:  # the score sheet: the very cells `score` prints
            for value in cells:
                assert value.replace("\x07", "\ufffd") in shown, (value, table.lines())


@pytest.mark.e2e
def test_draw_check_and_score_write_pictures(tmp_path: Path) -> None:
    record = tmp_path / "game.toml"
    record.write_bytes(finished_record("coin-age", 3)[0])
    picture = tmp_path / "end.svg"
    done = run("coin-age", "draw", str(record), "-o", str(picture))
    assert done.returncode == 0, done.stderr
    end = ElementTree.parse(picture).getroot()
    assert "final score" in " ".join(texts(end))
    again = run("coin-age", "draw", str(record), "-o", str(picture))
    assert again.returncode == 2 and "already exists" in again.stderr.decode()
    assert run("coin-age", "draw", str(record), "-o", str(picture), "--at", "3", "--force").returncode == 0
    early = ElementTree.parse(picture).getroot()
    assert "the score if the game ended now" in " ".join(texts(early))
    assert run("coin-age", "draw", str(record), "--at", "9999", "-o", str(tmp_path / "x.svg")).returncode == 2
    png = run("coin-age", "draw", str(record), "-o", str(tmp_path / "x.png"))
    assert png.returncode == 2 and "SVG" in png.stderr.decode() and not (tmp_path / "x.png").exists()
    ruling = tmp_path / "ruling.svg"
    checked = run("coin-age", "check", str(record), "place", "Q", "B2", "--draw", str(ruling))
    assert checked.returncode == 1  # the game is over: illegal, and drawn so
    shown = " ".join(texts(ElementTree.parse(ruling).getroot()))
    assert "Illegal" in shown and "Rule: end" in shown
    sheet = tmp_path / "sheet.svg"
    assert run("coin-age", "score", str(record), "--draw", str(sheet)).returncode == 0
    assert "final score" in " ".join(texts(ElementTree.parse(sheet).getroot()))
    fast = run("coin-age", "draw", str(record), "-o", "-")
    slow = run("coin-age", "draw", str(record), "-o", "-", env={"REFEREE_NO_FAST_PATH": "1"})
    assert fast.stdout == slow.stdout and fast.stdout.startswith(b"<svg")


class Page(HTMLParser):
    """What a report page holds: its tags, links and text."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.links: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.links += [value or "" for name, value in attrs if name in ("src", "href")]

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def report_history(path: Path, games: int = 120) -> None:
    rng = random.Random(9)
    names = ["Ann", "Bob", "<b>Cid</b>", "Dee & co", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo"]
    with history_at(path) as history:
        for number in range(games):
            pair = rng.sample(names, 2)
            scores = [rng.randrange(5, 30), rng.randrange(5, 30)]
            if scores[0] == scores[1]:
                scores[0] += 1
            winner = pair[0] if scores[0] > scores[1] else pair[1]
            places = [1, 2] if winner == pair[0] else [2, 1]
            day = f"2025-{1 + number % 12:02d}-{1 + number % 28:02d}T{10 + number % 10}:00:00"
            history.log(entry("coin-age", pair, scores, places, [winner], day, board="Original"))


@pytest.mark.e2e
def test_the_report_is_one_self_contained_page(tmp_path: Path) -> None:
    history = tmp_path / "h.sqlite3"
    report_history(history)
    record = tmp_path / "game.toml"
    record.write_bytes(finished_record("builders", 4)[0])
    assert run("history", "add", str(record), "--history", str(history)).returncode == 0
    page_file = tmp_path / "season.html"
    done = run("history", "report", "-o", str(page_file), "--history", str(history))
    assert done.returncode == 0, done.stderr
    html = page_file.read_text()
    page = Page()
    page.feed(html)
    assert "script" not in page.tags  # no script, and a name cannot make one
    assert not [link for link in page.links if link.startswith(("http:", "https:", "//"))]  # nothing fetched
    assert page.tags.count("svg") >= 3  # the rating charts and the latest games' pictures
    text = " ".join(page.text)
    assert "<b>Cid</b>" in text and "Dee & co" in text  # names stay text
    assert "Coin Age" in text and "The Builders: Middle Ages" in text
    assert "Not drawn" in text  # ten players: the chart names whom it leaves out
    assert "random self-play (2 players)" in text  # results by seat beside what random players win
    refused = run("history", "report", "-o", str(page_file), "--history", str(history))
    assert refused.returncode == 2 and "already exists" in refused.stderr.decode()
    one = run("history", "report", "-o", "-", "--game", "coin-age", "--player", "Ann", "--history", str(history))
    assert one.returncode == 0 and b"The Builders" not in one.stdout


def test_games_logged_at_the_same_moment_each_get_their_place_on_the_rating_chart() -> None:
    from referee.cli.history.report import rating_chart

    same = "2025-01-01T10:00:00"
    course = {"ann": [((same, 1), 26.0, 8.0), ((same, 2), 27.0, 7.5), ((same, 3), 28.0, 7.0)]}
    svg = rating_chart(course, {"ann": "Ann"}).svg()
    points = re.search(r'<polyline points="([^"]+)"', svg)
    assert points is not None
    xs = [float(pair.split(",")[0]) for pair in points.group(1).split()]
    assert len(set(xs)) == 3 and xs == sorted(xs)  # not one vertical jump
