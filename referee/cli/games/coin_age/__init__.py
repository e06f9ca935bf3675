"""Coin Age's room of the command line: its commands (:mod:`.commands`, Typer), the table, menus, maps and
positions (:mod:`.room`, no Typer) and its odds and hints (:mod:`.advice`)."""
