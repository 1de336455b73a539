"""Batch simulation: many AI-against-stand-in games, their statistics, parallel workers."""
