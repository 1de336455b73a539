"""Readers from YAML nodes to the Ruleset's parts, one module per rules file (map_yaml.py reads
rules/map.yaml, and so on; facts.py holds the printed facts more than one checks).

Each reader reports problems on the nodes' marks and returns what it could read; load.py raises
them all together. Facts of the printed game are checked here (counts, symmetry, totals) so an
edit that breaks the map or the deck is caught at load time, not in play.
"""
