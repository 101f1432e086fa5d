"""Everything the bot says, in plain words: events narrated, turns announced, help and status.

Texts meant for the channel are built from public information only (events are
public when emitted; views come from ``rules.public_view``). The few functions
that take the Goryō's secrets say so in their name (``goryo_…``).

Every sentence is marked for the catalogues (``locales``) and said in the language of
the context (``with locales.speaking(…)``, set by the caller): whole sentences with
named placeholders, so a translation can put the words in its own order. Mentions,
channel links and timestamps go in as placeholders, so Discord's markup survives. Commands are
named in English in every catalogue and shown in the reader's language by ``commands.localised``.
"""

from __future__ import annotations

from collections.abc import Iterable

import rules
from locales import N_, ngettext, pgettext
from locales import _ as _catalogue
from render.words import an_object, object_name, reason, samurai_colour, samurai_name, the_object, winner_line
from rules import events as ev
from rules import layout
from rules.palace import SPACES_OF_TYPE

from .commands import localised

ROUNDS = layout.ROUNDS
SPIRIT_TOKENS = layout.SPIRIT_TOKENS
GONG_LAST = layout.GONG_LAST_SPACE
ACTION_CUBES = layout.SAMURAI_ACTION_CUBES


def _(message: str) -> str:
    """The catalogue's sentence, with the commands it names as the reader's Discord client lists them."""
    return localised(_catalogue(message))


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def channel_link(channel_id: int) -> str:
    return f"<#{channel_id}>"


def _names(spaces: Iterable[rules.Space]) -> str:
    return pgettext("list separator", ", ").join(rules.space_name(s) for s in spaces)


def listed(items: list[str]) -> str:
    """``A``, ``A and B``, ``A, B and C`` in the language spoken."""
    if len(items) <= 1:
        return "".join(items)
    separator = pgettext("list separator", ", ")
    return _("{items} and {last}").format(items=separator.join(items[:-1]), last=items[-1])


# --- challenges ---------------------------------------------------------------


def _roles(challenger_id: int, opponent_id: int, role: str) -> str:
    challenger, opponent = mention(challenger_id), mention(opponent_id)
    if role == "goryo":
        return _("{challenger} plays the Goryō and {opponent} the Samurai").format(
            challenger=challenger, opponent=opponent)
    if role == "samurai":
        return _("{challenger} plays the Samurai and {opponent} the Goryō").format(
            challenger=challenger, opponent=opponent)
    return _("roles are drawn at random")


def challenge_text(challenger_id: int, opponent_id: int, role: str, advanced: bool, expires_at: int,
                   assist: bool = False) -> str:
    first = [_("{opponent}, {challenger} challenges you to a game of Goryō: {roles}.").format(
        opponent=mention(opponent_id), challenger=mention(challenger_id),
        roles=_roles(challenger_id, opponent_id, role))]
    if advanced:
        first.append(_("Advanced mode: each Samurai takes at most 2 actions."))
    if assist:
        first.append(_(AID_ON))
    lapse = _("Accept or decline below; the challenge lapses {when}.").format(when=f"<t:{expires_at}:R>")
    return " ".join(first) + "\n" + lapse


AID_ON = N_(
    "The deduction aid is on: during each Samurai turn the board shows everyone where her path can still run."
)


def rematch_text(
    match_id: int, challenger_id: int, opponent_id: int, role: str, advanced: bool, expires_at: int,
    assist: bool = False,
) -> str:
    first = [_("{opponent}, {challenger} asks for a rematch of match {match}, with the roles swapped: {roles}.").format(
        opponent=mention(opponent_id), challenger=mention(challenger_id), match=match_id,
        roles=_roles(challenger_id, opponent_id, role))]
    if advanced:
        first.append(_("Advanced mode again."))
    if assist:
        first.append(_(AID_ON))
    lapse = _("Accept or decline below; the offer lapses {when}.").format(when=f"<t:{expires_at}:R>")
    return " ".join(first) + "\n" + lapse


def challenge_accepted(goryo_id: int, samurai_id: int, first_type: rules.ObjectType, assist: bool = False) -> str:
    first = [_("Challenge accepted! {goryo} is the Goryō, {samurai} leads the four Samurai.").format(
        goryo=mention(goryo_id), samurai=mention(samurai_id))]
    if assist:
        first.append(_(AID_ON))
    drawn = _("The first object drawn is {object}: its tile is broken. "
              "The Goryō now chooses which {name} to break and start on.").format(
        object=the_object(first_type), name=object_name(first_type))
    return " ".join(first) + "\n" + drawn


def challenge_declined(opponent_id: int) -> str:
    return _("{opponent} declined the challenge.").format(opponent=mention(opponent_id))


