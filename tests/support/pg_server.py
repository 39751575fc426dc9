"""A throw-away PostgreSQL server for the tests: ``initdb`` into a temporary
directory, ``pg_ctl start`` listening on a unix socket in that directory only
(no TCP port, so no clash with anything else on the machine), stopped and
removed at the end of the session.

The server binaries are looked for in ``ARBITRE_PG_BIN``, then on ``PATH``,
then where Debian's ``postgresql`` package puts them
(``/usr/lib/postgresql/<version>/bin``, the newest version first). PostgreSQL
refuses to run as root: as root, the cluster belongs to the ``postgres``
user (``nobody`` where there is none) and its commands run through
``runuser``, the way Debian's ``pg_virtualenv`` does it.
"""

from __future__ import annotations

import os
import pwd
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from itertools import count
from pathlib import Path

__all__ = ["PgServer", "find_bin_dir", "SKIP_ENV", "MISSING"]

#: Set to 1 to skip the PostgreSQL tests on a machine without the server
#: (they fail otherwise: CI installs it, and must not pass without it).
SKIP_ENV = "ARBITRE_SKIP_PG"

MISSING = ("No PostgreSQL server binaries (initdb, pg_ctl) were found in ARBITRE_PG_BIN, on "
           f"PATH or in /usr/lib/postgresql/*/bin: install them (apt-get install postgresql), "
           f"or set {SKIP_ENV}=1 to skip the PostgreSQL tests")

#: the superuser initdb creates, and the database the tests use
USER = DATABASE = "arbitre"


def _version(path: Path) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", path.parent.name))


def find_bin_dir() -> Path | None:
    """The directory holding ``initdb`` and ``pg_ctl``, or None."""
    candidates: list[Path] = []
    configured = os.environ.get("ARBITRE_PG_BIN", "").strip()
    if configured:
        candidates.append(Path(configured))
    on_path = shutil.which("pg_ctl")
    if on_path:
        candidates.append(Path(on_path).resolve().parent)
    candidates += sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=_version, reverse=True)
    for folder in candidates:
        if all((folder / tool).is_file() for tool in ("initdb", "pg_ctl", "postgres")):
            return folder
    return None


def _run_as() -> tuple[list[str], str | None]:
    """The command prefix to run the server's tools, and the user owning the cluster."""
    if os.geteuid() != 0:
        return [], None
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
        except KeyError:
            continue
        return [shutil.which("runuser") or "runuser", "-u", name, "--"], name
    raise RuntimeError("running as root with neither a postgres nor a nobody user: "
                       "PostgreSQL cannot run as root")


@dataclass
class PgServer:
    bin_dir: Path
    #: short, under /tmp: a unix socket path must stay under 108 bytes
    root: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="arbitre-pg-",
                                                                     dir="/tmp")))
    _schemas: count[int] = field(default_factory=lambda: count(1))

    @property
    def data(self) -> Path:
        return self.root / "data"

    def _tool(self, *args: str) -> subprocess.CompletedProcess[str]:
        prefix, _ = _run_as()
        return subprocess.run([*prefix, *args], capture_output=True, text=True, timeout=60,
                              check=False)

    def start(self) -> PgServer:
        _, owner = _run_as()
        if owner is not None:
            os.chmod(self.root, 0o755)
            shutil.chown(self.root, user=owner)
        steps = [
            # --no-sync and fsync off: a test cluster, thrown away at the end.
            [str(self.bin_dir / "initdb"), "-D", str(self.data), "-U", USER, "--auth=trust",
             "--encoding=UTF8", "--locale=C", "--no-sync"],
            [str(self.bin_dir / "pg_ctl"), "-D", str(self.data), "-l",
             str(self.root / "server.log"), "-w", "-t", "60", "-o",
             f"-c listen_addresses='' -k {self.root} -c fsync=off -c synchronous_commit=off "
             "-c full_page_writes=off -c max_connections=100", "start"],
        ]
        for step in steps:
            done = self._tool(*step)
            if done.returncode != 0:
                log = self.root / "server.log"
                tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
                self.remove()
                raise RuntimeError(f"{Path(step[0]).name} failed ({done.returncode}): "
                                   f"{done.stderr.strip()}\n{tail}")
        import psycopg

        with psycopg.connect(self.url("postgres"), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {DATABASE}")
        return self

    def url(self, database: str = DATABASE, schema: str | None = None) -> str:
        """A URL for the server's socket; with ``schema``, the only schema seen."""
        url = f"postgresql://{USER}@/{database}?host={self.root}"
        if schema is not None:
            url += f"&options=-csearch_path%3D{schema}"
        return url

    def fresh_url(self) -> str:
        """A URL to an empty schema of its own: one test's database."""
        import psycopg

        schema = f"t{next(self._schemas)}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f"CREATE SCHEMA {schema}")
        return self.url(schema=schema)

    def stop(self) -> None:
        self._tool(str(self.bin_dir / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w",
                   "stop")
        self.remove()

    def remove(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)


def count_rows(target: str | Path, table: str) -> int:
    """Rows in ``table`` of either back end's database, read directly (not
    through a store: what a store shows depends on who asks)."""
    query = f"SELECT count(*) FROM {table}"
    from bot.store_api import is_database_url

    if is_database_url(target):
        import psycopg

        with psycopg.connect(str(target)) as conn:
            row = conn.execute(query.encode()).fetchone()
    else:
        import sqlite3

        with sqlite3.connect(target) as conn:
            row = conn.execute(query).fetchone()
        conn.close()
    return int(row[0]) if row else 0


def table_columns(target: str | Path, table: str) -> set[str]:
    """The column names of ``table`` in either back end's database."""
    from bot.store_api import is_database_url

    if is_database_url(target):
        import psycopg

        with psycopg.connect(str(target)) as conn:
            rows = conn.execute("SELECT column_name FROM information_schema.columns WHERE "
                                "table_schema = current_schema() AND table_name = %s",
                                (table,)).fetchall()
        return {str(row[0]) for row in rows}
    import sqlite3

    with sqlite3.connect(target) as conn:
        names = {str(row[1]) for row in conn.execute(f"PRAGMA table_info({table})")}
    conn.close()
    return names
