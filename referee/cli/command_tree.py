"""The command tree of ``referee`` for TAB completion, generated from the Typer app: do not edit.

Written by ``python scripts/make_completions.py`` (a test fails when it is stale). Each node lists its
subcommands (name, help) and its parameters in the order Typer sees them; helps are given as zsh, fish and
PowerShell print them. ``complete`` names the function that completes a value (``module:function``).
"""

from typing import Any

TREE: dict[str, Any] = {'params': [{'option': ['--lang'],
             'names': ['--lang'],
             'flag': False,
             'multiple': False,
             'hidden': False,
             'help': {'zsh': 'The language\\\\: en, zh-Hans, zh-Hant or ko (also after any command); else '
                             'LANGUAGE, LC_ALL, LANG.',
                      'fish': 'The language: en, zh-Hans, zh-Hant or ko (also after any command); else LANGUAGE, '
                              'LC_ALL, LANG.',
                      'powershell': 'The language: en, zh-Hans, zh-Hant or ko (also after any command); else '
                                    'LANGUAGE, LC_ALL, LANG.'},
             'complete': 'referee.cli.option_values:complete_language'},
            {'option': ['--version'],
             'names': ['--version'],
             'flag': True,
             'multiple': False,
             'hidden': False,
             'help': {'zsh': 'Print the version and exit.',
                      'fish': 'Print the version and exit.',
                      'powershell': 'Print the version and exit.'},
             'complete': None},
            {'option': ['--install-completion'],
             'names': ['--install-completion'],
             'flag': True,
             'multiple': False,
             'hidden': False,
             'help': {'zsh': 'Install completion for the current shell.',
                      'fish': 'Install completion for the current shell.',
                      'powershell': 'Install completion for the current shell.'},
             'complete': None},
            {'option': ['--show-completion'],
             'names': ['--show-completion'],
             'flag': True,
             'multiple': False,
             'hidden': False,
             'help': {'zsh': 'Show completion for the current shell, to copy it or customize the installation.',
                      'fish': 'Show completion for the current shell, to copy it or customize the installation.',
                      'powershell': 'Show completion for the current shell, to copy it or customize the '
                                    'installation.'},
             'complete': None},
            {'option': ['--help'],
             'names': ['--help'],
             'flag': True,
             'multiple': False,
             'hidden': False,
             'help': {'zsh': 'Show this message and exit.',
                      'fish': 'Show this message and exit.',
                      'powershell': 'Show this message and exit.'},
             'complete': None}],
 'commands': {'stats': {'params': [{'option': ['--game'],
                                    'names': ['--game'],
                                    'flag': False,
                                    'multiple': False,
                                    'hidden': False,
                                    'help': {'zsh': 'Only this game (its command word, as referee --help lists '
                                                    'them).',
                                             'fish': 'Only this game (its command word, as referee --help lists '
                                                     'them).',
                                             'powershell': 'Only this game (its command word, as referee --help '
                                                           'lists them).'},
                                    'complete': 'referee.cli.option_values:complete_game'},
                                   {'option': ['--player'],
                                    'names': ['--player'],
                                    'flag': False,
                                    'multiple': False,
                                    'hidden': False,
                                    'help': {'zsh': 'Only games of this player.',
                                             'fish': 'Only games of this player.',
                                             'powershell': 'Only games of this player.'},
                                    'complete': 'referee.cli.option_values:complete_player',
                                    'args': True},
                                   {'option': ['--vs'],
                                    'names': ['--vs'],
                                    'flag': False,
                                    'multiple': False,
                                    'hidden': False,
                                    'help': {'zsh': 'Head to head of --player against this player.',
                                             'fish': 'Head to head of --player against this player.',
                                             'powershell': 'Head to head of --player against this player.'},
                                    'complete': 'referee.cli.option_values:complete_player',
                                    'args': True},
                                   {'option': ['--since'],
                                    'names': ['--since'],
                                    'flag': False,
                                    'multiple': False,
                                    'hidden': False,
                                    'help': {'zsh': 'Only games since this date (YYYY-MM-DD).',
                                             'fish': 'Only games since this date (YYYY-MM-DD).',
                                             'powershell': 'Only games since this date (YYYY-MM-DD).'},
                                    'complete': None},
                                   {'option': ['--json'],
                                    'names': ['--json'],
                                    'flag': True,
                                    'multiple': False,
                                    'hidden': False,
                                    'help': {'zsh': 'JSON for scripts (see the contract).',
                                             'fish': 'JSON for scripts (see the contract).',
                                             'powershell': 'JSON for scripts (see the contract).'},
                                    'complete': None},
                                   {'option': ['--history'],
                                    'names': ['--history'],
                                    'flag': False,
                                    'multiple': False,
                                    'hidden': False,
                                    'help': {'zsh': 'The history file (default\\\\: \\$REFEREE_HISTORY, else the '
                                                    'data folder).',
                                             'fish': 'The history file (default: $REFEREE_HISTORY, else the data '
                                                     'folder).',
                                             'powershell': 'The history file (default: $REFEREE_HISTORY, else the '
                                                           'data folder).'},
                                    'complete': None},
                                   {'option': ['--highlights'],
                                    'names': ['--highlights'],
                                    'flag': True,
                                    'multiple': False,
                                    'hidden': False,
                                    'help': {'zsh': 'Also plays per month, time played, streaks, H-index, nemesis, '
                                                    'champions, first plays.',
                                             'fish': 'Also plays per month, time played, streaks, H-index, '
                                                     'nemesis, champions, first plays.',
                                             'powershell': 'Also plays per month, time played, streaks, H-index, '
                                                           'nemesis, champions, first plays.'},
                                    'complete': None},
                                   {'option': ['--help'],
                                    'names': ['--help'],
                                    'flag': True,
                                    'multiple': False,
                                    'hidden': False,
                                    'help': {'zsh': 'Show this message and exit.',
                                             'fish': 'Show this message and exit.',
                                             'powershell': 'Show this message and exit.'},
                                    'complete': None}],
                        'help': {'zsh': 'Per player\\\\: games, wins, win rate, scores,...',
                                 'fish': 'Per player: games, wins, win rate, scores,...',
                                 'powershell': 'Per player: games, wins, win rate, scores,...'}},
              'coin-age': {'params': [{'option': ['--help'],
                                       'names': ['--help'],
                                       'flag': True,
                                       'multiple': False,
                                       'hidden': False,
                                       'help': {'zsh': 'Show this message and exit.',
                                                'fish': 'Show this message and exit.',
                                                'powershell': 'Show this message and exit.'},
                                       'complete': None}],
                           'commands': {'play': {'params': [{'option': ['--players'],
                                                             'names': ['--players'],
                                                             'flag': False,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': 'The two players, heads first\\\\: '
                                                                             'Ann,Bob.',
                                                                      'fish': 'The two players, heads first: '
                                                                              'Ann,Bob.',
                                                                      'powershell': 'The two players, heads first: '
                                                                                    'Ann,Bob.'},
                                                             'complete': None},
                                                            {'option': ['--map'],
                                                             'names': ['--map'],
                                                             'flag': False,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': 'A map name, a map file, or '
                                                                             "''random''.",
                                                                      'fish': 'A map name, a map file, or '
                                                                              "'random'.",
                                                                      'powershell': 'A map name, a map file, or '
                                                                                    "'random'."},
                                                             'complete': 'referee.cli.games.coin_age.room:complete_map'},
                                                            {'option': ['--record'],
                                                             'names': ['--record'],
                                                             'flag': False,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': 'Write the game to this file.',
                                                                      'fish': 'Write the game to this file.',
                                                                      'powershell': 'Write the game to this file.'},
                                                             'complete': None},
                                                            {'option': ['--resume'],
                                                             'names': ['--resume'],
                                                             'flag': False,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': 'Continue the game of this record.',
                                                                      'fish': 'Continue the game of this record.',
                                                                      'powershell': 'Continue the game of this '
                                                                                    'record.'},
                                                             'complete': None},
                                                            {'option': ['--log'],
                                                             'names': ['--log', '--no-history'],
                                                             'flag': True,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': 'Log the finished game in the history '
                                                                             '(default at a terminal).',
                                                                      'fish': 'Log the finished game in the '
                                                                              'history (default at a terminal).',
                                                                      'powershell': 'Log the finished game in the '
                                                                                    'history (default at a '
                                                                                    'terminal).'},
                                                             'complete': None},
                                                            {'option': ['--history'],
                                                             'names': ['--history'],
                                                             'flag': False,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': 'The history file to log into.',
                                                                      'fish': 'The history file to log into.',
                                                                      'powershell': 'The history file to log '
                                                                                    'into.'},
                                                             'complete': None},
                                                            {'option': ['--location'],
                                                             'names': ['--location'],
                                                             'flag': False,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': 'Where the game is played (kept with '
                                                                             'it in the history).',
                                                                      'fish': 'Where the game is played (kept with '
                                                                              'it in the history).',
                                                                      'powershell': 'Where the game is played '
                                                                                    '(kept with it in the '
                                                                                    'history).'},
                                                             'complete': None},
                                                            {'option': ['--json'],
                                                             'names': ['--json'],
                                                             'flag': True,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': 'JSON for scripts (see the contract).',
                                                                      'fish': 'JSON for scripts (see the '
                                                                              'contract).',
                                                                      'powershell': 'JSON for scripts (see the '
                                                                                    'contract).'},
                                                             'complete': None},
                                                            {'option': ['--vs-computer'],
                                                             'names': ['--vs-computer'],
                                                             'flag': True,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': 'The hint engine plays one seat.',
                                                                      'fish': 'The hint engine plays one seat.',
                                                                      'powershell': 'The hint engine plays one '
                                                                                    'seat.'},
                                                             'complete': None},
                                                            {'option': ['--computer-seat'],
                                                             'names': ['--computer-seat'],
                                                             'flag': False,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': "The computer''s seat\\\\: 1 (heads) "
                                                                             'or 2 (tails).',
                                                                      'fish': "The computer's seat: 1 (heads) or 2 "
                                                                              '(tails).',
                                                                      'powershell': "The computer's seat: 1 "
                                                                                    '(heads) or 2 (tails).'},
                                                             'complete': None},
                                                            {'option': ['--seed'],
                                                             'names': ['--seed'],
                                                             'flag': False,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': "The computer''s tosses, repeatable.",
                                                                      'fish': "The computer's tosses, repeatable.",
                                                                      'powershell': "The computer's tosses, "
                                                                                    'repeatable.'},
                                                             'complete': None},
                                                            {'option': ['--computer-time'],
                                                             'names': ['--computer-time'],
                                                             'flag': False,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': 'Seconds per computer turn.',
                                                                      'fish': 'Seconds per computer turn.',
                                                                      'powershell': 'Seconds per computer turn.'},
                                                             'complete': None},
                                                            {'option': ['--level'],
                                                             'names': ['--level'],
                                                             'flag': False,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': "The computer''s strength\\\\: 1 (a "
                                                                             'beginner) to 5.',
                                                                      'fish': "The computer's strength: 1 (a "
                                                                              'beginner) to 5.',
                                                                      'powershell': "The computer's strength: 1 (a "
                                                                                    'beginner) to 5.'},
                                                             'complete': None},
                                                            {'option': ['--computer-tosses'],
                                                             'names': ['--computer-tosses'],
                                                             'flag': False,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': 'drawn by the referee, or typed\\\\: '
                                                                             'you slap its coins.',
                                                                      'fish': 'drawn by the referee, or typed: you '
                                                                              'slap its coins.',
                                                                      'powershell': 'drawn by the referee, or '
                                                                                    'typed: you slap its coins.'},
                                                             'complete': None},
                                                            {'option': ['--help'],
                                                             'names': ['--help'],
                                                             'flag': True,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': 'Show this message and exit.',
                                                                      'fish': 'Show this message and exit.',
                                                                      'powershell': 'Show this message and exit.'},
                                                             'complete': None}],
                                                 'help': {'zsh': 'Referee a live game\\\\: typed or picked at a...',
                                                          'fish': 'Referee a live game: typed or picked at a...',
                                                          'powershell': 'Referee a live game: typed or picked at '
                                                                        'a...'}},
                                        'replay': {'params': [{'argument': 'records',
                                                               'nargs': -1,
                                                               'complete': None},
                                                              {'option': ['--json'],
                                                               'names': ['--json'],
                                                               'flag': True,
                                                               'multiple': False,
                                                               'hidden': False,
                                                               'help': {'zsh': 'JSON for scripts (see the '
                                                                               'contract).',
                                                                        'fish': 'JSON for scripts (see the '
                                                                                'contract).',
                                                                        'powershell': 'JSON for scripts (see the '
                                                                                      'contract).'},
                                                               'complete': None},
                                                              {'option': ['--jobs'],
                                                               'names': ['--jobs'],
                                                               'flag': False,
                                                               'multiple': False,
                                                               'hidden': False,
                                                               'help': {'zsh': 'Worker processes for many records '
                                                                               '(default\\\\: all cores).',
                                                                        'fish': 'Worker processes for many records '
                                                                                '(default: all cores).',
                                                                        'powershell': 'Worker processes for many '
                                                                                      'records (default: all '
                                                                                      'cores).'},
                                                               'complete': None},
                                                              {'option': ['--help'],
                                                               'names': ['--help'],
                                                               'flag': True,
                                                               'multiple': False,
                                                               'hidden': False,
                                                               'help': {'zsh': 'Show this message and exit.',
                                                                        'fish': 'Show this message and exit.',
                                                                        'powershell': 'Show this message and '
                                                                                      'exit.'},
                                                               'complete': None}],
                                                   'help': {'zsh': 'Validate whole records from the first action.',
                                                            'fish': 'Validate whole records from the first action.',
                                                            'powershell': 'Validate whole records from the first '
                                                                          'action.'}},
                                        'check': {'params': [{'argument': 'record', 'nargs': 1, 'complete': None},
                                                             {'argument': 'action',
                                                              'nargs': -1,
                                                              'complete': 'referee.cli.action_words:complete_action',
                                                              'args': True},
                                                             {'option': ['--json'],
                                                              'names': ['--json'],
                                                              'flag': True,
                                                              'multiple': False,
                                                              'hidden': False,
                                                              'help': {'zsh': 'JSON for scripts (see the '
                                                                              'contract).',
                                                                       'fish': 'JSON for scripts (see the '
                                                                               'contract).',
                                                                       'powershell': 'JSON for scripts (see the '
                                                                                     'contract).'},
                                                              'complete': None},
                                                             {'option': ['--draw'],
                                                              'names': ['--draw'],
                                                              'flag': False,
                                                              'multiple': False,
                                                              'hidden': False,
                                                              'help': {'zsh': 'Also draw it as a picture (SVG) '
                                                                              'into this file.',
                                                                       'fish': 'Also draw it as a picture (SVG) '
                                                                               'into this file.',
                                                                       'powershell': 'Also draw it as a picture '
                                                                                     '(SVG) into this file.'},
                                                              'complete': None},
                                                             {'option': ['--help'],
                                                              'names': ['--help'],
                                                              'flag': True,
                                                              'multiple': False,
                                                              'hidden': False,
                                                              'help': {'zsh': 'Show this message and exit.',
                                                                       'fish': 'Show this message and exit.',
                                                                       'powershell': 'Show this message and exit.'},
                                                              'complete': None}],
                                                  'help': {'zsh': 'Would ACTION be legal next? Which rule...',
                                                           'fish': 'Would ACTION be legal next? Which rule...',
                                                           'powershell': 'Would ACTION be legal next? Which '
                                                                         'rule...'}},
                                        'score': {'params': [{'argument': 'file', 'nargs': 1, 'complete': None},
                                                             {'option': ['--json'],
                                                              'names': ['--json'],
                                                              'flag': True,
                                                              'multiple': False,
                                                              'hidden': False,
                                                              'help': {'zsh': 'JSON for scripts (see the '
                                                                              'contract).',
                                                                       'fish': 'JSON for scripts (see the '
                                                                               'contract).',
                                                                       'powershell': 'JSON for scripts (see the '
                                                                                     'contract).'},
                                                              'complete': None},
                                                             {'option': ['--board'],
                                                              'names': ['--board'],
                                                              'flag': True,
                                                              'multiple': False,
                                                              'hidden': False,
                                                              'help': {'zsh': 'Draw the table as well as the '
                                                                              'score.',
                                                                       'fish': 'Draw the table as well as the '
                                                                               'score.',
                                                                       'powershell': 'Draw the table as well as '
                                                                                     'the score.'},
                                                              'complete': None},
                                                             {'option': ['--log'],
                                                              'names': ['--log'],
                                                              'flag': True,
                                                              'multiple': False,
                                                              'hidden': False,
                                                              'help': {'zsh': 'Log the game (or final position) in '
                                                                              'the history.',
                                                                       'fish': 'Log the game (or final position) '
                                                                               'in the history.',
                                                                       'powershell': 'Log the game (or final '
                                                                                     'position) in the history.'},
                                                              'complete': None},
                                                             {'option': ['--location'],
                                                              'names': ['--location'],
                                                              'flag': False,
                                                              'multiple': False,
                                                              'hidden': False,
                                                              'help': {'zsh': 'With --log\\\\: where the game was '
                                                                              'played.',
                                                                       'fish': 'With --log: where the game was '
                                                                               'played.',
                                                                       'powershell': 'With --log: where the game '
                                                                                     'was played.'},
                                                              'complete': None},
                                                             {'option': ['--history'],
                                                              'names': ['--history'],
                                                              'flag': False,
                                                              'multiple': False,
                                                              'hidden': False,
                                                              'help': {'zsh': 'The history file (default\\\\: '
                                                                              '\\$REFEREE_HISTORY, else the data '
                                                                              'folder).',
                                                                       'fish': 'The history file (default: '
                                                                               '$REFEREE_HISTORY, else the data '
                                                                               'folder).',
                                                                       'powershell': 'The history file (default: '
                                                                                     '$REFEREE_HISTORY, else the '
                                                                                     'data folder).'},
                                                              'complete': None},
                                                             {'option': ['--draw'],
                                                              'names': ['--draw'],
                                                              'flag': False,
                                                              'multiple': False,
                                                              'hidden': False,
                                                              'help': {'zsh': 'Also draw it as a picture (SVG) '
                                                                              'into this file.',
                                                                       'fish': 'Also draw it as a picture (SVG) '
                                                                               'into this file.',
                                                                       'powershell': 'Also draw it as a picture '
                                                                                     '(SVG) into this file.'},
                                                              'complete': None},
                                                             {'option': ['--help'],
                                                              'names': ['--help'],
                                                              'flag': True,
                                                              'multiple': False,
                                                              'hidden': False,
                                                              'help': {'zsh': 'Show this message and exit.',
                                                                       'fish': 'Show this message and exit.',
                                                                       'powershell': 'Show this message and exit.'},
                                                              'complete': None}],
                                                  'help': {'zsh': 'Score a record, or a final position typed...',
                                                           'fish': 'Score a record, or a final position typed...',
                                                           'powershell': 'Score a record, or a final position '
                                                                         'typed...'}},
                                        'draw': {'params': [{'argument': 'file', 'nargs': 1, 'complete': None},
                                                            {'option': ['-o', '--output'],
                                                             'names': ['-o', '--output'],
                                                             'flag': False,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': 'The picture to write\\\\: FILE.svg '
                                                                             "(''-''\\\\: stdout).",
                                                                      'fish': 'The picture to write: FILE.svg '
                                                                              "('-': stdout).",
                                                                      'powershell': 'The picture to write: '
                                                                                    "FILE.svg ('-': stdout)."},
                                                             'complete': None},
                                                            {'option': ['--at'],
                                                             'names': ['--at'],
                                                             'flag': False,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': 'After this many actions of the '
                                                                             'record.',
                                                                      'fish': 'After this many actions of the '
                                                                              'record.',
                                                                      'powershell': 'After this many actions of '
                                                                                    'the record.'},
                                                             'complete': None},
                                                            {'option': ['--force'],
                                                             'names': ['--force'],
                                                             'flag': True,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': 'Replace the picture if it exists.',
                                                                      'fish': 'Replace the picture if it exists.',
                                                                      'powershell': 'Replace the picture if it '
                                                                                    'exists.'},
                                                             'complete': None},
                                                            {'option': ['--help'],
                                                             'names': ['--help'],
                                                             'flag': True,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': 'Show this message and exit.',
                                                                      'fish': 'Show this message and exit.',
                                                                      'powershell': 'Show this message and exit.'},
                                                             'complete': None}],
                                                 'help': {'zsh': 'A picture (SVG) of the position\\\\: the '
                                                                 'table...',
                                                          'fish': 'A picture (SVG) of the position: the table...',
                                                          'powershell': 'A picture (SVG) of the position: the '
                                                                        'table...'}},
                                        'rules': {'params': [{'argument': 'topic',
                                                              'nargs': 1,
                                                              'complete': 'referee.cli.games.coin_age.room:complete_topic'},
                                                             {'option': ['--help'],
                                                              'names': ['--help'],
                                                              'flag': True,
                                                              'multiple': False,
                                                              'hidden': False,
                                                              'help': {'zsh': 'Show this message and exit.',
                                                                       'fish': 'Show this message and exit.',
                                                                       'powershell': 'Show this message and exit.'},
                                                              'complete': None}],
                                                  'help': {'zsh': "The rules and the referee''s rulings, by...",
                                                           'fish': "The rules and the referee's rulings, by...",
                                                           'powershell': "The rules and the referee's rulings, "
                                                                         'by...'}},
                                        'simulate': {'params': [{'option': ['--games'],
                                                                 'names': ['--games'],
                                                                 'flag': False,
                                                                 'multiple': False,
                                                                 'hidden': False,
                                                                 'help': {'zsh': 'How many games.',
                                                                          'fish': 'How many games.',
                                                                          'powershell': 'How many games.'},
                                                                 'complete': None},
                                                                {'option': ['--seed'],
                                                                 'names': ['--seed'],
                                                                 'flag': False,
                                                                 'multiple': False,
                                                                 'hidden': False,
                                                                 'help': {'zsh': 'Random seed, for repeatable '
                                                                                 'runs.',
                                                                          'fish': 'Random seed, for repeatable '
                                                                                  'runs.',
                                                                          'powershell': 'Random seed, for '
                                                                                        'repeatable runs.'},
                                                                 'complete': None},
                                                                {'option': ['--players'],
                                                                 'names': ['--players'],
                                                                 'flag': False,
                                                                 'multiple': False,
                                                                 'hidden': False,
                                                                 'help': {'zsh': 'The two players, heads '
                                                                                 'first\\\\: Ann,Bob.',
                                                                          'fish': 'The two players, heads first: '
                                                                                  'Ann,Bob.',
                                                                          'powershell': 'The two players, heads '
                                                                                        'first: Ann,Bob.'},
                                                                 'complete': None},
                                                                {'option': ['--map'],
                                                                 'names': ['--map'],
                                                                 'flag': False,
                                                                 'multiple': False,
                                                                 'hidden': False,
                                                                 'help': {'zsh': 'A map name, a map file, or '
                                                                                 "''random''.",
                                                                          'fish': 'A map name, a map file, or '
                                                                                  "'random'.",
                                                                          'powershell': 'A map name, a map file, '
                                                                                        "or 'random'."},
                                                                 'complete': 'referee.cli.games.coin_age.room:complete_map'},
                                                                {'option': ['--json'],
                                                                 'names': ['--json'],
                                                                 'flag': True,
                                                                 'multiple': False,
                                                                 'hidden': False,
                                                                 'help': {'zsh': 'JSON for scripts (see the '
                                                                                 'contract).',
                                                                          'fish': 'JSON for scripts (see the '
                                                                                  'contract).',
                                                                          'powershell': 'JSON for scripts (see the '
                                                                                        'contract).'},
                                                                 'complete': None},
                                                                {'option': ['--help'],
                                                                 'names': ['--help'],
                                                                 'flag': True,
                                                                 'multiple': False,
                                                                 'hidden': False,
                                                                 'help': {'zsh': 'Show this message and exit.',
                                                                          'fish': 'Show this message and exit.',
                                                                          'powershell': 'Show this message and '
                                                                                        'exit.'},
                                                                 'complete': None}],
                                                     'help': {'zsh': 'Random legal self-play\\\\: statistics,...',
                                                              'fish': 'Random legal self-play: statistics,...',
                                                              'powershell': 'Random legal self-play: '
                                                                            'statistics,...'}},
                                        'odds': {'params': [{'argument': 'record', 'nargs': 1, 'complete': None},
                                                            {'option': ['--bank'],
                                                             'names': ['--bank'],
                                                             'flag': False,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': 'Odds for any bank instead, e.g. QNPD '
                                                                             'or DDP.',
                                                                      'fish': 'Odds for any bank instead, e.g. '
                                                                              'QNPD or DDP.',
                                                                      'powershell': 'Odds for any bank instead, '
                                                                                    'e.g. QNPD or DDP.'},
                                                             'complete': None},
                                                            {'option': ['--json'],
                                                             'names': ['--json'],
                                                             'flag': True,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': 'JSON for scripts (see the contract).',
                                                                      'fish': 'JSON for scripts (see the '
                                                                              'contract).',
                                                                      'powershell': 'JSON for scripts (see the '
                                                                                    'contract).'},
                                                             'complete': None},
                                                            {'option': ['--help'],
                                                             'names': ['--help'],
                                                             'flag': True,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': 'Show this message and exit.',
                                                                      'fish': 'Show this message and exit.',
                                                                      'powershell': 'Show this message and exit.'},
                                                             'complete': None}],
                                                 'help': {'zsh': 'Exact odds of the next toss\\\\: each number...',
                                                          'fish': 'Exact odds of the next toss: each number...',
                                                          'powershell': 'Exact odds of the next toss: each '
                                                                        'number...'}},
                                        'hint': {'params': [{'argument': 'record', 'nargs': 1, 'complete': None},
                                                            {'option': ['--time'],
                                                             'names': ['--time'],
                                                             'flag': False,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': 'Time for the whole command\\\\: 2s, '
                                                                             '500ms.',
                                                                      'fish': 'Time for the whole command: 2s, '
                                                                              '500ms.',
                                                                      'powershell': 'Time for the whole command: '
                                                                                    '2s, 500ms.'},
                                                             'complete': None},
                                                            {'option': ['--top'],
                                                             'names': ['--top'],
                                                             'flag': False,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': 'How many plans to show.',
                                                                      'fish': 'How many plans to show.',
                                                                      'powershell': 'How many plans to show.'},
                                                             'complete': None},
                                                            {'option': ['--depth'],
                                                             'names': ['--depth'],
                                                             'flag': False,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': 'Stop at this depth (turns).',
                                                                      'fish': 'Stop at this depth (turns).',
                                                                      'powershell': 'Stop at this depth (turns).'},
                                                             'complete': None},
                                                            {'option': ['--json'],
                                                             'names': ['--json'],
                                                             'flag': True,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': 'JSON for scripts (see the contract).',
                                                                      'fish': 'JSON for scripts (see the '
                                                                              'contract).',
                                                                      'powershell': 'JSON for scripts (see the '
                                                                                    'contract).'},
                                                             'complete': None},
                                                            {'option': ['--help'],
                                                             'names': ['--help'],
                                                             'flag': True,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': 'Show this message and exit.',
                                                                      'fish': 'Show this message and exit.',
                                                                      'powershell': 'Show this message and exit.'},
                                                             'complete': None}],
                                                 'help': {'zsh': 'The best plans for the current turn...',
                                                          'fish': 'The best plans for the current turn...',
                                                          'powershell': 'The best plans for the current turn...'}},
                                        'maps': {'params': [{'option': ['--help'],
                                                             'names': ['--help'],
                                                             'flag': True,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': 'Show this message and exit.',
                                                                      'fish': 'Show this message and exit.',
                                                                      'powershell': 'Show this message and exit.'},
                                                             'complete': None}],
                                                 'commands': {'list': {'params': [{'option': ['--help'],
                                                                                   'names': ['--help'],
                                                                                   'flag': True,
                                                                                   'multiple': False,
                                                                                   'hidden': False,
                                                                                   'help': {'zsh': 'Show this '
                                                                                                   'message and '
                                                                                                   'exit.',
                                                                                            'fish': 'Show this '
                                                                                                    'message and '
                                                                                                    'exit.',
                                                                                            'powershell': 'Show '
                                                                                                          'this '
                                                                                                          'message '
                                                                                                          'and '
                                                                                                          'exit.'},
                                                                                   'complete': None}],
                                                                       'help': {'zsh': 'The installed maps (and '
                                                                                       'your own, from...',
                                                                                'fish': 'The installed maps (and '
                                                                                        'your own, from...',
                                                                                'powershell': 'The installed maps '
                                                                                              '(and your own, '
                                                                                              'from...'}},
                                                              'show': {'params': [{'argument': 'name',
                                                                                   'nargs': 1,
                                                                                   'complete': 'referee.cli.games.coin_age.room:complete_map'},
                                                                                  {'option': ['--json'],
                                                                                   'names': ['--json'],
                                                                                   'flag': True,
                                                                                   'multiple': False,
                                                                                   'hidden': False,
                                                                                   'help': {'zsh': 'JSON for '
                                                                                                   'scripts (see '
                                                                                                   'the contract).',
                                                                                            'fish': 'JSON for '
                                                                                                    'scripts (see '
                                                                                                    'the '
                                                                                                    'contract).',
                                                                                            'powershell': 'JSON '
                                                                                                          'for '
                                                                                                          'scripts '
                                                                                                          '(see '
                                                                                                          'the '
                                                                                                          'contract).'},
                                                                                   'complete': None},
                                                                                  {'option': ['--help'],
                                                                                   'names': ['--help'],
                                                                                   'flag': True,
                                                                                   'multiple': False,
                                                                                   'hidden': False,
                                                                                   'help': {'zsh': 'Show this '
                                                                                                   'message and '
                                                                                                   'exit.',
                                                                                            'fish': 'Show this '
                                                                                                    'message and '
                                                                                                    'exit.',
                                                                                            'powershell': 'Show '
                                                                                                          'this '
                                                                                                          'message '
                                                                                                          'and '
                                                                                                          'exit.'},
                                                                                   'complete': None}],
                                                                       'help': {'zsh': 'Draw a map\\\\: spaces by '
                                                                                       'row, regions,...',
                                                                                'fish': 'Draw a map: spaces by '
                                                                                        'row, regions,...',
                                                                                'powershell': 'Draw a map: spaces '
                                                                                              'by row, '
                                                                                              'regions,...'}},
                                                              'validate': {'params': [{'argument': 'files',
                                                                                       'nargs': -1,
                                                                                       'complete': None},
                                                                                      {'option': ['--help'],
                                                                                       'names': ['--help'],
                                                                                       'flag': True,
                                                                                       'multiple': False,
                                                                                       'hidden': False,
                                                                                       'help': {'zsh': 'Show this '
                                                                                                       'message '
                                                                                                       'and exit.',
                                                                                                'fish': 'Show this '
                                                                                                        'message '
                                                                                                        'and exit.',
                                                                                                'powershell': 'Show '
                                                                                                              'this '
                                                                                                              'message '
                                                                                                              'and '
                                                                                                              'exit.'},
                                                                                       'complete': None}],
                                                                           'help': {'zsh': 'Check map files; '
                                                                                           'explain every fault '
                                                                                           'in...',
                                                                                    'fish': 'Check map files; '
                                                                                            'explain every fault '
                                                                                            'in...',
                                                                                    'powershell': 'Check map '
                                                                                                  'files; explain '
                                                                                                  'every fault '
                                                                                                  'in...'}}},
                                                 'help': {'zsh': 'The map cards\\\\: list, show, validate.',
                                                          'fish': 'The map cards: list, show, validate.',
                                                          'powershell': 'The map cards: list, show, validate.'}}},
                           'help': {'zsh': 'Coin Age\\\\: 2 players, coins slapped on a...',
                                    'fish': 'Coin Age: 2 players, coins slapped on a...',
                                    'powershell': 'Coin Age: 2 players, coins slapped on a...'}},
              'matchstick': {'params': [{'option': ['--help'],
                                         'names': ['--help'],
                                         'flag': True,
                                         'multiple': False,
                                         'hidden': False,
                                         'help': {'zsh': 'Show this message and exit.',
                                                  'fish': 'Show this message and exit.',
                                                  'powershell': 'Show this message and exit.'},
                                         'complete': None}],
                             'commands': {'play': {'params': [{'option': ['--players'],
                                                               'names': ['--players'],
                                                               'flag': False,
                                                               'multiple': False,
                                                               'hidden': False,
                                                               'help': {'zsh': '2 to 8 players in seat order, the '
                                                                               'leader first\\\\: Ann,Bob,Cid.',
                                                                        'fish': '2 to 8 players in seat order, the '
                                                                                'leader first: Ann,Bob,Cid.',
                                                                        'powershell': '2 to 8 players in seat '
                                                                                      'order, the leader first: '
                                                                                      'Ann,Bob,Cid.'},
                                                               'complete': None},
                                                              {'option': ['--expansion'],
                                                               'names': ['--expansion'],
                                                               'flag': False,
                                                               'multiple': False,
                                                               'hidden': False,
                                                               'help': {'zsh': "Copies of the expansion''s G and H "
                                                                               'cards\\\\: 0, 2 or 4.',
                                                                        'fish': "Copies of the expansion's G and H "
                                                                                'cards: 0, 2 or 4.',
                                                                        'powershell': "Copies of the expansion's G "
                                                                                      'and H cards: 0, 2 or 4.'},
                                                               'complete': None},
                                                              {'option': ['--deal-all'],
                                                               'names': ['--deal-all'],
                                                               'flag': True,
                                                               'multiple': False,
                                                               'hidden': False,
                                                               'help': {'zsh': 'Deal the whole deck for any number '
                                                                               'of players (2–3 players too).',
                                                                        'fish': 'Deal the whole deck for any '
                                                                                'number of players (2–3 players '
                                                                                'too).',
                                                                        'powershell': 'Deal the whole deck for any '
                                                                                      'number of players (2–3 '
                                                                                      'players too).'},
                                                               'complete': None},
                                                              {'option': ['--record'],
                                                               'names': ['--record'],
                                                               'flag': False,
                                                               'multiple': False,
                                                               'hidden': False,
                                                               'help': {'zsh': 'Write the game to this file.',
                                                                        'fish': 'Write the game to this file.',
                                                                        'powershell': 'Write the game to this '
                                                                                      'file.'},
                                                               'complete': None},
                                                              {'option': ['--resume'],
                                                               'names': ['--resume'],
                                                               'flag': False,
                                                               'multiple': False,
                                                               'hidden': False,
                                                               'help': {'zsh': 'Continue the game of this record.',
                                                                        'fish': 'Continue the game of this record.',
                                                                        'powershell': 'Continue the game of this '
                                                                                      'record.'},
                                                               'complete': None},
                                                              {'option': ['--log'],
                                                               'names': ['--log', '--no-history'],
                                                               'flag': True,
                                                               'multiple': False,
                                                               'hidden': False,
                                                               'help': {'zsh': 'Log the finished game in the '
                                                                               'history (default at a terminal).',
                                                                        'fish': 'Log the finished game in the '
                                                                                'history (default at a terminal).',
                                                                        'powershell': 'Log the finished game in '
                                                                                      'the history (default at a '
                                                                                      'terminal).'},
                                                               'complete': None},
                                                              {'option': ['--history'],
                                                               'names': ['--history'],
                                                               'flag': False,
                                                               'multiple': False,
                                                               'hidden': False,
                                                               'help': {'zsh': 'The history file to log into.',
                                                                        'fish': 'The history file to log into.',
                                                                        'powershell': 'The history file to log '
                                                                                      'into.'},
                                                               'complete': None},
                                                              {'option': ['--location'],
                                                               'names': ['--location'],
                                                               'flag': False,
                                                               'multiple': False,
                                                               'hidden': False,
                                                               'help': {'zsh': 'Where the game is played (kept '
                                                                               'with it in the history).',
                                                                        'fish': 'Where the game is played (kept '
                                                                                'with it in the history).',
                                                                        'powershell': 'Where the game is played '
                                                                                      '(kept with it in the '
                                                                                      'history).'},
                                                               'complete': None},
                                                              {'option': ['--json'],
                                                               'names': ['--json'],
                                                               'flag': True,
                                                               'multiple': False,
                                                               'hidden': False,
                                                               'help': {'zsh': 'JSON for scripts (see the '
                                                                               'contract).',
                                                                        'fish': 'JSON for scripts (see the '
                                                                                'contract).',
                                                                        'powershell': 'JSON for scripts (see the '
                                                                                      'contract).'},
                                                               'complete': None},
                                                              {'option': ['--help'],
                                                               'names': ['--help'],
                                                               'flag': True,
                                                               'multiple': False,
                                                               'hidden': False,
                                                               'help': {'zsh': 'Show this message and exit.',
                                                                        'fish': 'Show this message and exit.',
                                                                        'powershell': 'Show this message and '
                                                                                      'exit.'},
                                                               'complete': None}],
                                                   'help': {'zsh': 'Referee a live game\\\\: menus at a '
                                                                   'terminal,...',
                                                            'fish': 'Referee a live game: menus at a terminal,...',
                                                            'powershell': 'Referee a live game: menus at a '
                                                                          'terminal,...'}},
                                          'replay': {'params': [{'argument': 'records',
                                                                 'nargs': -1,
                                                                 'complete': None},
                                                                {'option': ['--json'],
                                                                 'names': ['--json'],
                                                                 'flag': True,
                                                                 'multiple': False,
                                                                 'hidden': False,
                                                                 'help': {'zsh': 'JSON for scripts (see the '
                                                                                 'contract).',
                                                                          'fish': 'JSON for scripts (see the '
                                                                                  'contract).',
                                                                          'powershell': 'JSON for scripts (see the '
                                                                                        'contract).'},
                                                                 'complete': None},
                                                                {'option': ['--jobs'],
                                                                 'names': ['--jobs'],
                                                                 'flag': False,
                                                                 'multiple': False,
                                                                 'hidden': False,
                                                                 'help': {'zsh': 'Worker processes for many '
                                                                                 'records (default\\\\: all '
                                                                                 'cores).',
                                                                          'fish': 'Worker processes for many '
                                                                                  'records (default: all cores).',
                                                                          'powershell': 'Worker processes for many '
                                                                                        'records (default: all '
                                                                                        'cores).'},
                                                                 'complete': None},
                                                                {'option': ['--help'],
                                                                 'names': ['--help'],
                                                                 'flag': True,
                                                                 'multiple': False,
                                                                 'hidden': False,
                                                                 'help': {'zsh': 'Show this message and exit.',
                                                                          'fish': 'Show this message and exit.',
                                                                          'powershell': 'Show this message and '
                                                                                        'exit.'},
                                                                 'complete': None}],
                                                     'help': {'zsh': 'Validate whole records from the first '
                                                                     'action.',
                                                              'fish': 'Validate whole records from the first '
                                                                      'action.',
                                                              'powershell': 'Validate whole records from the first '
                                                                            'action.'}},
                                          'check': {'params': [{'argument': 'record', 'nargs': 1, 'complete': None},
                                                               {'argument': 'action',
                                                                'nargs': -1,
                                                                'complete': 'referee.cli.action_words:complete_action',
                                                                'args': True},
                                                               {'option': ['--json'],
                                                                'names': ['--json'],
                                                                'flag': True,
                                                                'multiple': False,
                                                                'hidden': False,
                                                                'help': {'zsh': 'JSON for scripts (see the '
                                                                                'contract).',
                                                                         'fish': 'JSON for scripts (see the '
                                                                                 'contract).',
                                                                         'powershell': 'JSON for scripts (see the '
                                                                                       'contract).'},
                                                                'complete': None},
                                                               {'option': ['--draw'],
                                                                'names': ['--draw'],
                                                                'flag': False,
                                                                'multiple': False,
                                                                'hidden': False,
                                                                'help': {'zsh': 'Also draw it as a picture (SVG) '
                                                                                'into this file.',
                                                                         'fish': 'Also draw it as a picture (SVG) '
                                                                                 'into this file.',
                                                                         'powershell': 'Also draw it as a picture '
                                                                                       '(SVG) into this file.'},
                                                                'complete': None},
                                                               {'option': ['--help'],
                                                                'names': ['--help'],
                                                                'flag': True,
                                                                'multiple': False,
                                                                'hidden': False,
                                                                'help': {'zsh': 'Show this message and exit.',
                                                                         'fish': 'Show this message and exit.',
                                                                         'powershell': 'Show this message and '
                                                                                       'exit.'},
                                                                'complete': None}],
                                                    'help': {'zsh': 'Would ACTION be legal next? Which rule...',
                                                             'fish': 'Would ACTION be legal next? Which rule...',
                                                             'powershell': 'Would ACTION be legal next? Which '
                                                                           'rule...'}},
                                          'score': {'params': [{'argument': 'file', 'nargs': 1, 'complete': None},
                                                               {'option': ['--json'],
                                                                'names': ['--json'],
                                                                'flag': True,
                                                                'multiple': False,
                                                                'hidden': False,
                                                                'help': {'zsh': 'JSON for scripts (see the '
                                                                                'contract).',
                                                                         'fish': 'JSON for scripts (see the '
                                                                                 'contract).',
                                                                         'powershell': 'JSON for scripts (see the '
                                                                                       'contract).'},
                                                                'complete': None},
                                                               {'option': ['--board'],
                                                                'names': ['--board'],
                                                                'flag': True,
                                                                'multiple': False,
                                                                'hidden': False,
                                                                'help': {'zsh': 'Draw the table as well as the '
                                                                                'score.',
                                                                         'fish': 'Draw the table as well as the '
                                                                                 'score.',
                                                                         'powershell': 'Draw the table as well as '
                                                                                       'the score.'},
                                                                'complete': None},
                                                               {'option': ['--log'],
                                                                'names': ['--log'],
                                                                'flag': True,
                                                                'multiple': False,
                                                                'hidden': False,
                                                                'help': {'zsh': 'Log the game (or final position) '
                                                                                'in the history.',
                                                                         'fish': 'Log the game (or final position) '
                                                                                 'in the history.',
                                                                         'powershell': 'Log the game (or final '
                                                                                       'position) in the history.'},
                                                                'complete': None},
                                                               {'option': ['--location'],
                                                                'names': ['--location'],
                                                                'flag': False,
                                                                'multiple': False,
                                                                'hidden': False,
                                                                'help': {'zsh': 'With --log\\\\: where the game '
                                                                                'was played.',
                                                                         'fish': 'With --log: where the game was '
                                                                                 'played.',
                                                                         'powershell': 'With --log: where the game '
                                                                                       'was played.'},
                                                                'complete': None},
                                                               {'option': ['--history'],
                                                                'names': ['--history'],
                                                                'flag': False,
                                                                'multiple': False,
                                                                'hidden': False,
                                                                'help': {'zsh': 'The history file (default\\\\: '
                                                                                '\\$REFEREE_HISTORY, else the data '
                                                                                'folder).',
                                                                         'fish': 'The history file (default: '
                                                                                 '$REFEREE_HISTORY, else the data '
                                                                                 'folder).',
                                                                         'powershell': 'The history file (default: '
                                                                                       '$REFEREE_HISTORY, else the '
                                                                                       'data folder).'},
                                                                'complete': None},
                                                               {'option': ['--draw'],
                                                                'names': ['--draw'],
                                                                'flag': False,
                                                                'multiple': False,
                                                                'hidden': False,
                                                                'help': {'zsh': 'Also draw it as a picture (SVG) '
                                                                                'into this file.',
                                                                         'fish': 'Also draw it as a picture (SVG) '
                                                                                 'into this file.',
                                                                         'powershell': 'Also draw it as a picture '
                                                                                       '(SVG) into this file.'},
                                                                'complete': None},
                                                               {'option': ['--help'],
                                                                'names': ['--help'],
                                                                'flag': True,
                                                                'multiple': False,
                                                                'hidden': False,
                                                                'help': {'zsh': 'Show this message and exit.',
                                                                         'fish': 'Show this message and exit.',
                                                                         'powershell': 'Show this message and '
                                                                                       'exit.'},
                                                                'complete': None}],
                                                    'help': {'zsh': 'The ranking of a record\\\\: the order of...',
                                                             'fish': 'The ranking of a record: the order of...',
                                                             'powershell': 'The ranking of a record: the order '
                                                                           'of...'}},
                                          'draw': {'params': [{'argument': 'file', 'nargs': 1, 'complete': None},
                                                              {'option': ['-o', '--output'],
                                                               'names': ['-o', '--output'],
                                                               'flag': False,
                                                               'multiple': False,
                                                               'hidden': False,
                                                               'help': {'zsh': 'The picture to write\\\\: FILE.svg '
                                                                               "(''-''\\\\: stdout).",
                                                                        'fish': 'The picture to write: FILE.svg '
                                                                                "('-': stdout).",
                                                                        'powershell': 'The picture to write: '
                                                                                      "FILE.svg ('-': stdout)."},
                                                               'complete': None},
                                                              {'option': ['--at'],
                                                               'names': ['--at'],
                                                               'flag': False,
                                                               'multiple': False,
                                                               'hidden': False,
                                                               'help': {'zsh': 'After this many actions of the '
                                                                               'record.',
                                                                        'fish': 'After this many actions of the '
                                                                                'record.',
                                                                        'powershell': 'After this many actions of '
                                                                                      'the record.'},
                                                               'complete': None},
                                                              {'option': ['--force'],
                                                               'names': ['--force'],
                                                               'flag': True,
                                                               'multiple': False,
                                                               'hidden': False,
                                                               'help': {'zsh': 'Replace the picture if it exists.',
                                                                        'fish': 'Replace the picture if it exists.',
                                                                        'powershell': 'Replace the picture if it '
                                                                                      'exists.'},
                                                               'complete': None},
                                                              {'option': ['--help'],
                                                               'names': ['--help'],
                                                               'flag': True,
                                                               'multiple': False,
                                                               'hidden': False,
                                                               'help': {'zsh': 'Show this message and exit.',
                                                                        'fish': 'Show this message and exit.',
                                                                        'powershell': 'Show this message and '
                                                                                      'exit.'},
                                                               'complete': None}],
                                                   'help': {'zsh': 'A picture (SVG) of the position\\\\: the '
                                                                   'table...',
                                                            'fish': 'A picture (SVG) of the position: the table...',
                                                            'powershell': 'A picture (SVG) of the position: the '
                                                                          'table...'}},
                                          'rules': {'params': [{'argument': 'topic',
                                                                'nargs': 1,
                                                                'complete': 'referee.cli.games.matchstick.room:complete_topic'},
                                                               {'option': ['--help'],
                                                                'names': ['--help'],
                                                                'flag': True,
                                                                'multiple': False,
                                                                'hidden': False,
                                                                'help': {'zsh': 'Show this message and exit.',
                                                                         'fish': 'Show this message and exit.',
                                                                         'powershell': 'Show this message and '
                                                                                       'exit.'},
                                                                'complete': None}],
                                                    'help': {'zsh': "The rules and the referee''s rulings, by...",
                                                             'fish': "The rules and the referee's rulings, by...",
                                                             'powershell': "The rules and the referee's rulings, "
                                                                           'by...'}},
                                          'simulate': {'params': [{'option': ['--games'],
                                                                   'names': ['--games'],
                                                                   'flag': False,
                                                                   'multiple': False,
                                                                   'hidden': False,
                                                                   'help': {'zsh': 'How many games.',
                                                                            'fish': 'How many games.',
                                                                            'powershell': 'How many games.'},
                                                                   'complete': None},
                                                                  {'option': ['--seed'],
                                                                   'names': ['--seed'],
                                                                   'flag': False,
                                                                   'multiple': False,
                                                                   'hidden': False,
                                                                   'help': {'zsh': 'Random seed, for repeatable '
                                                                                   'runs.',
                                                                            'fish': 'Random seed, for repeatable '
                                                                                    'runs.',
                                                                            'powershell': 'Random seed, for '
                                                                                          'repeatable runs.'},
                                                                   'complete': None},
                                                                  {'option': ['--players'],
                                                                   'names': ['--players'],
                                                                   'flag': False,
                                                                   'multiple': False,
                                                                   'hidden': False,
                                                                   'help': {'zsh': '2 to 8 players in seat order.',
                                                                            'fish': '2 to 8 players in seat order.',
                                                                            'powershell': '2 to 8 players in seat '
                                                                                          'order.'},
                                                                   'complete': None},
                                                                  {'option': ['--expansion'],
                                                                   'names': ['--expansion'],
                                                                   'flag': False,
                                                                   'multiple': False,
                                                                   'hidden': False,
                                                                   'help': {'zsh': "Copies of the expansion''s G "
                                                                                   'and H cards\\\\: 0, 2 or 4.',
                                                                            'fish': "Copies of the expansion's G "
                                                                                    'and H cards: 0, 2 or 4.',
                                                                            'powershell': 'Copies of the '
                                                                                          "expansion's G and H "
                                                                                          'cards: 0, 2 or 4.'},
                                                                   'complete': None},
                                                                  {'option': ['--deal-all'],
                                                                   'names': ['--deal-all'],
                                                                   'flag': True,
                                                                   'multiple': False,
                                                                   'hidden': False,
                                                                   'help': {'zsh': 'Deal the whole deck for any '
                                                                                   'number of players (2–3 players '
                                                                                   'too).',
                                                                            'fish': 'Deal the whole deck for any '
                                                                                    'number of players (2–3 '
                                                                                    'players too).',
                                                                            'powershell': 'Deal the whole deck for '
                                                                                          'any number of players '
                                                                                          '(2–3 players too).'},
                                                                   'complete': None},
                                                                  {'option': ['--json'],
                                                                   'names': ['--json'],
                                                                   'flag': True,
                                                                   'multiple': False,
                                                                   'hidden': False,
                                                                   'help': {'zsh': 'JSON for scripts (see the '
                                                                                   'contract).',
                                                                            'fish': 'JSON for scripts (see the '
                                                                                    'contract).',
                                                                            'powershell': 'JSON for scripts (see '
                                                                                          'the contract).'},
                                                                   'complete': None},
                                                                  {'option': ['--help'],
                                                                   'names': ['--help'],
                                                                   'flag': True,
                                                                   'multiple': False,
                                                                   'hidden': False,
                                                                   'help': {'zsh': 'Show this message and exit.',
                                                                            'fish': 'Show this message and exit.',
                                                                            'powershell': 'Show this message and '
                                                                                          'exit.'},
                                                                   'complete': None}],
                                                       'help': {'zsh': 'Random legal self-play\\\\: statistics,...',
                                                                'fish': 'Random legal self-play: statistics,...',
                                                                'powershell': 'Random legal self-play: '
                                                                              'statistics,...'}},
                                          'shapes': {'params': [{'argument': 'card',
                                                                 'nargs': 1,
                                                                 'complete': 'referee.cli.games.matchstick.room:complete_card'},
                                                                {'option': ['--into'],
                                                                 'names': ['--into'],
                                                                 'flag': False,
                                                                 'multiple': False,
                                                                 'hidden': False,
                                                                 'help': {'zsh': 'The value to show\\\\: how, at '
                                                                                 'what cost.',
                                                                          'fish': 'The value to show: how, at what '
                                                                                  'cost.',
                                                                          'powershell': 'The value to show: how, '
                                                                                        'at what cost.'},
                                                                 'complete': 'referee.cli.games.matchstick.room:complete_value'},
                                                                {'option': ['--help'],
                                                                 'names': ['--help'],
                                                                 'flag': True,
                                                                 'multiple': False,
                                                                 'hidden': False,
                                                                 'help': {'zsh': 'Show this message and exit.',
                                                                          'fish': 'Show this message and exit.',
                                                                          'powershell': 'Show this message and '
                                                                                        'exit.'},
                                                                 'complete': None}],
                                                     'help': {'zsh': 'What a card can become, at what cost\\\\: '
                                                                     'the...',
                                                              'fish': 'What a card can become, at what cost: '
                                                                      'the...',
                                                              'powershell': 'What a card can become, at what cost: '
                                                                            'the...'}},
                                          'hint': {'params': [{'argument': 'record', 'nargs': 1, 'complete': None},
                                                              {'option': ['--hand'],
                                                               'names': ['--hand'],
                                                               'flag': False,
                                                               'multiple': False,
                                                               'hidden': False,
                                                               'help': {'zsh': 'Your hand (private, typed by '
                                                                               'you)\\\\: ""0 4 4 7 C"".',
                                                                        'fish': 'Your hand (private, typed by '
                                                                                'you): "0 4 4 7 C".',
                                                                        'powershell': 'Your hand (private, typed '
                                                                                      'by you): "0 4 4 7 C".'},
                                                               'complete': None},
                                                              {'option': ['--json'],
                                                               'names': ['--json'],
                                                               'flag': True,
                                                               'multiple': False,
                                                               'hidden': False,
                                                               'help': {'zsh': 'JSON for scripts (see the '
                                                                               'contract).',
                                                                        'fish': 'JSON for scripts (see the '
                                                                                'contract).',
                                                                        'powershell': 'JSON for scripts (see the '
                                                                                      'contract).'},
                                                               'complete': None},
                                                              {'option': ['--help'],
                                                               'names': ['--help'],
                                                               'flag': True,
                                                               'multiple': False,
                                                               'hidden': False,
                                                               'help': {'zsh': 'Show this message and exit.',
                                                                        'fish': 'Show this message and exit.',
                                                                        'powershell': 'Show this message and '
                                                                                      'exit.'},
                                                               'complete': None}],
                                                   'help': {'zsh': 'Every legal play from your hand that beats...',
                                                            'fish': 'Every legal play from your hand that beats...',
                                                            'powershell': 'Every legal play from your hand that '
                                                                          'beats...'}}},
                             'help': {'zsh': 'Matchstick Tycoon\\\\: 2–8 players, 7-segment...',
                                      'fish': 'Matchstick Tycoon: 2–8 players, 7-segment...',
                                      'powershell': 'Matchstick Tycoon: 2–8 players, 7-segment...'}},
              'builders': {'params': [{'option': ['--help'],
                                       'names': ['--help'],
                                       'flag': True,
                                       'multiple': False,
                                       'hidden': False,
                                       'help': {'zsh': 'Show this message and exit.',
                                                'fish': 'Show this message and exit.',
                                                'powershell': 'Show this message and exit.'},
                                       'complete': None}],
                           'commands': {'play': {'params': [{'option': ['--players'],
                                                             'names': ['--players'],
                                                             'flag': False,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': '2 to 4 players in seat order, first '
                                                                             'to move first\\\\: Ann,Bob,Cid.',
                                                                      'fish': '2 to 4 players in seat order, first '
                                                                              'to move first: Ann,Bob,Cid.',
                                                                      'powershell': '2 to 4 players in seat order, '
                                                                                    'first to move first: '
                                                                                    'Ann,Bob,Cid.'},
                                                             'complete': None},
                                                            {'option': ['--seed'],
                                                             'names': ['--seed'],
                                                             'flag': False,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': 'Let the referee shuffle and deal '
                                                                             '(repeatable).',
                                                                      'fish': 'Let the referee shuffle and deal '
                                                                              '(repeatable).',
                                                                      'powershell': 'Let the referee shuffle and '
                                                                                    'deal (repeatable).'},
                                                             'complete': None},
                                                            {'option': ['--apprentices'],
                                                             'names': ['--apprentices'],
                                                             'flag': False,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': "Without --seed\\\\: each player''s "
                                                                             'apprentice, W01,W02,…',
                                                                      'fish': "Without --seed: each player's "
                                                                              'apprentice, W01,W02,…',
                                                                      'powershell': "Without --seed: each player's "
                                                                                    'apprentice, W01,W02,…'},
                                                             'complete': None},
                                                            {'option': ['--buildings'],
                                                             'names': ['--buildings'],
                                                             'flag': False,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': 'Without --seed\\\\: the 5 face-up '
                                                                             'buildings, B01,…',
                                                                      'fish': 'Without --seed: the 5 face-up '
                                                                              'buildings, B01,…',
                                                                      'powershell': 'Without --seed: the 5 face-up '
                                                                                    'buildings, B01,…'},
                                                             'complete': None},
                                                            {'option': ['--workers'],
                                                             'names': ['--workers'],
                                                             'flag': False,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': 'Without --seed\\\\: the 5 face-up '
                                                                             'workers, W07,…',
                                                                      'fish': 'Without --seed: the 5 face-up '
                                                                              'workers, W07,…',
                                                                      'powershell': 'Without --seed: the 5 face-up '
                                                                                    'workers, W07,…'},
                                                             'complete': None},
                                                            {'option': ['--record'],
                                                             'names': ['--record'],
                                                             'flag': False,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': 'Write the game to this file.',
                                                                      'fish': 'Write the game to this file.',
                                                                      'powershell': 'Write the game to this file.'},
                                                             'complete': None},
                                                            {'option': ['--resume'],
                                                             'names': ['--resume'],
                                                             'flag': False,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': 'Continue the game of this record.',
                                                                      'fish': 'Continue the game of this record.',
                                                                      'powershell': 'Continue the game of this '
                                                                                    'record.'},
                                                             'complete': None},
                                                            {'option': ['--log'],
                                                             'names': ['--log', '--no-history'],
                                                             'flag': True,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': 'Log the finished game in the history '
                                                                             '(default at a terminal).',
                                                                      'fish': 'Log the finished game in the '
                                                                              'history (default at a terminal).',
                                                                      'powershell': 'Log the finished game in the '
                                                                                    'history (default at a '
                                                                                    'terminal).'},
                                                             'complete': None},
                                                            {'option': ['--history'],
                                                             'names': ['--history'],
                                                             'flag': False,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': 'The history file to log into.',
                                                                      'fish': 'The history file to log into.',
                                                                      'powershell': 'The history file to log '
                                                                                    'into.'},
                                                             'complete': None},
                                                            {'option': ['--location'],
                                                             'names': ['--location'],
                                                             'flag': False,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': 'Where the game is played (kept with '
                                                                             'it in the history).',
                                                                      'fish': 'Where the game is played (kept with '
                                                                              'it in the history).',
                                                                      'powershell': 'Where the game is played '
                                                                                    '(kept with it in the '
                                                                                    'history).'},
                                                             'complete': None},
                                                            {'option': ['--names'],
                                                             'names': ['--names'],
                                                             'flag': False,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': 'fr\\\\: as printed on the French '
                                                                             'edition; en\\\\: English (an '
                                                                             'unofficial transcription).',
                                                                      'fish': 'fr: as printed on the French '
                                                                              'edition; en: English (an unofficial '
                                                                              'transcription).',
                                                                      'powershell': 'fr: as printed on the French '
                                                                                    'edition; en: English (an '
                                                                                    'unofficial transcription).'},
                                                             'complete': None},
                                                            {'option': ['--computer'],
                                                             'names': ['--computer'],
                                                             'flag': False,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': 'Seats the computer plays, numbered '
                                                                             'from 1 in --players order\\\\: 2 or '
                                                                             '2,3.',
                                                                      'fish': 'Seats the computer plays, numbered '
                                                                              'from 1 in --players order: 2 or '
                                                                              '2,3.',
                                                                      'powershell': 'Seats the computer plays, '
                                                                                    'numbered from 1 in --players '
                                                                                    'order: 2 or 2,3.'},
                                                             'complete': None},
                                                            {'option': ['--level'],
                                                             'names': ['--level'],
                                                             'flag': False,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': "The computer''s strength\\\\: 1 (a "
                                                                             'beginner) to 5.',
                                                                      'fish': "The computer's strength: 1 (a "
                                                                              'beginner) to 5.',
                                                                      'powershell': "The computer's strength: 1 (a "
                                                                                    'beginner) to 5.'},
                                                             'complete': None},
                                                            {'option': ['--computer-time'],
                                                             'names': ['--computer-time'],
                                                             'flag': False,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': 'Seconds the computer thinks per '
                                                                             'action.',
                                                                      'fish': 'Seconds the computer thinks per '
                                                                              'action.',
                                                                      'powershell': 'Seconds the computer thinks '
                                                                                    'per action.'},
                                                             'complete': None},
                                                            {'option': ['--json'],
                                                             'names': ['--json'],
                                                             'flag': True,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': 'JSON for scripts (see the contract).',
                                                                      'fish': 'JSON for scripts (see the '
                                                                              'contract).',
                                                                      'powershell': 'JSON for scripts (see the '
                                                                                    'contract).'},
                                                             'complete': None},
                                                            {'option': ['--help'],
                                                             'names': ['--help'],
                                                             'flag': True,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': 'Show this message and exit.',
                                                                      'fish': 'Show this message and exit.',
                                                                      'powershell': 'Show this message and exit.'},
                                                             'complete': None}],
                                                 'help': {'zsh': 'Referee a live game\\\\: menus at a terminal,...',
                                                          'fish': 'Referee a live game: menus at a terminal,...',
                                                          'powershell': 'Referee a live game: menus at a '
                                                                        'terminal,...'}},
                                        'replay': {'params': [{'argument': 'records',
                                                               'nargs': -1,
                                                               'complete': None},
                                                              {'option': ['--json'],
                                                               'names': ['--json'],
                                                               'flag': True,
                                                               'multiple': False,
                                                               'hidden': False,
                                                               'help': {'zsh': 'JSON for scripts (see the '
                                                                               'contract).',
                                                                        'fish': 'JSON for scripts (see the '
                                                                                'contract).',
                                                                        'powershell': 'JSON for scripts (see the '
                                                                                      'contract).'},
                                                               'complete': None},
                                                              {'option': ['--jobs'],
                                                               'names': ['--jobs'],
                                                               'flag': False,
                                                               'multiple': False,
                                                               'hidden': False,
                                                               'help': {'zsh': 'Worker processes for many records '
                                                                               '(default\\\\: all cores).',
                                                                        'fish': 'Worker processes for many records '
                                                                                '(default: all cores).',
                                                                        'powershell': 'Worker processes for many '
                                                                                      'records (default: all '
                                                                                      'cores).'},
                                                               'complete': None},
                                                              {'option': ['--help'],
                                                               'names': ['--help'],
                                                               'flag': True,
                                                               'multiple': False,
                                                               'hidden': False,
                                                               'help': {'zsh': 'Show this message and exit.',
                                                                        'fish': 'Show this message and exit.',
                                                                        'powershell': 'Show this message and '
                                                                                      'exit.'},
                                                               'complete': None}],
                                                   'help': {'zsh': 'Validate whole records from the first action.',
                                                            'fish': 'Validate whole records from the first action.',
                                                            'powershell': 'Validate whole records from the first '
                                                                          'action.'}},
                                        'check': {'params': [{'argument': 'record', 'nargs': 1, 'complete': None},
                                                             {'argument': 'action',
                                                              'nargs': -1,
                                                              'complete': 'referee.cli.action_words:complete_action',
                                                              'args': True},
                                                             {'option': ['--json'],
                                                              'names': ['--json'],
                                                              'flag': True,
                                                              'multiple': False,
                                                              'hidden': False,
                                                              'help': {'zsh': 'JSON for scripts (see the '
                                                                              'contract).',
                                                                       'fish': 'JSON for scripts (see the '
                                                                               'contract).',
                                                                       'powershell': 'JSON for scripts (see the '
                                                                                     'contract).'},
                                                              'complete': None},
                                                             {'option': ['--draw'],
                                                              'names': ['--draw'],
                                                              'flag': False,
                                                              'multiple': False,
                                                              'hidden': False,
                                                              'help': {'zsh': 'Also draw it as a picture (SVG) '
                                                                              'into this file.',
                                                                       'fish': 'Also draw it as a picture (SVG) '
                                                                               'into this file.',
                                                                       'powershell': 'Also draw it as a picture '
                                                                                     '(SVG) into this file.'},
                                                              'complete': None},
                                                             {'option': ['--help'],
                                                              'names': ['--help'],
                                                              'flag': True,
                                                              'multiple': False,
                                                              'hidden': False,
                                                              'help': {'zsh': 'Show this message and exit.',
                                                                       'fish': 'Show this message and exit.',
                                                                       'powershell': 'Show this message and exit.'},
                                                              'complete': None}],
                                                  'help': {'zsh': 'Would ACTION be legal next? Which rule...',
                                                           'fish': 'Would ACTION be legal next? Which rule...',
                                                           'powershell': 'Would ACTION be legal next? Which '
                                                                         'rule...'}},
                                        'score': {'params': [{'argument': 'file', 'nargs': 1, 'complete': None},
                                                             {'option': ['--json'],
                                                              'names': ['--json'],
                                                              'flag': True,
                                                              'multiple': False,
                                                              'hidden': False,
                                                              'help': {'zsh': 'JSON for scripts (see the '
                                                                              'contract).',
                                                                       'fish': 'JSON for scripts (see the '
                                                                               'contract).',
                                                                       'powershell': 'JSON for scripts (see the '
                                                                                     'contract).'},
                                                              'complete': None},
                                                             {'option': ['--board'],
                                                              'names': ['--board'],
                                                              'flag': True,
                                                              'multiple': False,
                                                              'hidden': False,
                                                              'help': {'zsh': 'Draw the table as well as the '
                                                                              'score.',
                                                                       'fish': 'Draw the table as well as the '
                                                                               'score.',
                                                                       'powershell': 'Draw the table as well as '
                                                                                     'the score.'},
                                                              'complete': None},
                                                             {'option': ['--log'],
                                                              'names': ['--log'],
                                                              'flag': True,
                                                              'multiple': False,
                                                              'hidden': False,
                                                              'help': {'zsh': 'Log the game (or final position) in '
                                                                              'the history.',
                                                                       'fish': 'Log the game (or final position) '
                                                                               'in the history.',
                                                                       'powershell': 'Log the game (or final '
                                                                                     'position) in the history.'},
                                                              'complete': None},
                                                             {'option': ['--location'],
                                                              'names': ['--location'],
                                                              'flag': False,
                                                              'multiple': False,
                                                              'hidden': False,
                                                              'help': {'zsh': 'With --log\\\\: where the game was '
                                                                              'played.',
                                                                       'fish': 'With --log: where the game was '
                                                                               'played.',
                                                                       'powershell': 'With --log: where the game '
                                                                                     'was played.'},
                                                              'complete': None},
                                                             {'option': ['--history'],
                                                              'names': ['--history'],
                                                              'flag': False,
                                                              'multiple': False,
                                                              'hidden': False,
                                                              'help': {'zsh': 'The history file (default\\\\: '
                                                                              '\\$REFEREE_HISTORY, else the data '
                                                                              'folder).',
                                                                       'fish': 'The history file (default: '
                                                                               '$REFEREE_HISTORY, else the data '
                                                                               'folder).',
                                                                       'powershell': 'The history file (default: '
                                                                                     '$REFEREE_HISTORY, else the '
                                                                                     'data folder).'},
                                                              'complete': None},
                                                             {'option': ['--draw'],
                                                              'names': ['--draw'],
                                                              'flag': False,
                                                              'multiple': False,
                                                              'hidden': False,
                                                              'help': {'zsh': 'Also draw it as a picture (SVG) '
                                                                              'into this file.',
                                                                       'fish': 'Also draw it as a picture (SVG) '
                                                                               'into this file.',
                                                                       'powershell': 'Also draw it as a picture '
                                                                                     '(SVG) into this file.'},
                                                              'complete': None},
                                                             {'option': ['--help'],
                                                              'names': ['--help'],
                                                              'flag': True,
                                                              'multiple': False,
                                                              'hidden': False,
                                                              'help': {'zsh': 'Show this message and exit.',
                                                                       'fish': 'Show this message and exit.',
                                                                       'powershell': 'Show this message and exit.'},
                                                              'complete': None}],
                                                  'help': {'zsh': 'Score a record, or the cards and écus in...',
                                                           'fish': 'Score a record, or the cards and écus in...',
                                                           'powershell': 'Score a record, or the cards and écus '
                                                                         'in...'}},
                                        'draw': {'params': [{'argument': 'file', 'nargs': 1, 'complete': None},
                                                            {'option': ['-o', '--output'],
                                                             'names': ['-o', '--output'],
                                                             'flag': False,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': 'The picture to write\\\\: FILE.svg '
                                                                             "(''-''\\\\: stdout).",
                                                                      'fish': 'The picture to write: FILE.svg '
                                                                              "('-': stdout).",
                                                                      'powershell': 'The picture to write: '
                                                                                    "FILE.svg ('-': stdout)."},
                                                             'complete': None},
                                                            {'option': ['--at'],
                                                             'names': ['--at'],
                                                             'flag': False,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': 'After this many actions of the '
                                                                             'record.',
                                                                      'fish': 'After this many actions of the '
                                                                              'record.',
                                                                      'powershell': 'After this many actions of '
                                                                                    'the record.'},
                                                             'complete': None},
                                                            {'option': ['--force'],
                                                             'names': ['--force'],
                                                             'flag': True,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': 'Replace the picture if it exists.',
                                                                      'fish': 'Replace the picture if it exists.',
                                                                      'powershell': 'Replace the picture if it '
                                                                                    'exists.'},
                                                             'complete': None},
                                                            {'option': ['--help'],
                                                             'names': ['--help'],
                                                             'flag': True,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': 'Show this message and exit.',
                                                                      'fish': 'Show this message and exit.',
                                                                      'powershell': 'Show this message and exit.'},
                                                             'complete': None}],
                                                 'help': {'zsh': 'A picture (SVG) of the position\\\\: the '
                                                                 'table...',
                                                          'fish': 'A picture (SVG) of the position: the table...',
                                                          'powershell': 'A picture (SVG) of the position: the '
                                                                        'table...'}},
                                        'rules': {'params': [{'argument': 'topic',
                                                              'nargs': 1,
                                                              'complete': 'referee.cli.games.builders.room:complete_topic'},
                                                             {'option': ['--help'],
                                                              'names': ['--help'],
                                                              'flag': True,
                                                              'multiple': False,
                                                              'hidden': False,
                                                              'help': {'zsh': 'Show this message and exit.',
                                                                       'fish': 'Show this message and exit.',
                                                                       'powershell': 'Show this message and exit.'},
                                                              'complete': None}],
                                                  'help': {'zsh': "The rules and the referee''s rulings, by...",
                                                           'fish': "The rules and the referee's rulings, by...",
                                                           'powershell': "The rules and the referee's rulings, "
                                                                         'by...'}},
                                        'simulate': {'params': [{'option': ['--games'],
                                                                 'names': ['--games'],
                                                                 'flag': False,
                                                                 'multiple': False,
                                                                 'hidden': False,
                                                                 'help': {'zsh': 'How many games.',
                                                                          'fish': 'How many games.',
                                                                          'powershell': 'How many games.'},
                                                                 'complete': None},
                                                                {'option': ['--seed'],
                                                                 'names': ['--seed'],
                                                                 'flag': False,
                                                                 'multiple': False,
                                                                 'hidden': False,
                                                                 'help': {'zsh': 'Random seed, for repeatable '
                                                                                 'runs.',
                                                                          'fish': 'Random seed, for repeatable '
                                                                                  'runs.',
                                                                          'powershell': 'Random seed, for '
                                                                                        'repeatable runs.'},
                                                                 'complete': None},
                                                                {'option': ['--players'],
                                                                 'names': ['--players'],
                                                                 'flag': False,
                                                                 'multiple': False,
                                                                 'hidden': False,
                                                                 'help': {'zsh': '2 to 4 players\\\\: Ann,Bob.',
                                                                          'fish': '2 to 4 players: Ann,Bob.',
                                                                          'powershell': '2 to 4 players: Ann,Bob.'},
                                                                 'complete': None},
                                                                {'option': ['--json'],
                                                                 'names': ['--json'],
                                                                 'flag': True,
                                                                 'multiple': False,
                                                                 'hidden': False,
                                                                 'help': {'zsh': 'JSON for scripts (see the '
                                                                                 'contract).',
                                                                          'fish': 'JSON for scripts (see the '
                                                                                  'contract).',
                                                                          'powershell': 'JSON for scripts (see the '
                                                                                        'contract).'},
                                                                 'complete': None},
                                                                {'option': ['--help'],
                                                                 'names': ['--help'],
                                                                 'flag': True,
                                                                 'multiple': False,
                                                                 'hidden': False,
                                                                 'help': {'zsh': 'Show this message and exit.',
                                                                          'fish': 'Show this message and exit.',
                                                                          'powershell': 'Show this message and '
                                                                                        'exit.'},
                                                                 'complete': None}],
                                                     'help': {'zsh': 'Random legal self-play, a new deal each...',
                                                              'fish': 'Random legal self-play, a new deal each...',
                                                              'powershell': 'Random legal self-play, a new deal '
                                                                            'each...'}},
                                        'cards': {'params': [{'option': ['--kind'],
                                                              'names': ['--kind'],
                                                              'flag': False,
                                                              'multiple': False,
                                                              'hidden': False,
                                                              'help': {'zsh': 'building, machine or worker.',
                                                                       'fish': 'building, machine or worker.',
                                                                       'powershell': 'building, machine or '
                                                                                     'worker.'},
                                                              'complete': 'referee.cli.games.builders.room:complete_kind'},
                                                             {'option': ['--names'],
                                                              'names': ['--names'],
                                                              'flag': False,
                                                              'multiple': False,
                                                              'hidden': False,
                                                              'help': {'zsh': 'fr\\\\: as printed on the French '
                                                                              'edition; en\\\\: English (an '
                                                                              'unofficial transcription).',
                                                                       'fish': 'fr: as printed on the French '
                                                                               'edition; en: English (an '
                                                                               'unofficial transcription).',
                                                                       'powershell': 'fr: as printed on the French '
                                                                                     'edition; en: English (an '
                                                                                     'unofficial transcription).'},
                                                              'complete': None},
                                                             {'option': ['--json'],
                                                              'names': ['--json'],
                                                              'flag': True,
                                                              'multiple': False,
                                                              'hidden': False,
                                                              'help': {'zsh': 'JSON for scripts (see the '
                                                                              'contract).',
                                                                       'fish': 'JSON for scripts (see the '
                                                                               'contract).',
                                                                       'powershell': 'JSON for scripts (see the '
                                                                                     'contract).'},
                                                              'complete': None},
                                                             {'option': ['--help'],
                                                              'names': ['--help'],
                                                              'flag': True,
                                                              'multiple': False,
                                                              'hidden': False,
                                                              'help': {'zsh': 'Show this message and exit.',
                                                                       'fish': 'Show this message and exit.',
                                                                       'powershell': 'Show this message and exit.'},
                                                              'complete': None}],
                                                  'help': {'zsh': 'Every card of the game\\\\: id, name, VP,...',
                                                           'fish': 'Every card of the game: id, name, VP,...',
                                                           'powershell': 'Every card of the game: id, name, '
                                                                         'VP,...'}},
                                        'hint': {'params': [{'argument': 'record', 'nargs': 1, 'complete': None},
                                                            {'option': ['--json'],
                                                             'names': ['--json'],
                                                             'flag': True,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': 'JSON for scripts (see the contract).',
                                                                      'fish': 'JSON for scripts (see the '
                                                                              'contract).',
                                                                      'powershell': 'JSON for scripts (see the '
                                                                                    'contract).'},
                                                             'complete': None},
                                                            {'option': ['--help'],
                                                             'names': ['--help'],
                                                             'flag': True,
                                                             'multiple': False,
                                                             'hidden': False,
                                                             'help': {'zsh': 'Show this message and exit.',
                                                                      'fish': 'Show this message and exit.',
                                                                      'powershell': 'Show this message and exit.'},
                                                             'complete': None}],
                                                 'help': {'zsh': 'The cheapest ways to finish each open...',
                                                          'fish': 'The cheapest ways to finish each open...',
                                                          'powershell': 'The cheapest ways to finish each '
                                                                        'open...'}}},
                           'help': {'zsh': 'The Builders\\\\: Middle Ages\\\\: 2 to 4 players,...',
                                    'fish': 'The Builders: Middle Ages: 2 to 4 players,...',
                                    'powershell': 'The Builders: Middle Ages: 2 to 4 players,...'}},
              'history': {'params': [{'option': ['--help'],
                                      'names': ['--help'],
                                      'flag': True,
                                      'multiple': False,
                                      'hidden': False,
                                      'help': {'zsh': 'Show this message and exit.',
                                               'fish': 'Show this message and exit.',
                                               'powershell': 'Show this message and exit.'},
                                      'complete': None}],
                          'commands': {'list': {'params': [{'option': ['--game'],
                                                            'names': ['--game'],
                                                            'flag': False,
                                                            'multiple': False,
                                                            'hidden': False,
                                                            'help': {'zsh': 'Only this game (its command word, as '
                                                                            'referee --help lists them).',
                                                                     'fish': 'Only this game (its command word, as '
                                                                             'referee --help lists them).',
                                                                     'powershell': 'Only this game (its command '
                                                                                   'word, as referee --help lists '
                                                                                   'them).'},
                                                            'complete': 'referee.cli.option_values:complete_game'},
                                                           {'option': ['--player'],
                                                            'names': ['--player'],
                                                            'flag': False,
                                                            'multiple': False,
                                                            'hidden': False,
                                                            'help': {'zsh': 'Only games of this player.',
                                                                     'fish': 'Only games of this player.',
                                                                     'powershell': 'Only games of this player.'},
                                                            'complete': 'referee.cli.option_values:complete_player',
                                                            'args': True},
                                                           {'option': ['--since'],
                                                            'names': ['--since'],
                                                            'flag': False,
                                                            'multiple': False,
                                                            'hidden': False,
                                                            'help': {'zsh': 'Only games since this date '
                                                                            '(YYYY-MM-DD).',
                                                                     'fish': 'Only games since this date '
                                                                             '(YYYY-MM-DD).',
                                                                     'powershell': 'Only games since this date '
                                                                                   '(YYYY-MM-DD).'},
                                                            'complete': None},
                                                           {'option': ['--limit'],
                                                            'names': ['--limit'],
                                                            'flag': False,
                                                            'multiple': False,
                                                            'hidden': False,
                                                            'help': {'zsh': 'How many games, newest first (0\\\\: '
                                                                            'all; default 50).',
                                                                     'fish': 'How many games, newest first (0: '
                                                                             'all; default 50).',
                                                                     'powershell': 'How many games, newest first '
                                                                                   '(0: all; default 50).'},
                                                            'complete': None},
                                                           {'option': ['--json'],
                                                            'names': ['--json'],
                                                            'flag': True,
                                                            'multiple': False,
                                                            'hidden': False,
                                                            'help': {'zsh': 'JSON for scripts (see the contract).',
                                                                     'fish': 'JSON for scripts (see the contract).',
                                                                     'powershell': 'JSON for scripts (see the '
                                                                                   'contract).'},
                                                            'complete': None},
                                                           {'option': ['--history'],
                                                            'names': ['--history'],
                                                            'flag': False,
                                                            'multiple': False,
                                                            'hidden': False,
                                                            'help': {'zsh': 'The history file (default\\\\: '
                                                                            '\\$REFEREE_HISTORY, else the data '
                                                                            'folder).',
                                                                     'fish': 'The history file (default: '
                                                                             '$REFEREE_HISTORY, else the data '
                                                                             'folder).',
                                                                     'powershell': 'The history file (default: '
                                                                                   '$REFEREE_HISTORY, else the '
                                                                                   'data folder).'},
                                                            'complete': None},
                                                           {'option': ['--help'],
                                                            'names': ['--help'],
                                                            'flag': True,
                                                            'multiple': False,
                                                            'hidden': False,
                                                            'help': {'zsh': 'Show this message and exit.',
                                                                     'fish': 'Show this message and exit.',
                                                                     'powershell': 'Show this message and exit.'},
                                                            'complete': None}],
                                                'help': {'zsh': 'The logged games, newest first\\\\: date,...',
                                                         'fish': 'The logged games, newest first: date,...',
                                                         'powershell': 'The logged games, newest first: date,...'}},
                                       'show': {'params': [{'argument': 'game_id', 'nargs': 1, 'complete': None},
                                                           {'option': ['--json'],
                                                            'names': ['--json'],
                                                            'flag': True,
                                                            'multiple': False,
                                                            'hidden': False,
                                                            'help': {'zsh': 'JSON for scripts (see the contract).',
                                                                     'fish': 'JSON for scripts (see the contract).',
                                                                     'powershell': 'JSON for scripts (see the '
                                                                                   'contract).'},
                                                            'complete': None},
                                                           {'option': ['--history'],
                                                            'names': ['--history'],
                                                            'flag': False,
                                                            'multiple': False,
                                                            'hidden': False,
                                                            'help': {'zsh': 'The history file (default\\\\: '
                                                                            '\\$REFEREE_HISTORY, else the data '
                                                                            'folder).',
                                                                     'fish': 'The history file (default: '
                                                                             '$REFEREE_HISTORY, else the data '
                                                                             'folder).',
                                                                     'powershell': 'The history file (default: '
                                                                                   '$REFEREE_HISTORY, else the '
                                                                                   'data folder).'},
                                                            'complete': None},
                                                           {'option': ['--help'],
                                                            'names': ['--help'],
                                                            'flag': True,
                                                            'multiple': False,
                                                            'hidden': False,
                                                            'help': {'zsh': 'Show this message and exit.',
                                                                     'fish': 'Show this message and exit.',
                                                                     'powershell': 'Show this message and exit.'},
                                                            'complete': None}],
                                                'help': {'zsh': 'The score sheet of one game\\\\: the final...',
                                                         'fish': 'The score sheet of one game: the final...',
                                                         'powershell': 'The score sheet of one game: the '
                                                                       'final...'}},
                                       'remove': {'params': [{'argument': 'game_id', 'nargs': 1, 'complete': None},
                                                             {'option': ['--history'],
                                                              'names': ['--history'],
                                                              'flag': False,
                                                              'multiple': False,
                                                              'hidden': False,
                                                              'help': {'zsh': 'The history file (default\\\\: '
                                                                              '\\$REFEREE_HISTORY, else the data '
                                                                              'folder).',
                                                                       'fish': 'The history file (default: '
                                                                               '$REFEREE_HISTORY, else the data '
                                                                               'folder).',
                                                                       'powershell': 'The history file (default: '
                                                                                     '$REFEREE_HISTORY, else the '
                                                                                     'data folder).'},
                                                              'complete': None},
                                                             {'option': ['--help'],
                                                              'names': ['--help'],
                                                              'flag': True,
                                                              'multiple': False,
                                                              'hidden': False,
                                                              'help': {'zsh': 'Show this message and exit.',
                                                                       'fish': 'Show this message and exit.',
                                                                       'powershell': 'Show this message and exit.'},
                                                              'complete': None}],
                                                  'help': {'zsh': 'Remove one game from the history.',
                                                           'fish': 'Remove one game from the history.',
                                                           'powershell': 'Remove one game from the history.'}},
                                       'add': {'params': [{'argument': 'paths', 'nargs': -1, 'complete': None},
                                                          {'option': ['--json'],
                                                           'names': ['--json'],
                                                           'flag': True,
                                                           'multiple': False,
                                                           'hidden': False,
                                                           'help': {'zsh': 'JSON for scripts (see the contract).',
                                                                    'fish': 'JSON for scripts (see the contract).',
                                                                    'powershell': 'JSON for scripts (see the '
                                                                                  'contract).'},
                                                           'complete': None},
                                                          {'option': ['--history'],
                                                           'names': ['--history'],
                                                           'flag': False,
                                                           'multiple': False,
                                                           'hidden': False,
                                                           'help': {'zsh': 'The history file (default\\\\: '
                                                                           '\\$REFEREE_HISTORY, else the data '
                                                                           'folder).',
                                                                    'fish': 'The history file (default: '
                                                                            '$REFEREE_HISTORY, else the data '
                                                                            'folder).',
                                                                    'powershell': 'The history file (default: '
                                                                                  '$REFEREE_HISTORY, else the data '
                                                                                  'folder).'},
                                                           'complete': None},
                                                          {'option': ['--incomplete'],
                                                           'names': ['--incomplete'],
                                                           'flag': True,
                                                           'multiple': False,
                                                           'hidden': False,
                                                           'help': {'zsh': 'Log unfinished records as abandoned '
                                                                           'games\\\\: kept, counted in no result.',
                                                                    'fish': 'Log unfinished records as abandoned '
                                                                            'games: kept, counted in no result.',
                                                                    'powershell': 'Log unfinished records as '
                                                                                  'abandoned games: kept, counted '
                                                                                  'in no result.'},
                                                           'complete': None},
                                                          {'option': ['--help'],
                                                           'names': ['--help'],
                                                           'flag': True,
                                                           'multiple': False,
                                                           'hidden': False,
                                                           'help': {'zsh': 'Show this message and exit.',
                                                                    'fish': 'Show this message and exit.',
                                                                    'powershell': 'Show this message and exit.'},
                                                           'complete': None}],
                                               'help': {'zsh': 'Log finished records (unfinished ones are...',
                                                        'fish': 'Log finished records (unfinished ones are...',
                                                        'powershell': 'Log finished records (unfinished ones '
                                                                      'are...'}},
                                       'edit': {'params': [{'argument': 'game_id', 'nargs': 1, 'complete': None},
                                                           {'option': ['--location'],
                                                            'names': ['--location'],
                                                            'flag': False,
                                                            'multiple': False,
                                                            'hidden': False,
                                                            'help': {'zsh': 'Where it was played ("""" clears it).',
                                                                     'fish': 'Where it was played ("" clears it).',
                                                                     'powershell': 'Where it was played ("" clears '
                                                                                   'it).'},
                                                            'complete': None},
                                                           {'option': ['--notes'],
                                                            'names': ['--notes'],
                                                            'flag': False,
                                                            'multiple': False,
                                                            'hidden': False,
                                                            'help': {'zsh': 'Notes on the game ("""" clears them).',
                                                                     'fish': 'Notes on the game ("" clears them).',
                                                                     'powershell': 'Notes on the game ("" clears '
                                                                                   'them).'},
                                                            'complete': None},
                                                           {'option': ['--history'],
                                                            'names': ['--history'],
                                                            'flag': False,
                                                            'multiple': False,
                                                            'hidden': False,
                                                            'help': {'zsh': 'The history file (default\\\\: '
                                                                            '\\$REFEREE_HISTORY, else the data '
                                                                            'folder).',
                                                                     'fish': 'The history file (default: '
                                                                             '$REFEREE_HISTORY, else the data '
                                                                             'folder).',
                                                                     'powershell': 'The history file (default: '
                                                                                   '$REFEREE_HISTORY, else the '
                                                                                   'data folder).'},
                                                            'complete': None},
                                                           {'option': ['--help'],
                                                            'names': ['--help'],
                                                            'flag': True,
                                                            'multiple': False,
                                                            'hidden': False,
                                                            'help': {'zsh': 'Show this message and exit.',
                                                                     'fish': 'Show this message and exit.',
                                                                     'powershell': 'Show this message and exit.'},
                                                            'complete': None}],
                                                'help': {'zsh': 'Set where a logged game was played and its...',
                                                         'fish': 'Set where a logged game was played and its...',
                                                         'powershell': 'Set where a logged game was played and '
                                                                       'its...'}},
                                       'rename-player': {'params': [{'argument': 'old',
                                                                     'nargs': 1,
                                                                     'complete': None},
                                                                    {'argument': 'new',
                                                                     'nargs': 1,
                                                                     'complete': None},
                                                                    {'option': ['--history'],
                                                                     'names': ['--history'],
                                                                     'flag': False,
                                                                     'multiple': False,
                                                                     'hidden': False,
                                                                     'help': {'zsh': 'The history file '
                                                                                     '(default\\\\: '
                                                                                     '\\$REFEREE_HISTORY, else the '
                                                                                     'data folder).',
                                                                              'fish': 'The history file (default: '
                                                                                      '$REFEREE_HISTORY, else the '
                                                                                      'data folder).',
                                                                              'powershell': 'The history file '
                                                                                            '(default: '
                                                                                            '$REFEREE_HISTORY, '
                                                                                            'else the data '
                                                                                            'folder).'},
                                                                     'complete': None},
                                                                    {'option': ['--help'],
                                                                     'names': ['--help'],
                                                                     'flag': True,
                                                                     'multiple': False,
                                                                     'hidden': False,
                                                                     'help': {'zsh': 'Show this message and exit.',
                                                                              'fish': 'Show this message and exit.',
                                                                              'powershell': 'Show this message and '
                                                                                            'exit.'},
                                                                     'complete': None}],
                                                         'help': {'zsh': 'Rename a player in every game (merges '
                                                                         'two...',
                                                                  'fish': 'Rename a player in every game (merges '
                                                                          'two...',
                                                                  'powershell': 'Rename a player in every game '
                                                                                '(merges two...'}},
                                       'export': {'params': [{'option': ['--format'],
                                                              'names': ['--format'],
                                                              'flag': False,
                                                              'multiple': False,
                                                              'hidden': False,
                                                              'help': {'zsh': 'bgg, bgstats (a .bgsplay file), '
                                                                              'bgstats-push, csv or json.',
                                                                       'fish': 'bgg, bgstats (a .bgsplay file), '
                                                                               'bgstats-push, csv or json.',
                                                                       'powershell': 'bgg, bgstats (a .bgsplay '
                                                                                     'file), bgstats-push, csv or '
                                                                                     'json.'},
                                                              'complete': 'referee.cli.option_values:complete_format'},
                                                             {'argument': 'file', 'nargs': 1, 'complete': None},
                                                             {'option': ['--game'],
                                                              'names': ['--game'],
                                                              'flag': False,
                                                              'multiple': False,
                                                              'hidden': False,
                                                              'help': {'zsh': 'Only this game (its command word, '
                                                                              'as referee --help lists them).',
                                                                       'fish': 'Only this game (its command word, '
                                                                               'as referee --help lists them).',
                                                                       'powershell': 'Only this game (its command '
                                                                                     'word, as referee --help '
                                                                                     'lists them).'},
                                                              'complete': 'referee.cli.option_values:complete_game'},
                                                             {'option': ['--history'],
                                                              'names': ['--history'],
                                                              'flag': False,
                                                              'multiple': False,
                                                              'hidden': False,
                                                              'help': {'zsh': 'The history file (default\\\\: '
                                                                              '\\$REFEREE_HISTORY, else the data '
                                                                              'folder).',
                                                                       'fish': 'The history file (default: '
                                                                               '$REFEREE_HISTORY, else the data '
                                                                               'folder).',
                                                                       'powershell': 'The history file (default: '
                                                                                     '$REFEREE_HISTORY, else the '
                                                                                     'data folder).'},
                                                              'complete': None},
                                                             {'option': ['--force'],
                                                              'names': ['--force'],
                                                              'flag': True,
                                                              'multiple': False,
                                                              'hidden': False,
                                                              'help': {'zsh': 'Replace FILE if it exists.',
                                                                       'fish': 'Replace FILE if it exists.',
                                                                       'powershell': 'Replace FILE if it exists.'},
                                                              'complete': None},
                                                             {'option': ['--help'],
                                                              'names': ['--help'],
                                                              'flag': True,
                                                              'multiple': False,
                                                              'hidden': False,
                                                              'help': {'zsh': 'Show this message and exit.',
                                                                       'fish': 'Show this message and exit.',
                                                                       'powershell': 'Show this message and exit.'},
                                                              'complete': None}],
                                                  'help': {'zsh': "Export the history\\\\: BoardGameGeek''s "
                                                                  'play...',
                                                           'fish': "Export the history: BoardGameGeek's play...",
                                                           'powershell': "Export the history: BoardGameGeek's "
                                                                         'play...'}},
                                       'report': {'params': [{'option': ['-o', '--output'],
                                                              'names': ['-o', '--output'],
                                                              'flag': False,
                                                              'multiple': False,
                                                              'hidden': False,
                                                              'help': {'zsh': "The HTML file to write (''-''\\\\: "
                                                                              'standard output).',
                                                                       'fish': "The HTML file to write ('-': "
                                                                               'standard output).',
                                                                       'powershell': "The HTML file to write ('-': "
                                                                                     'standard output).'},
                                                              'complete': None},
                                                             {'option': ['--game'],
                                                              'names': ['--game'],
                                                              'flag': False,
                                                              'multiple': False,
                                                              'hidden': False,
                                                              'help': {'zsh': 'Only this game (its command word, '
                                                                              'as referee --help lists them).',
                                                                       'fish': 'Only this game (its command word, '
                                                                               'as referee --help lists them).',
                                                                       'powershell': 'Only this game (its command '
                                                                                     'word, as referee --help '
                                                                                     'lists them).'},
                                                              'complete': 'referee.cli.option_values:complete_game'},
                                                             {'option': ['--player'],
                                                              'names': ['--player'],
                                                              'flag': False,
                                                              'multiple': False,
                                                              'hidden': False,
                                                              'help': {'zsh': 'Only the games of this player.',
                                                                       'fish': 'Only the games of this player.',
                                                                       'powershell': 'Only the games of this '
                                                                                     'player.'},
                                                              'complete': None},
                                                             {'option': ['--since'],
                                                              'names': ['--since'],
                                                              'flag': False,
                                                              'multiple': False,
                                                              'hidden': False,
                                                              'help': {'zsh': 'Only games since this date '
                                                                              '(YYYY-MM-DD).',
                                                                       'fish': 'Only games since this date '
                                                                               '(YYYY-MM-DD).',
                                                                       'powershell': 'Only games since this date '
                                                                                     '(YYYY-MM-DD).'},
                                                              'complete': None},
                                                             {'option': ['--history'],
                                                              'names': ['--history'],
                                                              'flag': False,
                                                              'multiple': False,
                                                              'hidden': False,
                                                              'help': {'zsh': 'The history file (default\\\\: '
                                                                              '\\$REFEREE_HISTORY, else the data '
                                                                              'folder).',
                                                                       'fish': 'The history file (default: '
                                                                               '$REFEREE_HISTORY, else the data '
                                                                               'folder).',
                                                                       'powershell': 'The history file (default: '
                                                                                     '$REFEREE_HISTORY, else the '
                                                                                     'data folder).'},
                                                              'complete': None},
                                                             {'option': ['--force'],
                                                              'names': ['--force'],
                                                              'flag': True,
                                                              'multiple': False,
                                                              'hidden': False,
                                                              'help': {'zsh': 'Replace the file if it exists.',
                                                                       'fish': 'Replace the file if it exists.',
                                                                       'powershell': 'Replace the file if it '
                                                                                     'exists.'},
                                                              'complete': None},
                                                             {'option': ['--help'],
                                                              'names': ['--help'],
                                                              'flag': True,
                                                              'multiple': False,
                                                              'hidden': False,
                                                              'help': {'zsh': 'Show this message and exit.',
                                                                       'fish': 'Show this message and exit.',
                                                                       'powershell': 'Show this message and exit.'},
                                                              'complete': None}],
                                                  'help': {'zsh': 'A season in one page\\\\: one self-contained...',
                                                           'fish': 'A season in one page: one self-contained...',
                                                           'powershell': 'A season in one page: one '
                                                                         'self-contained...'}},
                                       'import': {'params': [{'argument': 'file', 'nargs': 1, 'complete': None},
                                                             {'option': ['--history'],
                                                              'names': ['--history'],
                                                              'flag': False,
                                                              'multiple': False,
                                                              'hidden': False,
                                                              'help': {'zsh': 'The history file (default\\\\: '
                                                                              '\\$REFEREE_HISTORY, else the data '
                                                                              'folder).',
                                                                       'fish': 'The history file (default: '
                                                                               '$REFEREE_HISTORY, else the data '
                                                                               'folder).',
                                                                       'powershell': 'The history file (default: '
                                                                                     '$REFEREE_HISTORY, else the '
                                                                                     'data folder).'},
                                                              'complete': None},
                                                             {'option': ['--help'],
                                                              'names': ['--help'],
                                                              'flag': True,
                                                              'multiple': False,
                                                              'hidden': False,
                                                              'help': {'zsh': 'Show this message and exit.',
                                                                       'fish': 'Show this message and exit.',
                                                                       'powershell': 'Show this message and exit.'},
                                                              'complete': None}],
                                                  'help': {'zsh': 'Restore a JSON export, or import a...',
                                                           'fish': 'Restore a JSON export, or import a...',
                                                           'powershell': 'Restore a JSON export, or import a...'}}},
                          'help': {'zsh': 'Every game remembered\\\\: list, show, remove,...',
                                   'fish': 'Every game remembered: list, show, remove,...',
                                   'powershell': 'Every game remembered: list, show, remove,...'}}}}