def challenge_withdrawn(challenger_id: int) -> str:
    return _("{challenger} withdrew the challenge.").format(challenger=mention(challenger_id))


def challenge_expired(opponent_id: int) -> str:
    return _("The challenge to {opponent} lapsed without an answer.").format(opponent=mention(opponent_id))


# --- the Goryō's private messages -------------------------------------------


def goryo_setup(state: rules.GameState, channel_id: int, *, dm_commands: bool = True) -> str:
    """``dm_commands``: whether the commands exist in DMs (not when synced to one server only)."""
    choices = _names(SPACES_OF_TYPE[state.first_type])
    where = (
        _("Play your commands here; in the server channel they work too and answer only you.")
        if dm_commands
        else _("Play your commands in {channel}: they answer only you.").format(channel=channel_link(channel_id))
    )
    secret = _("You are the Goryō in {channel}. Your bound object is {bound}: never break {a_bound}, "
               "and keep it secret.").format(
        channel=channel_link(channel_id), bound=the_object(state.bound), a_bound=an_object(state.bound))
    start = _("The first object drawn is {object}. Choose which {name} you break and start on: "
              "`/goryo start space:` with one of {choices}.").format(
        object=the_object(state.first_type), name=object_name(state.first_type), choices=choices)
    return f"{secret}\n{start}\n{where}"


def goryo_turn(state: rules.GameState, channel_id: int) -> str:
    assert state.goryo_space is not None
    plan = _("Round {number} of {rounds} in {channel}: plan your path. "
             "You stand on {space}; your bound object is {bound}.").format(
        number=state.round, rounds=ROUNDS, channel=channel_link(channel_id),
        space=rules.space_name(state.goryo_space), bound=the_object(state.bound))
    send = [
        _("Send `/goryo path spaces:` with 5 spaces (your space and 4 steps), or 6 with your Sprint, "
          "ending on an intact object you may break.")
        if state.sprint_available
        else _("Send `/goryo path spaces:` with 5 spaces, ending on an intact object you may break.")
    ]
    if state.false_trail_available:
        send.append(_("Add `false_trail:` to lay your False Trail on a space off your path."))
    powers = _("Powers left: {powers}.").format(powers=_powers(state.sprint_available, state.false_trail_available))
    return f"{plan}\n{' '.join(send)}\n{powers}"


def goryo_not_samurai(state: rules.GameState | None) -> str:
    """The Goryō typed a Samurai's command in her DMs: what she can do now (``None``: she plays several matches)."""
    text = _("You are the Goryō: moving, searching, sniffing and ending the turn are the Samurai's.")
    if state is None:
        now = _("Your commands are `/goryo start`, `/goryo path` and `/goryo status`, with `match:` to pick a match.")
    elif state.phase is rules.Phase.SETUP:
        now = _("Now choose where you start: `/goryo start space:` with one of {choices}.").format(
            choices=_names(SPACES_OF_TYPE[state.first_type]))
    elif state.phase is rules.Phase.GORYO_TURN:
        assert state.goryo_space is not None
        now = _("Now plan your path from {space}: `/goryo path spaces:` (pick from the list as you type).").format(
            space=rules.space_name(state.goryo_space))
    else:
        now = _("The Samurai are hunting now; I'll message you when it is your turn. `/goryo status` shows the match.")
    return f"{text}\n{now}"


def goryo_started(space: rules.Space, object_type: rules.ObjectType) -> str:
    return _("You break {object} on {space} and start there.").format(
        object=the_object(object_type), space=rules.space_name(space))


def goryo_preview(plan: rules.Plan) -> str:
    target_type = rules.OBJECT_AT[plan.target]
    assert target_type is not None  # a plan ends on an object
    words = {"path": rules.plan_name(plan.path), "object": the_object(target_type),
             "space": rules.space_name(plan.target)}
    said = [
        _("Your plan: {path} (with your Sprint), breaking {object} on {space}.").format(**words)
        if len(plan.path) == 6
        else _("Your plan: {path}, breaking {object} on {space}.").format(**words)
    ]
    if plan.false_trail is not None:
        said.append(_("False Trail on {space}.").format(space=rules.space_name(plan.false_trail)))
    return " ".join(said) + "\n" + _("Confirm to lock it in, or Cancel and send another.")


def goryo_plan_locked(plan: rules.Plan) -> str:
    """The whole plan in words, so the receipt alone says what was locked."""
    target_type = rules.OBJECT_AT[plan.target]
    assert target_type is not None  # a plan ends on an object
    sprint = _("Sprint used") if len(plan.path) == 6 else _("no Sprint")
    trail = (
        _("False Trail on {space}").format(space=rules.space_name(plan.false_trail))
        if plan.false_trail is not None
        else _("no False Trail")
    )
    locked = _("Locked in: {path}, breaking {object} on {space}; {sprint}; {trail}.").format(
        path=rules.plan_name(plan.path), object=the_object(target_type), space=rules.space_name(plan.target),
        sprint=sprint, trail=trail)
    return locked + "\n" + _("The Samurai are hunting you now.")


