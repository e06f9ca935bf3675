"""TAB: completion answered from the command tree generated from the Typer app (``completion``; ``command_tree``
reads ``command_tree.json``),
the values of options and of a record's legal actions (``option_values``, ``action_words``), and the shell set-up
(``shell_setup``, with the scripts in ``completion_scripts/``)."""
