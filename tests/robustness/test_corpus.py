"""A corpus of malformed inputs through the installed command: one line on stderr each, exit 2, no traceback,
no file changed.

The corpus is generated here (several hundred files across the three games): truncated TOML, wrong types, huge
numbers, names with control characters and escape sequences, a 10 MB file, NUL bytes, deep nesting, invalid
UTF-8, a record of another game, a newer format, bad notation, bad setups and maps, a directory, a missing file
and an unreadable one. Records are checked many per process (``replay A B C …``), and the one-line rule is then
checked per file.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.robustness.helpers import GAMES, PLAYERS, SETUP, random_game, record_text, run, snapshot

pytestmark = pytest.mark.e2e
OTHER = {game: GAMES[(index + 1) % len(GAMES)] for index, game in enumerate(GAMES)}
"""Another registered game for each: its records must be refused by this one."""


def toml_string(text: str) -> str:
    """A TOML basic string holding any text (control characters as \\u escapes)."""
    return '"' + "".join(c if c.isprintable() and c not in '"\\' else f"\\u{ord(c):04x}" for c in text) + '"'


def header(game: str, players: list[str] | None = None, format_: str = "1") -> str:
    names = ", ".join(toml_string(name) for name in (players or PLAYERS[game]))
    return f'game = "{game}"\nformat = {format_}\nplayers = [{names}]\n'


def setup_table(game: str) -> str:
    """The ``[setup]`` table of the game's sample, as a record holds it."""
    import tomli_w

    return tomli_w.dumps({"setup": SETUP[game]}) if SETUP[game] else ""


def with_actions(game: str, actions: list[str], setup: str | None = None, players: list[str] | None = None) -> bytes:
    listed = ", ".join(toml_string(action) for action in actions)
    return (
        header(game, players) + f"actions = [{listed}]\n" + (setup_table(game) if setup is None else setup)
    ).encode()


BAD_NAMES = [
    "A\x1b[31m",
    "\x1b]0;pwned\x07",
    "B\x00",
    "Tab\tName",
    "Line\nBreak",
    "\u202eevil",
    "\x7f",
    " ",
    "",
    "x" * 41,
]
ANY_GAME_NOTATION = ["fly", "", "   ", "\x1b[2J", "undo now", "9" * 500, "\u202e", "take take", "é" * 300]
"""Unreadable or illegal in any game (each game adds its own below)."""
BAD_NOTATION = {
    "nim": ["take", "take 0", "take 4", "take -1", "take x", "take 99999999999999999999", "take 1 1", "give 1"],
    "coin-age": [
        "fly",
        "slap",
        "slap X",
        "slap QQ",
        "place Q",
        "place Q Z9",
        "place X B2",
        "move B2",
        "capture",
        "capture Z9",
        "pay",
        "pay 7",
        "done now",
        "slap \x1b[2J",
        "place Q B2 B3",
        "9" * 500,
    ],
    "builders": [
        "fly",
        "start",
        "start B99",
        "start W01",
        "recruit",
        "recruit B01",
        "recruit W99",
        "send W01",
        "send W99 B01",
        "coins",
        "coins x",
        "coins 99999999999999999999",
        "buy now",
        "reveal",
        "done 1",
        "start \x1b[2J",
    ],
    "matchstick": [
        "fly",
        "play",
        "play X",
        "play 8 X",
        "play 8",
        "play 99",
        "play 8 99999999999999999999",
        "pass now",
        "play 8 \x1b[2J",
        "play -1 -1",
        "play G G",
        "play H",
        "play A Z",
        "play 8 0 4 8 8 8 8 8",
        "pass pass",
        "play ８ ８",
    ],
}
BAD_SETUPS = {
    "nim": ["[setup]\npile = 0\n", '[setup]\npile = "7"\n', "[setup]\npile = true\n", "setup = 1\n"],
    "coin-age": [
        '[setup]\nmap = "atlantis"\n',
        "[setup]\nmap = 5\n",
        "[setup]\nmap = []\n",
        "setup = 1\n",
        'setup = "original"\n',
        '[setup]\nmap = { name = "x" }\n',
        "[setup]\nmap = 99999999999999999999\n",
        '[setup.map]\nname = "m"\nedges = [["A1", "A1"]]\n[setup.map.regions]\nr = {name = "R"}\n'
        '[setup.map.spaces]\nA1 = {name = "a", region = "r"}\nA2 = {name = "b", region = "r"}\n',
        '[setup.map]\nname = "m"\nedges = []\n[setup.map.regions]\nr = {name = "R\\u001b[2J"}\n'
        '[setup.map.spaces]\nA1 = {name = "a", region = "r"}\nA2 = {name = "b", region = "r"}\n',
    ],
    "builders": [
        "",
        '[setup]\nseed = "7"\n',
        "[setup]\nseed = 1.5\n",
        "[setup]\nseed = true\n",
        "[setup]\nseed = 7\nwild = 1\n",
        '[setup]\nseed = 7\napprentices = ["W01", "W02", "W03"]\n',
        '[setup]\napprentices = ["W01"]\nbuildings = ["B01"]\nworkers = ["W07"]\n',
        '[setup]\napprentices = ["W99", "W02", "W03"]\nbuildings = ["B01", "B02", "B03", "B04", "B05"]\n'
        'workers = ["W07", "W08", "W09", "W10", "W11"]\n',
        '[setup]\napprentices = [1, 2, 3]\nbuildings = "B01"\nworkers = {}\n',
        "setup = []\n",
    ],
    "matchstick": [
        "[setup]\nexpansion = 3\n",
        "[setup]\nexpansion = 2.0\n",
        '[setup]\nexpansion = "2"\n',
        "[setup]\nexpansion = 99999999999999999999\n",
        '[setup]\ndeal_all = "yes"\n',
        "[setup]\nhand_sizes = [15]\n",
        "[setup]\nhand_sizes = [0, 1, 1]\n",
        "[setup]\nhand_sizes = [99999999999999999999, 1, 1]\n",
        "[setup]\nhand_sizes = [1.5, 1, 1]\n",
        '[setup]\nhand_sizes = "15"\n',
        "[setup]\nwild = 1\n",
        "[setup]\nhand_sizes = [true, 1, 1]\n",
    ],
}


