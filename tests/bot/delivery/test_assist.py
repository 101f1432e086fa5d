"""A whole match with ``assist:true`` through SimCord: the aid in the pictures, their alt texts and the
channel's words, with the numbers of a brute-force count; the round summary after each Discovery; a
restart redraws the same picture. And without the aid: no overlay, no count, but the summary still."""

from __future__ import annotations

import pytest

import render
import rules
import words
from bot.text.against_the_bot import ai_samurai_turn
from bot.text.challenges import AID_ON
from bot.text.match import aid_turn_start
from tests.bot.aid_oracle import expected_aid, expected_summary
from tests.bot.helpers import EndedByItself, Table, live_board
from tests.bot.scripts import scripted_match

SEED, ACTIONS = scripted_match(rules.Termination.SURVIVED_FOUR_ROUNDS)
AID_WORDS = ("paths fit", "paths still fit", "paths fits", "Deduction aid")


def public_picture(state: rules.GameState, aid: words.DeductionAid | None) -> tuple[bytes, str]:
    view = rules.public_view(state)
    return render.public_board(view, aid), words.describe_public(view, aid)[:1024]


async def attachment(message) -> tuple[bytes, str]:
    picture = message.attachments[0]
    return await picture.read(), picture.description


@pytest.mark.goryo(seed=SEED)
async def test_a_whole_match_with_the_aid_on(env, make_bot):
    table = Table(env, seed=SEED)
    posted = await table.challenge(role="goryo", assist=True)
    assert AID_ON in posted.response.content
    await table.answer("Accept")
    table.goryo, table.samurai = table.alice, table.bob
    table.state = rules.new_game(SEED)
    accepted = [m for m in table.channel.history() if "Challenge accepted" in m.content]
    assert len(accepted) == 1 and AID_ON in accepted[0].content

    summaries = investigations = 0
    restarted = False
    for action in ACTIONS:
        before = table.state
        result = await table.play(action)
        after = table.state
        if isinstance(action, rules.Plan):
            aid = expected_aid(after)
            assert aid.paths_possible == aid.paths_total  # no answer yet this round
            ping = live_board(table)
            assert aid_turn_start(aid.paths_total) in ping.content
            assert await attachment(ping) == public_picture(after, aid)
        elif isinstance(action, (rules.Search, rules.Sniff)):
            investigations += 1
            aid = expected_aid(after)
            assert words.aid_line(aid) in result.response.content
            if aid.paths_possible == 1:
                assert "Only one of her paths fits the answers" in result.response.content
            if not after.is_over and after.phase is rules.Phase.SAMURAI_TURN:
                picture, alt = await attachment(live_board(table))
                assert (picture, alt) == public_picture(after, aid)
                assert alt.startswith(words.describe_public(rules.public_view(after))[:20])
                assert words.aid_line(aid) in alt
                status = await table.carol.slash(table.channel, "goryo status")
                assert "Deduction aid: on. " + words.aid_line(aid) in status.response.content
                if not restarted:  # the match keeps its option, and the picture is drawn the same again
                    restarted = True
                    await env.restart_bot(make_bot())
                    board = await table.carol.slash(table.channel, "goryo board")
                    assert await attachment(board.followups[0] if not board.response.attachments else board.response) \
                        == (picture, alt)
        elif isinstance(action, rules.Move):
            assert not any(words in result.response.content for words in AID_WORDS)
        elif isinstance(action, rules.EndSamuraiTurn):
            discovery = result.response
            assert expected_summary(before) in discovery.content
            assert "Before the Discovery" in discovery.content.splitlines()[-1]
            summaries += 1
            assert not isinstance(result, EndedByItself) or "no action left" in discovery.content

    assert table.state.is_over and summaries == 4 and investigations and restarted


@pytest.mark.goryo(seed=SEED)
async def test_without_the_aid_no_overlay_and_no_count_but_the_round_summary_still(env):
    table = Table(env, seed=SEED)
    posted = await table.challenge(role="goryo")
    assert AID_ON not in posted.response.content
    await table.answer("Accept")
    table.goryo, table.samurai = table.alice, table.bob
    table.state = rules.new_game(SEED)
    first_round = ACTIONS[: next(i for i, a in enumerate(ACTIONS) if isinstance(a, rules.EndSamuraiTurn)) + 1]
    for action in first_round:
        before = table.state
        result = await table.play(action)
        after = table.state
        if isinstance(action, (rules.Search, rules.Sniff, rules.Plan)):
            text = live_board(table).content if isinstance(action, rules.Plan) else result.response.content
            assert not any(words in text for words in AID_WORDS)
            assert await attachment(live_board(table)) == public_picture(after, None)
        if isinstance(action, rules.EndSamuraiTurn):
            assert expected_summary(before) in result.response.content
    status = await table.carol.slash(table.channel, "goryo status")
    assert "Deduction aid" not in status.response.content


async def test_the_same_state_with_and_without_the_aid_are_two_pictures_never_mixed_up(drawing):
    state = rules.new_game(SEED)
    for action in ACTIONS[:3]:  # her start, her plan, one Samurai action: a Samurai turn
        state = rules.apply(state, action).state
    assert state.phase is rules.Phase.SAMURAI_TURN
    plain = await drawing.public_board(state)
    aided = await drawing.public_board(state, assist=True)
    again = await drawing.public_board(state)
    assert (plain.png, plain.description) == public_picture(state, None) == (again.png, again.description)
    assert (aided.png, aided.description) == public_picture(state, expected_aid(state))


def the_bot(env):
    import simcord

    return simcord.UserHandle(env, env.backend.bot_user)


@pytest.mark.goryo(ai_pause=0)
async def test_against_the_bots_goryo_the_aid_is_on_the_same_way(env):
    table = Table(env)
    began = await table.alice.slash(table.channel, "goryo challenge", opponent=the_bot(env), role="samurai",
                                    level="easy", assist=True)
    assert AID_ON in began.response.content
    record = await env.bot.store.active_match_in(table.channel.id)
    assert record.assist and record.state.phase is rules.Phase.SAMURAI_TURN  # she has planned already
    aid = expected_aid(record.state)
    assert aid_turn_start(aid.paths_total) in live_board(table).content
    search = next(a for a in rules.legal_samurai_actions(record.state) if isinstance(a, (rules.Search, rules.Sniff)))
    table.samurai = table.alice
    answered = await table.samurai_act(search)
    after = (await env.bot.store.get_match(record.id)).state
    assert words.aid_line(expected_aid(after)) in answered.response.content
    assert await attachment(live_board(table)) == public_picture(after, expected_aid(after))


@pytest.mark.goryo(ai_pause=0)
async def test_against_the_bots_samurai_its_turn_announcement_keeps_the_aid(env):
    table = Table(env)
    await table.alice.slash(table.channel, "goryo challenge", opponent=the_bot(env), role="goryo", level="easy",
                            assist=True)
    table.goryo = table.alice
    table.state = (await env.bot.store.active_match_in(table.channel.id)).state
    start = rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0])
    await table.play(start)
    plan = next(rules.legal_plans(table.state))
    await table.play(plan)
    planned = rules.apply(rules.apply(rules.new_game(1), start).state, plan).state
    announced = [m for m in table.channel.history() if m.content.startswith(ai_samurai_turn(1))]
    assert len(announced) == 1
    assert aid_turn_start(expected_aid(planned).paths_total) in announced[0].content
