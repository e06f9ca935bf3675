"""``play`` at a real 80×24 terminal (tmux), full screen: nothing a player needs scrolls away.

Each test waits for what it expects to show (on the screen, or in the record written after every action); the
timeouts are a safety net only. Seeds are given on the command line, so a failure replays."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from referee.cli.cells import cell_width
from tests.cli.table_screen import Table, needs_tmux, recorded, wait_for_record

pytestmark = [pytest.mark.e2e, needs_tmux]


def in_language(lang: str) -> Callable[[str], str]:
    """The table's words in ``lang``, as its catalogue has them (English for "en")."""
    from referee.i18n import catalogue_path, read_catalogue

    path = catalogue_path(lang)
    messages = read_catalogue(path)[0] if path else {}
    return lambda message: (messages.get(message) or (message,))[0] or message


LANGUAGES = ("en", "ko", "zh-Hans")
PAUSE_PROMPTS = {in_language(lang)("Enter: go on") for lang in LANGUAGES}
GAME_OVER = {in_language(lang)("Game over: Enter leaves (or undo, log, rules).") for lang in LANGUAGES}
"""The advice under the input line at the end of the game, in each language."""
PROMPT = re.compile(
    "^(" + "|".join(re.escape(word) for word in sorted(PAUSE_PROMPTS)) + r"|[A-Za-z]+)>(?: |$)", re.MULTILINE
)


def over(shown: str) -> bool:
    return any(words in shown for words in GAME_OVER)


def prompt_of(shown: str) -> str:
    """Who the input line asks ("Ann", "Enter: go on" in the table's language), or "" while nobody is asked."""
    found = PROMPT.findall(shown)
    return found[-1] if found else ""


def mover_line(shown: str) -> str:
    return next((line for line in shown.splitlines() if line.startswith("▶ ")), "")


def settled(table: Table, record: Path) -> str:
    """The screen once it shows the record's last action in the last turns (or the game over), and asks someone."""
    actions = recorded(record)
    last = f"{len(actions)}. " if actions else ""

    def shows_it(now: str) -> bool:
        asked = prompt_of(now)
        drawn = not actions or any(line.startswith(last) and actions[-1] in line for line in now.splitlines())
        drawn = drawn or ("PgUp/PgDn" in now and asked in PAUSE_PROMPTS)  # the computer's long turn: page one
        agrees = asked in PAUSE_PROMPTS or mover_line(now).startswith(f"▶ {asked}")
        return asked != "" and agrees and (drawn or over(now))

    return table.wait(shows_it)


def whole_turn_shown(table: Table, shown: str, lines: list[str]) -> None:
    """Every line of ``lines`` is on the screen, or on the next pages of the last turns' region (which says it
    pages)."""
    missing = [line for line in lines if line not in shown]
    pages = 0
    while missing:
        assert "PgUp/PgDn" in shown, f"{missing} are not on the screen, and it does not say it pages:\n{shown}"
        assert pages < 10, shown
        table.keys("PageDown")
        before = shown
        shown = table.wait(lambda now, before=before: now != before)
        missing = [line for line in missing if line not in shown]
        pages += 1


