"""Plain records, the bottom layer of the bot: values and pure functions of them, no I/O, no Discord.

``outbox``: what committed actions owe to people; ``matches``: a match, a challenge and a logged
action as storage hands them back; ``played``: one applied action as the pipeline hands it on;
``league``: ratings, records and history computed from finished matches.
"""
