"""Autocomplete through SimCord: each option offers what the rules allow the caller now, in their language.

The lists themselves are checked against the rules over many random positions in
``test_choices_legal``; here the real bot is asked, as Discord asks it while a player types.
"""

from __future__ import annotations

import random

import pytest

import rules
from rules.playout import random_action
from tests.bot.helpers import Table, paired_table


def _values(offered: list[dict]) -> list[str]:
    return [c["value"] for c in offered]


def _spaces(spaces) -> list[str]:
    return [rules.space_name(s) for s in spaces]


async def _to_samurai_turn(table: Table, plan: rules.Plan | None = None) -> None:
    await table.begin()
    await table.play(rules.ChooseStart(rules.SPACES_OF_TYPE[table.state.first_type][0]))
    await table.play(plan or next(rules.legal_plans(table.state)))


async def test_every_option_offers_what_the_rules_allow_all_through_a_random_match(table):
    """At each step of a random match, as each side types: the legal set, whole, in board order."""
    await table.begin()
    rng = random.Random(5)
    samurai, goryo = table.samurai, table.goryo
    checked = 0
    while not table.state.is_over:
        state = table.state
        if state.phase is rules.Phase.SETUP:
            legal = _spaces(s for s in rules.SPACES if rules.is_legal(state, rules.ChooseStart(s)))
            assert _values(await goryo.user.autocomplete("goryo start", "space", "")) == legal
        elif state.phase is rules.Phase.GORYO_TURN:
            offered = _values(await goryo.user.autocomplete("goryo path", "spaces", ""))
            fitting = [p for p in rules.legal_paths(state)]
            assert all(any(" ".join(_spaces(p)).startswith(v.strip()) for p in fitting) for v in offered)
        else:
            for command in ("move", "search", "sniff"):
                kind = {"move": rules.Move, "search": rules.Search, "sniff": rules.Sniff}[command]
                able = sorted({a.samurai.value for a in rules.legal_samurai_actions(state) if isinstance(a, kind)})
                offered = _values(await samurai.autocomplete(table.channel, f"goryo {command}", "samurai", ""))
                assert sorted(offered) == able or (not able and offered == ["?"])
            for who in rules.Samurai:
                moves = _spaces(s for s in rules.SPACES if rules.is_legal(state, rules.Move(who, s)))
                sniffs = _spaces(s for s in rules.SPACES if rules.is_legal(state, rules.Sniff(who, s)))
                got = _values(await samurai.autocomplete(table.channel, "goryo move", "to", "", samurai=who.value))
                assert got == (moves or ["?"])
                got = _values(await samurai.autocomplete(table.channel, "goryo sniff", "space", "", samurai=who.value))
                assert got == (sniffs or ["?"])
        checked += 1
        action = random_action(state, rng)
        if isinstance(action, rules.Plan) and action.false_trail is not None:
            # What her typed plan's False Trail may be: every space the rules accept for it.
            text = " ".join(_spaces(action.path))
            legal = _spaces(s for s in rules.SPACES if rules.is_legal(state, rules.Plan(action.path, s)))
            offered = _values(await goryo.user.autocomplete("goryo path", "false_trail", "", spaces=text))
            assert offered == legal[:25]
            assert rules.space_name(action.false_trail) in _values(
                await goryo.user.autocomplete("goryo path", "false_trail", rules.space_name(action.false_trail)[0],
                                              spaces=text))
        await table.play(action)
    assert checked > 10


async def test_a_bystander_and_the_wrong_side_get_one_line_saying_why(table):
    await _to_samurai_turn(table)
    [line] = await table.carol.autocomplete(table.channel, "goryo move", "to", "", samurai="green")
    assert line["name"] == "You are not playing this match: watch it with /goryo board."
    [line] = await table.goryo.autocomplete(table.channel, "goryo sniff", "samurai", "")
    assert line["name"] == "You are the Goryō: moving, searching and sniffing are the Samurai's."
    [line] = await table.goryo.user.autocomplete("goryo path", "spaces", "")
    assert line["name"] == "Not your turn: the Samurai are hunting."
    # Her plans reach only her: the Samurai player and a bystander asking for them get a line, never a path.
    for other in (table.samurai, table.carol):
        [line] = await other.autocomplete(table.channel, "goryo path", "spaces", "")
        assert line["value"] == "?" and "→" not in line["name"]
    [line] = await table.samurai.autocomplete(table.channel, "goryo move", "to", "")
    assert line["name"] == "Choose the Samurai first, in samurai:"
    # Picking such a line sends its value, which the command refuses, changing nothing.
    refused = await table.samurai.slash(table.channel, "goryo move", samurai="green", to=line["value"])
    assert refused.ephemeral and "is not a space" in refused.response.content
    # In a channel with no match, and in a DM for the Samurai's commands.
    other = table.guild.create_text_channel("elsewhere")
    [line] = await table.samurai.autocomplete(other, "goryo move", "samurai", "")
    assert line["name"] == "No match is being played in this channel."
    [line] = await table.samurai.user.autocomplete("goryo move", "samurai", "")
    assert line["name"].startswith("The Samurai act in the match's channel")


