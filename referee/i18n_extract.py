"""Babel extraction for ``referee`` (see ``babel.cfg``): gettext calls, plus the help texts of the Typer commands.

Babel's Python extractor finds ``_()``, ``ngettext()`` and ``N_()``; Typer takes a command's help from its docstring
or a ``help="…"`` argument, which no keyword marks, so these are read from the syntax tree here: the docstring of
every function decorated with ``….command(…)`` or ``….callback(…)`` (or so registered: ``app.callback()(main)``),
and every string given as ``help=`` (or as any ``…_help=`` or ``…_doc=`` keyword, such as ``score_file_help=`` and
``score_doc=``). :mod:`referee.cli.help_text` translates them when ``--help`` is drawn. Only used by the tools that
refresh the catalogues (``scripts/update_catalogues.py``, the tests), never by the referee itself."""

from __future__ import annotations

import ast
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

Message = tuple[int, Any, Any, Any]


def _decorator_name(node: ast.expr) -> str:
    target = node.func if isinstance(node, ast.Call) else node
    return target.attr if isinstance(target, ast.Attribute) else ""


def _registered(tree: ast.AST) -> set[str]:
    """Functions made commands by a call rather than a decorator: ``app.callback()(main)``."""
    return {
        node.args[0].id
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Call)
        and _decorator_name(node.func) in ("command", "callback")
        and node.args
        and isinstance(node.args[0], ast.Name)
    }


def help_texts(source: str) -> Iterator[tuple[int, str]]:
    """``(line, text)`` of each command docstring and constant ``help=`` string in a module's source."""
    tree = ast.parse(source)
    registered = _registered(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            decorators = [_decorator_name(d) for d in node.decorator_list]
            if node.name in registered or any(name in ("command", "callback") for name in decorators):
                text = ast.get_docstring(node, clean=True)
                if text:
                    yield node.body[0].lineno, text
        elif isinstance(node, ast.Call):
            for keyword in node.keywords:
                if (
                    keyword.arg is not None
                    and (keyword.arg == "help" or keyword.arg.endswith(("_help", "_doc")))
                    and isinstance(keyword.value, ast.Constant)
                    and isinstance(keyword.value.value, str)
                ):
                    yield keyword.value.lineno, keyword.value.value


def extract(
    fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Collection[str], options: Any
) -> Iterator[Message]:
    """A Babel extraction method: Babel's own Python extractor, then the help texts of :func:`help_texts`."""
    from babel.messages.extract import extract_python

    yield from extract_python(fileobj, keywords, comment_tags, options)
    fileobj.seek(0)
    source = fileobj.read().decode(options.get("encoding", "utf-8"))
    for line, text in help_texts(source):
        yield line, "", text, []
