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


def test_a_translation_with_other_placeholders_is_not_used(tmp_path: Path, monkeypatch) -> None:
    catalog = Catalog(locale="ko")
    catalog.add("{file}: no such file", "{파일}: 없는 파일")
    catalog.add("hello {name}", "안녕 {name}")
    path = tmp_path / "referee.mo"
    with open(path, "wb") as handle:
        write_mo(handle, catalog)
    assert use_catalogue(monkeypatch, path) == ""
    assert i18n._("{file}: no such file").format(file="x") == "x: no such file"
    assert i18n._("hello {name}").format(name="Ann") == "안녕 Ann"


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
