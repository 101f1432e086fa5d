"""The sandbox plays the components and the autocomplete: a match without typing a space (issue 22)."""

from __future__ import annotations

import random

import rules
from bot.sandbox.command_line import Focus, focus
from tests.bot.sandbox.conftest import SEED, Browser


async def _choices(browser: Browser, who: str, place: str, text: str) -> list[dict]:
    answer = await browser._post("/api/autocomplete", {"as": who, "place": place, "text": text})
    assert answer["ok"], answer
    return answer["choices"]


def _controls(messages: list[dict], prefix: str) -> tuple[dict, dict] | None:
    """The newest message with components whose custom ids begin with ``prefix``, and those by their last part."""
    for message in reversed(messages):
        found = {item["customId"].rsplit(":", 1)[1]: item for row in message["rows"] for item in row
                 if (item.get("customId") or "").startswith(prefix)}
        if found:
            return message, found
    return None


async def _use(browser: Browser, who: str, place: str, prefix: str, what: str, value: str | None = None) -> dict:
    message, items = _controls(await browser.messages(who, place), prefix)
    body = {"as": who, "place": place, "message": message["id"], "customId": items[what]["customId"]}
    if value is not None:
        body["values"] = [value]
    answer = await browser._post("/api/press", body)
    assert answer["ok"] and not answer["refused"], answer
    return answer


def test_the_option_being_typed_is_found_with_the_others_typed(sandbox):
    roots = sandbox.world._command_roots()
    assert focus("/goryo move samurai:green to:C", roots) == Focus("goryo move", "to", "C", {"samurai": "green"})
    assert focus("/goryo path spaces:C1 C2 D", roots) == Focus("goryo path", "spaces", "C1 C2 D", {})
    assert focus("/goryo help topic:", roots) is None  # fixed choices, not completed by the bot
    assert focus("/goryo end", roots) is None and focus("hello", roots) is None


async def test_a_match_played_in_the_sandbox_by_clicks_and_choices_alone(browser: Browser):
    rng = random.Random(3)
    assert (await browser.command("aiko", "channel", "/goryo challenge opponent:@Kenji role:goryo"))["ok"]
    assert (await browser.press("kenji", "channel", "Accept"))["ok"]
    game = rules.new_game(SEED)
    # What the composer offers as she types, before she picks anything.
    starts = await _choices(browser, "aiko", "dm", "/goryo start space:")
    assert [c["value"] for c in starts] == [rules.space_name(s) for s in rules.SPACES_OF_TYPE[game.first_type]]
    _, items = _controls(await browser.messages("aiko", "dm"), "goryo:build:")
    start = rng.choice(items["start"]["options"])["value"]
    await _use(browser, "aiko", "dm", "goryo:build:", "start", start)
    game = rules.apply(game, rules.ChooseStart(rules.parse_space(start))).state
    for _round in range(2):
        # Her path, step by step from the builder's menus, then Preview and Confirm.
        path = (game.goryo_space,)
        while True:
            _, items = _controls(await browser.messages("aiko", "dm"), "goryo:build:")
            if "preview" in items:
                break
            step = rng.choice(items["step"]["options"])["value"]
            await _use(browser, "aiko", "dm", "goryo:build:", "step", step)
            path = (*path, rules.parse_space(step))
        await _use(browser, "aiko", "dm", "goryo:build:", "preview")
        assert (await browser.press("aiko", "dm", "Confirm"))["ok"]
        game = rules.apply(game, rules.Plan(path)).state
        # The Samurai: choices as typed, then actions from the panel, then End turn.
        offered = await _choices(browser, "kenji", "channel", "/goryo move samurai:green to:")
        legal = [rules.space_name(a.to) for a in rules.legal_samurai_actions(game)
                 if isinstance(a, rules.Move) and a.samurai is rules.Samurai.GREEN]
        assert [c["value"] for c in offered] == legal and offered[0]["name"].startswith(legal[0] + " · ")
        for _action in range(2):
            _, items = _controls(await browser.messages("kenji", "channel"), "goryo:panel:")
            option = rng.choice(items["move"]["options"])
            assert option["description"]  # what the choice costs, shown beside it
            await _use(browser, "kenji", "channel", "goryo:panel:", "move", option["value"])
            samurai, space = option["value"].split(":")
            game = rules.apply(game, rules.Move(rules.Samurai(samurai), rules.parse_space(space))).state
        # The last move taken back by the live board's Undo (issue 34), then End turn, which asks first.
        assert (await browser.press("kenji", "channel", "Undo move"))["ok"]
        game = rules.apply(game, rules.Undo()).state
        await _use(browser, "kenji", "channel", "goryo:panel:", "end")
        question = (await browser.messages("kenji", "channel"))[-1]
        assert "actions unused?" in question["content"]
        assert (await browser.press("kenji", "channel", "End turn"))["ok"]
        game = rules.apply(game, rules.EndSamuraiTurn()).state
        if game.is_over:
            break
    channel = await browser.messages("kenji", "channel")
    assert sum("Her path was" in m["content"] for m in channel) >= 1


