"""Make the PostgreSQL database of a URL if it is missing (``make test-pg``).

Usage: python -m tools.database_ensure postgres://user@host:port/name
"""

from __future__ import annotations

import sys

import psycopg
from psycopg import sql
from psycopg.conninfo import conninfo_to_dict


def database_ensure(url: str) -> bool:
    """Create the database ``url`` names unless it exists; whether it was created."""
    name = str(conninfo_to_dict(url).get("dbname") or "")
    if not name:
        raise SystemExit(f"no database name in {url!r}")
    with psycopg.connect(url, dbname="postgres", autocommit=True, connect_timeout=5) as conn:
        found = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
        if found is None:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    return found is None


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        created = database_ensure(argv[0])
    except psycopg.OperationalError as refused:
        print(
            f"test-pg: no PostgreSQL answers at {argv[0]} ({refused}); start one, "
            "or set TEST_DATABASE_URL",
            file=sys.stderr,
        )
        return 1
    if created:
        print(f"test-pg: created the database of {argv[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
