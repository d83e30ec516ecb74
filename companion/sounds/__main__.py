"""``python -m companion.sounds``: write the announcement sounds again (see the package docstring)."""

from companion.sounds import write_all

for p in write_all():
    print(f"{p} ({p.stat().st_size} bytes)")
