"""Robustness: hostile input, faults and invariants at scale (issue 6)."""
