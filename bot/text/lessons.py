"""The lessons of ``/goryo learn`` (issue 36): a scripted first match in either role, one idea a step.

A lesson is data: a fixed seed, the moves played before it begins (the Samurai's lesson meets a Goryō
who has already planned), and its steps in the rulebook's order. Each step says what to do and why
(at most 400 characters in every language, a test checks), names the one move it wants, and the
bot's scripted moves that follow it. The position at any step is the seed's new game with every
earlier step's moves applied, so a stored step number is all a lesson needs to resume, and the rules
engine answers every legality question (``bot.play.lessons``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

import rules
from locales import N_, _, pgettext

from .commands import localised
from .refusal import Refusal

SEED = "lesson:0"  # Flower bound, Lantern drawn first, then Helmet and Scroll: the draws the texts name


def _s(name: str) -> rules.Space:
    return rules.parse_space(name)


def _path(text: str) -> tuple[rules.Space, ...]:
    return rules.parse_plan(text)


@dataclass(frozen=True)
class Choose:
    """One rules action made with a match's control: her start (the builder), a Samurai action (the panel)."""

    action: rules.Action


@dataclass(frozen=True)
class Build:
    """Her path builder reaching ``path`` (and ``trail``); steps along the way are taken in place."""

    path: tuple[rules.Space, ...]
    trail: rules.Space | None = None


@dataclass(frozen=True)
class Preview:
    """The builder's Preview on the lesson's plan."""

    plan: rules.Plan


@dataclass(frozen=True)
class Confirm:
    """Confirm on the previewed plan: the plan is played."""

    plan: rules.Plan


@dataclass(frozen=True)
class Continue:
    """Watching the bot's moves: a Continue button."""


@dataclass(frozen=True)
class Finish:
    """The last step: a first real match in one click, or done."""


Want = Choose | Build | Preview | Confirm | Continue | Finish


class Board(Enum):
    """The picture a step shows."""

    SIDE = "board"  # the learner's side's board
    PREVIEW = "preview"  # her plan previewed, before Confirm
    DISCOVERY = "discovery"
    NONE = "none"


@dataclass(frozen=True)
class Step:
    says: str  # what the step teaches (a msgid)
    wants: Want
    other: str = ""  # why the lesson's move rather than another legal one, asking for it again (a msgid)
    then: tuple[rules.Action, ...] = ()  # the bot's scripted moves once the learner's is played
    board: Board = Board.SIDE  # the picture shown with the step
    # What to pick or press now (a msgid, plain text: it is the line right above the step's controls, under its
    # picture, where Discord shows no markdown). The last step's is READY or HOW_TO_PLAY.
    asks: str = ""


@dataclass(frozen=True)
class Lesson:
    role: rules.Side
    before: tuple[rules.Action, ...]  # played before the first step
    steps: tuple[Step, ...] = field(default=())

    def start_state(self) -> rules.GameState:
        state = rules.new_game(SEED)
        for action in self.before:
            state = rules.apply(state, action).state
        return state


# Translators: names in `code` stay in English; each reader sees them in their own Discord client's language.
LEARN_FIRST = N_("New to Goryō? `/goryo learn` plays a guided first match with you, privately, in five minutes.")


def learn_first() -> str:
    """The pointer to ``/goryo learn`` a newcomer hears after their first challenge, in the language spoken."""
    return localised(_(LEARN_FIRST))

GREEN, PURPLE, RED = rules.Samurai.GREEN, rules.Samurai.PURPLE, rules.Samurai.RED

END_TEXT = N_(
    "**How a match ends.** The Samurai win at once with a third spirit token, when all object types but one "
    "are broken or sealed (the last is her bound type), or if she breaks her bound object or has no legal path. "
    "Otherwise the Goryō wins after round 4.")
# The last step's last line: a first real match is one click away, or (a lesson begun in DMs) how to start one.
READY = N_("You have seen it all: ready for a real match?")
# Translators: names in `code` stay in English; each reader sees them in their own Discord client's language.
HOW_TO_PLAY = N_("For a real match, type `/goryo challenge` in a server and name me as `opponent`.")

