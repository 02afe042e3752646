"""The GM's desk for Hypereconomic games: docks and panels over document/hyper_*."""