@pytest.mark.parametrize("lang", ["en", "ko", "zh-Hans"])
def test_a_three_player_builders_game_with_a_computer_seat_to_its_end(tmp_path: Path, lang: str) -> None:
    """At every pause after the computer's turn its whole turn (each action as announced) and the mover's status are
    on screen at 80×24, in English, Korean and Simplified Chinese; Ann and Cid end their turns at once (``done``),
    Bob is the computer, until the game ends."""
    words = in_language(lang)
    pause, game_over = words("Enter: go on"), words("Game over: Enter leaves (or undo, log, rules).")
    record = tmp_path / "game.toml"
    args = ["--lang", lang, "builders", "play", "--players", "Ann,Bob,Cid", "--seed", "3", "--computer", "2"]
    table = Table(tmp_path, [*args, "--computer-time", "0.1", "--record", str(record), "--no-history"])
    try:
        pauses = 0
        while True:
            shown = settled(table, record)
            assert table.fits(shown), shown
            asked = prompt_of(shown)
            if asked == pause:
                if game_over in shown:
                    break
                actions = recorded(record)
                start = max(i for i, action in enumerate(actions) if action == "done" and i < len(actions) - 1)
                turn = [f"{i}. Bob: {action}" for i, action in enumerate(actions, 1) if i > start + 1]
                assert turn and all(line.startswith(f"{i}. Bob") for i, line in enumerate(turn, start + 2))
                assert mover_line(shown).startswith(("▶ Cid", "▶ Ann")), shown
                whole_turn_shown(table, shown, turn)
                pauses += 1
                table.keys("Enter")
                table.wait(lambda now: prompt_of(now) not in ("", pause) or game_over in now)
                continue
            count = len(recorded(record))
            assert asked in ("Ann", "Cid") and mover_line(shown).startswith(f"▶ {asked}"), shown
            table.line("done")
            wait_for_record(record, lambda actions, count=count: len(actions) > count)
        assert pauses > 3
        table.keys("Enter")
        assert table.exit_status() == 0
        final = re.escape(words("Game over after turn {turn}.")).replace(re.escape("{turn}"), r"\d+")
        assert re.search(final, table.screen())  # the final table, printed once the screen closed
    finally:
        table.close()


def test_coin_age_against_the_computer_with_a_hint_a_refusal_corrected_and_undo(tmp_path: Path) -> None:
    record = tmp_path / "game.toml"
    args = ["coin-age", "play", "--players", "Ann,Bob", "--computer", "2", "--computer-time", "0.1", "--seed", "5"]
    table = Table(tmp_path, [*args, "--record", str(record), "--no-history"])
    try:
        table.wait("Ann>")
        table.line("slap QN")
        table.wait("Ann to move: place 2 (QN)")
        table.line("hint --time 0.3s")
        shown = table.wait("Best plans")
        assert "Hint" in shown and table.fits(shown)
        table.keys("Escape")
        table.line("place Q Z1")  # refused, and kept for correcting
        shown = table.wait("Unreadable")
        assert "Ann> place Q Z1" in shown
        table.keys("End", "BSpace", "BSpace")
        table.line("A1")
        assert wait_for_record(record, lambda actions: len(actions) == 2) == ["slap QN", "place Q A1"]
        table.line("place N Z9")
        table.wait("Unreadable")
        table.line("place N B3")  # typed at the start of the refused line: it replaces it
        wait_for_record(record, lambda actions: len(actions) >= 3)
        shown = settled(table, record)
        if prompt_of(shown) == "Ann":  # Ann may still move or capture: she ends her turn
            table.line("done")
        shown = table.wait("Enter: go on>")  # the computer tossed and played: its whole turn is on screen
        actions = recorded(record)
        assert actions[:3] == ["slap QN", "place Q A1", "place N B3"], actions
        bob = [index for index, action in enumerate(actions, start=1) if action.startswith("slap")][-1]
        assert bob > 3
        for index, action in enumerate(actions[bob - 1 :], start=bob):
            assert f"{index}. Bob: {action}" in shown, shown
        assert mover_line(shown).startswith("▶ Ann"), shown
        table.line("done")  # the turn is over already: said in one line, and the line is cleared
        shown = table.wait("The turn is over already")
        assert "Enter: go on> done" not in shown
        table.line("undo")  # the computer's reply and Ann's own last action
        shown = table.wait("undone: ")
        assert recorded(record) == actions[: bob - 2]
        assert "Ann>" in shown
        # then to the end: Ann tosses nothing and ends her turns; the computer plays on
        while True:
            shown = settled(table, record)
            assert table.fits(shown), shown
            if "Game over" in shown:
                break
            count = len(recorded(record))
            if prompt_of(shown) == "Enter: go on":
                table.keys("Enter")
                table.wait(lambda now: prompt_of(now) != "Enter: go on" or "Game over" in now)
                continue
            table.line("slap -" if "Ann to toss" in shown else "done")
            wait_for_record(record, lambda actions, count=count: len(actions) != count)
        table.keys("Enter")
        assert table.exit_status() == 0
    finally:
        table.close()


