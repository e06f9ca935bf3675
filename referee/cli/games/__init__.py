"""Each game at the table, without Typer: how to draw it, ask for an action, read its setups and positions, and
complete its words on TAB (its :class:`~referee.cli.common.GameSpec`).

The Typer apps (:mod:`referee.cli.coin_age`, …) build their commands on these; the fast path of
:mod:`referee.cli.fast` answers ``check``, ``score`` and TAB from them without importing Typer.
"""
