"""The toy game's registry line: imported through ``REFEREE_EXTRA_GAMES`` (set for the whole test suite by
``tests/conftest.py``), so every loop over the registry, in the tests and in each ``referee`` they start, covers it."""

from referee.registry import N_, GameEntry, GameFacts, register

register(GameEntry("nim", N_("Nim"), "tests.toy.rules", "tests.toy", GameFacts(result_kind="ranking")))