# A lesson's control that is not on the message showing the lesson now: a step passed, a copy Resume moved on from,
# a lesson left for another. Refused; the lesson under way is untouched.
STALE = N_("That control is from a lesson step you have left: your lesson goes on in its latest message "
           "(`/goryo learn` shows it again).")

GO_ON = N_("Press Continue to go on.")

# --- the Goryō's lesson: the learner plans, the bot's Samurai hunt -------------------------------------------

HER_PLAN = rules.Plan(_path("B1 C1 C2 D2 D1 E1"), _s("A2"))

GORYO = Lesson(rules.Side.GORYO, before=(), steps=(
    Step(N_("**You are the Goryō**, a vengeful spirit. You win by breaking 5 objects before the Samurai catch you "
            "3 times or find your bound object: the Flower, never break one. The Lantern was drawn as your first "
            "break."),
         Choose(rules.ChooseStart(_s("B1"))),
         N_("That start is allowed, but this lesson starts on B1, next to the north bridge. Pick B1."),
         asks=N_("In Start on… pick B1: you break it and start there.")),
    Step(N_("**Your path.** Each round you plan a hidden path: your space, then 4 steps, each to a neighbouring "
            "space (never diagonally, never twice on one space). Walls part the rooms; only bridges join them."),
         Build(_path("B1 C1 C2")),
         N_("That step is allowed, but this lesson heads for the north bridge at C2. Pick C1, then C2."),
         asks=N_("In Next step… pick C1, then C2.")),
    Step(N_("**Your target.** C2 and D2 face each other across a bridge: they count as neighbours. Your 5th "
            "space is your target, the object you break: not one already broken, not a sealed type, never your "
            "bound type. Samurai do not block you."),
         Build(_path("B1 C1 C2 D2 D1")),
         N_("That step is allowed, but this lesson crosses to D2 and targets the Urn on D1. Pick D2, then D1."),
         asks=N_("In Next step… pick D2, then D1.")),
    Step(N_("**Sprint.** Your path to D1 is complete. Once a match you may Sprint: one step more, here to break "
            "the Scroll on E1 instead: a Samurai counting 4 steps won't look there. In a real match, keep it for "
            "when it counts."),
         Build(_path("B1 C1 C2 D2 D1 E1")),
         N_("That is allowed, but this lesson uses the Sprint to reach E1. Pick E1 · Sprint."),
         asks=N_("In Next step… pick E1 · Sprint.")),
    Step(N_("**False Trail.** Lay it on any space off your path: if a Samurai investigates that space this "
            "round, the answer is yes though you never went there. You keep it until a round in which it is "
            "investigated."),
         Build(HER_PLAN.path, HER_PLAN.false_trail),
         N_("That is allowed, but this lesson lays its False Trail on A2, beside the Green Samurai. Pick A2."),
         asks=N_("In False Trail… pick A2.")),
    Step(N_("**Your plan**: B1 C1 C2 D2 D1 E1, False Trail on A2."),
         Preview(HER_PLAN),
         N_("That changes the plan; this lesson keeps B1 C1 C2 D2 D1 E1 with its False Trail on A2. "
            "Press Preview."),
         asks=N_("Press Preview to see it on your private board.")),
    Step(N_("Your plan, drawn on your private board: only you see it. Once it is locked in, the Samurai's turn "
            "follows."),
         Confirm(HER_PLAN),
         N_("Cancel lets you change a plan before it is locked in; this lesson keeps this one. Press Confirm."),
         then=(rules.Sniff(GREEN, _s("C2")), rules.Move(GREEN, _s("A2")), rules.Search(GREEN)),
         board=Board.PREVIEW, asks=N_("Press Confirm to lock it in.")),
    Step(N_("**The Samurai's turn.** Green sniffed C2, then moved to A2 and searched it. Each turn they call up "
            "to 3 Samurai, one after another, with 6 action cubes in all: each takes 1 to 3 actions, at most 2 "
            "moves, 1 sniff (a neighbouring space) and 1 search (his own)."),
         Continue(), then=(rules.Move(PURPLE, _s("E1")), rules.Sniff(PURPLE, _s("D1"))), asks=GO_ON),
    Step(N_("**Answers and paw prints.** Purple moved to E1 and sniffed D1. Each investigation asks: did your "
            "path cross this space? The bot answers for you, truthfully: yes on your path (a green paw print), no "
            "elsewhere (red). On your False Trail, A2, it said yes."),
         Continue(), then=(rules.EndSamuraiTurn(),), asks=GO_ON),
    Step(N_("**The Discovery.** Your path is revealed and E1 is broken. The gong moved one space per green paw "
            "print, not A2's (your False Trail is now spent), and reached a bag icon: a token is drawn. Purple "
            "stood on E1: caught! A spirit token flips and one more is drawn."),
         Continue(), asks=GO_ON),
    Step(N_("**Seals.** Each token drawn seals its type: Helmet and Scroll can't be broken any more. Your bound "
            "type is never drawn, so every seal narrows the Samurai's guess. A Samurai on your target catches "
            "you: end on a space they can't reach."),
         Continue(), board=Board.NONE, asks=GO_ON),
    Step(END_TEXT, Finish(), board=Board.NONE),
))

