"""referee: a command-line referee and scorekeeper for Coin Age, The Builders: Middle Ages and Matchstick Tycoon."""

__version__ = "0.1.0"