async def test_a_samurai_who_has_done_his_share_is_no_longer_offered(table):
    await _to_samurai_turn(table)
    green_moves = [a for a in rules.legal_samurai_actions(table.state) if isinstance(a, rules.Move)
                   and a.samurai is rules.Samurai.GREEN]
    await table.play(green_moves[0])
    first = _values(await table.samurai.autocomplete(table.channel, "goryo move", "samurai", ""))
    assert first[0] == "green"  # the one acting first
    other = next(a for a in rules.legal_samurai_actions(table.state) if a.samurai is rules.Samurai.PURPLE)
    await table.play(other)
    offered = _values(await table.samurai.autocomplete(table.channel, "goryo move", "samurai", ""))
    assert "green" not in offered and offered[0] == "purple"


async def test_the_samurai_are_offered_the_same_whatever_her_plan(env):
    """Paired: two matches with the same public history and different secret plans offer the same choices."""
    seen = []
    for name in ("first", "second"):
        # Different plans, one with a False Trail: nothing of them is public until the Discovery.
        table = await paired_table(env, name)
        # Moves only, the same in both: the public history stays the same.
        for _ in range(2):
            move = next(a for a in rules.legal_samurai_actions(table.state) if isinstance(a, rules.Move))
            await table.play(move)
        offers = []
        for command, option in (("move", "samurai"), ("search", "samurai"), ("sniff", "samurai")):
            offers.append(await table.samurai.autocomplete(table.channel, f"goryo {command}", option, ""))
        for who in rules.Samurai:
            offers.append(await table.samurai.autocomplete(table.channel, "goryo move", "to", "", samurai=who.value))
            offers.append(await table.samurai.autocomplete(table.channel, "goryo sniff", "space", "",
                                                           samurai=who.value))
        seen.append(offers)
    assert seen[0] == seen[1]


async def test_italian_labels_plain_values_and_the_italian_name_typed(table, locales_of):
    await _to_samurai_turn(table)
    locales_of[table.samurai.id] = "it"
    offered = await table.samurai.autocomplete(table.channel, "goryo move", "samurai", "")
    assert {c["name"].split(" · ")[0] for c in offered} >= {"Verde", "Viola"}
    assert {c["value"] for c in offered} >= {"green", "purple"}
    assert any(c["name"] == "Verde · su B2" for c in offered)
    # Typing the Italian name filters, and the command takes it as typed.
    assert _values(await table.samurai.autocomplete(table.channel, "goryo move", "samurai", "ver")) == ["green"]
    targets = await table.samurai.autocomplete(table.channel, "goryo move", "to", "", samurai="verde")
    assert {"name": "C2 · Urna", "value": "C2"} in targets
    done = await table.samurai.slash(table.channel, "goryo move", samurai="verde", to="C2")
    assert not done.ephemeral and "C2" in done.response.content
    # The English labels for an English client.
    english = await table.goryo.user.autocomplete("goryo status", "match", "")
    assert english  # her own list is unchanged
    locales_of[table.samurai.id] = "en-US"
    targets = await table.samurai.autocomplete(table.channel, "goryo sniff", "space", "", samurai="green")
    assert all(" · " in c["name"] and c["name"].startswith(c["value"]) for c in targets)
    assert {"name": "C1 · Mask", "value": "C1"} in targets and {"name": "B2 · centre", "value": "B2"} in targets


@pytest.mark.parametrize("typed", ["urn", "Urn"])
async def test_typing_an_objects_name_finds_its_space(table, typed):
    await _to_samurai_turn(table)
    offered = await table.samurai.autocomplete(table.channel, "goryo move", "to", typed, samurai="green")
    assert offered == [{"name": "C2 · Urn", "value": "C2"}]
