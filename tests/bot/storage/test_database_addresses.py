"""GORYO_DATABASE's password is never shown, and every way into the database opens it as the bot does.

One helper (bot.storage.address.redact) shows an address; these tests grep everything a start, a
failed start and each command-line action print or log for a distinctive password. The PostgreSQL
the tests start trusts local connections, so a URL carrying a password still connects to it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote, urlparse

import asyncpg
import pytest
import simcord
from hypothesis import given
from hypothesis import strategies as st

import rules
from bot import create_bot
from bot.settings import SettingsError, load_settings
from bot.storage import StoreUnavailable, open_store
from bot.storage.address import for_driver, redact, scrub
from tests.bot.helpers import Table, unexpected_errors
from tests.bot.league_history import finish_match

# @, /, ? and # unencoded, as an admin pastes it; its two ends are what the greps look for.
PASSWORD = "Zq9-p@ss/w?rd#Xk7"
PIECES = ("Zq9", "Xk7", "p@ss", "w?rd")
UNREACHABLE = f"postgresql://goryo:{PASSWORD}@127.0.0.1:1/goryo?sslmode=disable&password={PASSWORD}"
REPO = Path(__file__).parents[3]


def leaked(text: str) -> list[str]:
    """The pieces of PASSWORD found in ``text`` (decoded too, in case something percent-encoded it)."""
    return [piece for piece in PIECES if piece in text or piece in unquote(text)]


def with_password(postgres_url: str) -> str:
    """The test server's URL (``postgresql://postgres:@/t_N?host=…``) with PASSWORD in its userinfo and query."""
    assert "postgres:@" in postgres_url
    return postgres_url.replace("postgres:@", f"postgres:{PASSWORD}@", 1) + f"&password={PASSWORD}"


@pytest.mark.parametrize(
    "url, shown",
    [
        ("postgresql://goryo:secret@db.example:5432/goryo", "postgresql://goryo:***@db.example:5432/goryo"),
        # An unencoded @ (and / ? #) in the password: the userinfo ends at the last @ before the host.
        ("postgresql://goryo:p@ss@db/goryo", "postgresql://goryo:***@db/goryo"),
        ("postgres://goryo:a@b/c?d#e@db:5432/goryo?sslmode=require", "postgres://goryo:***@db:5432/goryo?sslmode=require"),
        ("postgresql://goryo:a?b@c@db/goryo", "postgresql://goryo:***@db/goryo"),
        # Secrets in the query; from the first parameter not known to be harmless on, all is hidden.
        ("postgresql://db/goryo?sslmode=require&password=hunter2", "postgresql://db/goryo?sslmode=require&password=***"),
        ("postgresql://db/goryo?password=a&b=c&sslmode=require", "postgresql://db/goryo?password=***"),
        ("postgresql://goryo@db/goryo?password=p@ss", "postgresql://goryo@db/goryo?password=***"),
        ("postgresql://db/goryo?user=me@corp&password=p@ss", "postgresql://db/goryo?user=me@corp&password=***"),
        ("postgresql://goryo:p@ss@db/goryo?user=me@corp", "postgresql://goryo:***@db/goryo?user=me@corp"),
        ("postgresql://goryo@db/goryo?passfile=/home/goryo/.pgpass", "postgresql://goryo@db/goryo?passfile=***"),
        ("postgresql://goryo@db/goryo?sslpassword=k3y&sslmode=verify-full", "postgresql://goryo@db/goryo?sslpassword=***"),
        ("postgresql:///goryo?host=/run/pg&options=-c%20x%3Dy", "postgresql:///goryo?host=/run/pg&options=***"),
        ("postgresql://db/goryo?weird", "postgresql://db/goryo?***"),
        # Several hosts, IPv6, an empty password, no password at all: shown as they are.
        ("postgresql://goryo:pw@[::1]:5432,db2:5433/goryo", "postgresql://goryo:***@[::1]:5432,db2:5433/goryo"),
        ("postgresql://postgres:@/postgres?host=/tmp/x", "postgresql://postgres:@/postgres?host=/tmp/x"),
        ("postgresql://goryo@db/goryo", "postgresql://goryo@db/goryo"),
        # What no opener takes is still redacted when a complaint quotes it.
        ("mysql://root:toor@localhost/goryo", "mysql://root:***@localhost/goryo"),
        ("postgresql:goryo:pw@db", "postgresql:goryo:***@db"),
        # A file is a file.
        ("data/goryo.sqlite3", "data/goryo.sqlite3"),
        (":memory:", ":memory:"),
    ],
)
def test_redact_hides_every_secret_part(url, shown):
    assert redact(url) == shown


