"""Say what the player means: a typed command that needs a match picks the only one it can apply to, and asks
only when two or more fit; ``/goryo help`` points to the lesson only until one was begun or a match finished."""

from __future__ import annotations

import pytest

import rules

from ..helpers import Table, plan_text


async def two_matches_of_hers(table: Table):
    """Alice is the Goryō in two matches: match 1 in the table's channel, match 2 in another; both at her start."""
    await table.begin()
    other = table.guild.create_text_channel("second-table")
    await table.alice.slash(other, "goryo challenge", opponent=table.bob, role="goryo")
    offer = next(m for m in reversed(other.history()) if m.components)
    await table.bob.click(offer, label="Accept")
    state = rules.new_game(table.seed)
    return other, state


def start_of(state: rules.GameState) -> str:
    return rules.space_name(rules.SPACES_OF_TYPE[state.first_type][0])


async def test_a_typed_command_in_dms_picks_the_one_match_waiting_for_it_and_asks_only_when_two_fit(env, table):
    _, state = await two_matches_of_hers(table)
    store = env.bot.store
    # Her start, typed in her DMs: both wait for it, so she is asked which.
    asked = await table.alice.user.slash("goryo start", space=start_of(state))
    assert "You are playing 2 matches: choose one with the `match` option." in asked.response.content
    await table.alice.user.slash("goryo start", space=start_of(state), match=1)
    # Now only match 2 waits for her start: it is the one meant.
    started = await table.alice.user.slash("goryo start", space=start_of(state))
    assert "You break" in started.response.content
    assert (await store.get_match(2)).state.phase is rules.Phase.GORYO_TURN
    # Both wait for her plan: asked again. Match 1's plan in, only match 2 waits for one: it is the one meant.
    after_start = rules.apply(state, rules.ChooseStart(rules.SPACES_OF_TYPE[state.first_type][0])).state
    plan = next(rules.legal_plans(after_start))
    asked = await table.alice.user.slash("goryo path", spaces=plan_text(plan))
    assert "choose one with the `match` option" in asked.response.content
    preview = await table.alice.user.slash("goryo path", spaces=plan_text(plan), match=1)
    await table.alice.user.click(preview.response, label="Confirm")
    assert (await store.get_match(1)).state.phase is rules.Phase.SAMURAI_TURN
    preview = await table.alice.user.slash("goryo path", spaces=plan_text(plan))
    assert "goryo:plan:2:" in str(preview.response.components)  # its Confirm is match 2's
    # Its autocomplete speaks of the same match: legal paths, not "choose one".
    offered = await table.alice.user.autocomplete("goryo path", "spaces", "")
    assert offered and all("match" not in c["name"] for c in offered)


@pytest.mark.parametrize(("language", "pointer"), [("en", "New to Goryō?"), ("it", "Nuovo a Goryō?")])
async def test_help_points_to_the_lesson_only_until_one_was_begun_or_a_match_finished(
    env, table: Table, locales_of, language, pointer
):
    for member in (table.carol, table.alice):
        locales_of[member.id] = language
    help_now = await table.carol.slash(table.channel, "goryo help")
    assert help_now.response.content.startswith(pointer)
    await table.carol.user.slash("goryo learn")  # a lesson begun
    assert pointer not in (await table.carol.slash(table.channel, "goryo help")).response.content
    # A match finished (resigned), the other way to stop being a newcomer.
    assert (await table.alice.slash(table.channel, "goryo help")).response.content.startswith(pointer)
    await table.begin()
    asked = await table.alice.slash(table.channel, "goryo resign")
    await table.alice.click(asked.response, label="Resign" if language == "en" else "Arrenditi")
    assert pointer not in (await table.alice.slash(table.channel, "goryo help")).response.content


@pytest.mark.goryo(turn_limit=600.0)
async def test_a_claim_typed_in_dms_picks_the_one_match_where_the_other_side_is_to_move(env, table: Table):
    _, state = await two_matches_of_hers(table)
    await table.alice.user.slash("goryo start", space=start_of(state), match=1)
    after_start = rules.apply(state, rules.ChooseStart(rules.SPACES_OF_TYPE[state.first_type][0])).state
    preview = await table.alice.user.slash("goryo path", spaces=plan_text(next(rules.legal_plans(after_start))),
                                           match=1)
    await table.alice.user.click(preview.response, label="Confirm")
    await env.advance_time(601)  # the Samurai of match 1 are over their time; in match 2 she is the one to move
    claimed = await table.alice.user.slash("goryo claim")
    assert "is over, and you win" in claimed.response.content
    assert not (await env.bot.store.get_match(1)).is_active and (await env.bot.store.get_match(2)).is_active