def test_matchstick_with_four_from_the_menus_and_the_typed_line(tmp_path: Path) -> None:
    """Ann leads from the menus (a value, then how many, then which cards, each step picked); Bob asks for a hint
    with his hand and passes; Cid and Dan pass. All four seats and the last turns stay on screen at 80×24."""
    record = tmp_path / "game.toml"
    table = Table(tmp_path, ["matchstick", "play", "--players", "Ann,Bob,Cid,Dan", "--record", str(record)])
    try:
        shown = table.wait("Ann>")
        table.keys("Enter")  # the menus
        table.wait("Ann, your turn")
        table.line("1")  # the value 1
        table.wait("How many cards showing 1?")
        while not recorded(record):  # the first entry of every further step: one card, then the card itself
            before = table.screen()
            table.keys("Down", "Enter")
            table.wait(lambda now, before=before: now != before or bool(recorded(record)))
        settled(table, record)
        table.line("hint 0 4 8 8")
        table.wait("lists 4 cards, but Bob holds 14")  # the hint's own refusal, in its place
        table.keys("Escape")
        table.line("hint 0 1 2 3 4 5 6 7 8 A b C d F")
        shown = table.wait("Bob to beat 1 × 1")
        assert "Hint" in shown and table.fits(shown)
        table.keys("Escape")
        for count, name in ((2, "Bob"), (3, "Cid"), (4, "Dan")):
            shown = table.wait(f"{name}>")
            assert mover_line(shown).startswith(f"▶ {name}"), shown
            table.line("pass")
            wait_for_record(record, lambda actions, count=count: len(actions) == count)
        shown = settled(table, record)
        actions = recorded(record)
        assert actions[0].startswith("play 1 ") and actions[1:] == ["pass", "pass", "pass"]
        for index, (name, action) in enumerate(zip(("Ann", "Bob", "Cid", "Dan"), actions, strict=True), start=1):
            assert index == 1 or f"{index}. {name}: {action}" in shown, shown  # the last three turns
        assert "Everyone else passed" in shown
        seats = [line for line in shown.splitlines() if line[2:5] in ("Ann", "Bob", "Cid", "Dan")]
        assert len(seats) >= 4 and table.fits(shown), shown
        table.line("quit")
        assert table.exit_status() == 0
        assert "Continue with: referee matchstick play --resume" in table.screen()
    finally:
        table.close()


def test_a_menu_keeps_its_entries_when_the_filter_is_erased_and_numbers_them_from_one(tmp_path: Path) -> None:
    record = tmp_path / "game.toml"
    table = Table(tmp_path, ["builders", "play", "--players", "Ann,Bob", "--seed", "3", "--record", str(record)])
    try:
        table.wait("Ann>")
        table.keys("Enter")
        full = table.wait(" 1. start a construction")
        numbers = [int(found) for found in re.findall(r"^ +(\d+)\. ", full, re.MULTILINE)]
        assert numbers == list(range(1, len(numbers) + 1)), full
        for typed in ("st", "1", "sen"):
            table.type(typed)
            table.wait(lambda now, typed=typed: f"? {typed}" in now)
            table.keys(*["BSpace"] * len(typed))
            shown = table.wait(lambda now: any(line.endswith("Your action?") for line in now.splitlines()))
            assert " 1. start a construction" in shown and " 2. recruit a worker" in shown, shown
        table.keys("Escape")  # back to the typed line
        table.wait("Type an action")
        table.keys("Enter")
        table.wait(" 1. start a construction")
        table.line("2")  # recruit a worker: its menu
        shown = table.wait(" 1. recruit W")
        table.keys("Escape")  # one step back: the first menu
        table.wait(" 1. start a construction")
        table.keys("Escape", "Escape")
        table.wait("Type an action")
        table.keys("C-c")  # asked first
        table.wait("Quit? The game is saved either way")
        table.type("n")
        table.wait("Type an action")
        table.keys("C-c")
        table.wait("Quit?")
        table.type("y")
        assert table.exit_status() == 130
        assert "Interrupted after 0 actions" in table.screen()
    finally:
        table.close()


