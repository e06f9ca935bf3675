"""Property-based fuzzing of every parser and loader: only the referee's own errors may come out.

Random text, random bytes and random TOML of the right shape with wrong types or values go through each
game's action notation (against states from random legal games), records, the TOML reader, Coin Age positions
and map tables, Builders ``[final]`` tallies and each game's setup.
"""

from __future__ import annotations

import random
import string
import unicodedata
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee import registry
from referee.builders import score_final
from referee.cli.files import read_toml
from referee.cli.games.coin_age.room import SPEC as COIN_AGE_SPEC  # Coin Age's positions and maps, below
from referee.cli.records import record_from_document
from referee.coin_age.maps import load_map
from referee.coin_age.position import state_from_position
from referee.coin_age.rules import RULES as COIN_AGE
from referee.engine import Game
from referee.errors import InputError, RefereeError, SetupError
from tests.robustness.helpers import spec_of

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# -- building blocks -------------------------------------------------------------------------------------------
HUGE = st.sampled_from([2**63, -(2**63) - 1, 10**100, -1, 0, 1, 2, 4, 15, 999_999_999])
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | HUGE
    | st.floats(allow_nan=True)
    | st.sampled_from([0.0, 2.0, 4.0, 15.0, True, False])
    | st.text(max_size=20)
    | st.sampled_from(["", " ", "\x1b[31mred", "A1", "B2", "original", "W03", "B12", "M01", "Qh Pt", "8", "-"])
)


def toml_values(depth: int = 3) -> st.SearchStrategy[Any]:
    """Any value a TOML document can hold (and None, which tomli-w cannot write but a mapping can carry)."""
    return st.recursive(
        SCALARS,
        lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=8), children, max_size=5),
        max_leaves=12,
    )


def only_referee_errors(function, *args: Any) -> Any:
    """``function(*args)``, or None when it raised a RefereeError, whose message must be one non-empty line (any
    other exception fails the test)."""
    try:
        return function(*args)
    except RefereeError as error:
        assert error.message.strip(), "an error needs a message"
        assert "\n" not in error.message and "\r" not in error.message, f"not one line: {error.message!r}"
        return None


# -- states from random legal games ----------------------------------------------------------------------------
def random_game(rules: Any, players: list[str], setup: dict[str, Any], seed: int, steps: int) -> Game:
    rng = random.Random(seed)
    game = Game(rules, players, setup)
    chooser = getattr(rules, "random_action", None)
    for _step in range(steps):
        if game.over:
            break
        action = chooser(game.state, rng) if chooser else rng.choice(game.legal_actions())
        game.push(action)
    return game


GAMES = registry.names()
"""Every registered game: each one's players, setup, notation and setup keys come from its spec's sample."""


def sample_of(name: str) -> Any:
    sample = spec_of(name).sample
    assert sample is not None, f"{name}: its room declares no sample game (GameSpec.sample)"
    assert sample.vocabulary, f"{name}: its sample declares no vocabulary (GameSample.vocabulary) to fuzz with"
    return sample  # its setup and setup keys may be empty: a game without setup


def players_of(name: str, n: int) -> list[str]:
    """As many players as ``n`` picks within the game's seats (its registry line's facts)."""
    fewest, most = registry.facts(name).seats
    return [f"P{i}" for i in range(fewest + n % (most - fewest + 1))]


def setup_of(name: str, seed: int) -> dict[str, Any]:
    """The sample's setup, as the room prepares it for the rules (a ``seed`` in it replaced by ``seed``)."""
    setup = dict(sample_of(name).setup)
    if "seed" in setup:
        setup["seed"] = seed
    return dict(spec_of(name).prepare_setup(setup, "sample"))