# --- the Samurai's lesson: the bot's Goryō has planned, the learner hunts ----------------------------------

HIDDEN_PLAN = rules.Plan(_path("B1 A1 A2 A3 A4"), _s("C2"))

SAMURAI = Lesson(rules.Side.SAMURAI, before=(rules.ChooseStart(_s("B1")), HIDDEN_PLAN), steps=(
    Step(N_("**You lead the Samurai.** The Goryō wins by breaking 5 objects; you win by catching her 3 times "
            "or finding her bound object. She broke the Lantern on B1, starts there and has planned a hidden "
            "path: 4 steps to an object to break."),
         Choose(rules.Move(GREEN, _s("A2"))),
         N_("That move is allowed, but this lesson sends Green to A2, in the middle of her paths west. "
            "Pick Green → A2."),
         asks=N_("Call Green: in Move… pick Green → A2.")),
    Step(N_("**Sniff.** Green is called: he acts until you call another. A sniff asks her: did your path cross "
            "this neighbouring space? Her start, B1, can't be asked."),
         Choose(rules.Sniff(GREEN, _s("A1"))),
         N_("That is allowed, but this lesson sniffs A1, next to her start. Pick Green sniffs A1."),
         asks=N_("In Sniff… pick Green sniffs A1.")),
    Step(N_("**Yes: a green paw print** on A1, so her path crossed it (no would leave a red one). A search "
            "asks about the Samurai's own space."),
         Choose(rules.Search(GREEN)),
         N_("That is allowed, but this lesson has Green search A2 now. Pick Green searches A2."),
         asks=N_("In Search with… pick Green searches A2: his third and last action.")),
    Step(N_("**Yes again**: she went B1, A1, A2. From A2 she may go on to A3 and across the bridge to A4; once a "
            "match her Sprint adds a step. Once you call another Samurai, Green is done for this turn."),
         Choose(rules.Move(RED, _s("A5"))),
         N_("That is allowed, but this lesson sends Red towards the west bridge. Pick Red → A5."),
         asks=N_("Call Red: in Move… pick Red → A5.")),
    Step(N_("**Cut her off.** A Samurai may move twice, and a Samurai standing on her target when the round "
            "ends catches her. Her target is an intact object, never of a sealed type or her bound type. Red's "
            "second move is your 5th action cube of 6."),
         Choose(rules.Move(RED, _s("A4"))),
         N_("That is allowed, but this lesson puts Red on A4, the end of the bridge. Pick Red → A4."),
         asks=N_("In Move… pick Red → A4.")),
    Step(N_("**Your last cube.** With no cube left the turn ends and the Discovery follows; with cubes left you "
            "may also press **End turn**."),
         Choose(rules.Sniff(RED, _s("A3"))),
         N_("That is allowed, but this lesson's last cube sniffs A3. Pick Red sniffs A3."),
         then=(rules.EndSamuraiTurn(),), asks=N_("In Sniff… pick Red sniffs A3.")),
    Step(N_("**The Discovery.** Her path was B1 A1 A2 A3 A4: she broke the Fan on A4, where Red stood. Caught: "
            "a spirit token flips. Her False Trail lay on C2: asked there, she would have said yes, and that "
            "paw print would not have counted."),
         Continue(), board=Board.DISCOVERY, asks=GO_ON),
    Step(N_("**Gong and seals.** Each green paw print moves the gong one space; reaching a bag icon draws a "
            "token, and so does each spirit token flipped. Each token seals its type: Helmet and Scroll can't "
            "be broken now, and her bound type is never drawn."),
         Continue(), board=Board.NONE, asks=GO_ON),
    Step(END_TEXT, Finish(), board=Board.NONE),
))

