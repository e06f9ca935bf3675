"""The Builders' room of the command line: its commands (:mod:`.commands`, Typer), the table, menus, setup and
positions (:mod:`.room`, no Typer) and its hints (:mod:`.advice`)."""