@pytest.mark.parametrize(("lang", "erase"), [("ko", "뒤로"), ("zh-Hans", "返回")])
def test_korean_and_simplified_chinese_fit_80_by_24(tmp_path: Path, lang: str, erase: str) -> None:
    record = tmp_path / "game.toml"
    args = ["--lang", lang, "builders", "play", "--players", "Ann,Bob,Cid", "--seed", "3", "--computer", "2"]
    table = Table(tmp_path, [*args, "--computer-time", "0.1", "--record", str(record), "--no-history"])
    try:
        shown = table.wait("Ann>")
        assert table.fits(shown) and mover_line(shown).startswith("▶ Ann"), shown
        table.keys("Enter")
        shown = table.wait(" 1. ")
        assert table.fits(shown), shown
        table.type(erase)
        table.keys(*["BSpace"] * len(erase))
        shown = table.wait(lambda now: " 1. " in now and " 2. " in now)
        table.keys("Escape")
        table.line("done")
        actions = wait_for_record(record, lambda actions: len(actions) >= 2 and actions[-1] == "done")  # its turn ended
        turn = [f"{index}. Bob: {action}" for index, action in enumerate(actions[1:], start=2)]
        shown = table.wait(lambda now: turn[0] in now and mover_line(now).startswith("▶ Cid"))
        assert table.fits(shown), shown
        whole_turn_shown(table, shown, turn)  # on the screen, or on the next pages of its region
        widest = max(cell_width(line) for line in shown.splitlines())
        assert widest <= 80
    finally:
        table.close()


def test_a_terminal_too_small_says_so_and_a_resize_draws_the_table_again(tmp_path: Path) -> None:
    table = Table(tmp_path, ["coin-age", "play", "--players", "Ann,Bob", "--record", str(tmp_path / "g.toml")], 50, 12)
    try:
        shown = " ".join(table.wait("Too small: the table needs 60×").split())
        assert "(this is 50×12)" in shown
        table.resize(80, 24)
        shown = table.wait("Ann>")
        assert "A1" in shown and table.fits(shown)
        table.resize(100, 40)
        shown = table.wait(lambda now: max(len(line) for line in now.splitlines()) > 80)
        assert "Ann>" in shown
    finally:
        table.close()