def goryo_plan_cancelled() -> str:
    return _("Cancelled: nothing was locked. Send `/goryo path` again when you are ready.")


def goryo_preview_replaced() -> str:
    return _(
        "This preview was replaced by your newer preview: use the buttons on that one, "
        "or send `/goryo path` again. Nothing was changed."
    )


def goryo_preview_outdated() -> str:
    return _("This preview is out of date: the match has moved on since. Nothing was changed.")


def unreachable_goryo(goryo_id: int, *, dms_closed: bool) -> str:
    """A channel mention for a Goryō the bot could not DM: it says where to play, nothing secret."""
    if dms_closed:
        text = _(
            "{goryo}, it is the Goryō's move. I could not send you a direct message. Allow DMs from this "
            "server's members (Privacy Settings), or play here: `/goryo status` and `/goryo board` show your "
            "board and secrets to you alone, and every Goryō command answers only you."
        )
    else:
        text = _(
            "{goryo}, it is the Goryō's move. Discord would not deliver my direct message just now. Play here: "
            "`/goryo status` and `/goryo board` show your board and secrets to you alone, and every Goryō "
            "command answers only you."
        )
    return text.format(goryo=mention(goryo_id))


# --- public announcements ------------------------------------------------------


def board_caption(channel_id: int, round_number: int, *, with_discovery: bool = False) -> str:
    text = _("The board in {channel}, round {number} of {rounds}.").format(
        channel=channel_link(channel_id), number=max(round_number, 1), rounds=ROUNDS)
    if with_discovery:
        text += " " + _("Beside it, the last Discovery: the path she took in the round before.")
    return text


def last_match_caption(match_id: int) -> str:
    return _(
        "No match is being played in this channel now. This is how the last one (match {match}) ended. "
        "Start a new one with `/goryo challenge`."
    ).format(match=match_id)


def board_cooldown(wait: float, every: float) -> str:
    seconds = max(1, round(wait))
    return ngettext(
        "You asked for the board a moment ago: you can ask again in {count} second "
        "(one board every {every} seconds each, so every match in the server keeps moving). "
        "The latest board is also just above in the match's channel.",
        "You asked for the board a moment ago: you can ask again in {count} seconds "
        "(one board every {every} seconds each, so every match in the server keeps moving). "
        "The latest board is also just above in the match's channel.",
        seconds,
    ).format(count=seconds, every=f"{every:g}")


def samurai_turn_ping(samurai_id: int, round_number: int) -> str:
    return _(
        "{samurai}, the Goryō has planned her path for round {number}. Your turn, Samurai: "
        "pick your actions in the menus below, or type `/goryo move`, `/goryo search`, `/goryo sniff`, "
        "then `/goryo end`."
    ).format(samurai=mention(samurai_id), number=round_number)


def aid_turn_start(paths: int) -> str:
    """The deduction aid on the turn's ping: true for the whole turn, though its picture is redrawn under it."""
    return ngettext(
        "Deduction aid: she has {count} possible path this round. The board shows where it runs; "
        "each answer narrows them.",
        "Deduction aid: she has {count} possible paths this round. The board shows where they run; "
        "each answer narrows them.",
        paths,
    ).format(count=paths)


def samurai_turn_over_now() -> str:
    """Said with the action after which nothing legal is left: the turn ends with it."""
    return _("That was your last possible action: your turn is over, and the Discovery follows.")


def samurai_turn_ran_out() -> str:
    return _("The Samurai have no action left this turn, so it ends by itself.")


# Every draw says why it happened: a capture draws a token as well as the gong.
DRAW_CAUSES: dict[ev.DrawCause, str] = {
    ev.DrawCause.BAG_ICON: N_("The mallet reached a bag icon"),
    ev.DrawCause.SPIRIT_CAPTURED: N_("Her spirit was captured"),
}


def narrate(events: Iterable[ev.Event]) -> str:
    """One line per event, in order; events with nothing to say are skipped."""
    lines = [line for event in events if (line := narrate_event(event))]
    return "\n".join(lines)