def table_of(name: str, seed: int) -> tuple[list[str], dict[str, Any]]:
    """Players and setup for a random game: as many players as ``seed`` picks, with the sample's setup, or with
    the rules' default setup when the sample's is for its own players only (hands dealt per player); else the
    sample's players."""
    players = players_of(name, seed)
    for setup in (setup_of(name, seed), {}):
        try:
            spec_of(name).rules.new_state(players, setup)
        except SetupError:
            continue
        return players, setup
    return list(sample_of(name).players), setup_of(name, seed)


NASTY = ["\x00", "\x1b[2J", "\u202e", "\ufeff", "  ", "\t", "#", "٣", "８", "²", "Ⅷ", "ß", "İ", str(10**50), "9" * 400]


def notation(game: str) -> st.SearchStrategy[str]:
    words = st.sampled_from([*sample_of(game).vocabulary, *NASTY]) | st.text(max_size=6)
    return st.lists(words, max_size=7).map(" ".join) | st.text(max_size=40)


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(data=st.data(), seed=st.integers(0, 2**32), steps=st.integers(0, 120))
def test_parse_gives_only_notation_errors(name: str, data: st.DataObject, seed: int, steps: int) -> None:
    rules = spec_of(name).rules
    game = random_game(rules, *table_of(name, seed), seed, steps)
    for _try in range(5):
        text = data.draw(notation(name))
        action = only_referee_errors(rules.parse, text, game.state)
        if action is None:
            continue
        # What parses can be judged, formatted and (when legal) applied without a crash.
        verdict = rules.judge(game.state, action)
        assert isinstance(verdict.reason, str)
        assert rules.parse(rules.format(action, game.state), game.state) is not None
        if verdict.legal:
            game.push(action)
            assert not rules.check_invariants(game.state)


# -- setups ----------------------------------------------------------------------------------------------------
def setup_keys(known: tuple[str, ...]) -> st.SearchStrategy[str]:
    """A game's own setup keys and keys of random text; a game without setup keys gets random ones alone
    (hypothesis refuses to sample from nothing)."""
    anything = st.text(max_size=5)
    return st.sampled_from(known) | anything if known else anything


@given(key=setup_keys(()))
def test_a_game_without_setup_keys_is_fuzzed_with_random_keys(key: str) -> None:
    assert isinstance(key, str)


PLAYER_LISTS = st.lists(st.text(max_size=6) | st.sampled_from(["Ann", "Bob", "Cy"]), max_size=9)


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(data=st.data())
def test_new_state_with_random_setups(name: str, data: st.DataObject) -> None:
    setup = data.draw(st.dictionaries(setup_keys(sample_of(name).setup_keys), toml_values(), max_size=4))
    new_state_gives_only_setup_errors(name, data.draw(PLAYER_LISTS), setup)


@FUZZ
@given(data=st.data())
def test_builders_new_state_with_told_tables_of_wrong_ids(data: st.DataObject) -> None:
    """The right shape for The Builders' told table: lists of ids, some wrong."""
    ids = st.sampled_from(["W01", "W02", "W03", "W07", "W42", "W43", "B01", "B12", "M01", "B35", "x"])
    setup = {key: data.draw(st.lists(ids, min_size=1, max_size=6)) for key in ("apprentices", "buildings", "workers")}
    new_state_gives_only_setup_errors("builders", data.draw(PLAYER_LISTS), setup)


def new_state_gives_only_setup_errors(name: str, players: list[str], setup: dict[str, Any]) -> None:
    rules = spec_of(name).rules
    state = only_referee_errors(rules.new_state, players, setup)
    if state is not None:
        assert not rules.check_invariants(state)
        list(rules.legal_actions(state))
        rules.outcome(state)
        rules.state_json(state)


# -- records ---------------------------------------------------------------------------------------------------
RECORD_KEYS = st.sampled_from(["game", "format", "players", "actions", "setup"])


@FUZZ
@given(document=st.dictionaries(RECORD_KEYS | st.text(max_size=5), toml_values(), max_size=6))
def test_record_from_document(document: dict[str, Any]) -> None:
    for game in GAMES:
        record = only_referee_errors(record_from_document, document, game, "record.toml")
        if record is not None:
            assert all(isinstance(action, str) for action in record.actions)


