"""Everything the bot says, in plain words: events narrated, turns announced, help and status.

Texts meant for the channel are built from public information only (events are
public when emitted; views come from ``rules.public_view``). The few functions
that take the Goryō's secrets say so in their name (``goryo_…``).
"""

from __future__ import annotations

from collections.abc import Iterable

import rules
from render.words import reason, winner_line
from rules import events as ev
from rules import layout
from rules.palace import SPACES_OF_TYPE

ROUNDS = layout.ROUNDS
SPIRIT_TOKENS = layout.SPIRIT_TOKENS
GONG_LAST = layout.GONG_LAST_SPACE
ACTION_CUBES = layout.SAMURAI_ACTION_CUBES


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def channel_link(channel_id: int) -> str:
    return f"<#{channel_id}>"


def _names(spaces: Iterable[rules.Space]) -> str:
    return ", ".join(rules.space_name(s) for s in spaces)


def a(word: object, *, capital: bool = False) -> str:
    """``a Fan``, ``an Urn`` (``An Urn`` with ``capital``)."""
    text = str(word)
    article = "an" if text[:1].lower() in "aeiou" else "a"
    return f"{article.capitalize() if capital else article} {text}"


def _and(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


# --- challenges ---------------------------------------------------------------


def challenge_text(challenger_id: int, opponent_id: int, role: str, advanced: bool, expires_at: int,
                   assist: bool = False) -> str:
    roles = {
        "goryo": f"{mention(challenger_id)} plays the Goryō and {mention(opponent_id)} the Samurai",
        "samurai": f"{mention(challenger_id)} plays the Samurai and {mention(opponent_id)} the Goryō",
        "random": "roles are drawn at random",
    }[role]
    mode = " Advanced mode: each Samurai takes at most 2 actions." if advanced else ""
    if assist:
        mode += f" {AID_ON}"
    return (
        f"{mention(opponent_id)}, {mention(challenger_id)} challenges you to a game of Goryō: {roles}.{mode}\n"
        f"Accept or decline below; the challenge lapses <t:{expires_at}:R>."
    )


AID_ON = (
    "The deduction aid is on: during each Samurai turn the board shows everyone where her path can still run."
)


def rematch_text(
    match_id: int, challenger_id: int, opponent_id: int, role: str, advanced: bool, expires_at: int, assist: bool = False
) -> str:
    roles = {
        "goryo": f"{mention(challenger_id)} plays the Goryō and {mention(opponent_id)} the Samurai",
        "samurai": f"{mention(challenger_id)} plays the Samurai and {mention(opponent_id)} the Goryō",
    }[role]
    mode = " Advanced mode again." if advanced else ""
    if assist:
        mode += f" {AID_ON}"
    return (
        f"{mention(opponent_id)}, {mention(challenger_id)} asks for a rematch of match {match_id}, "
        f"with the roles swapped: {roles}.{mode}\n"
        f"Accept or decline below; the offer lapses <t:{expires_at}:R>."
    )


def challenge_accepted(goryo_id: int, samurai_id: int, first_type: rules.ObjectType, assist: bool = False) -> str:
    aid = f" {AID_ON}" if assist else ""
    return (
        f"Challenge accepted! {mention(goryo_id)} is the Goryō, {mention(samurai_id)} leads the four Samurai.{aid}\n"
        f"The first object drawn is the {first_type}: its tile is broken. The Goryō now chooses which "
        f"{first_type} to break and start on."
    )


def challenge_declined(opponent_id: int) -> str:
    return f"{mention(opponent_id)} declined the challenge."


def challenge_withdrawn(challenger_id: int) -> str:
    return f"{mention(challenger_id)} withdrew the challenge."


def challenge_expired(opponent_id: int) -> str:
    return f"The challenge to {mention(opponent_id)} lapsed without an answer."


# --- the Goryō's private messages -------------------------------------------


def goryo_setup(state: rules.GameState, channel_id: int, *, dm_commands: bool = True) -> str:
    """``dm_commands``: whether the commands exist in DMs (not when synced to one server only)."""
    choices = _names(SPACES_OF_TYPE[state.first_type])
    where = (
        "Play your commands here; in the server channel they work too and answer only you."
        if dm_commands
        else f"Play your commands in {channel_link(channel_id)}: they answer only you."
    )
    return (
        f"You are the Goryō in {channel_link(channel_id)}. Your bound object is the {state.bound}: "
        f"never break {a(state.bound)}, and keep it secret.\n"
        f"The first object drawn is the {state.first_type}. Choose which {state.first_type} you break and "
        f"start on: `/goryo start space:` with one of {choices}.\n{where}"
    )


def goryo_turn(state: rules.GameState, channel_id: int) -> str:
    assert state.goryo_space is not None
    lengths = "5 spaces (your space and 4 steps), or 6 with your Sprint" if state.sprint_available else "5 spaces"
    powers = _powers(state.sprint_available, state.false_trail_available)
    trail = " Add `false_trail:` to lay your False Trail on a space off your path." if state.false_trail_available else ""
    return (
        f"Round {state.round} of {ROUNDS} in {channel_link(channel_id)}: plan your path. "
        f"You stand on {rules.space_name(state.goryo_space)}; your bound object is the {state.bound}.\n"
        f"Send `/goryo path spaces:` with {lengths}, ending on an intact object you may break.{trail}\n"
        f"Powers left: {powers}."
    )


def goryo_started(space: rules.Space, object_type: rules.ObjectType) -> str:
    return f"You break the {object_type} on {rules.space_name(space)} and start there."


def goryo_preview(plan: rules.Plan) -> str:
    target_type = rules.OBJECT_AT[plan.target]
    sprint = " (with your Sprint)" if len(plan.path) == 6 else ""
    trail = f" False Trail on {rules.space_name(plan.false_trail)}." if plan.false_trail is not None else ""
    return (
        f"Your plan: {rules.plan_name(plan.path)}{sprint}, breaking the {target_type} on "
        f"{rules.space_name(plan.target)}.{trail}\nConfirm to lock it in, or Cancel and send another."
    )


def goryo_plan_locked(plan: rules.Plan) -> str:
    """The whole plan in words, so the receipt alone says what was locked."""
    target_type = rules.OBJECT_AT[plan.target]
    sprint = "Sprint used" if len(plan.path) == 6 else "no Sprint"
    trail = f"False Trail on {rules.space_name(plan.false_trail)}" if plan.false_trail is not None else "no False Trail"
    return (
        f"Locked in: {rules.plan_name(plan.path)}, breaking the {target_type} on {rules.space_name(plan.target)}; "
        f"{sprint}; {trail}.\nThe Samurai are hunting you now."
    )


def goryo_plan_cancelled() -> str:
    return "Cancelled: nothing was locked. Send `/goryo path` again when you are ready."


def goryo_preview_replaced() -> str:
    return (
        "This preview was replaced by your newer preview: use the buttons on that one, "
        "or send `/goryo path` again. Nothing was changed."
    )


def goryo_preview_outdated() -> str:
    return "This preview is out of date: the match has moved on since. Nothing was changed."


def unreachable_goryo(goryo_id: int, *, dms_closed: bool) -> str:
    """A channel mention for a Goryō the bot could not DM: it says where to play, nothing secret."""
    why = (
        "I could not send you a direct message. Allow DMs from this server's members (Privacy Settings), or play here"
        if dms_closed
        else "Discord would not deliver my direct message just now. Play here"
    )
    return (
        f"{mention(goryo_id)}, it is the Goryō's move. {why}: `/goryo status` and `/goryo board` show your "
        "board and secrets to you alone, and every Goryō command answers only you."
    )


# --- public announcements ------------------------------------------------------


def board_caption(channel_id: int, round_number: int, *, with_discovery: bool = False) -> str:
    text = f"The board in {channel_link(channel_id)}, round {max(round_number, 1)} of {ROUNDS}."
    if with_discovery:
        text += " Beside it, the last Discovery: the path she took in the round before."
    return text


def last_match_caption(match_id: int) -> str:
    return (
        f"No match is being played in this channel now. This is how the last one (match {match_id}) ended. "
        "Start a new one with `/goryo challenge`."
    )


def board_cooldown(wait: float, every: float) -> str:
    return (
        f"You asked for the board a moment ago: you can ask again in {max(1, round(wait))} seconds "
        f"(one board every {every:g} seconds each, so every match in the server keeps moving). "
        "The latest board is also just above in the match's channel."
    )


def samurai_turn_ping(samurai_id: int, round_number: int) -> str:
    return (
        f"{mention(samurai_id)}, the Goryō has planned her path for round {round_number}. Your turn, Samurai: "
        "`/goryo move`, `/goryo search`, `/goryo sniff`, then `/goryo end`."
    )


def aid_turn_start(paths: int) -> str:
    """The deduction aid on the turn's ping: true for the whole turn, though its picture is redrawn under it."""
    one = "1 possible path" if paths == 1 else f"{paths} possible paths"
    return f"Deduction aid: she has {one} this round. The board shows where they run; each answer narrows them."


def samurai_turn_ran_out() -> str:
    return "The Samurai have no action left this turn, so it ends by itself."


# Every draw says why it happened: a capture draws a token as well as the gong.
DRAW_CAUSES: dict[ev.DrawCause, str] = {
    ev.DrawCause.BAG_ICON: "The mallet reached a bag icon",
    ev.DrawCause.SPIRIT_CAPTURED: "Her spirit was captured",
}


def narrate(events: Iterable[ev.Event]) -> str:
    """One line per event, in order; events with nothing to say are skipped."""
    lines = [line for event in events if (line := narrate_event(event))]
    return "\n".join(lines)


def narrate_event(event: ev.Event) -> str | None:
    match event:
        case ev.StartChosen(space, object_type):
            return f"The Goryō appears on {rules.space_name(space)} and breaks the {object_type} there."
        case ev.RoundStarted(number):
            return f"Round {number} of {ROUNDS} begins: the Goryō is planning her path."
        case ev.PlanLocked():
            return "The Goryō has planned her path."
        case ev.SamuraiMoved(samurai, origin, to):
            return f"The {samurai} Samurai moves from {rules.space_name(origin)} to {rules.space_name(to)}."
        case ev.Investigated(samurai, kind, space, answer):
            verb = "searches" if kind is rules.InvestigationKind.SEARCH else "sniffs"
            verdict = (
                "**yes**, the Goryō's trail passes there (green paw-print)"
                if answer
                else "**no**, no trail there (red paw-print)"
            )
            return f"The {samurai} Samurai {verb} {rules.space_name(space)}: {verdict}."
        case ev.SamuraiTurnEnded(used):
            return f"The Samurai end their turn after {used} action{'s' if used != 1 else ''}. Discovery!"
        case ev.PathRevealed(path, false_trail, sprint_used):
            sprint = " She used her Sprint." if sprint_used else ""
            trail = f" Her False Trail lay on {rules.space_name(false_trail)}." if false_trail is not None else ""
            return f"Her path was {rules.plan_name(path)}.{sprint}{trail}"
        case ev.ObjectBroken(space, object_type, flipped):
            tile = f"the {object_type} tile turns broken side up" if flipped else f"the {object_type} tile was already broken"
            return f"She breaks the {object_type} on {rules.space_name(space)}: {tile}."
        case ev.PawPrintsCounted(green, discarded, mallet_from, mallet_to, icons):
            counted = f"{green} green paw-print{'s count' if green != 1 else ' counts'}"
            dropped = f" ({discarded} on her False Trail do{'es' if discarded == 1 else ''} not)" if discarded else ""
            if mallet_to == mallet_from:
                gong = "the gong's mallet stays on " + str(mallet_to)
            else:
                gong = f"the gong's mallet moves from {mallet_from} to {mallet_to}"
            bag = f", reaching {icons} bag icon{'s' if icons != 1 else ''}" if icons else ""
            return f"{counted}{dropped}: {gong}{bag}."
        case ev.SpiritCaptured(captors, flipped, total):
            who = _and([f"{s}" for s in captors])
            plural = "Samurai stand" if len(captors) > 1 else "Samurai stands"
            return (
                f"The {who} {plural} on her target and capture{'s' if len(captors) == 1 else ''} her spirit: "
                f"{flipped} spirit token{'s' if flipped != 1 else ''} flipped ({total} of {SPIRIT_TOKENS})."
            )
        case ev.TokenDrawn(object_type, sealed, cause):
            where = f" ({_names(sealed)})" if sealed else ""
            return (
                f"{DRAW_CAUSES[cause]}: {a(object_type)} token is drawn from the bag, "
                f"so every intact {object_type} is sealed{where}."
            )
        case ev.BagEmpty(cause):
            return f"{DRAW_CAUSES[cause]}: a token should be drawn, but the bag is empty."
        case ev.SprintDiscarded():
            return "Her Sprint is spent."
        case ev.FalseTrailDiscarded(space):
            return f"Her False Trail on {rules.space_name(space)} was investigated: it is lost."
        case ev.RoundEnded(number):
            return f"Round {number} is over."
        case ev.MatchEnded():
            return None  # the end gets its own message
    return None


def _end_headline(outcome: rules.Outcome) -> str:
    if outcome.winner is None:
        return "**No one wins**: the match was called off."
    # The same words as the final picture's caption (render.words), so the two never disagree.
    return f"**{winner_line(outcome)}**: {reason(outcome)}."


def match_end(outcome: rules.Outcome, bound: rules.ObjectType, goryo_id: int, samurai_id: int) -> str:
    """For the channel: both players are mentioned, whoever won, so neither misses the end."""
    return (
        f"{_end_headline(outcome)}\nThe Goryō's bound object was the **{bound}**.\n"
        f"Played by {mention(goryo_id)} (the Goryō) and {mention(samurai_id)} (the Samurai)."
    )


def goryo_match_over(outcome: rules.Outcome, bound: rules.ObjectType, channel_id: int) -> str:
    """For her DMs: the match she may have been playing from here is over."""
    if outcome.winner is None:
        result = "no one wins"
    else:
        result = "you win" if outcome.winner is rules.Side.GORYO else "the Samurai win"
    return (
        f"The match in {channel_link(channel_id)} is over, and {result}.\n{_end_headline(outcome)}\n"
        f"Your bound object was the **{bound}**; the final board below shows everything. "
        "Start another with `/goryo challenge`."
    )


def resign_question(channel_id: int, opponent_id: int) -> str:
    return (
        f"Resign the match in {channel_link(channel_id)}? It ends at once and {mention(opponent_id)} wins. "
        "Press **Resign** to concede, or **Keep playing**."
    )


def resign_outdated() -> str:
    return (
        "This resignation is out of date: the match has moved on since you asked. Nothing was changed; "
        "use `/goryo resign` again if you still want to concede."
    )


def resign_kept() -> str:
    return "You keep playing: nothing was changed."


def resigned(channel_id: int) -> str:
    return f"You resigned the match in {channel_link(channel_id)}."


# --- status and help -------------------------------------------------------------


def _powers(sprint: bool, false_trail: bool) -> str:
    left = [name for name, available in (("Sprint", sprint), ("False Trail", false_trail)) if available]
    return ", ".join(left) if left else "none"


def status(view: rules.PublicView, goryo_id: int, samurai_id: int, channel_id: int, *,
           aid: str | None = None, assist: bool = False) -> str:
    """``assist``: the match shows the deduction aid; ``aid``: its count in words, during a Samurai turn."""
    if view.outcome is not None:
        turn = "the match is over"
    elif view.phase is rules.Phase.SETUP:
        turn = f"the Goryō ({mention(goryo_id)}) chooses where she starts"
    elif view.phase is rules.Phase.GORYO_TURN:
        turn = f"the Goryō ({mention(goryo_id)}) is planning her path"
    else:
        turn = (
            f"the Samurai ({mention(samurai_id)}), {view.actions_used} of {ACTION_CUBES} actions used"
        )
    tiles = ", ".join(f"{t} {state.value}" for t, state in view.tiles)
    called = ", ".join(f"{c.samurai} ({c.actions})" for c in view.calls) or "none yet"
    lines = [
        f"Goryō match in {channel_link(channel_id)}: the Goryō {mention(goryo_id)} against the Samurai {mention(samurai_id)}"
        + (" (advanced mode)." if view.advanced else "."),
        f"Round {max(view.round, 1)} of {ROUNDS}; turn: {turn}.",
        f"Spirit tokens flipped: {view.spirits} of {SPIRIT_TOKENS}. Gong: {view.mallet} of {GONG_LAST}. "
        f"Tokens left in the bag: {view.bag_count}.",
        f"Tiles: {tiles}.",
        f"Goryō's powers left: {_powers(view.sprint_available, view.false_trail_available)}.",
    ]
    if view.phase is rules.Phase.SAMURAI_TURN:
        lines.append(f"Samurai called this turn: {called}.")
    if view.goryo_space is not None:
        lines.append(f"The Goryō's pawn stands on {rules.space_name(view.goryo_space)}.")
    if assist:
        lines.append(f"Deduction aid: on. {aid or 'The board shows it during the Samurai turn.'}")
    return "\n".join(lines)


def goryo_status_secret(state: rules.GameState) -> str:
    text = f"Only you see this: your bound object is the {state.bound}."
    if state.plan is not None:
        text += f" Your locked path: {rules.plan_name(state.plan.path)}."
    return text


# /goryo help comes in topics (bot/text/help.py puts them together), each within Discord's 2,000 characters.

HELP_OVERVIEW = """\
**Goryō**: one player is the Goryō, a vengeful cat spirit planning a secret path through a palace; the other leads four Samurai hunting her.
Start a match in a server channel with `/goryo challenge opponent:@someone`.

More help, only you see it: `/goryo help topic:`
`rules` how to play · `commands` every command · `ratings` ratings, stats and leaderboards · `assist` the deduction aid · `ai` playing against the bot"""

HELP_RULES = """\
**Goryō**: one player is the Goryō, a vengeful cat spirit bound to a secret type of object; the other leads four Samurai hunting her through a palace of 36 spaces.

**Each round** (4 in all) the Goryō secretly plans a path of 4 steps (5 with her one-time Sprint) ending on an object she breaks. She may also lay a False Trail on a space off her path: it answers yes when investigated, and she keeps it for later rounds until a Samurai investigates its space. Then the Samurai take up to 6 actions with up to 3 different Samurai: move (2 each), search their space or sniff a neighbouring one (1 each). They act one after another: once you call a second Samurai, the first one is done for the turn. Each investigation answers yes or no: is her path there? Then the Discovery reveals her path: green paw-prints push the gong (every second space draws a token that seals an object type), and each Samurai standing on her target captures her spirit.

**The Samurai win** by capturing her spirit three times, when all but one object tile lies broken side up (they know her bound object and exorcise her), or if she has no legal path. **The Goryō wins** by surviving four rounds."""

HELP_COMMANDS = """\
**Commands**
`/goryo challenge opponent:` start a match in this channel (`role:` your side, `advanced:` 2 actions per Samurai, `assist:` the deduction aid; challenge me to play the bot, `level:` how well)
`/goryo start space:` Goryō: choose your starting space
`/goryo path spaces: [false_trail:]` Goryō: preview a plan, then Confirm
`/goryo move samurai: to:` · `/goryo search samurai:` · `/goryo sniff samurai: space:` · `/goryo end`  Samurai actions
`/goryo board` the public board · `/goryo status` the state of play · `/goryo resign` concede · `/goryo help` help by topic
`/goryo claim` win when your opponent's turn time ran out · `/goryo abort` channel managers: call a match off
`/goryo stats [member:]` records and ratings in this server · `/goryo leaderboard [role:]` the best players
`/goryo history` this channel's recent matches · `/goryo replay match:` a finished match as an animated GIF
After a match, either player can press **Rematch** to play again here with the roles swapped.
Spaces are written like C2; separate a plan's spaces with spaces, commas or arrows. The Goryō plays in DMs with the bot, or in the channel where her commands answer only her; with several matches, pick one with `match:`."""

# HELP_AI and HELP_ASSIST, the topics of playing the bot and of the deduction aid, are below.


# Shown by the topic help (league's `/goryo help topic:ai`); /goryo help itself is at Discord's limit.
HELP_AI = """\
**Playing against the bot**
`/goryo challenge opponent:@<the bot> [role:] [advanced:] [level:]` starts a match against me at once, no Accept needed. `level:` is easy, normal (the default) or hard.
I play my side through the same commands as a person: every Samurai action of mine is posted in the channel (with a short pause between them, so you can follow), and as the Goryō I plan in secret and the bot answers your investigations truthfully, exactly as against a person.
Your turn has the usual time limit: you get the reminder at half time, and when it runs out I claim the win on time. I never run out of time myself. `/goryo resign`, `/goryo status` and `/goryo board` work as usual."""


def ai_match_started(human_id: int, bot_id: int, human_side: rules.Side, level: str, first_type: rules.ObjectType,
                     assist: bool = False) -> str:
    if human_side is rules.Side.GORYO:
        roles = f"{mention(human_id)} is the Goryō; I ({mention(bot_id)}) lead the four Samurai"
        next_step = f"The Goryō now chooses which {first_type} to break and start on."
    else:
        roles = f"I ({mention(bot_id)}) am the Goryō; {mention(human_id)} leads the four Samurai"
        next_step = f"I am choosing which {first_type} to break and start on."
    return (
        f"Challenge taken! {roles}, playing at the **{level}** level.{f' {AID_ON}' if assist else ''}\n"
        f"The first object drawn is the {first_type}: its tile is broken. {next_step}"
    )


def ai_samurai_turn(round_number: int) -> str:
    return (
        f"The Goryō has planned her path for round {round_number}. My Samurai take up the hunt: "
        "each of their actions follows here, then the Discovery."
    )


def claim_against_the_bot() -> str:
    return (
        "I never run out of time, so there is nothing to claim: I am thinking, and my move will follow. "
        "If it doesn't come, `/goryo board` shows where the match stands."
    )

# The deduction aid's part of the help; the help's `assist` topic shows it.
HELP_ASSIST = """\
**The deduction aid** (`/goryo challenge … assist:True`, off unless chosen)
Her path is secret, but every answer rules some of her possible paths out. With the aid on, during each Samurai turn the board shades the spaces her remaining paths cross (the deeper the orange, the more of them) and marks with a number where they could end; the caption, the picture's description and each investigation's message say how many paths still fit, like "23 of her 41 possible paths fit the answers", and name the path when only one is left.
It uses public facts only (her start, the powers she still has, the object tiles, this round's answers), so everyone in the channel sees the same aid and it never gives her secret away. She may have laid a False Trail, so a single *yes* off a path does not rule it out while she still holds that power.
The garden panel's **?** marks the object types that could still be her bound object, aid or not. After every Discovery, both players get a short round summary: how many of her paths still fitted, and which one investigation would have told the Samurai most."""

# --- time limits, faults, damage ---------------------------------------------------


def when(moment: int) -> str:
    """A Unix time as Discord shows it to each reader in their own zone: date, time and 'in 3 hours'."""
    return f"<t:{moment}:f> (<t:{moment}:R>)"


def turn_reminder(
    side: rules.Side, player_id: int, opponent_id: int, channel_id: int, deadline: int, *, against_the_bot: bool = False
) -> str:
    """Half the turn time is gone. Public-safe: says only whose move it is, which everyone knows."""
    who = "the Goryō" if side is rules.Side.GORYO else "the Samurai"
    after = (
        "after that I claim the win on time" if against_the_bot
        else f"after that {mention(opponent_id)} may claim the win with `/goryo claim`"
    )
    return (
        f"{mention(player_id)}, half the turn time is gone: it is {who}'s move in {channel_link(channel_id)}. "
        f"Play by {when(deadline)}; {after}."
    )


def turn_time(late: rules.Side, deadline: int, *, up: bool) -> str:
    """The status line on the turn clock: public, like whose turn it is."""
    if up:
        return f"Turn time: {late.title} ran out at {when(deadline)}; {late.other.title} may `/goryo claim` the win."
    return f"Turn time: {late.title} has until {when(deadline)}."


def claim_too_early(late: rules.Side, deadline: int) -> str:
    return (
        f"Not yet: {late.title} has until {when(deadline)} to move. "
        "If they haven't moved by then, use `/goryo claim` again."
    )


def claim_own_turn() -> str:
    return "It is your own move, so there is nothing to claim: play your turn (or `/goryo resign`)."


def abort_needs_permission() -> str:
    return (
        "Only members who can manage this channel may call a match off. "
        "A player can concede with `/goryo resign`; after a turn's time runs out the waiting player can `/goryo claim`."
    )


def delivery_failed() -> str:
    return (
        "That counted, but Discord would not take one of my messages just now, so not everything was shown yet. "
        "I will keep trying to send it. `/goryo board` shows the board again; `/goryo status` says whose turn it is."
    )


def match_damaged(match_id: int) -> str:
    return (
        f"Match {match_id} in this channel had to be stopped: its saved record no longer agrees with its history of "
        "moves, and I will not guess which one is right. Nothing more can be played in it; the channel is free "
        "for a new `/goryo challenge`."
    )
