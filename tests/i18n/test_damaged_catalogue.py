"""A damaged, empty or unreadable catalogue gives one warning line and English, never a traceback; a translation
whose placeholders differ from its message's is not used; an unknown ``--lang`` is said (issue: "nothing lost")."""

from __future__ import annotations

import io
import os
import subprocess
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import i18n
from tests.conftest import referee_command


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.use(i18n.ENGLISH)


def use_catalogue(monkeypatch: pytest.MonkeyPatch, path: Path) -> str:
    monkeypatch.setattr(i18n, "catalogue_path", lambda language: str(path))
    errors = io.StringIO()
    monkeypatch.setattr(i18n.sys, "stderr", errors)
    i18n.use("ko")
    return errors.getvalue()


@pytest.mark.parametrize("content", [b"", b"\xde\x12\x04\x95" + b"\xff" * 40, b"not a catalogue at all" * 3])
def test_a_damaged_catalogue_is_english_with_one_warning(tmp_path: Path, monkeypatch, content: bytes) -> None:
    path = tmp_path / "referee.mo"
    path.write_bytes(content)
    warning = use_catalogue(monkeypatch, path)
    assert warning.count("\n") == 1 and "cannot be read" in warning
    assert i18n.current() == i18n.ENGLISH
    assert i18n._("interrupted") == "interrupted"


def write_catalogue(path: Path, pairs: list[tuple[object, object]]) -> None:
    catalog = Catalog(locale="ko")
    for message, translation in pairs:
        catalog.add(message, translation)
    with open(path, "wb") as handle:
        write_mo(handle, catalog)


def test_a_translation_with_other_placeholders_refuses_the_catalogue(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "referee.mo"
    write_catalogue(path, [("{file}: no such file", "{파일}: 없는 파일"), ("hello {name}", "안녕 {name}")])
    warning = use_catalogue(monkeypatch, path)
    assert warning.count("\n") == 1 and "damaged" in warning
    assert i18n.current() == i18n.ENGLISH
    assert i18n._("hello {name}").format(name="Ann") == "hello Ann"


def test_a_sound_catalogue_is_used(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "referee.mo"
    write_catalogue(path, [("hello {name}", "안녕 {name}"), (("{n} card", "{n} cards"), ("카드 {n}장",))])
    assert use_catalogue(monkeypatch, path) == ""
    assert i18n._("hello {name}").format(name="Ann") == "안녕 Ann"
    assert i18n.ngettext("{n} card", "{n} cards", 3).format(n=3) == "카드 3장"


@pytest.mark.parametrize(
    "translation",
    ["{games:d} games", "{games!z}", "{games:>99999999999999999999}", "{games!r:x}", "{games", "games}", "{0}",
     "{games[0]}", "{games.real}", "{games:{games}}"],
)  # fmt: skip
def test_a_translation_that_cannot_be_formatted_refuses_the_catalogue(
    tmp_path: Path, monkeypatch, translation: str
) -> None:
    """The reproducers of issue 34 (``{games:d}``, ``{x!z}``, a width of twenty digits) and their kin."""
    path = tmp_path / "referee.mo"
    write_catalogue(path, [("{games} games", translation)])
    warning = use_catalogue(monkeypatch, path)
    assert warning.count("\n") == 1, warning
    assert i18n._("{games} games").format(games="12") == "12 games"


SPEC_CHARS = "{}!:<>^=+-#0123456789.,_%bcdeEfFgGnosxXrsaz[] "


@settings(max_examples=300, deadline=None)
@given(
    translation=st.text(alphabet=SPEC_CHARS, max_size=24).map(lambda spec: "번역 {name" + spec),
    english_spec=st.sampled_from(["", ":>4", ":d", ":.1%", "!r"]),
)
def test_fuzzed_format_specs_never_reach_a_format_call(translation: str, english_spec: str) -> None:
    """Whatever the translation's fields hold, loading never raises and every message the referee then formats
    with the values the English takes is formatted: the catalogue is used, or refused with one line."""
    import tempfile

    english = "{name" + english_spec + "} played"
    value = {"": "Ann", ":>4": "Ann", ":d": 3, ":.1%": 0.5, "!r": "Ann"}[english_spec]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "referee.mo"
        write_catalogue(path, [(english, translation), ("plain", "평범")])
        errors = io.StringIO()
        real_path, real_stderr = i18n.catalogue_path, i18n.sys.stderr
        i18n.catalogue_path = lambda language: str(path)  # type: ignore[assignment]
        i18n.sys.stderr = errors
        try:
            i18n.use("ko")
        finally:
            i18n.catalogue_path, i18n.sys.stderr = real_path, real_stderr  # type: ignore[assignment]
    assert errors.getvalue().count("\n") <= 1
    assert isinstance(i18n._(english).format(name=value), str)
    assert (i18n.current() == "ko") == (errors.getvalue() == "")


def test_an_unknown_language_is_said_in_one_line() -> None:
    result = subprocess.run(
        [*referee_command(), "--lang", "xx", "--version"],
        capture_output=True,
        text=True,
        env={**os.environ, "NO_COLOR": "1"},
        timeout=60,
        check=False,
    )
    assert result.returncode == 0 and result.stdout.startswith("referee ")
    assert result.stderr.count("\n") == 1 and "no language 'xx'" in result.stderr