def _investigated(samurai: rules.Samurai, kind: rules.InvestigationKind, space: rules.Space, answer: bool) -> str:
    if kind is rules.InvestigationKind.SEARCH:
        text = (
            _("{samurai} searches {space}: **yes**, the Goryō's trail passes there (green paw-print).")
            if answer
            else _("{samurai} searches {space}: **no**, no trail there (red paw-print).")
        )
    else:
        text = (
            _("{samurai} sniffs {space}: **yes**, the Goryō's trail passes there (green paw-print).")
            if answer
            else _("{samurai} sniffs {space}: **no**, no trail there (red paw-print).")
        )
    return text.format(samurai=samurai_name(samurai, capital=True), space=rules.space_name(space))


def _paw_prints_counted(green: int, discarded: int, mallet_from: int, mallet_to: int, icons: int) -> str:
    counted = ngettext("{count} green paw-print counts", "{count} green paw-prints count", green).format(count=green)
    if discarded:
        not_counted = ngettext("{count} on her False Trail does not", "{count} on her False Trail do not",
                               discarded).format(count=discarded)
        # Translators: a count of paw-prints, then in brackets those the False Trail cancels.
        counted = _("{counted} ({not_counted})").format(counted=counted, not_counted=not_counted)
    if mallet_to == mallet_from:
        gong = _("the gong's mallet stays on {space}").format(space=mallet_to)
    else:
        gong = _("the gong's mallet moves from {start} to {end}").format(start=mallet_from, end=mallet_to)
    if icons:
        gong = ngettext("{gong}, reaching {count} bag icon", "{gong}, reaching {count} bag icons", icons).format(
            gong=gong, count=icons)
    # Translators: the paw-prints counted, then where the gong's mallet goes.
    return _("{counted}: {gong}.").format(counted=counted, gong=gong)


def _spirit_captured(captors: tuple[rules.Samurai, ...], flipped: int, total: int) -> str:
    who = listed([samurai_name(s, capital=i == 0) for i, s in enumerate(captors)])
    capture = ngettext(
        "{samurai} stands on her target and captures her spirit",
        "{samurai} stand on her target and capture her spirit",
        len(captors),
    ).format(samurai=who)
    tokens = ngettext(
        "{count} spirit token flipped ({total} of {tokens})",
        "{count} spirit tokens flipped ({total} of {tokens})",
        flipped,
    ).format(count=flipped, total=total, tokens=SPIRIT_TOKENS)
    # Translators: who captured her spirit, then how many spirit tokens that flipped.
    return _("{capture}: {tokens}.").format(capture=capture, tokens=tokens)


def narrate_event(event: ev.Event) -> str | None:
    match event:
        case ev.StartChosen(space, object_type):
            return _("The Goryō appears on {space} and breaks {object} there.").format(
                space=rules.space_name(space), object=the_object(object_type))
        case ev.RoundStarted(number):
            return _("Round {number} of {rounds} begins: the Goryō is planning her path.").format(
                number=number, rounds=ROUNDS)
        case ev.PlanLocked():
            return _("The Goryō has planned her path.")
        case ev.SamuraiMoved(samurai, origin, to):
            return _("{samurai} moves from {start} to {end}.").format(
                samurai=samurai_name(samurai, capital=True), start=rules.space_name(origin), end=rules.space_name(to))
        case ev.Investigated(samurai, kind, space, answer):
            return _investigated(samurai, kind, space, answer)
        case ev.SamuraiTurnEnded(used):
            return ngettext(
                "The Samurai end their turn after {count} action. Discovery!",
                "The Samurai end their turn after {count} actions. Discovery!",
                used,
            ).format(count=used)
        case ev.PathRevealed(path, false_trail, sprint_used):
            said = [_("Her path was {path}.").format(path=rules.plan_name(path))]
            if sprint_used:
                said.append(_("She used her Sprint."))
            if false_trail is not None:
                said.append(_("Her False Trail lay on {space}.").format(space=rules.space_name(false_trail)))
            return " ".join(said)
        case ev.ObjectBroken(space, object_type, flipped):
            words = {"object": the_object(object_type), "name": object_name(object_type),
                     "space": rules.space_name(space)}
            if flipped:
                return _("She breaks {object} on {space}: the {name} tile turns broken side up.").format(**words)
            return _("She breaks {object} on {space}: the {name} tile was already broken.").format(**words)
        case ev.PawPrintsCounted(green, discarded, mallet_from, mallet_to, icons):
            return _paw_prints_counted(green, discarded, mallet_from, mallet_to, icons)
        case ev.SpiritCaptured(captors, flipped, total):
            return _spirit_captured(captors, flipped, total)
        case ev.TokenDrawn(object_type, sealed, cause):
            words = {"cause": _(DRAW_CAUSES[cause]), "a_token": an_object(object_type),
                     "name": object_name(object_type)}
            if sealed:
                return _("{cause}: {a_token} token is drawn from the bag, so every intact {name} is sealed "
                         "({spaces}).").format(spaces=_names(sealed), **words)
            return _("{cause}: {a_token} token is drawn from the bag, so every intact {name} is sealed.").format(
                **words)
        case ev.BagEmpty(cause):
            return _("{cause}: a token should be drawn, but the bag is empty.").format(cause=_(DRAW_CAUSES[cause]))
        case ev.SprintDiscarded():
            return _("Her Sprint is spent.")
        case ev.FalseTrailDiscarded(space):
            return _("Her False Trail on {space} was investigated: it is lost.").format(space=rules.space_name(space))
        case ev.RoundEnded(number):
            return _("Round {number} is over.").format(number=number)
        case ev.MatchEnded():
            return None  # the end gets its own message
    return None