def test_a_four_player_builders_table_with_the_menu_open_shows_every_board_row_every_seat_and_the_menu(
    tmp_path: Path,
) -> None:
    """At 80×24, four players of The Builders with the first menu open (and after a filter typed and erased): every
    row of face-up cards the room draws, every player's hand, every seat with the mover marked, the last turn's
    newest line and the menu (seed 3: Ann and Bob each start a site, then Cid opens the menu)."""
    from referee.builders.rules import RULES
    from referee.engine import Game

    record = tmp_path / "game.toml"
    players = ["Ann", "Bob", "Cid", "Dan"]
    args = ["builders", "play", "--players", ",".join(players), "--seed", "3", "--record", str(record)]
    table = Table(tmp_path, [*args, "--no-history"])
    game = Game(RULES, players, {"seed": 3})  # the record's setup: the same deal
    try:
        table.wait("Ann>")
        for _player in ("Ann", "Bob"):
            for kind in ("start", "send", "recruit", "done"):
                lines = [game.rules.format(action, game.state) for action in game.legal_actions()]
                line = next((text for text in lines if text.split()[0] == kind), None)
                if line is None or (kind == "recruit" and game.state.current == 0):
                    continue
                game.push(game.parse(line))
                table.line(line)
                wait_for_record(record, lambda actions: len(actions) == len(game.actions))
        assert game.to_move == "Cid" and recorded(record) == game.actions
        state = game.state
        settled(table, record)

        def everything_shown(now: str) -> None:
            lines = now.splitlines()
            assert table.fits(now), now
            for card in [*state.row_buildings, *state.row_workers]:  # the rows, two cards side by side
                assert any(re.search(rf"(^|\s){card}\s", line) for line in lines), f"{card} is cut:\n{now}"
            for name, seat in zip(players, state.seats, strict=True):
                hand = [*seat.idle, *seat.sites]  # on the player's line of the board
                assert any(line.startswith(f"  {name}  ") and all(card in line for card in hand) for line in lines), (
                    f"{name}'s hand {hand} is cut:\n{now}"
                )
                mark = "▶" if name == "Cid" else " "
                assert any(line.startswith(f"{mark} {name} ") and "VP" in line for line in lines), now
            assert f"{len(game.actions)}. Bob: done" in now, now  # the last turn's newest line
            assert " 1. start a construction" in now and " more: " in now, now  # the menu, saying it has more

        table.keys("Enter")
        everything_shown(table.wait(lambda now: any(line.endswith("Your action?") for line in now.splitlines())))
        table.type("sen")
        table.wait("? sen")
        table.keys("BSpace", "BSpace", "BSpace")
        everything_shown(table.wait(lambda now: any(line.endswith("Your action?") for line in now.splitlines())))
        table.keys("Escape")
        table.wait("Cid>")
    finally:
        table.close()


@pytest.mark.parametrize("lang", ["ko", "zh-Hans"])
@pytest.mark.parametrize(
    ("args", "people", "most"),
    [
        (
            ["coin-age", "play", "--players", "Ann,Bob", "--computer", "2", "--computer-time", "0.1", "--seed", "5"],
            1,
            0,
        ),
        (["matchstick", "play", "--players", "Ann,Bob,Cid,Dan"], 4, 24),
    ],
    ids=["coin-age-against-the-computer", "matchstick-with-four"],
)
def test_the_other_games_in_korean_and_simplified_chinese_at_80_by_24(
    tmp_path: Path, lang: str, args: list[str], people: int, most: int
) -> None:
    """Coin Age against the computer to its end, and Matchstick Tycoon with four (its first ``most`` actions), in
    Korean and in Simplified Chinese: at every question the screen fits 80×24 and marks the mover, and the last
    action is on it. Each person's action is a legal one the rules pick at random (seed 45), typed at the line; each
    pause after the computer's turn is answered with Enter."""
    import random
    import tomllib

    from tests.cli.served import game_of

    rng = random.Random(45)
    print("seed 45")
    record = tmp_path / "game.toml"
    table = Table(tmp_path, ["--lang", lang, *args, "--record", str(record), "--no-history"])
    try:
        while True:
            shown = settled(table, record)
            assert table.fits(shown), shown
            asked = prompt_of(shown)
            count = len(recorded(record))
            if over(shown) or (most and count >= most):
                break
            if asked in PAUSE_PROMPTS:
                table.keys("Enter")
                table.wait(lambda now: prompt_of(now) not in ("", *PAUSE_PROMPTS) or over(now))
                continue
            game = game_of(args[0], tomllib.loads(record.read_text()))
            assert game.to_move == asked, shown
            action = game.rules.format(game.rules.self_play_action(game.state, rng), game.state)
            table.line(action)
            wait_for_record(record, lambda actions, count=count: len(actions) > count)
        assert people == 4 or over(shown)
        table.keys("C-c")
        table.keys("y")
        assert table.exit_status() in (0, 130)
    finally:
        table.close()