_password_text = st.text(alphabet="abcXYZ019@/?#&=:%+-_.!$", min_size=1, max_size=16)


@given(password=_password_text, in_query=st.booleans(), user_in_query=st.booleans())
def test_no_password_survives_redaction_whatever_it_holds(password, in_query, user_in_query):
    secret = f"Zq9{password}Xk7"
    query = "sslmode=require" + ("&user=me@corp" if user_in_query else "")
    if in_query:
        url = f"postgresql://goryo@db.example:5432/goryo?{query}&password={secret}"
    else:
        url = f"postgresql://goryo:{secret}@db.example:5432/goryo?{query}"
    shown = redact(url)
    assert "Zq9" not in shown and "Xk7" not in shown
    assert scrub(f"failed: {secret} and {unquote(secret)}", url).count("Zq9") == 0
    if not in_query and not re.search(r"\?[A-Za-z_]+=", secret):  # "?name=" reads as a query: hidden whole
        # The driver, which splits at the first @ (asyncpg does) and decodes %xx, gets the password and host meant.
        userinfo, _, hosts = urlparse(for_driver(url)).netloc.partition("@")
        assert unquote(userinfo.partition(":")[2]) == unquote(secret) and hosts == "db.example:5432"


def test_a_url_is_never_a_sqlite_file_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for url in (f"mysql://root:{PASSWORD}@localhost/goryo", f"postgresql:goryo:{PASSWORD}@db"):
        with pytest.raises(SettingsError) as refused:
            load_settings({"GORYO_DATABASE": url}, env_file=None)
        assert "GORYO_DATABASE" in str(refused.value) and "postgresql://" in str(refused.value)
        assert leaked(str(refused.value)) == [] and "***" in str(refused.value)
        with pytest.raises(SettingsError):
            create_bot(url, environ={}, env_file=None)
        with pytest.raises(StoreUnavailable) as unopened:
            asyncio.run(open_store(url))
        assert leaked(str(unopened.value)) == []
    assert list(tmp_path.iterdir()) == []


# --- the command line: one line, a non-zero exit, never the password --------------------------------


def run_bot(cwd: Path, *args: str, **settings: str) -> subprocess.CompletedProcess[str]:
    """``python -m bot`` in ``cwd`` (an empty folder: no .env), with only these settings."""
    environ = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN" and not k.startswith("GORYO_")}
    environ.update(settings, PYTHONPATH=str(REPO))
    return subprocess.run(
        [sys.executable, "-m", "bot", *args], cwd=cwd, env=environ, capture_output=True, text=True, timeout=120,
        check=False
    )


@pytest.mark.parametrize(
    "args, settings, code",
    [
        (["--rebuild-ratings"], {"GORYO_DATABASE": UNREACHABLE}, 1),
        ([], {"GORYO_DATABASE": UNREACHABLE, "DISCORD_TOKEN": "not-a-token"}, 1),  # before Discord is tried
        (["--sandbox", "--database", UNREACHABLE], {}, 1),
        (["--rebuild-ratings"], {"GORYO_DATABASE": f"mysql://root:{PASSWORD}@localhost/goryo"}, 2),
        ([], {"GORYO_DATABASE": f"mysql://root:{PASSWORD}@localhost/goryo", "DISCORD_TOKEN": "not-a-token"}, 2),
        (["--sandbox", "--database", f"mysql://root:{PASSWORD}@localhost/goryo"], {}, 2),
    ],
    ids=["rebuild-unreachable", "start-unreachable", "sandbox-unreachable", "rebuild-bad-scheme", "start-bad-scheme",
         "sandbox-bad-scheme"],
)
def test_a_database_that_cannot_be_opened_gets_one_line_and_a_failing_exit(tmp_path, args, settings, code):
    done = run_bot(tmp_path, *args, **settings)
    assert done.returncode == code, done.stderr
    [line] = done.stderr.strip().splitlines()  # one line, no traceback
    assert line.startswith(("Cannot ", "The sandbox could not start")) and "database" in line.lower()
    assert "***@" in line and done.stdout == ""
    if code == 1:
        assert "127.0.0.1:1" in line and "Connect" in line  # which server, and why
    assert leaked(done.stdout + done.stderr) == []
    assert list(tmp_path.iterdir()) == []  # no SQLite file named after the URL


