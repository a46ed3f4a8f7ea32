"""Golden vectors written by the Python rules engine; see loader.py for the schema."""
