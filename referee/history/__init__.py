"""The history of played games: one SQLite file, its statistics, ratings and exports.

* :mod:`referee.history.entry`: what a finished game contributes (players in seat order, scores, ranking, winners,
  a setup summary), read from the rules' public functions, and the content hash that keeps a game from being
  logged twice;
* :mod:`referee.history.store`: the database (schema, migrations, queries, one transaction per logged game);
* :mod:`referee.history.database`: the one declared interface of a history's connection, given by each engine (a
  SQLite file there, a club's PostgreSQL server in :mod:`referee.history.server`), and each engine's SQL fragments;
  :mod:`referee.history.errors`: the history's errors as types, each told in one translated line;
* :mod:`referee.history.ratings`: a rating per player and game (OpenSkill, Plackett-Luce), kept current as games
  are logged;
* :mod:`referee.history.stats`: the numbers of ``referee stats``;
* :mod:`referee.history.export`: BG Stats push plays, CSV and JSON exports; :mod:`referee.history.bgg` and
  :mod:`referee.history.bgstats`: BoardGameGeek's play XML and BG Stats' play file, out and in.
* :mod:`referee.history.play_facts`: what each of those writes of a play the same way (its date, length, UUID,
  the players new to the game), below all three.

Nothing here prints or imports Typer or Rich: the command line is the history's room, :mod:`referee.cli.history`.
"""