@pytest.mark.parametrize("args", [["--help"], ["--sandbox", "--help"]])
def test_help_never_shows_the_password(tmp_path, args):
    done = run_bot(tmp_path, *args, GORYO_DATABASE=UNREACHABLE)
    assert (done.returncode == 0 and "--database" in done.stdout) or "GORYO_DATABASE" in done.stdout
    assert leaked(done.stdout + done.stderr) == []


def test_rebuild_ratings_reads_the_postgresql_database(tmp_path, postgres_url):
    url = with_password(postgres_url)
    ann, ben = 101, 102

    async def seed() -> dict:
        async with await open_store(url) as store:
            await finish_match(store, guild_id=1, channel_id=10, goryo_id=ann, samurai_id=ben,
                               ending=rules.Resign(rules.Side.SAMURAI), minute=0)
            await finish_match(store, guild_id=1, channel_id=10, goryo_id=ben, samurai_id=ann,
                               ending=rules.Resign(rules.Side.SAMURAI), minute=1)
            rated = await store.all_ratings()
        connection = await asyncpg.connect(postgres_url)
        try:
            await connection.execute("UPDATE ratings SET mu = mu + 1 WHERE user_id = $1 AND role = 'goryo'", ann)
        finally:
            await connection.close()
        return rated

    async def stored() -> dict:
        async with await open_store(url) as store:
            return await store.all_ratings()

    rated = asyncio.run(seed())
    assert len(rated) == 4
    done = run_bot(tmp_path, "--rebuild-ratings", GORYO_DATABASE=url)
    assert done.returncode == 0, done.stderr
    assert "Rebuilt 4 rating(s)" in done.stdout and "1 differed from the stored ones" in done.stdout
    assert "postgresql://postgres:***@/" in done.stdout
    assert asyncio.run(stored()) == rated  # it was that database it repaired
    assert leaked(done.stdout + done.stderr) == []
    assert list(tmp_path.iterdir()) == []


def test_python_m_bot_logs_the_database_it_opened_without_its_password(tmp_path, postgres_url):
    # It migrates the database, then fails to log in to Discord with a made-up token (or to reach it at all).
    done = run_bot(tmp_path, GORYO_DATABASE=with_password(postgres_url), DISCORD_TOKEN="not-a-token", GORYO_SYNC="off")
    assert done.returncode != 0
    assert re.search(r"database postgresql://postgres:\*\*\*@/t_\d+\?host=\S+&password=\*\*\*: applied \d+ migration",
                     done.stderr), done.stderr
    assert leaked(done.stdout + done.stderr) == []
    assert list(tmp_path.iterdir()) == []


# --- the bot's own start, under SimCord ----------------------------------------------------------------


async def test_a_start_and_a_match_on_postgresql_never_log_or_print_the_password(postgres_url, caplog, capsys, drawing):
    caplog.set_level(logging.DEBUG)  # every logger, every level
    bot = create_bot(with_password(postgres_url), environ={}, env_file=None, sync="global", seed=1, drawing=drawing)
    env = simcord.Env(bot)
    await env.start()
    try:
        table = Table(env)
        await table.begin()
        await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
        assert unexpected_errors(env) == []
    finally:
        await env.shutdown()
        await bot.store.close()
    logged = "\n".join(record.getMessage() for record in caplog.records) + caplog.text
    assert "ready to play; database postgresql://postgres:***@/" in logged
    printed = capsys.readouterr()
    assert leaked(logged + printed.out + printed.err + repr(bot.settings)) == []


async def test_a_failed_start_says_which_database_without_its_password(caplog, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    caplog.set_level(logging.DEBUG)
    bot = create_bot(UNREACHABLE, environ={}, env_file=None, sync="global")
    env = simcord.Env(bot)
    with pytest.raises(StoreUnavailable) as failed:
        await env.start()
    with contextlib.suppress(Exception):
        await env.shutdown()
    assert re.fullmatch(r"cannot open the database postgresql://goryo:\*\*\*@127\.0\.0\.1:1/goryo\?sslmode=disable"
                        r"&password=\*\*\* \(.+\)", str(failed.value))
    logged = "\n".join(record.getMessage() for record in caplog.records) + caplog.text
    printed = capsys.readouterr()
    assert leaked(str(failed.value) + logged + printed.out + printed.err) == []
    assert list(tmp_path.iterdir()) == []