def _end_headline(outcome: rules.Outcome) -> str:
    if outcome.winner is None:
        return _("**No one wins**: the match was called off.")
    # The same words as the final picture's caption (render.words), so the two never disagree.
    return _("**{winner}**: {reason}.").format(winner=winner_line(outcome), reason=reason(outcome))


def match_end(outcome: rules.Outcome, bound: rules.ObjectType, goryo_id: int, samurai_id: int) -> str:
    """For the channel: both players are mentioned, whoever won, so neither misses the end."""
    bound_was = _("The Goryō's bound object was the **{bound}**.").format(bound=object_name(bound))
    played = _("Played by {goryo} (the Goryō) and {samurai} (the Samurai).").format(
        goryo=mention(goryo_id), samurai=mention(samurai_id))
    return f"{_end_headline(outcome)}\n{bound_was}\n{played}"


def goryo_match_over(outcome: rules.Outcome, bound: rules.ObjectType, channel_id: int) -> str:
    """For her DMs: the match she may have been playing from here is over."""
    if outcome.winner is None:
        over = _("The match in {channel} is over, and no one wins.")
    elif outcome.winner is rules.Side.GORYO:
        over = _("The match in {channel} is over, and you win.")
    else:
        over = _("The match in {channel} is over, and the Samurai win.")
    yours = _("Your bound object was the **{bound}**; the final board below shows everything. "
              "Start another with `/goryo challenge`.").format(bound=object_name(bound))
    return f"{over.format(channel=channel_link(channel_id))}\n{_end_headline(outcome)}\n{yours}"


def resign_question(channel_id: int, opponent_id: int) -> str:
    return _(
        "Resign the match in {channel}? It ends at once and {opponent} wins. "
        "Press **Resign** to concede, or **Keep playing**."
    ).format(channel=channel_link(channel_id), opponent=mention(opponent_id))


def resign_outdated() -> str:
    return _(
        "This resignation is out of date: the match has moved on since you asked. Nothing was changed; "
        "use `/goryo resign` again if you still want to concede."
    )


def resign_kept() -> str:
    return _("You keep playing: nothing was changed.")


def resigned(channel_id: int) -> str:
    return _("You resigned the match in {channel}.").format(channel=channel_link(channel_id))


# --- status and help -------------------------------------------------------------


def _powers(sprint: bool, false_trail: bool) -> str:
    left = [name for name, available in ((_("Sprint"), sprint), (_("False Trail"), false_trail)) if available]
    return pgettext("list separator", ", ").join(left) if left else pgettext("powers left", "none")


def _tile_state(state: rules.TileState) -> str:
    return {
        rules.TileState.INTACT: pgettext("tile state", "intact"),
        rules.TileState.BROKEN: pgettext("tile state", "broken"),
        rules.TileState.SEALED: pgettext("tile state", "sealed"),
    }[state]


def _turn(view: rules.PublicView, goryo_id: int, samurai_id: int) -> str:
    if view.outcome is not None:
        return _("the match is over")
    if view.phase is rules.Phase.SETUP:
        return _("the Goryō ({goryo}) chooses where she starts").format(goryo=mention(goryo_id))
    if view.phase is rules.Phase.GORYO_TURN:
        return _("the Goryō ({goryo}) is planning her path").format(goryo=mention(goryo_id))
    return _("the Samurai ({samurai}), {used} of {cubes} actions used").format(
        samurai=mention(samurai_id), used=view.actions_used, cubes=ACTION_CUBES)