LESSONS: dict[rules.Side, Lesson] = {rules.Side.GORYO: GORYO, rules.Side.SAMURAI: SAMURAI}


def first_match_begun(channel_id: int) -> str:
    """What the lesson's last message becomes once its button has started a first real match."""
    return _("Your first match against me has begun in <#{channel}>. Good luck!").format(channel=channel_id)


# Translators: the lesson's real match refused (issue 42): the learner can no longer see or write in its
# channel, has left its server, or Discord did not say. {channel} is the channel's link.
CANNOT_PLAY_THERE = N_("You can no longer see or write in {channel}, so your first match can't start there. "
                       "Type `/goryo challenge` in a channel where you play and name me as `opponent`.")
NOT_A_MEMBER_NOW = N_("You are no longer a member of the server of {channel}, so your first match can't start "
                      "there. Type `/goryo challenge` in a server where you play and name me as `opponent`.")
PLACE_UNKNOWN = N_("Discord did not tell me whether you can still write in {channel}: press the button again in "
                   "a moment.")


# --- what a lesson says around its steps (``bot.play.lessons``) ---------------------------------------------

OTHER = N_("That move is allowed, but it is not this lesson's: follow its latest step.")


def step_words(lesson: Lesson, step: int) -> str:
    """The step's head and its words: where the learner is, what to do and why."""
    head = _("**Lesson** · step {number} of {count}").format(number=step + 1, count=len(lesson.steps))
    return f"{head}\n{localised(_(lesson.steps[step].says))}"


def step_asks(lesson: Lesson, step: int, *, place_known: bool) -> str:
    """What to pick or press now, in plain words; at the last step, what comes next (``place_known``: the lesson
    was asked for in a server, where it can start a real match)."""
    asks = lesson.steps[step].asks
    if isinstance(lesson.steps[step].wants, Finish):
        asks = READY if place_known else HOW_TO_PLAY
    return localised(_(asks))


def not_this_lessons(lesson: Lesson, step: int) -> str:
    """Another legal move than the step's: why the lesson asks for its own, said again."""
    return localised(_(lesson.steps[step].other or OTHER))


def learn_the_other_side() -> str:
    return _("Learn the other side")


def play_a_real_match() -> str:
    return _("Play a real match (easy)")


def resume() -> str:
    return _("Resume")


def start_over() -> str:
    return _("Start over")


def _side(role: rules.Side) -> str:
    return pgettext("role", "Goryō") if role is rules.Side.GORYO else pgettext("role", "Samurai")


def resume_or_start_over(role: rules.Side, step: int, count: int) -> str:
    return _("Your lesson as the {side} stands at step {number} of {count}. Resume it, or start over?").format(
        side=_side(role), number=step + 1, count=count)


def no_dm() -> str:
    return localised(_("I can't send you a DM: allow DMs from this server's members, or type `/goryo learn` in a "
                       "DM with me."))


def waiting_in_dms(link: str) -> str:
    return _("Your lesson is waiting in your DMs with me: {link}").format(link=link)


def step_behind() -> Refusal:
    return Refusal(N_("That step is behind you: the lesson goes on in its latest message."))


def no_lesson() -> Refusal:
    return Refusal(N_("You have no lesson under way: type `/goryo learn` to begin one."))


def no_path_from_here() -> Refusal:
    return Refusal(N_("No legal path goes that way from where you stand."))
