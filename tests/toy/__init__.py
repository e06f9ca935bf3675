"""A toy game (Nim) registered through :mod:`referee.registry` by the tests, to prove a new game needs a rules
package, one command-line room and one registry line, and nothing else."""

PILE = 10
"""Sticks in the pile when the setup names none (the rules' default; ``play --pile`` shows it without loading them)."""
