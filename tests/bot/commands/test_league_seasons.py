"""``/goryo leaderboard season:``: all time by default, this month or last month, each from its own matches."""

from __future__ import annotations

from datetime import UTC, datetime

import rules

from ..helpers import Table
from ..league_history import START, finish_match

G, S = rules.Side.GORYO, rules.Side.SAMURAI


def minutes_from_start(moment: datetime) -> int:
    return int((moment - START).total_seconds() // 60)


async def test_a_season_counts_only_the_matches_that_finished_in_it(env, table: Table):
    # SimCord's clock stands on 1 January 2026: Alice won three as the Goryō in December, Carol three in January.
    store = env.bot.store
    for day, goryo in ((10, table.alice), (11, table.alice), (12, table.alice)):
        await finish_match(store, guild_id=table.guild.id, channel_id=table.channel.id, goryo_id=goryo.id,
                           samurai_id=table.bob.id, ending=rules.Resign(S),
                           minute=minutes_from_start(datetime(2025, 12, day, tzinfo=UTC)))
    for hour, goryo in ((1, table.carol), (2, table.carol), (3, table.carol)):
        await finish_match(store, guild_id=table.guild.id, channel_id=table.channel.id, goryo_id=goryo.id,
                           samurai_id=table.bob.id, ending=rules.Resign(S),
                           minute=minutes_from_start(datetime(2026, 1, 1, 0, tzinfo=UTC)) - 60 * (4 - hour) + 60 * 4)

    async def board(**season) -> str:
        shown = await table.bob.slash(table.channel, "goryo leaderboard", role="goryo", **season)
        assert not shown.ephemeral
        [embed] = shown.response.embeds
        return embed.description

    all_time = await board()
    assert table.alice.mention in all_time and table.carol.mention in all_time
    assert "Matches finished from" not in all_time
    this_month = await board(season="this_month")
    assert table.carol.mention in this_month and table.alice.mention not in this_month
    assert "Matches finished from <t:1767225600:D>" in this_month  # 1 January 2026
    last_month = await board(season="last_month")
    assert table.alice.mention in last_month and table.carol.mention not in last_month
    assert await board(season="all_time") == all_time