async def test_each_seat_switches_its_language_and_the_bot_answers_it_in_it(browser: Browser):
    assert [p["language"] for p in (await browser.state("aiko"))["players"]] == ["en", "en"]
    assert (await browser._post("/api/language", {"as": "kenji", "language": "it"}))["ok"]
    assert [p["language"] for p in (await browser.state("aiko"))["players"]] == ["en", "it"]
    assert (await browser.command("kenji", "channel", "/goryo help topic:rules"))["ok"]
    assert "il turno dei Samurai" in (await browser.messages("kenji", "channel"))[-1]["content"]
    assert (await browser.command("aiko", "channel", "/goryo help topic:rules"))["ok"]
    assert "the Samurai's turn" in (await browser.messages("aiko", "channel"))[-1]["content"]
    refused = await browser._post("/api/language", {"as": "kenji", "language": "fr"})
    assert not refused["ok"] and "en or it" in refused["error"]


async def test_a_samurai_switched_to_italian_gets_his_turn_notice_by_dm_in_italian(browser: Browser):
    """Found in the sandbox (issue 34): the DM came in the language of his /goryo notify, not his newest."""
    assert (await browser.command("kenji", "dm", "/goryo notify mode:dm"))["ok"]
    assert (await browser._post("/api/language", {"as": "kenji", "language": "it"}))["ok"]
    assert (await browser.command("kenji", "channel", "/goryo help"))["ok"]
    assert (await browser.command("aiko", "channel", "/goryo challenge opponent:@Kenji role:goryo"))["ok"]
    assert (await browser.press("kenji", "channel", "Accept"))["ok"]  # the channel speaks the server's English
    _, items = _controls(await browser.messages("aiko", "dm"), "goryo:build:")
    start = items["start"]["options"][0]["value"]
    await _use(browser, "aiko", "dm", "goryo:build:", "start", start)
    state = rules.apply(rules.new_game(SEED), rules.ChooseStart(rules.parse_space(start))).state
    path = " ".join(rules.space_name(s) for s in next(rules.legal_paths(state)))
    assert (await browser.command("aiko", "dm", f"/goryo path spaces:{path}"))["ok"]
    assert (await browser.press("aiko", "dm", "Confirm"))["ok"]
    assert (await browser.messages("kenji", "dm"))[-1]["content"].startswith("Tocca a te, Samurai")


async def test_a_menus_chosen_option_stays_shown_as_on_discord(browser: Browser):
    # Found driving the page in Chromium: the False Trail menu showed its placeholder again after a pick,
    # so nothing said which trail was chosen and picking looked as if it had done nothing.
    assert (await browser.command("aiko", "channel", "/goryo challenge opponent:@Kenji role:goryo"))["ok"]
    assert (await browser.press("kenji", "channel", "Accept"))["ok"]
    _, items = _controls(await browser.messages("aiko", "dm"), "goryo:build:")
    await _use(browser, "aiko", "dm", "goryo:build:", "start", items["start"]["options"][0]["value"])
    while "preview" not in (items := _controls(await browser.messages("aiko", "dm"), "goryo:build:")[1]):
        await _use(browser, "aiko", "dm", "goryo:build:", "step", items["step"]["options"][0]["value"])
    trail_menu = next(item for key, item in items.items() if item["kind"] == "select")
    assert [o["value"] for o in trail_menu["options"] if o["default"]] == ["-"]  # "No False Trail" until one is picked
    picked = trail_menu["options"][-1]["value"]
    await _use(browser, "aiko", "dm", "goryo:build:", trail_menu["customId"].rsplit(":", 1)[1], picked)
    _, items = _controls(await browser.messages("aiko", "dm"), "goryo:build:")
    trail_menu = next(item for item in items.values() if item["kind"] == "select")
    assert [o["value"] for o in trail_menu["options"] if o["default"]] == [picked]
