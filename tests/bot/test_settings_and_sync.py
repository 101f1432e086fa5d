"""Settings from the environment and .env, command sync modes, and `python -m bot` without a token."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import discord
import pytest
import simcord

from bot import create_bot
from bot.settings import Settings, SettingsError, load_settings
from tests.bot.helpers import unexpected_errors


def test_defaults_without_any_setting():
    settings = load_settings({}, env_file=None)
    assert settings == Settings()
    assert settings.database == Path("goryo.sqlite3") and settings.sync == "global"
    assert settings.challenge_timeout == 900 and settings.turn_limit == 24 * 3600 and settings.seed is None


def test_env_file_read_and_environment_wins(tmp_path):
    env_file = tmp_path / ".env"
    env_file.write_text(
        "# comment\nDISCORD_TOKEN='from-file'\nGORYO_DEV_GUILD=1234\nGORYO_CHALLENGE_TIMEOUT=15m\n"
        "export GORYO_SEED=abc\nGORYO_TURN_LIMIT=2h\n",
        encoding="utf-8",
    )
    settings = load_settings({"DISCORD_TOKEN": "from-env", "GORYO_DATABASE": "x.db"}, env_file=env_file)
    assert settings.token == "from-env"
    assert settings.dev_guild == 1234 and settings.sync == "guild"  # a dev guild implies guild sync
    assert settings.challenge_timeout == 900 and settings.turn_limit == 7200
    assert settings.seed == "abc" and settings.database == Path("x.db")
    assert load_settings({"GORYO_SEED": "42"}, env_file=None).seed == 42
    assert load_settings({}, env_file=None).ai_pause == 2
    assert load_settings({"GORYO_AI_PAUSE": "0"}, env_file=None).ai_pause == 0
    assert load_settings({"GORYO_AI_PAUSE": "1.5s"}, env_file=None).ai_pause == 1.5


def test_the_service_settings_default_to_off_and_loopback():
    settings = load_settings({}, env_file=None)
    assert (settings.metrics_port, settings.metrics_host, settings.log_format) == (None, "127.0.0.1", "text")
    assert settings.proxy is None and settings.connect_patience == 300
    chosen = load_settings({"GORYO_METRICS_PORT": "9464", "GORYO_METRICS_HOST": "0.0.0.0", "GORYO_LOG_FORMAT": "JSON",
                            "GORYO_PROXY": "http://user:secret@proxy.example:3128",
                            "GORYO_CONNECT_PATIENCE": "2m"}, env_file=None)
    assert (chosen.metrics_port, chosen.metrics_host, chosen.log_format) == (9464, "0.0.0.0", "json")
    assert chosen.connect_patience == 120 and "secret" not in repr(chosen) and "proxy.example" in repr(chosen)


@pytest.mark.parametrize(
    "environ, complaint",
    [
        ({"GORYO_SYNC": "sometimes"}, "GORYO_SYNC"),
        ({"GORYO_SYNC": "guild"}, "GORYO_DEV_GUILD"),
        ({"GORYO_DEV_GUILD": "my server"}, "GORYO_DEV_GUILD"),
        ({"GORYO_CHALLENGE_TIMEOUT": "soon"}, "GORYO_CHALLENGE_TIMEOUT"),
        ({"GORYO_TURN_LIMIT": "0"}, "GORYO_TURN_LIMIT"),
        ({"GORYO_TURN_LIMIT": "inf"}, "GORYO_TURN_LIMIT"),
        ({"GORYO_LOG_LEVEL": "loud"}, "GORYO_LOG_LEVEL"),
        ({"GORYO_DEV_GUILD": "-1"}, "GORYO_DEV_GUILD"),
        ({"GORYO_AI_PAUSE": "-1"}, "GORYO_AI_PAUSE"),
        ({"GORYO_AI_PAUSE": "a while"}, "GORYO_AI_PAUSE"),
        ({"GORYO_AI_PAUSE": "600"}, "GORYO_AI_PAUSE"),
        ({"GORYO_LOG_FORMAT": "xml"}, "GORYO_LOG_FORMAT"),
        ({"GORYO_METRICS_PORT": "ninety"}, "GORYO_METRICS_PORT"),
        ({"GORYO_METRICS_PORT": "70000"}, "GORYO_METRICS_PORT"),
        ({"GORYO_PROXY": "socks5://127.0.0.1:1080"}, "GORYO_PROXY"),
        ({"GORYO_CONNECT_PATIENCE": "never"}, "GORYO_CONNECT_PATIENCE"),
    ],
)
def test_bad_settings_name_the_variable(environ, complaint):
    with pytest.raises(SettingsError, match=complaint):
        load_settings(environ, env_file=None)


def test_env_example_documents_every_setting():
    example = (Path(__file__).parents[2] / ".env.example").read_text(encoding="utf-8")
    for name in (
        "DISCORD_TOKEN", "GORYO_DATABASE", "GORYO_DEV_GUILD", "GORYO_SYNC", "GORYO_SEED",
        "GORYO_CHALLENGE_TIMEOUT", "GORYO_TURN_LIMIT", "GORYO_LOG_LEVEL", "GORYO_AI_PAUSE",
    ):
        assert f"\n{name}=" in example


async def test_guild_sync_puts_the_commands_in_the_dev_guild_only(tmp_path, drawing):
    dev_guild = 1456000000000000001
    bot = create_bot(tmp_path / "g.sqlite3", environ={}, env_file=None, dev_guild=dev_guild, sync="guild",
                     drawing=drawing)
    env = simcord.Env(bot)
    guild = env.create_guild(id=dev_guild)
    other = env.create_guild("Elsewhere")
    await env.start()
    try:
        with env.time_context():
            alice = guild.add_member(env.create_user("alice"))
            channel = guild.create_text_channel("dojo")
            assert "goryo help" in alice.available_commands(channel)
            elsewhere = other.add_member(env.create_user("bob"))
            assert "goryo help" not in elsewhere.available_commands(other.create_text_channel("x"))
            result = await alice.slash(channel, "goryo help")
            assert result.ephemeral
            # Guild commands do not exist in DMs: the Goryō is sent to the channel instead.
            bob = guild.add_member(env.create_user("bob"))
            await alice.slash(channel, "goryo challenge", opponent=bob, role="goryo")
            await bob.click(channel.history()[-1], label="Accept")
            assert f"Play your commands in {channel.mention}" in alice.user.dm_channel.history()[-1].content
            assert unexpected_errors(env) == []
    finally:
        await env.shutdown()
        await bot.store.close()


async def test_sync_off_registers_nothing(tmp_path, drawing):
    bot = create_bot(tmp_path / "o.sqlite3", environ={}, env_file=None, sync="off", drawing=drawing)
    async with simcord.run(bot) as env:
        guild = env.create_guild()
        alice = guild.add_member(env.create_user("alice"))
        assert alice.available_commands(guild.create_text_channel("dojo")) == ()
    await bot.store.close()


async def test_global_sync_allows_dms(simcord_env):
    user = simcord_env.create_user("dora")
    assert "goryo start" in user.available_commands()


def run_bot(cwd: Path, *args: str, **settings: str) -> subprocess.CompletedProcess[str]:
    """``python -m bot`` in ``cwd`` (an empty folder: no .env), with no token and these settings."""
    environ = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN" and not k.startswith("GORYO_")}
    environ.update(settings, PYTHONPATH=str(Path(__file__).parents[2]))
    return subprocess.run(
        [sys.executable, "-m", "bot", *args], cwd=cwd, env=environ, capture_output=True, text=True, timeout=60,
        check=False
    )


def test_running_without_a_token_says_what_to_set_and_how_to_try_it(tmp_path):
    done = run_bot(tmp_path)
    assert done.returncode == 2
    assert "DISCORD_TOKEN" in done.stderr and "--sandbox" in done.stderr
    assert "Traceback" not in done.stderr


def test_help_explains_the_options_the_sandbox_and_the_settings(tmp_path):
    done = run_bot(tmp_path, "--help")
    assert done.returncode == 0 and done.stderr == ""
    for word in ("--sandbox", "DISCORD_TOKEN", "GORYO_TURN_LIMIT", "GORYO_LOG_LEVEL", ".env"):
        assert word in done.stdout


@pytest.mark.parametrize(
    "name, value, accepted",
    [
        ("GORYO_TURN_LIMIT", "1 day", "24h"),
        ("GORYO_CHALLENGE_TIMEOUT", "-5", "positive"),
        ("GORYO_LOG_LEVEL", "verbose", "DEBUG, INFO, WARNING"),
        ("GORYO_SYNC", "sometimes", "global, guild, off"),
        ("GORYO_AI_PAUSE", "-2", "up to 60"),
    ],
)
def test_a_bad_setting_gets_one_clear_line_before_connecting(tmp_path, name, value, accepted):
    done = run_bot(tmp_path, **{name: value})
    assert done.returncode == 2
    [line] = done.stderr.strip().splitlines()  # one line, no traceback
    assert name in line and repr(value) in line and accepted in line
    assert "DISCORD_TOKEN" not in line  # settings are checked first: no token is needed to hear of them


def test_a_postgresql_url_is_kept_as_written():
    url = "postgresql://goryo:secret@db.example:5432/goryo"
    assert load_settings({"GORYO_DATABASE": url}, env_file=None).database == url
    assert load_settings({"GORYO_DATABASE": "data/goryo.db"}, env_file=None).database == Path("data/goryo.db")


def test_shards_are_read_as_ranges_and_checked():
    url = "postgresql://goryo@db/goryo"
    settings = load_settings({"GORYO_SHARD_COUNT": "8", "GORYO_SHARD_IDS": "0-2, 6", "GORYO_DATABASE": url},
                             env_file=None)
    assert settings.shard_count == 8 and settings.shard_ids == (0, 1, 2, 6)
    bot = create_bot(environ={"GORYO_SHARD_COUNT": "8", "GORYO_SHARD_IDS": "4-7", "GORYO_DATABASE": url}, env_file=None)
    assert isinstance(bot, discord.AutoShardedClient) and bot.shard_count == 8 and bot.shard_ids == [4, 5, 6, 7]
    assert not isinstance(create_bot(environ={}, env_file=None), discord.AutoShardedClient)
    for environ, complaint in [
        ({"GORYO_SHARD_IDS": "0-1"}, "needs GORYO_SHARD_COUNT"),
        ({"GORYO_SHARD_COUNT": "2", "GORYO_SHARD_IDS": "1-2", "GORYO_DATABASE": url}, "from 0 to 1"),
        ({"GORYO_SHARD_COUNT": "two"}, "whole number"),
        ({"GORYO_SHARD_COUNT": "4", "GORYO_SHARD_IDS": "x"}, "like 0-3"),
        ({"GORYO_SHARD_COUNT": "2", "GORYO_SHARD_IDS": "1"}, "postgresql://"),
    ]:
        with pytest.raises(SettingsError, match=complaint):
            load_settings(environ, env_file=None)
