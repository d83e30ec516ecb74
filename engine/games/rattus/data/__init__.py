"""Data files of the Rattus package (the default box profile)."""