@FUZZ
@given(
    players=st.lists(st.text(max_size=8), max_size=4),
    actions=st.lists(st.text(max_size=12), max_size=6),
    version=st.integers() | st.floats() | st.text(max_size=3),
    game=st.sampled_from([*registry.names(), "chess", ""]),
)
def test_record_of_the_right_shape_with_wrong_values(players, actions, version, game) -> None:
    document = {"game": game, "format": version, "players": players, "actions": actions, "setup": {}}
    for name in GAMES:
        record = only_referee_errors(record_from_document, document, name, "record.toml")
        if record is None:
            continue
        game_ = only_referee_errors(Game, spec_of(name).rules, record.players, setup_of(name, 1))
        if game_ is not None:
            only_referee_errors(game_.replay, record.actions)


# -- the TOML reader -------------------------------------------------------------------------------------------
def write(tmp_path: Path, data: bytes) -> Path:
    path = tmp_path / "input.toml"
    path.write_bytes(data)
    return path


TOML_FRAGMENTS = st.sampled_from(
    [
        'game = "coin-age"\n',
        "format = 1\n",
        'players = ["Ann", "Bob"]\n',
        "actions = [",
        '"slap QN"',
        "]\n",
        "[setup]\n",
        "[[x]]\n",
        "a = {",
        "}\n",
        '"""',
        "'''",
        "= ",
        "\\u0000",
        "\\uD800",
        "1979-05-27T07:32:00Z",
        "inf",
        "nan",
        "0x7fffffffffffffffff",
        "[" * 50,
        "a.b.c = 1\n",
        "\r\n",
        "\x00",
        "\x7f",
        "\ufeff",
    ]
)


@FUZZ
@given(
    data=st.binary(max_size=200)
    | st.text(max_size=200).map(str.encode)
    | st.lists(TOML_FRAGMENTS, max_size=12).map(lambda parts: "".join(parts).encode("utf-8", "surrogatepass"))
)
def test_read_toml_random_bytes(tmp_path_factory: pytest.TempPathFactory, data: bytes) -> None:
    path = write(tmp_path_factory.mktemp("toml"), data)
    document = only_referee_errors(read_toml, path)
    if document is not None:
        assert isinstance(document, dict)
        for game in GAMES:
            only_referee_errors(record_from_document, document, game, str(path))


def writable_toml_values() -> st.SearchStrategy[Any]:
    """Values tomli-w can write (no None): every document drawn is a real TOML text to cut."""
    return st.recursive(
        SCALARS.filter(lambda value: value is not None),
        lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=8), children, max_size=5),
        max_leaves=12,
    )


@FUZZ
@given(document=st.dictionaries(RECORD_KEYS, writable_toml_values(), max_size=5), cut=st.integers(0, 400))
def test_truncated_records(tmp_path_factory: pytest.TempPathFactory, document: dict[str, Any], cut: int) -> None:
    text = tomli_w.dumps(document).encode()
    path = write(tmp_path_factory.mktemp("toml"), text[:cut])
    loaded = only_referee_errors(read_toml, path)
    if loaded is not None:
        only_referee_errors(record_from_document, loaded, "coin-age", str(path))


def test_read_toml_deep_nesting(tmp_path: Path) -> None:
    """Deep nesting and deep dotted keys are refused with one line (and fast), never a RecursionError or a hang."""

    for text in (
        "a = " + "[" * 100_000 + "]" * 100_000,
        "a = " + "{b = " * 5000 + "1" + "}" * 5000,
        "a" + ".a" * 50_000 + " = 1",
        "[a" + ".a" * 50_000 + "]",
    ):
        with pytest.raises(InputError) as refused:
            read_toml(write(tmp_path, text.encode()))
        assert "\n" not in refused.value.message and "malformed TOML" in refused.value.message


