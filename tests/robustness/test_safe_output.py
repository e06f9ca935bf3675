"""Names and text from files or players are shown safely: no escape sequence reaches the terminal raw."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee import registry
from tests.robustness.helpers import PLAY_OPTIONS, random_game, record_text, run

pytestmark = pytest.mark.e2e
RAW = re.compile(rb"[\x00-\x08\x0b-\x1f\x7f\x9b]|\xc2[\x80-\x9f]")  # C0 (but tab, newline), DEL, C1 controls
EVIL = "\x1b[2J\x1b]0;pwned\x07\x9b31m\u202e"


def no_raw_controls(result, what: str) -> None:
    for stream in (result.stdout, result.stderr):
        assert not RAW.search(stream), (what, stream[:500])
    assert b"Traceback" not in result.stderr


@pytest.mark.parametrize("game", list(registry.names()))
def test_hostile_text_is_never_echoed_raw(game: str, tmp_path: Path) -> None:
    actions = random_game(game, seed=1, steps=6).actions
    record = tmp_path / "game.toml"
    record.write_bytes(record_text(game, actions))
    hostile = [f"play {EVIL}", f"{EVIL}", f"start {EVIL}", f"place {EVIL} B2", f"slap {EVIL}", f"coins {EVIL}"]
    for text in hostile:
        no_raw_controls(run(game, "check", str(record), text), f"check {text!r}")
        no_raw_controls(run(game, "check", "--json", str(record), text), f"check --json {text!r}")
    piped = "\n".join([*actions, hostile[0]]).encode()
    no_raw_controls(run(game, "play", *PLAY_OPTIONS[game], stdin=piped), "play")
    no_raw_controls(run(game, "play", "--json", *PLAY_OPTIONS[game], stdin=piped), "play --json")
    no_raw_controls(run(game, "rules", EVIL), "rules")
    no_raw_controls(run(game, "play", "--players", f"Ann,{EVIL}", stdin=b""), "--players")
    record.write_bytes(record_text(game, [*actions, EVIL]))
    no_raw_controls(run(game, "replay", str(record)), "replay")
    no_raw_controls(run(game, "replay", "--json", str(record)), "replay --json")
    no_raw_controls(run(game, "replay", str(tmp_path / EVIL)), "a file name with escapes")


def test_positions_and_maps_with_hostile_names(tmp_path: Path) -> None:
    escaped = "".join(f"\\u{ord(c):04x}" for c in EVIL)
    position = tmp_path / "position.toml"
    position.write_text(
        f'game = "coin-age"\nplayers = ["Ann", "Bob"]\n[board]\n"A{escaped}" = "Qh"\n[banks]\n"{escaped}" = "D"\n'
    )
    no_raw_controls(run("coin-age", "score", str(position)), "score position")
    final = tmp_path / "final.toml"
    final.write_text(
        f'game = "builders"\nplayers = ["Ann", "Bob"]\n[final]\nAnn = {{ built = ["{escaped}"], coins = 1 }}\n'
    )
    no_raw_controls(run("builders", "score", str(final)), "score final")
    game_map = tmp_path / "map.toml"
    for where in ("name", "space", "region", "space id"):
        name = f'"M{escaped}"' if where == "name" else '"M"'
        space_name = f"a{escaped}" if where == "space" else "a"
        region_name = f"R{escaped}" if where == "region" else "R"
        space_id = f'"A{escaped}"' if where == "space id" else "A1"
        game_map.write_text(
            f'name = {name}\nedges = []\n[regions]\nr = {{ name = "{region_name}" }}\n'
            f'[spaces]\n{space_id} = {{ name = "{space_name}", region = "r" }}\nA2 = {{ name = "b", region = "r" }}\n'
        )
        for args in (["maps", "validate"], ["maps", "show"], ["play", "--players", "A,B", "--map"]):
            result = run("coin-age", *args, str(game_map), stdin=b"slap Q\n")
            no_raw_controls(result, f"{where}: {args}")
            assert result.returncode == 2, (where, args, result.stderr)
