"""One room per game: ``referee.cli.games.<game>`` holds everything about that game's command line — its Typer
commands (``commands``), its table, menus, setup and positions (``room``, no Typer: the fast path of
:mod:`referee.cli.fast` answers ``check``, ``score`` and TAB from it) and its odds and hints (``advice``).

Which games exist is :mod:`referee.registry`'s to say.
"""
