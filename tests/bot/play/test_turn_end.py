"""The end of the Samurai's turn is never a surprise: said with its last action, and after it."""

from __future__ import annotations

import rules
from bot.text.help import help_text
from tests.bot.helpers import Table, keep_acting


async def _samurai_turn(table: Table) -> None:
    await table.begin()
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    await table.play(next(rules.legal_plans(table.state)))


async def test_the_last_action_says_the_turn_is_over_and_a_late_command_is_told_why(table):
    await _samurai_turn(table)
    replies = []
    while rules.legal_samurai_actions(table.state):
        action = keep_acting(table.state)
        replies.append(await table.samurai_act(action))
        table.state = rules.apply(table.state, action).state
    assert table.state.actions_used == 6
    last = "That was your last possible action: your turn is over, and the Discovery follows."
    assert last in replies[-1].response.content and not replies[-1].ephemeral
    assert all(last not in r.response.content for r in replies[:-1])
    # The command typed a moment too late is refused, privately, with the reason.
    late = await table.samurai.slash(table.channel, "goryo move", samurai="green", to="C2")
    assert late.ephemeral
    assert late.response.content.startswith("Your turn of round 1 is over: the Discovery followed it, and the Goryō "
                                            "is now planning round 2.")


async def test_before_the_first_round_the_samurai_are_told_she_is_choosing(table):
    await table.begin()
    early = await table.samurai.slash(table.channel, "goryo end")
    assert early.ephemeral and "choosing where she starts" in early.response.content


async def test_the_goryo_typing_a_samurai_command_in_her_dms_is_told_what_she_can_do(table):
    await table.begin()
    told = await table.goryo.user.slash("goryo move", samurai="green", to="C2")
    assert told.response.content.startswith("You are the Goryō: moving, searching, sniffing and ending the turn")
    assert "Now choose where you start: `/goryo start space:` with one of" in told.response.content
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    told = await table.goryo.user.slash("goryo end")
    where = rules.space_name(table.state.goryo_space)
    assert f"Now plan your path from {where}: `/goryo path spaces:`" in told.response.content
    await table.play(next(rules.legal_plans(table.state)))
    told = await table.goryo.user.slash("goryo search", samurai="red")
    assert "The Samurai are hunting now" in told.response.content
    # Nothing was played for her: the Samurai's turn is untouched.
    assert "moves" not in "".join(m.content for m in table.channel.history()[-2:])


async def test_a_samurai_player_in_dms_is_sent_to_the_channel(table):
    await table.begin()
    told = await table.samurai.user.slash("goryo move", samurai="green", to="C2")
    assert told.response.content.startswith("The Samurai act in the match's channel")


def test_the_rules_give_the_turn_limits_in_one_place():
    rules_help = help_text("rules")
    limits = ("up to 6 actions in all, with up to 3 different Samurai, one after another",
              "the earlier one is done for the turn",
              ("Each Samurai called takes 1 to 3 actions (in advanced mode, at most 2: each acts at most twice): at "
               "most 2 moves, 1 search"),
              "1 sniff")
    paragraph = next(p for p in rules_help.split("\n\n") if "the Samurai's turn" in p)
    assert all(limit in paragraph for limit in limits)
    assert len(rules_help) <= 2000


def test_the_rules_in_italian_too():
    from locales import speaking

    with speaking("it"):
        rules_help = help_text("rules")
    assert "da 1 a 3 azioni (in modalità avanzata al massimo 2: ciascuno agisce al massimo due volte)" in rules_help
    assert len(rules_help) <= 2000
