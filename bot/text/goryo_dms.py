"""The Goryō's private messages: her secrets, her start, her plans, and where to play when DMs fail."""

from __future__ import annotations

import rules
from rules.palace import SPACES_OF_TYPE
from words.phrases import an_object, object_name, plan_name, the_object

from .messages import ROUNDS, _, channel_link, mention, space_names
from .status import powers_left


def goryo_setup(state: rules.GameState, channel_id: int, *, dm_commands: bool = True) -> str:
    """``dm_commands``: whether the commands exist in DMs (not when synced to one server only)."""
    choices = space_names(SPACES_OF_TYPE[state.first_type])
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
    powers = _("Powers left: {powers}.").format(powers=powers_left(state.sprint_available, state.false_trail_available))
    return f"{plan}\n{' '.join(send)}\n{powers}"


def goryo_not_samurai(state: rules.GameState | None) -> str:
    """The Goryō typed a Samurai's command in her DMs: what she can do now (``None``: she plays several matches)."""
    text = _("You are the Goryō: moving, searching, sniffing and ending the turn are the Samurai's.")
    if state is None:
        now = _("Your commands are `/goryo start`, `/goryo path` and `/goryo status`, with `match:` to pick a match.")
    elif state.phase is rules.Phase.SETUP:
        now = _("Now choose where you start: `/goryo start space:` with one of {choices}.").format(
            choices=space_names(SPACES_OF_TYPE[state.first_type]))
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
    words = {"path": plan_name(plan.path), "object": the_object(target_type),
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
        path=plan_name(plan.path), object=the_object(target_type), space=rules.space_name(plan.target),
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


def goryo_status_secret(state: rules.GameState) -> str:
    text = _("Only you see this: your bound object is {bound}.").format(bound=the_object(state.bound))
    if state.plan is not None:
        text += " " + _("Your locked path: {path}.").format(path=plan_name(state.plan.path))
    return text


def builder_stays(url: str) -> str:
    """Under her board asked for on her turn: her one builder stays where it is, and this says where."""
    return _("Your builder for this turn stays on [its message]({url}): choose there.").format(url=url)
