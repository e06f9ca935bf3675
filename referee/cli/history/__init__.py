"""The history's room of the command line (``history …`` and ``stats``), beside the games' rooms.

* :mod:`.commands`: the Typer app (``history`` and ``stats``) and the options every game's ``play`` shares
  (``--log``, ``--history``, ``--location``);
* :mod:`.play_log`: logging a game when ``play`` ends it, ``score --log``;
* :mod:`.listing`: ``list``, ``show``, ``remove``, ``rename-player``, ``edit``;
* :mod:`.batch`: ``add`` and ``import`` (this program's backup, BoardGameGeek's XML, BG Stats' file);
* :mod:`.exporting`: ``export``; :mod:`.stats_text`: ``stats``; :mod:`.fast`: ``list`` and ``stats`` without Typer;
* :mod:`.options`, :mod:`.opening`, :mod:`.entries`: what the others share (checked options, opening the history,
  entries from records).

Nothing here knows a particular game: what a game contributes comes from its rules and its registry line. The
history itself (database, statistics, formats) is :mod:`referee.history`, which prints nothing.
"""
