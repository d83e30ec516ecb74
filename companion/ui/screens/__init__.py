"""The shell's screens: start, new table, hosted table, join, resume, census, and the table/seat screen."""