def test_read_toml_takes_a_byte_order_mark_as_no_part_of_the_text(tmp_path: Path) -> None:
    """Windows editors (Notepad) may start a UTF-8 file with a byte-order mark: the record reads the same."""
    text = 'game = "coin-age"\nplayers = ["Ann", "Bob"]\n'
    assert read_toml(write(tmp_path, b"\xef\xbb\xbf" + text.encode())) == read_toml(write(tmp_path, text.encode()))


# -- Coin Age positions and maps -------------------------------------------------------------------------------
COIN_TEXT = st.lists(
    st.sampled_from(["Qh", "Qt", "Nh", "Nt", "Ph", "Pt", "Dh", "Dt", "Xh", "Q", "qx", "4h", "💰"]), max_size=5
).map(" ".join)
SPACE = st.sampled_from(["A1", "A2", "B2", "C3", "b1", "Z9", "", " "]) | st.text(max_size=4)


@FUZZ
@given(
    players=st.lists(st.sampled_from(["Ann", "Bob", "Cy"]) | st.text(max_size=4), max_size=3),
    setup=st.dictionaries(st.sampled_from(["map", "x"]), toml_values() | st.sampled_from(["original", "nope"])),
    board=st.dictionaries(SPACE, COIN_TEXT | toml_values(), max_size=6),
    banks=st.dictionaries(
        st.sampled_from(["Ann", "Bob", "Cy"]) | st.text(max_size=3),
        st.text(alphabet="QNPD 1234x,", max_size=12) | toml_values(),
        max_size=3,
    ),
)
def test_state_from_position(players, setup, board, banks) -> None:
    result = only_referee_errors(
        lambda: state_from_position(players, COIN_AGE_SPEC.prepare_setup(setup, "test"), board, banks)
    )
    if result is not None:
        state, warnings = result
        assert all(isinstance(warning, str) for warning in warnings)
        COIN_AGE.outcome(state)
        COIN_AGE.state_json(state)


SPACE_IDS = st.sampled_from(["A1", "A2", "B1", "B2", "x y", "", "\x1b[31m", "[b]", "A01", "a1"])
REGION_IDS = st.sampled_from(["peaks", "sea", "", "\x07"])


def map_tables() -> st.SearchStrategy[dict[str, Any]]:
    region = st.fixed_dictionaries({}, optional={"name": SCALARS, "color": SCALARS}) | toml_values()
    space = st.fixed_dictionaries({}, optional={"name": SCALARS, "region": REGION_IDS | SCALARS}) | toml_values()
    edge = st.lists(SPACE_IDS | SCALARS, max_size=3) | toml_values()
    return st.fixed_dictionaries(
        {},
        optional={
            "name": SCALARS,
            "edges": st.lists(edge, max_size=6) | toml_values(),
            "regions": st.dictionaries(REGION_IDS | st.text(max_size=3), region, max_size=3) | toml_values(),
            "spaces": st.dictionaries(SPACE_IDS | st.text(max_size=3), space, max_size=6) | toml_values(),
            "layout": st.lists(st.lists(SPACE_IDS | SCALARS, max_size=3), max_size=3) | toml_values(),
        },
    )


@FUZZ
@given(table=map_tables() | toml_values())
def test_load_map(table: Any) -> None:
    game_map = only_referee_errors(load_map, table)
    if game_map is not None:
        texts = [game_map.name, *(s.id for s in game_map.spaces), *(s.name for s in game_map.spaces)]
        texts += [text for r in game_map.regions for text in (r.id, r.name, r.color or "")]
        assert not any(unicodedata.category(char).startswith("C") for text in texts for char in text), texts
        assert all(sid.split() == [sid] and "#" not in sid for sid in game_map.space_ids)
        game_map.to_toml()
        state = COIN_AGE.new_state(["Ann", "Bob"], {"map": table})
        COIN_AGE.state_json(state)
        list(COIN_AGE.legal_actions(state))


