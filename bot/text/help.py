"""``/goryo help [topic]``: a short overview by default, and one topic at a time, each within one message.

Said in the language of the context (``locales.speaking``), like every other reply.
"""

from __future__ import annotations

from typing import Literal, get_args

from locales import N_, _

from ..records.league.stats import LEADERBOARD_MIN_MATCHES
from .commands import localised
from .league import RATING_HELP
from .lessons import LEARN_FIRST

HelpTopic = Literal["rules", "commands", "ratings", "assist", "ai", "tournaments"]
HELP_TOPICS: tuple[HelpTopic, ...] = get_args(HelpTopic)

# Translators: names in `code` (commands, options, help topics) stay in English; each reader sees them in their own
# Discord client's language (bot/text/commands.py).
STATS_HELP = N_(
    "`/goryo stats [member:]` shows a member's matches, wins and win rate as each role, both ratings, the longest "
    "winning streak, favourite target, how the Goryō's powers were used and the last five matches.\n"
    "`/goryo leaderboard [role:]` lists the server's best in a role; it takes {matches} rated "
    "matches in that role to appear.\n"
    "`/goryo history` lists this channel's recent matches, and `/goryo replay match:` shows one again as an "
    "animated picture. Everything about a finished match is public."
)


# /goryo help comes in topics (help_text below puts them together), each within Discord's 2,000 characters.

# Translators: names in `code` (commands, options, help topics) stay in English; each reader sees them in their own
# Discord client's language (bot/text/commands.py).
HELP_OVERVIEW = N_("""\
**Goryō**: one player is the Goryō, a vengeful cat spirit planning a secret path through a palace; the other leads four Samurai hunting her.
Start a match in a server channel with `/goryo challenge opponent:@someone`.

More help, only you see it: `/goryo help topic:`
`rules` how to play · `commands` every command · `ratings` ratings, stats and leaderboards · `assist` the deduction aid · `ai` playing against the bot · `tournaments` tournaments""")  # noqa: E501  (a msgid: its lines are the text's own)


HELP_RULES = N_("""\
**Goryō**: one player is the Goryō, a vengeful cat spirit bound to a secret type of object; the other leads four Samurai hunting her through a palace of 36 spaces.

**Each round** (4 in all) the Goryō secretly plans a path of 4 steps (5 with her one-time Sprint) ending on an object she breaks. She may also lay a False Trail on a space off her path: it answers yes when investigated, and she keeps it for later rounds until a Samurai investigates its space. Then comes **the Samurai's turn**: up to 6 actions in all, with up to 3 different Samurai, one after another; once you call the next one, the earlier one is done for the turn. Each Samurai called takes 1 to 3 actions (in advanced mode, at most 2: each acts at most twice): at most 2 moves, 1 search of his own space and 1 sniff of a neighbouring one. A move that revealed nothing can be taken back with `/goryo undo` (an answered investigation stands). The turn ends with `/goryo end`, or by itself when no action is left. Each investigation answers yes or no: is her path there? Then the Discovery reveals her path: green paw-prints push the gong (every second space draws a token that seals an object type), and each Samurai standing on her target captures her spirit.

**The Samurai win** by capturing her spirit three times, when all but one object tile lies broken side up (they know her bound object and exorcise her), or if she has no legal path. **The Goryō wins** by surviving four rounds.""")  # noqa: E501  (a msgid: its lines are the text's own)


# Translators: names in `code` (commands, options, help topics) stay in English; each reader sees them in their own
# Discord client's language (bot/text/commands.py).
HELP_COMMANDS = N_("""\
**Commands**
`/goryo learn [role:]` new? a guided first match against me, in your DMs
`/goryo challenge opponent:` start a match in this channel (`role:` your side, `advanced:` each Samurai called acts at most twice, `assist:` the deduction aid; challenge me to play the bot, `level:` how well)
`/goryo start space:` Goryō: choose your starting space
`/goryo path spaces: [false_trail:]` Goryō: preview a plan, then Confirm
`/goryo move samurai: to:` · `/goryo search samurai:` · `/goryo sniff samurai: space:` · `/goryo end` · `/goryo undo` (take back a move)  Samurai actions
`/goryo board [text:]` the public board (`text:True` in words, for you alone) · `/goryo status` the state of play · `/goryo resign` concede · `/goryo help` help by topic
`/goryo claim` win when your opponent's turn time ran out · `/goryo abort` channel managers who aren't playing: call a match off
`/goryo stats [member:]` records and ratings in this server · `/goryo leaderboard [role:]` the best players
`/goryo history` this channel's recent matches · `/goryo replay match: [as:]` a finished match as an animated GIF, a review of the hunt or its record
`/goryo hint` a suggestion for your turn, against the bot or with the deduction aid
`/goryo games` your matches in every server · `/goryo notify mode:` how you hear that your turn began · `/goryo settings` this server's settings
`/goryo tournament …` tournaments: see help topic `tournaments`
After a match, either player can press **Rematch** to play again here with the roles swapped.
Spaces are written like C2; separate a plan's spaces with spaces, commas or arrows. The Goryō plays in DMs with the bot, or in the channel where her commands answer only her; with several matches, pick one with `match:`.""")  # noqa: E501  (a msgid: its lines are the text's own)


