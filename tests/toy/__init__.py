"""A toy game (Nim) registered through :mod:`referee.registry` by the tests, to prove a new game needs a rules
package, one command-line room and one registry line, and nothing else."""