@FUZZ
@given(data=st.data())
def test_maps_from_valid_ones_with_one_thing_changed(data: st.DataObject) -> None:
    import tomllib

    from referee.cli.games.coin_age.maps import builtin_maps_dir

    files = sorted(Path(builtin_maps_dir()).glob("*.toml"))
    table = tomllib.loads(data.draw(st.sampled_from(files)).read_text())
    key = data.draw(st.sampled_from(["name", "edges", "regions", "spaces", "layout"]))
    if data.draw(st.booleans()) and isinstance(table.get(key), dict) and table[key]:
        inner = data.draw(st.sampled_from(sorted(table[key])))
        table[key][inner] = data.draw(toml_values())
    elif data.draw(st.booleans()) and isinstance(table.get(key), list) and table[key]:
        table[key][data.draw(st.integers(0, len(table[key]) - 1))] = data.draw(toml_values())
    else:
        table[key] = data.draw(toml_values())
    test_load_map.hypothesis.inner_test(table)


# -- Builders final tallies ------------------------------------------------------------------------------------
CARD_TEXT = st.sampled_from(["B01", "B12", "M01", "M08", "W01", "B35", "b12", "Cabane", "", " ", "M"]) | st.text(
    alphabet=string.ascii_letters + string.digits + "é ", max_size=6
)


@FUZZ
@given(
    players=st.lists(st.sampled_from(["Ann", "Bob", "Cy", "Di", "Ed"]), max_size=5),
    final=st.dictionaries(
        st.sampled_from(["Ann", "Bob", "Cy", "Di", "Ed", "x"]),
        st.fixed_dictionaries(
            {},
            optional={
                "built": st.lists(CARD_TEXT, max_size=5) | toml_values(),
                "coins": HUGE | toml_values(),
                "x": SCALARS,
            },
        )
        | toml_values(),
        max_size=5,
    ),
)
def test_score_final(players: list[str], final: dict[str, Any]) -> None:
    outcome = only_referee_errors(score_final, players, final)
    if outcome is not None:
        assert set(outcome.scores) == set(players)


@FUZZ
@given(data=st.data())
def test_maps_with_high_degree_spaces(data: st.DataObject) -> None:
    """Random maps with crowded spaces (up to 40 neighbours) and up to 60 spaces: refused in one fault, fast, exactly
    when they pass the stated limits; accepted ones build their tables and play."""

    from referee.coin_age.maps import MAX_NEIGHBOURS, MAX_SPACES, MapError

    count = data.draw(st.integers(2, 60), label="spaces")
    ids = [f"S{i}" for i in range(count)]
    hubs = data.draw(st.lists(st.sampled_from(ids), max_size=3, unique=True), label="hubs")
    edges: set[tuple[str, str]] = set()
    for hub in hubs:
        degree = data.draw(st.integers(1, min(40, count - 1)), label=f"degree of {hub}")
        others = data.draw(st.permutations([sid for sid in ids if sid != hub]), label="neighbours")[:degree]
        edges |= {tuple(sorted((hub, other))) for other in others}
    table = {
        "name": "Crowded",
        "regions": {"r": {"name": "R"}},
        "spaces": {sid: {"name": sid, "region": "r"} for sid in ids},
        "edges": [list(edge) for edge in sorted(edges)],
    }
    degrees = {sid: sum(sid in edge for edge in edges) for sid in ids}
    over = count > MAX_SPACES or max(degrees.values()) > MAX_NEIGHBOURS
    try:
        game_map = load_map(table)
    except MapError as error:
        assert over, error.message
        assert len(error.faults) == 1 and "at most" in error.message
        return
    assert not over
    state = COIN_AGE.new_state(["Ann", "Bob"], {"map": table})
    list(COIN_AGE.legal_actions(state))
    assert game_map.name == "Crowded"