def status(view: rules.PublicView, goryo_id: int, samurai_id: int, channel_id: int, *,
           aid: str | None = None, assist: bool = False) -> str:
    """``assist``: the match shows the deduction aid; ``aid``: its count in words, during a Samurai turn."""
    separator = pgettext("list separator", ", ")
    # Translators: one object tile of the garden and its side, e.g. "Fan intact".
    tiles = separator.join(
        pgettext("tile", "{object} {state}").format(object=object_name(t), state=_tile_state(state))
        for t, state in view.tiles
    )
    called = separator.join(
        _("{samurai} ({actions})").format(samurai=samurai_colour(c.samurai), actions=c.actions) for c in view.calls
    ) or pgettext("samurai called", "none yet")
    players = {"channel": channel_link(channel_id), "goryo": mention(goryo_id), "samurai": mention(samurai_id)}
    lines = [
        _("Goryō match in {channel}: the Goryō {goryo} against the Samurai {samurai} (advanced mode).").format(
            **players)
        if view.advanced
        else _("Goryō match in {channel}: the Goryō {goryo} against the Samurai {samurai}.").format(**players),
        _("Round {number} of {rounds}; turn: {turn}.").format(
            number=max(view.round, 1), rounds=ROUNDS, turn=_turn(view, goryo_id, samurai_id)),
        _("Spirit tokens flipped: {spirits} of {tokens}. Gong: {mallet} of {last}. "
          "Tokens left in the bag: {bag}.").format(
            spirits=view.spirits, tokens=SPIRIT_TOKENS, mallet=view.mallet, last=GONG_LAST, bag=view.bag_count),
        _("Tiles: {tiles}.").format(tiles=tiles),
        _("Goryō's powers left: {powers}.").format(powers=_powers(view.sprint_available, view.false_trail_available)),
    ]
    if view.phase is rules.Phase.SAMURAI_TURN:
        lines.append(_("Samurai called this turn: {called}.").format(called=called))
    if view.goryo_space is not None:
        lines.append(_("The Goryō's pawn stands on {space}.").format(space=rules.space_name(view.goryo_space)))
    if assist:
        lines.append(_("Deduction aid: on. {aid}").format(aid=aid or _("The board shows it during the Samurai turn.")))
    return "\n".join(lines)


def goryo_status_secret(state: rules.GameState) -> str:
    text = _("Only you see this: your bound object is {bound}.").format(bound=the_object(state.bound))
    if state.plan is not None:
        text += " " + _("Your locked path: {path}.").format(path=rules.plan_name(state.plan.path))
    return text


# /goryo help comes in topics (bot/text/help.py puts them together), each within Discord's 2,000 characters.

# Translators: names in `code` (commands, options, help topics) stay in English; each reader sees them in their own
# Discord client's language (bot/text/commands.py).
HELP_OVERVIEW = N_("""\
**Goryō**: one player is the Goryō, a vengeful cat spirit planning a secret path through a palace; the other leads four Samurai hunting her.
Start a match in a server channel with `/goryo challenge opponent:@someone`.

More help, only you see it: `/goryo help topic:`
`rules` how to play · `commands` every command · `ratings` ratings, stats and leaderboards · `assist` the deduction aid · `ai` playing against the bot""")  # noqa: E501  (a msgid: its lines are the text's own)

HELP_RULES = N_("""\
**Goryō**: one player is the Goryō, a vengeful cat spirit bound to a secret type of object; the other leads four Samurai hunting her through a palace of 36 spaces.

**Each round** (4 in all) the Goryō secretly plans a path of 4 steps (5 with her one-time Sprint) ending on an object she breaks. She may also lay a False Trail on a space off her path: it answers yes when investigated, and she keeps it for later rounds until a Samurai investigates its space. Then comes **the Samurai's turn**: up to 6 actions in all, with up to 3 different Samurai, one after another; once you call the next one, the earlier one is done for the turn. Each Samurai called takes 1 to 3 actions (1 to 2 in advanced mode): at most 2 moves, 1 search of his own space and 1 sniff of a neighbouring one. The turn ends with `/goryo end`, or by itself when no action is left. Each investigation answers yes or no: is her path there? Then the Discovery reveals her path: green paw-prints push the gong (every second space draws a token that seals an object type), and each Samurai standing on her target captures her spirit.

**The Samurai win** by capturing her spirit three times, when all but one object tile lies broken side up (they know her bound object and exorcise her), or if she has no legal path. **The Goryō wins** by surviving four rounds.""")  # noqa: E501  (a msgid: its lines are the text's own)

