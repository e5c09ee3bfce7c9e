"""ventila: the proceedings of Puerto Rico's public ethics bodies, run to the day."""

__version__ = "0.1.0"
