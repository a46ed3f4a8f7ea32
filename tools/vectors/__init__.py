"""The golden vectors' generator: the Python engine's answers, written for both engines.

``python -m tools.vectors tests/vectors`` (``make vectors``) rewrites ``tests/vectors/``
and the browser's ``ruleset.json`` and ``classic/computers.json``. Tooling, not the game:
it imports the engine, the engine never imports it.
"""

from tools.vectors.write import (
    COMPUTERS_JSON,
    RULESET_JSON,
    computers_render,
    main,
    ruleset_render,
    vectors_render,
    vectors_write,
)

__all__ = [
    "COMPUTERS_JSON",
    "RULESET_JSON",
    "computers_render",
    "main",
    "ruleset_render",
    "vectors_render",
    "vectors_write",
]
