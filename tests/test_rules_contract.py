"""The rules contract (:class:`referee.engine.Rules`) is kept by every registered game, and the type checker says so.

At run time, each registered game's rules have every method of the contract, read from the protocol itself (a
method added to the contract is checked in every game at once), and their own, not the protocol's empty one. For
the type checker, one run of mypy strict over a small game whose rules lack one method of the contract: mypy must
name the method, both where the class is instantiated (a class inheriting ``RulesBase`` is then abstract) and where
a class not inheriting it is registered as a game's spec (``GameSpec[State, Action]``), and say nothing of a
complete one.
"""

from __future__ import annotations

import inspect
from importlib import import_module
from pathlib import Path

import pytest

from referee import registry
from referee.engine import Rules, RulesBase


def contract_methods() -> list[str]:
    """The methods of the rules contract, read from the protocol itself."""
    return sorted(name for name, value in vars(Rules).items() if callable(value) and not name.startswith("_"))


def contract_attributes() -> list[str]:
    """The data the contract asks of a rules object (``name``), read from the protocol's annotations."""
    return sorted(name for name in inspect.get_annotations(Rules) if not name.startswith("_"))


def implemented_by(rules: object, method: str) -> type | None:
    """The class whose own body defines ``method`` for ``rules`` (first in its MRO), or None."""
    return next((cls for cls in type(rules).__mro__ if method in vars(cls)), None)


def test_the_contract_is_read_from_the_protocol() -> None:
    assert {"parse", "format", "judge", "apply", "legal_actions", "outcome", "state_json"} <= set(contract_methods())
    assert "name" in contract_attributes()


@pytest.mark.parametrize("name", registry.names())
def test_every_registered_game_keeps_the_rules_contract(name: str) -> None:
    """Each method of the contract is callable and defined by the game or by ``RulesBase``, not left to the
    protocol's empty body; the rules are the ones its registry line names and its room's spec loads."""
    spec = import_module(registry.GAMES[name].spec_module).SPEC
    rules = spec.rules
    assert rules is registry.load_rules(name), f"{name}: its room loads other rules than its registry line names"
    assert isinstance(rules, RulesBase), f"{name}: its rules class inherits referee.engine.RulesBase"
    assert rules.name == name, f"{name}: its rules are named {rules.name!r}"
    missing = [
        method
        for method in contract_methods()
        if not callable(getattr(rules, method, None)) or implemented_by(rules, method) in (None, Rules)
    ]
    assert missing == [], f"{name}: its rules lack {missing}"


def test_a_rules_class_missing_a_method_fails_the_runtime_check(monkeypatch: pytest.MonkeyPatch) -> None:
    """The test above can fail: the toy game's rules without ``state_json`` (the protocol's empty one is found)."""
    from tests.toy.rules import NimRules

    monkeypatch.delattr(NimRules, "state_json")
    with pytest.raises(AssertionError, match="state_json"):
        test_every_registered_game_keeps_the_rules_contract("nim")


MISSING = "state_json"


def methods(cls: str, leave_out: str | None) -> str:
    """The body of a rules class with every method of the contract but ``leave_out``, each accepting anything."""
    lines = [f"class {cls}{'(RulesBase[Pile, Take])' if cls != 'NotDerived' else ''}:", '    name = "pile"']
    for method in contract_methods():
        if method != leave_out:
            lines.append(f"    def {method}(self, *args: Any, **kwargs: Any) -> Any:")
            lines.append(f"        raise RuntimeError({method!r})")
    return "\n".join(lines)


def snippet() -> str:
    return "\n".join(
        [
            "from __future__ import annotations",
            "from typing import Any",
            "from referee.cli.shared_commands import GameSpec",
            "from referee.engine import RulesBase",
            "class Pile:",
            "    def copy(self) -> Pile:",
            "        return self",
            "class Take:",
            "    pass",
            "def no_table(game: Any, *rest: Any) -> Any:",
            "    raise RuntimeError('no table')",
            methods("Complete", None),
            "COMPLETE = Complete()  # line: complete",
            'SPEC: GameSpec[Pile, Take] = GameSpec("pile", lambda: COMPLETE, "x", no_table, no_table, no_table)'
            "  # line: complete spec",
            methods("Lacking", MISSING),
            "LACKING = Lacking()  # line: lacking",
            methods("NotDerived", MISSING),
            "def load_rules() -> NotDerived:  # a room's typed loader",
            "    return NotDerived()",
            'OTHER: GameSpec[Pile, Take] = GameSpec("pile", load_rules, "x", no_table, no_table, no_table)'
            "  # line: not derived spec",
        ]
    )


def test_mypy_strict_fails_a_rules_class_missing_a_method(tmp_path: Path) -> None:
    """One mypy strict run over a game whose rules lack ``state_json``: an error on the line that makes the rules
    (a class inheriting ``RulesBase``) and on the line that registers a spec with rules not inheriting it; none on
    the complete class's lines."""
    from mypy import api

    assert MISSING in contract_methods()
    text = snippet()
    line_of = {
        line.split("# line: ")[1]: number
        for number, line in enumerate(text.splitlines(), start=1)
        if "# line: " in line
    }
    game = tmp_path / "pile.py"
    game.write_text(text, encoding="utf-8")
    options = ["--strict", "--follow-imports=silent", "--no-error-summary", "--cache-dir", str(tmp_path / "cache")]
    report, errors, status = api.run([*options, str(game)])
    assert errors == "", errors
    assert status == 1, report
    said = report.splitlines()
    at = {name: [line for line in said if f":{number}:" in line] for name, number in line_of.items()}
    assert at["complete"] == [] and at["complete spec"] == [], report
    assert any("Cannot instantiate abstract class" in line and MISSING in line for line in at["lacking"]), report
    # (the same spec line as the complete one's: the only difference is the method left out)
    assert any('Argument 2 to "GameSpec"' in line and "NotDerived" in line for line in at["not derived spec"]), report
    assert len([line for line in said if ": error:" in line]) == 2, report
