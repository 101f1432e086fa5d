"""Whole matches, challenge to final reveal, through slash commands, buttons and DMs."""

from __future__ import annotations

import pytest

import rules
from tests.bot.helpers import EndedByItself, Table, live_board
from tests.bot.scripts import scripted_match
from words.phrases import plan_name
from words.phrases import reason as end_reason

T = rules.Termination
ENDINGS = {
    T.CAPTURED_THRICE: ("The Samurai win", "three times"),
    T.EXORCISED: ("The Samurai win", "exorcise"),
    T.NO_LEGAL_PLAN: ("The Samurai win", "no legal path"),
    T.SURVIVED_FOUR_ROUNDS: ("The Goryō wins", "all four rounds"),
}


def _seeded(ending: rules.Termination):
    seed, _ = scripted_match(ending)
    return pytest.param({"seed": seed}, ending, id=ending.value)


@pytest.mark.parametrize("bot_settings, ending", [_seeded(e) for e in ENDINGS], indirect=["bot_settings"])
async def test_a_whole_match_to_each_ending(env, bot_settings, ending):
    seed, actions = scripted_match(ending)
    table = Table(env, seed=seed)
    await table.begin()

    for action in actions:
        before = table.state
        dm_before = len(table.goryo_dm())
        board_before = (live_board(table).attachments[0].description if before.phase is rules.Phase.SAMURAI_TURN
                        else None)
        result = await table.play(action)
        after = table.state
        if isinstance(action, rules.ChooseStart):
            reply = result.response  # in her DMs
            if not after.is_over:
                assert "Round 1 of 4" in reply.content and reply.attachments[0].filename == "goryo-private.png"
            narrations = [m for m in table.channel.history() if "appears on" in m.content]
            assert len(narrations) == 1 and rules.space_name(action.space) in narrations[0].content
        elif isinstance(action, rules.Plan):
            assert "Locked in" in result.response.message.content
            ping = table.channel.history()[-1]
            assert table.samurai.mention in ping.content and "planned her path" in ping.content
            assert ping.attachments[0].filename == "goryo-board.png"
            assert rules.space_name(action.target) not in ping.content
        elif isinstance(action, (rules.Search, rules.Sniff)):
            reply = result.response
            assert not reply.ephemeral
            answer = rules.answer(before.plan, rules.samurai_turn.investigated_space(before, action))
            assert ("**yes**" if answer else "**no**") in reply.content
            # The words stay as text; the picture is redrawn on the turn's one live board message.
            assert not reply.attachments
            board = live_board(table).attachments[0]
            assert board.filename == "goryo-board.png" and board.description and board.description != board_before
            pictures = [m for m in table.channel.history()
                        if m.attachments and m.attachments[0].filename == "goryo-board.png"]
            assert len(pictures) == 2 + after.round  # the two opening boards, then one live board per Samurai turn
        elif isinstance(action, rules.Move):
            assert f"moves from {rules.space_name(before.samurai_space(action.samurai))}" in result.response.content
        elif isinstance(action, rules.EndSamuraiTurn):
            reply = result.response
            assert "Her path was " + plan_name(before.plan.path) in reply.content
            assert f"She breaks the {rules.OBJECT_AT[before.plan.target]}" in reply.content
            assert "paw-print" in reply.content or after.outcome.termination is T.EXORCISED
            if after.spirits > before.spirits:
                assert "captures her spirit" in reply.content or "capture her spirit" in reply.content
            for drawn in after.drawn[len(before.drawn):]:
                assert f"{drawn} token is drawn" in reply.content
            assert reply.attachments[0].filename == "goryo-discovery.png"
            if not after.is_over:
                dm = table.goryo_dm()
                # her DM came with the last action
                assert len(dm) == dm_before + (0 if isinstance(result, EndedByItself) else 1)
                assert f"Round {after.round} of 4" in dm[-1].content and dm[-1].attachments

    assert table.state.is_over and table.state.outcome.termination is ending
    winner_words, reason = ENDINGS[ending]
    final = table.channel.history()[-1]
    assert winner_words in final.content and reason in final.content
    assert reason in end_reason(table.state.outcome)
    assert f"bound object was the **{table.state.bound}**" in final.content
    assert final.attachments[0].filename == "goryo-final.png"
    assert table.goryo.mention in final.content and table.samurai.mention in final.content
    told = table.goryo_dm()[-1]  # she may be playing from her DMs: the end reaches her there too
    her_result = "you win" if table.state.outcome.winner is rules.Side.GORYO else "the Samurai win"
    assert f"is over, and {her_result}" in told.content and f"**{table.state.bound}**" in told.content
    assert told.attachments[0].filename == "goryo-final.png"
    # The match is over: the channel is free for a new challenge.
    assert not (await table.challenge(by=table.carol, opponent=table.alice)).ephemeral


@pytest.mark.parametrize("resigner", ["goryo", "samurai"])
async def test_resignation_ends_the_match(table: Table, resigner):
    await table.begin()
    first = rules.SPACES_OF_TYPE[table.state.first_type][0]
    await table.play(rules.ChooseStart(first))
    if resigner == "goryo":
        asked = await table.goryo.user.slash("goryo resign")  # from her DMs
        result = await table.goryo.user.click(asked.response, label="Resign")
        winner = "The Samurai win"
    else:
        asked = await table.samurai.slash(table.channel, "goryo resign")
        assert asked.ephemeral
        result = await table.samurai.click(asked.response, label="Resign")
        winner = "The Goryō wins"
    assert "You resigned" in result.response.message.content and result.response.message.components == []
    final = table.channel.history()[-1]
    assert winner in final.content and "resigned" in final.content
    assert table.goryo.mention in final.content and table.samurai.mention in final.content
    told = table.goryo_dm()[-1]
    assert "is over" in told.content and told.attachments[0].filename == "goryo-final.png"
    assert f"**{table.state.bound}**" in final.content
    assert final.attachments[0].filename == "goryo-final.png"
    refused = await table.samurai.slash(table.channel, "goryo status")
    assert refused.ephemeral and "No match" in refused.response.content
