"""Matchstick Tycoon's room of the command line: its commands (:mod:`.commands`, Typer), the table, menus and
setup (:mod:`.room`, no Typer) and its hints (:mod:`.advice`)."""