def corpus(game: str, folder: Path) -> list[Path]:
    """Write the malformed records of one game into ``folder`` and return their paths."""
    played = random_game(game, seed=11)
    good = record_text(game, played.actions)
    cases: list[bytes] = []
    # truncated TOML: cuts from the start to inside the actions list (never a whole, valid record)
    end_of_actions = good.index(b"]\n", good.index(b"actions = [")) if b"actions = [" in good else len(good) // 2
    cases += [good[:cut] for cut in range(1, end_of_actions, max(1, end_of_actions // 25))]
    # wrong types and values in each key
    cases += [
        header(game).replace(f'game = "{game}"', bad).encode() + b"actions = []\n" + setup_table(game).encode()
        for bad in ("game = 1", 'game = "chess"', "game = []", 'game = ""', 'game = "Coin-Age"')
    ]
    cases += [
        header(game, format_=bad).encode() + b"actions = []\n" + setup_table(game).encode()
        for bad in ('"1"', "1.0", "true", "0", "-1", "2", "99999999999999999999", "[1]", "{ v = 1 }")
    ]
    for bad in (
        '"Ann"',
        "[1, 2]",
        "[]",
        '["Ann", "Ann"]',
        '["Ann"]',
        '["A", "B", "C", "D", "E", "F", "G", "H", "I"]',
        '[["Ann"], ["Bob"]]',
        "{ a = 1 }",
        '["Ann", 3]',
    ):
        cases.append(f'game = "{game}"\nformat = 1\nplayers = {bad}\nactions = []\n{setup_table(game)}'.encode())
    for bad in ('"slap QN"', "[1, 2]", '[["slap"]]', "{ a = 1 }", "true"):
        cases.append((header(game) + f"actions = {bad}\n" + setup_table(game)).encode())
    cases.append((header(game) + setup_table(game)).encode())  # no actions
    cases.append(header(game).replace("players", "# players").encode() + b"actions = []\n")  # no players
    # names with control characters and escape sequences
    cases += [with_actions(game, [], players=[name, *PLAYERS[game][1:]]) for name in BAD_NAMES]
    # bad notation at the first action and deep in the game
    for text in ANY_GAME_NOTATION + BAD_NOTATION.get(game, []):
        cases.append(with_actions(game, [text]))
        cases.append(with_actions(game, [*played.actions[:5], text]))
    cases += [with_actions(game, [], setup=setup) for setup in BAD_SETUPS.get(game, [])]
    # another game's record, a newer format
    other = OTHER[game]
    cases.append(record_text(other, random_game(other, seed=3).actions))
    cases.append(good.replace(b"format = 1", b"format = 2"))
    # bytes: NUL, invalid UTF-8, a BOM-less binary blob, an empty file, blanks only, deep nesting
    cases += [
        good[:40] + b"\x00" + good[40:],
        b"\x00" * 100,
        good.replace(b"Ann", b"\xff\xfe"),
        b"",
        b" \n\t\n",
        os.urandom(256).replace(b"\x00", b"\x01") + b"\xff",
        b"actions = " + b"[" * 100_000 + b"]" * 100_000 + b"\n",
        b"x = " + b"{a = " * 3000 + b"1" + b"}" * 3000 + b"\n",
        header(game).encode() + b"actions = [" + b'"done", ' * 200_000 + b"]\n",
    ]
    # deeply dotted keys and deep table headers (the parser's time grows with the square of a key's parts)
    cases += [
        good + b"a" + b".a" * 50_000 + b" = 1\n",
        good + b"[setup" + b".a" * 50_000 + b"]\n",
        good + b"[[x" + b".a" * 30 + b"]]\n",
        good + b"'q'" + b' . "a b"' * 5_000 + b" = 1\n",
        b"".join(b"[t" + b".t" * depth + b"]\n" for depth in range(40)) + good,
    ]
    # huge: a 10 MB file (a valid record padded with a comment)
    cases.append(good + b"# " + b"x" * (10 * 1024 * 1024) + b"\n")
    paths = []
    for number, data in enumerate(cases):
        path = folder / f"{game}-{number:04d}.toml"
        path.write_bytes(data)
        paths.append(path)
    directory = folder / f"{game}-dir.toml"
    directory.mkdir()
    paths += [directory, folder / f"{game}-missing.toml", Path("/proc/self/mem")]
    # unreadable as well for root, who may read any file: a FIFO with no writer (it used to hang the command) and
    # a symbolic link to itself; a file with no permissions where that stops the user
    fifo = folder / f"{game}-fifo.toml"
    os.mkfifo(fifo)
    loop = folder / f"{game}-loop.toml"
    loop.symlink_to(loop.name)
    paths += [fifo, loop]
    if os.geteuid() != 0:
        unreadable = folder / f"{game}-unreadable.toml"
        unreadable.write_bytes(good)
        unreadable.chmod(0)
        paths.append(unreadable)
    else:
        print(
            "running as root: mode-0 files are readable; the FIFO and the link loop stand for unreadable files, and "
            "test_attacks.py::test_a_folder_the_user_cannot_read_is_one_line drops root's powers"
        )
    return paths


@pytest.mark.parametrize("game", GAMES)
def test_replay_refuses_each_malformed_record_in_one_line(game: str, tmp_path: Path) -> None:
    paths = corpus(game, tmp_path)
    assert len(paths) >= 100
    before = snapshot(tmp_path)
    result = run(game, "replay", *map(str, paths), cwd=tmp_path)
    stderr = result.stderr.decode("utf-8", "replace")
    assert "Traceback" not in stderr and b"Traceback" not in result.stdout
    assert result.returncode == 2, stderr
    assert "\x1b" not in stderr and "\x07" not in stderr and "\x00" not in stderr
    lines = stderr.splitlines()
    assert all(line.startswith("referee: ") for line in lines), [line for line in lines if "referee:" not in line]
    assert len(lines) == len(paths), "\n".join(lines)
    for path, line in zip(paths, lines, strict=True):  # replay reports in the order given: one line per file
        assert line.startswith(f"referee: {path}: ") or line.startswith(f"referee: {path} "), (path, line)
    assert snapshot(tmp_path) == before, "replay changed or created a file"


@pytest.mark.parametrize("game", GAMES)
def test_replay_json_gives_an_error_per_malformed_record(game: str, tmp_path: Path) -> None:
    import json

    paths = corpus(game, tmp_path)[::3]
    result = run(game, "replay", "--json", *map(str, paths), cwd=tmp_path)
    assert result.returncode == 2
    documents = json.loads(result.stdout)
    assert [document["file"] for document in documents] == [str(path) for path in paths]
    assert all("error" in document for document in documents)
    assert len(result.stderr.decode().splitlines()) == len(paths)


def one_line_exit_2(result, *, what: str) -> str:
    stderr = result.stderr.decode("utf-8", "replace")
    assert "Traceback" not in stderr and b"Traceback" not in result.stdout, what
    assert result.returncode == 2, (what, result.returncode, stderr)
    lines = stderr.splitlines()
    assert len(lines) == 1 or (len(lines) == 2 and "was not changed" in lines[1]), (what, stderr)
    assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f]", stderr), (what, stderr)
    return lines[0]


@pytest.mark.parametrize("game", GAMES)
def test_other_commands_refuse_malformed_records(game: str, tmp_path: Path) -> None:
    """score, check, play --resume and standard input, on a sample of the corpus: one line, exit 2, nothing changed."""
    paths = corpus(game, tmp_path)
    before = snapshot(tmp_path)
    for path in paths[::40]:
        one_line_exit_2(run(game, "score", str(path), cwd=tmp_path), what=f"score {path}")
    for path in paths[13::40]:
        one_line_exit_2(run(game, "check", str(path), "done", cwd=tmp_path), what=f"check {path}")
    for path in [*paths[26::40], *paths[-4:]]:
        one_line_exit_2(run(game, "play", "--resume", str(path), stdin=b"", cwd=tmp_path), what=f"resume {path}")
    for path in paths[5:80:30]:
        one_line_exit_2(run(game, "replay", "-", stdin=path.read_bytes(), cwd=tmp_path), what=f"stdin {path}")
    assert snapshot(tmp_path) == before


POSITIONS = {
    "coin-age": [
        '[board]\nZ9 = "Qh"\n',
        '[board]\nA1 = "Xh"\n',
        '[board]\nA1 = "Ph Qh"\n',
        "[board]\nA1 = 5\n",
        '[board]\nA1 = "Qh"\nA2 = "Qh"\nA3 = "Qt"\n',
        '[banks]\nCy = "DD"\n',
        "[banks]\nAnn = 3\n",
        '[banks]\nAnn = "DDDDDDDDDD"\n',
        '[banks]\nAnn = "\\u001b[2J"\n',
        "board = 1\n",
        "banks = []\n",
        '[board]\nA1 = "Qh\\u0000"\n',
        '[board]\n"\\u001b[31m" = "Qh"\n',
        '[board]\nA1 = ["Qh"]\n',
    ],
    "builders": [
        '[final]\nAnn = { built = ["B99"], coins = 1 }\nBob = { coins = 1 }\nCy = { coins = 1 }\n',
        "[final]\nAnn = { coins = -1 }\nBob = { coins = 1 }\nCy = { coins = 1 }\n",
        "[final]\nAnn = { coins = 99999999999999999999 }\nBob = { coins = 1 }\nCy = { coins = 1 }\n",
        "[final]\nAnn = { coins = 1.5 }\nBob = { coins = 1 }\nCy = { coins = 1 }\n",
        "[final]\nAnn = { coins = 60 }\nBob = { coins = 60 }\nCy = { coins = 1 }\n",
        '[final]\nAnn = { built = ["B01", "B01"], coins = 1 }\nBob = { coins = 1 }\nCy = { coins = 1 }\n',
        '[final]\nAnn = { built = ["W01"], coins = 1 }\nBob = { coins = 1 }\nCy = { coins = 1 }\n',
        '[final]\nAnn = { built = "B01", coins = 1 }\nBob = { coins = 1 }\nCy = { coins = 1 }\n',
        "[final]\nAnn = { coins = 1 }\nBob = { coins = 1 }\n",
        "final = 3\n",
        "[final]\nAnn = 3\nBob = 1\nCy = 1\n",
        "[final]\nAnn = { coins = 1, x = 2 }\nBob = { coins = 1 }\nCy = { coins = 1 }\nDi = { coins = 1 }\n",
    ],
}


@pytest.mark.parametrize("game", ["coin-age", "builders"])
def test_score_refuses_malformed_positions(game: str, tmp_path: Path) -> None:
    setup = '[setup]\nmap = "original"\n' if game == "coin-age" else ""
    for number, body in enumerate(POSITIONS[game]):
        path = tmp_path / f"position-{number:02d}.toml"
        path.write_text(header(game).replace("format = 1\n", "") + setup + body)
        before = snapshot(tmp_path)
        line = one_line_exit_2(run(game, "score", str(path), cwd=tmp_path), what=body)
        assert str(path) in line
        assert snapshot(tmp_path) == before


MAP_FAULTS = [
    ('edges = [["A1", "Z9"]]', "unknown space"),
    ('edges = [["A1", "A1"]]', "itself"),
    ('edges = [["A1", "A2"], ["A2", "A1"]]', "twice"),
    ("edges = [1]", "pair"),
    ('edges = "A1-A2"', "edges"),
    ('edges = [["A1", "A2", "A1"]]', "pair"),
]


def map_text(
    edges: str = 'edges = [["A1", "A2"]]',
    name: str = '"M"',
    regions: str = 'r = { name = "R" }',
    spaces: str = 'A1 = { name = "a", region = "r" }\nA2 = { name = "b", region = "r" }',
    layout: str = "",
) -> str:
    return f"name = {name}\n{edges}\n{layout}\n[regions]\n{regions}\n[spaces]\n{spaces}\n"


def test_maps_validate_refuses_each_bad_map_in_one_line(tmp_path: Path) -> None:
    texts = [map_text(edges=edges) for edges, _word in MAP_FAULTS]
    texts += [
        map_text(name='"M\\u001b[2J"'),
        map_text(name="5"),
        map_text(name='""'),
        map_text(regions='r = { name = "R\\u0007" }'),
        map_text(regions='r = { name = "R", color = "\\u001b[31m" }'),
        map_text(regions='r = { name = "R" }\ns = { name = "S" }'),
        map_text(regions="r = 1"),
        map_text(spaces='A1 = { name = "a\\u001b[2J", region = "r" }\nA2 = { name = "b", region = "r" }'),
        map_text(spaces='"A 1" = { name = "a", region = "r" }\nA2 = { name = "b", region = "r" }', edges="edges = []"),
        map_text(spaces='"A#1" = { name = "a", region = "r" }\nA2 = { name = "b", region = "r" }', edges="edges = []"),
        map_text(
            spaces='"\\u001b" = { name = "a", region = "r" }\nA2 = { name = "b", region = "r" }', edges="edges = []"
        ),
        map_text(spaces='A1 = { name = "a", region = "r" }\na1 = { name = "b", region = "r" }', edges="edges = []"),
        map_text(spaces='A1 = { name = "a", region = "r" }\nA2 = { name = "b" }'),
        map_text(spaces='A1 = { name = "a", region = "r" }\nA2 = { name = "b", region = "zz" }'),
        map_text(spaces='A1 = { name = "a", region = "r" }', edges="edges = []"),
        map_text(spaces='A1 = 1\nA2 = { name = "b", region = "r" }'),
        map_text(layout='layout = [["A1"]]'),
        map_text(layout="layout = [[1, 2]]"),
        map_text(layout='layout = "A1 A2"'),
        'name = "M"\n',
        "[[edges]]\n",
        "x = \n",
        "\x00",
        "",
    ]
    paths = []
    for number, text in enumerate(texts):
        path = tmp_path / f"map-{number:02d}.toml"
        path.write_bytes(text.encode("utf-8", "surrogatepass"))
        paths.append(path)
    paths += [tmp_path / "missing.toml", tmp_path]
    before = snapshot(tmp_path)
    result = run("coin-age", "maps", "validate", *map(str, paths), cwd=tmp_path)
    stderr = result.stderr.decode()
    assert result.returncode == 2 and "Traceback" not in stderr
    assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f]", stderr), stderr
    lines = stderr.splitlines()
    # maps validate explains every fault of a map, one line each (a region refused for its name leaves its
    # spaces in an unknown region too): every line names its file, and every file has its lines, in order
    named = [
        next(p for p in sorted(paths, key=lambda p: -len(str(p))) if line.startswith(f"referee: {p}")) for line in lines
    ]
    assert sorted(set(named), key=paths.index) == paths, stderr
    assert named == sorted(named, key=paths.index)
    for path in paths[:30:6]:  # and every command that loads a map refuses it the same way
        one_line_exit_2(run("coin-age", "play", "--players", "A,B", "--map", str(path), stdin=b""), what=str(path))
        one_line_exit_2(run("coin-age", "maps", "show", str(path)), what=str(path))
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize("game", GAMES)
def test_bad_options_are_one_line(game: str, tmp_path: Path) -> None:
    cases = [
        ["play", "--players", "A\x1b[31m,B"],
        ["play", "--players", "A,A"],
        ["play", "--players", ""],
        ["play", "--players", "A"],
        ["play", "--players", ",".join("ABCDEFGHIJ")],
        ["simulate", "--games", "0"],
        ["play", "--players", "Ann,Bob", "--resume", "-"],
    ]
    if game == "coin-age":
        cases += [["play", "--players", "A,B", "--map", "atlantis"], ["play", "--players", "A,B", "--map", "-"]]
    for args in cases:
        one_line_exit_2(run(game, *args, stdin=b"", cwd=tmp_path), what=repr(args))
    assert not list(tmp_path.iterdir())