# Translators: names in `code` (commands, options, help topics) stay in English; each reader sees them in their own
# Discord client's language (bot/text/commands.py).
HELP_COMMANDS = N_("""\
**Commands**
`/goryo challenge opponent:` start a match in this channel (`role:` your side, `advanced:` 2 actions per Samurai, `assist:` the deduction aid; challenge me to play the bot, `level:` how well)
`/goryo start space:` Goryō: choose your starting space
`/goryo path spaces: [false_trail:]` Goryō: preview a plan, then Confirm
`/goryo move samurai: to:` · `/goryo search samurai:` · `/goryo sniff samurai: space:` · `/goryo end`  Samurai actions
`/goryo board` the public board · `/goryo status` the state of play · `/goryo resign` concede · `/goryo help` help by topic
`/goryo claim` win when your opponent's turn time ran out · `/goryo abort` channel managers who aren't playing: call a match off
`/goryo stats [member:]` records and ratings in this server · `/goryo leaderboard [role:]` the best players
`/goryo history` this channel's recent matches · `/goryo replay match:` a finished match as an animated GIF
`/goryo games` your matches in every server · `/goryo notify mode:` how you hear that your turn began · `/goryo settings` this server's settings
After a match, either player can press **Rematch** to play again here with the roles swapped.
Spaces are written like C2; separate a plan's spaces with spaces, commas or arrows. The Goryō plays in DMs with the bot, or in the channel where her commands answer only her; with several matches, pick one with `match:`.""")  # noqa: E501  (a msgid: its lines are the text's own)

# HELP_AI and HELP_ASSIST, the topics of playing the bot and of the deduction aid, are below.


# Shown by the topic help (league's `/goryo help topic:ai`); /goryo help itself is at Discord's limit.
# Translators: names in `code` (commands, options, help topics) stay in English; each reader sees them in their own
# Discord client's language (bot/text/commands.py).
HELP_AI = N_("""\
**Playing against the bot**
`/goryo challenge opponent:@<the bot> [role:] [advanced:] [level:]` starts a match against me at once, no Accept needed. `level:` is easy, normal (the default) or hard.
I play my side through the same commands as a person: every Samurai action of mine is posted in the channel (with a short pause between them, so you can follow), and as the Goryō I plan in secret and the bot answers your investigations truthfully, exactly as against a person.
Your turn has the usual time limit: you get the reminder at half time, and when it runs out I claim the win on time. I never run out of time myself. `/goryo resign`, `/goryo status` and `/goryo board` work as usual.""")  # noqa: E501  (a msgid: its lines are the text's own)


def ai_level_name(level: str) -> str:
    """The bot's level (``easy``, ``normal``, ``hard``: the command's choice values) in words."""
    return {
        "easy": pgettext("bot level", "easy"),
        "normal": pgettext("bot level", "normal"),
        "hard": pgettext("bot level", "hard"),
    }.get(level, level)


def ai_match_started(human_id: int, bot_id: int, human_side: rules.Side, level: str, first_type: rules.ObjectType,
                     assist: bool = False) -> str:
    players = {"human": mention(human_id), "bot": mention(bot_id), "level": ai_level_name(level)}
    if human_side is rules.Side.GORYO:
        first = [_("Challenge taken! {human} is the Goryō; I ({bot}) lead the four Samurai, "
                   "playing at the **{level}** level.").format(**players)]
        next_step = _("The first object drawn is {object}: its tile is broken. "
                      "The Goryō now chooses which {name} to break and start on.")
    else:
        first = [_("Challenge taken! I ({bot}) am the Goryō; {human} leads the four Samurai, "
                   "playing at the **{level}** level.").format(**players)]
        next_step = _("The first object drawn is {object}: its tile is broken. "
                      "I am choosing which {name} to break and start on.")
    if assist:
        first.append(_(AID_ON))
    drawn = next_step.format(object=the_object(first_type), name=object_name(first_type))
    return " ".join(first) + "\n" + drawn


def ai_samurai_turn(round_number: int) -> str:
    return _(
        "The Goryō has planned her path for round {number}. My Samurai take up the hunt: "
        "each of their actions follows here, then the Discovery."
    ).format(number=round_number)


def claim_against_the_bot() -> str:
    return _(
        "I never run out of time, so there is nothing to claim: I am thinking, and my move will follow. "
        "If it doesn't come, `/goryo board` shows where the match stands."
    )

# The deduction aid's part of the help; the help's `assist` topic shows it.
# Translators: names in `code` (commands, options, help topics) stay in English; each reader sees them in their own
# Discord client's language (bot/text/commands.py).
HELP_ASSIST = N_("""\
**The deduction aid** (`/goryo challenge … assist:True`, off unless chosen)
Her path is secret, but every answer rules some of her possible paths out. With the aid on, during each Samurai turn the board shades the spaces her remaining paths cross (the deeper the orange, the more of them) and marks with a number where they could end; the caption, the picture's description and each investigation's message say how many paths still fit, like "23 of her 41 possible paths fit the answers", and name the path when only one is left.
It uses public facts only (her start, the powers she still has, the object tiles, this round's answers), so everyone in the channel sees the same aid and it never gives her secret away. She may have laid a False Trail, so a single *yes* off a path does not rule it out while she still holds that power.
The board's message lists, under *Could be her bound object*, the object types that could still be hers, aid or not. After every Discovery, both players get a short round summary: how many of her paths still fitted, and which one investigation would have told the Samurai most.""")  # noqa: E501  (a msgid: its lines are the text's own)

