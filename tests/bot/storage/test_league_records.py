"""The league in the store, on both backends: a finished match summarised and rated in its
transaction, and who hears which language."""

from __future__ import annotations

import rules
from bot.storage import (
    MatchRecord,
    Store,
)
from tests.bot.storage.stores import (
    ALICE,
    BOB,
    CHANNEL,
    GUILD,
    T0,
    challenge,
    first_plan,
    new_match,
    play,
)

# --- the league on both backends ----------------------------------------------------------


async def through_the_first_discovery(store: Store, match: MatchRecord) -> MatchRecord:
    match = await play(store, match, rules.ChooseStart(rules.SPACES_OF_TYPE[match.state.first_type][0]))
    match = await play(store, match, first_plan(match.state))
    return await play(store, match, rules.EndSamuraiTurn())


async def test_a_finished_match_is_summarised_and_rated_in_its_transaction_and_a_rebuild_agrees(store):
    first = await through_the_first_discovery(store, await new_match(store))
    await play(store, first, rules.Resign(rules.Side.GORYO))
    second = await through_the_first_discovery(store, await new_match(store, seed=2))
    await play(store, second, rules.Resign(rules.Side.SAMURAI))
    early = await new_match(store, seed=3)  # given up before the first Discovery: summarised, unrated
    await play(store, early, rules.Resign(rules.Side.GORYO))

    stored = await store.ratings(GUILD)
    assert set(stored) == {(GUILD, ALICE, rules.Side.GORYO), (GUILD, BOB, rules.Side.SAMURAI)}
    assert stored[(GUILD, BOB, rules.Side.SAMURAI)].wins == 1 and stored[(GUILD, BOB, rules.Side.SAMURAI)].matches == 2
    assert [s.id for s in await store.guild_summaries(GUILD)] == [early.id, second.id, first.id]  # newest first
    assert [s.id for s in await store.channel_summaries(CHANNEL, limit=1)] == [early.id]
    assert await store.rebuild_ratings() == stored


async def test_who_hears_which_language_is_stored_and_refreshed_with_each_action(store):
    from bot.records.outbox import OutboxItem

    unspoken = await challenge(store, channel_id=CHANNEL + 1)  # as every challenge before languages existed
    assert (unspoken.server_language, unspoken.challenger_language) == ("en", "en")
    posted = await challenge(store, server_language="it", challenger_language="en")
    assert (await store.get_challenge(posted.id)).server_language == "it"
    match = await store.start_match(
        challenge_id=posted.id, goryo_id=ALICE, samurai_id=BOB, state=rules.new_game(1), now=T0, goryo_language="en"
    )
    assert (match.server_language, match.goryo_language) == ("it", "en")  # the server's from its challenge

    start = rules.ChooseStart(rules.SPACES_OF_TYPE[match.state.first_type][0])
    told = [OutboxItem("narration", "public", "Il Goryō appare", language="it"),
            OutboxItem("goryo-turn", "goryo", "Plan")]
    after = await store.record_action(
        match.id, expected_version=0, actor_id=ALICE, action=start, new_state=rules.apply(match.state, start).state,
        now=T0, outbox=told, server_language=None, goryo_language="it",  # she now plays from an Italian client
    )
    assert (after.server_language, after.goryo_language) == ("it", "it")
    assert [e.item.language for e in await store.outbox_of(match.id)] == ["it", "en"]
    assert (await store.get_match(match.id)).goryo_language == "it"
    await store.set_languages(match.id, server_language="en", goryo_language="en")  # no action: no new version
    again = await store.get_match(match.id)
    assert (again.server_language, again.goryo_language, again.version) == ("en", "en", after.version)


def test_an_outbox_item_stored_before_languages_is_english():
    from bot.records.outbox import OutboxItem

    item = OutboxItem.from_row("narration", "public", '{"text":"She appears","picture":null,"answer":true}')
    assert item.language == "en"
    italian = OutboxItem("narration", "public", "Appare", language="it")
    assert OutboxItem.from_row("narration", "public", italian.payload()) == italian


def test_an_end_message_keeps_the_rating_facts_it_was_stored_with():
    from bot.records.league import Rating, RatingChange
    from bot.records.outbox import OutboxItem

    moved = (RatingChange(ALICE, rules.Side.GORYO, Rating(), Rating(26.1, 7.9, 1, 1)),
             RatingChange(BOB, rules.Side.SAMURAI, Rating(), Rating(23.9, 7.9, 1, 0)))
    for end in (OutboxItem("end", "public", "over", rating_changes=moved),
                OutboxItem("end", "public", "over", unrated=True)):
        assert OutboxItem.from_row("end", "public", end.payload()) == end