# Shown by the topic help (league's `/goryo help topic:ai`); /goryo help itself is at Discord's limit.
# Translators: names in `code` (commands, options, help topics) stay in English; each reader sees them in their own
# Discord client's language (bot/text/commands.py).
HELP_AI = N_("""\
**Playing against the bot**
`/goryo challenge opponent:@<the bot> [role:] [advanced:] [level:]` starts a match against me at once, no Accept needed. `level:` is easy, normal (the default), hard or expert; a server may cap it (`/goryo settings max_level:`).
I play my side through the same commands as a person: every Samurai action of mine is posted in the channel (with a short pause between them, so you can follow), and as the Goryō I plan in secret and the bot answers your investigations truthfully, exactly as against a person.
Your turn has the usual time limit: you get the reminder at half time, and when it runs out I claim the win on time. I never run out of time myself. `/goryo resign`, `/goryo status` and `/goryo board` work as usual.""")  # noqa: E501  (a msgid: its lines are the text's own)


# The deduction aid's part of the help; the help's `assist` topic shows it.
# Translators: names in `code` (commands, options, help topics) stay in English; each reader sees them in their own
# Discord client's language (bot/text/commands.py).
HELP_ASSIST = N_("""\
**The deduction aid** (`/goryo challenge … assist:True`, off unless chosen)
Her path is secret, but every answer rules some of her possible paths out. With the aid on, during each Samurai turn the board shades the spaces her remaining paths cross (the deeper the orange, the more of them) and marks with a number where they could end; the caption, the picture's description and each investigation's message say how many paths still fit, like "23 of her 41 possible paths fit the answers", and name the path when only one is left.
It uses public facts only (her start, the powers she still has, the object tiles, this round's answers), so everyone in the channel sees the same aid and it never gives her secret away. She may have laid a False Trail, so a single *yes* off a path does not rule it out while she still holds that power.
The board's message lists, under *Could be her bound object*, the object types that could still be hers, aid or not. After every Discovery, both players get a short round summary: how many of her paths still fitted, and which one investigation would have told the Samurai most.""")  # noqa: E501  (a msgid: its lines are the text's own)


# The tournament commands' page (issue 43): the commands page has no room left under Discord's 2,000 characters.
# Translators: names in `code` (commands, options, help topics) stay in English; each reader sees them in their own
# Discord client's language (bot/text/commands.py).
HELP_TOURNAMENTS = N_("""\
**Tournaments** (the bot pairs the rounds, plays them in threads and counts the results)
`/goryo tournament create name: format:` (Manage Server) opens one in this channel: `swiss` or `round_robin`, with `rounds:`, `round_days:` (each round's length, 7 days unless set), `signup_hours:`, `max_players:`, `advanced:` and `assist:`.
`/goryo tournament join` or the **Join** button signs you up · `/goryo tournament leave` takes you out (once it runs, you forfeit the matches you have left)
`/goryo tournament start` (Manage Server) closes sign-up now; otherwise it closes at its time. Fewer than 3 players and it is cancelled · `/goryo tournament cancel` (Manage Server) calls it off
`/goryo tournament standings` any tournament of this server, running or finished (`tournament:` picks one)
Each round pairs players two by two, and each pair plays two matches at once, each player the Goryō in one and the Samurai in the other. A win is 1 point; with an odd count one player has a bye (1 point, once at most). The day before a round's deadline, whoever is still playing is reminded; at the deadline a player whose turn time has run out loses, and any other unfinished match counts for neither.
After each round the channel gets the standings; ties go by head-to-head, then Buchholz (the points of one's opponents), wins as the Goryō, and who signed up first. You play in one open tournament of a server at a time.""")  # noqa: E501  (a msgid: its lines are the text's own)


def ratings_help() -> str:
    return f"{_(RATING_HELP)}\n\n{_(STATS_HELP).format(matches=LEADERBOARD_MIN_MATCHES)}"


def help_text(topic: HelpTopic | None, *, newcomer: bool = True) -> str:
    """``newcomer``: the reader has neither begun a lesson nor finished a match, so the overview points to the
    lesson first (issue 36), as the player's guide says; then no more."""
    return localised(_topic(topic, newcomer))


def _topic(topic: HelpTopic | None, newcomer: bool) -> str:
    if topic is None:
        return f"{_(LEARN_FIRST)}\n{_(HELP_OVERVIEW)}" if newcomer else _(HELP_OVERVIEW)
    if topic == "ratings":
        return ratings_help()
    topics = {
        "rules": HELP_RULES,
        "commands": HELP_COMMANDS,
        # Read when asked, so the features' branches only need to set these constants.
        "assist": HELP_ASSIST,
        "ai": HELP_AI,
        "tournaments": HELP_TOURNAMENTS,
    }
    return _(topics[topic])