# --- time limits, faults, damage ---------------------------------------------------


def when(moment: int) -> str:
    """A Unix time as Discord shows it to each reader in their own zone: date, time and 'in 3 hours'."""
    return f"<t:{moment}:f> (<t:{moment}:R>)"


def turn_reminder(
    side: rules.Side, player_id: int, opponent_id: int, channel_id: int, deadline: int, *, against_the_bot: bool = False
) -> str:
    """Half the turn time is gone. Public-safe: says only whose move it is, which everyone knows."""
    whose = (
        _("{player}, half the turn time is gone: it is the Goryō's move in {channel}.")
        if side is rules.Side.GORYO
        else _("{player}, half the turn time is gone: it is the Samurai's move in {channel}.")
    )
    after = (
        _("Play by {deadline}; after that I claim the win on time.") if against_the_bot
        else _("Play by {deadline}; after that {opponent} may claim the win with `/goryo claim`.")
    )
    return " ".join([
        whose.format(player=mention(player_id), channel=channel_link(channel_id)),
        after.format(deadline=when(deadline), opponent=mention(opponent_id)),
    ])


def turn_time(late: rules.Side, deadline: int, *, up: bool) -> str:
    """The status line on the turn clock: public, like whose turn it is."""
    goryo = late is rules.Side.GORYO
    if up:
        text = (
            _("Turn time: the Goryō ran out at {deadline}; the Samurai may `/goryo claim` the win.") if goryo
            else _("Turn time: the Samurai ran out at {deadline}; the Goryō may `/goryo claim` the win.")
        )
    else:
        text = (
            _("Turn time: the Goryō has until {deadline}.") if goryo
            else _("Turn time: the Samurai has until {deadline}.")
        )
    return text.format(deadline=when(deadline))


def claim_too_early(late: rules.Side, deadline: int) -> str:
    text = (
        _("Not yet: the Goryō has until {deadline} to move. If they haven't moved by then, use `/goryo claim` again.")
        if late is rules.Side.GORYO
        else _("Not yet: the Samurai has until {deadline} to move. "
               "If they haven't moved by then, use `/goryo claim` again.")
    )
    return text.format(deadline=when(deadline))


def claim_own_turn() -> str:
    return _("It is your own move, so there is nothing to claim: play your turn (or `/goryo resign`).")


def abort_needs_permission() -> str:
    return _(
        "Only members who can manage this channel may call a match off. "
        "A player can concede with `/goryo resign`; after a turn's time runs out the waiting player can `/goryo claim`."
    )


def delivery_failed() -> str:
    return _(
        "That counted, but Discord would not take one of my messages just now, so not everything was shown yet. "
        "I will keep trying to send it. `/goryo board` shows the board again; `/goryo status` says whose turn it is."
    )


# Discord's names for the permissions a match's channel needs (as its server settings show them).
PERMISSION_NAMES = {
    "view_channel": N_("View Channel"),
    "send_messages": N_("Send Messages"),
    "send_messages_in_threads": N_("Send Messages in Threads"),
    "attach_files": N_("Attach Files"),
    "embed_links": N_("Embed Links"),
    "read_message_history": N_("Read Message History"),
    "create_public_threads": N_("Create Public Threads"),
    "manage_threads": N_("Manage Threads"),
}


def channel_refuses(channel_id: int, permissions: list[str]) -> str:
    """Told to the players when the match's channel refuses the bot's messages (``permissions``: what it lacks)."""
    names = listed([f"**{_(PERMISSION_NAMES[p])}**" for p in permissions])
    return ngettext(
        "I can't post in {channel}: Discord refuses me there, as I lack the {permissions} permission. "
        "Ask a moderator to grant it to me in that channel. The match goes on, and what it owes the channel "
        "waits: I keep trying, and post it there, in order, as soon as I can.",
        "I can't post in {channel}: Discord refuses me there, as I lack the {permissions} permissions. "
        "Ask a moderator to grant them to me in that channel. The match goes on, and what it owes the channel "
        "waits: I keep trying, and post it there, in order, as soon as I can.",
        len(permissions),
    ).format(channel=channel_link(channel_id), permissions=names)


def match_damaged(match_id: int) -> str:
    return _(
        "Match {match} in this channel had to be stopped: its saved record no longer agrees with its history of "
        "moves, and I will not guess which one is right. Nothing more can be played in it; the channel is free "
        "for a new `/goryo challenge`."
    ).format(match=match_id)
