"""Development tools that import the engine and are never shipped in it."""
