"""The command line: Typer apps, files, prompts and output on top of the pure rules."""
