"""At the table: ``play``, a live game refereed from a terminal or a pipe.

``start`` (a new game or a resumed record), ``session`` (the game and its record), ``terminal`` and ``pipe`` (the
two ways actions come in), ``typed_prompt`` (the turn's typed line), ``menus``, ``words`` (the session words in
every language), ``pipe_input`` (reading lines from a pipe).
"""
