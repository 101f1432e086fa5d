"""The words of a match's review (issue 44), in the language spoken: an overview page, then one page per
Samurai turn, each within a message's 2,000 characters. The numbers are ``ai.review``'s."""

from __future__ import annotations

import rules
from ai.review import Review, StepReview, TurnReview
from locales import _, ngettext, spoken
from words.phrases import object_name, plan_name, samurai_name

PAGE_LIMIT = 2000  # characters of a message's content
MORE_ROOM = 80  # kept free for the line saying how many actions did not fit


def page_count(made: Review) -> int:
    return 1 + len(made.turns)


def page_text(made: Review, match_id: int, page: int) -> str:
    """Page 0 is the overview; page ``n`` the ``n``-th Samurai turn."""
    if page <= 0 or page > len(made.turns):
        return overview(made, match_id)
    return turn_page(made.turns[page - 1], match_id)


def overview(made: Review, match_id: int) -> str:
    lines = [_("**Review of match {match}**: how far each Samurai action narrowed down where she could be, "
               "counted as the deduction aid counts them. One page per round: use the buttons.").format(
        match=match_id)]
    if not made.turns:
        lines.append(_("The match ended before any Samurai turn: there is nothing to review."))
    for turn in made.turns:
        lines.append(_round_line(turn))
    lines.append(_("The chart shows her possible paths before and after each action, on a log scale."))
    return _fitted(lines)


def _round_line(turn: TurnReview) -> str:
    line = ngettext("Round {round}: {left} of her {total} possible paths left after {count} action.",
                    "Round {round}: {left} of her {total} possible paths left after {count} actions.",
                    len(turn.steps)).format(round=turn.round, left=turn.at_discovery, total=turn.total,
                                            count=len(turn.steps))
    if turn.captures:
        line += " " + ngettext("Her spirit was captured once.", "Her spirit was captured {count} times.",
                               turn.captures).format(count=turn.captures)
    return "- " + line


def turn_page(turn: TurnReview, match_id: int) -> str:
    head = _("**Match {match}, round {round}**: she could choose among {total} paths.").format(
        match=match_id, round=turn.round, total=turn.total)
    lines = [head]
    lines += [f"{number}. {_step_line(step, turn.total)}" for number, step in enumerate(turn.steps, start=1)]
    if not turn.steps:
        lines.append(_("The Samurai took no action this turn."))
    lines.append(_discovery_line(turn))
    return _fitted(lines)


def _step_line(step: StepReview, total: int) -> str:
    said = _("{action}: {left} of her {total} possible paths left").format(
        action=action_words(step.action), left=step.after, total=total)
    if isinstance(step.action, (rules.Search, rules.Sniff)):
        said += " " + _("({expected} expected)").format(expected=decimal(step.expected))
    if step.best is None:
        return said + ". " + _("No investigation was left to make.")
    if step.action == step.best.action or (
            isinstance(step.action, (rules.Search, rules.Sniff)) and step.expected <= step.best.expected + 1e-9):
        return said + ". " + _("The best there was.")
    return said + ". " + _("Best: {action}, {expected} left in expectation.").format(
        action=action_words(step.best.action), expected=decimal(step.best.expected))


def _discovery_line(turn: TurnReview) -> str:
    if turn.her_path is None:
        return _("The match ended before this turn's Discovery.")
    said = _("**Discovery**: her path was {path}; {left} of her possible paths still fitted.").format(
        path=plan_name(turn.her_path), left=turn.at_discovery)
    if turn.more_likely is not None:
        said += " " + surprise(turn.more_likely, turn.at_discovery)
    if turn.captures:
        said += " " + ngettext("One spirit token was flipped.", "{count} spirit tokens were flipped.",
                               turn.captures).format(count=turn.captures)
    if turn.sealed:
        said += " " + _("Sealed: {types}.").format(types=", ".join(object_name(t) for t in turn.sealed))
    return said


def surprise(more_likely: int, consistent: int) -> str:
    """How surprising her plan was: how many consistent paths the hard Samurai thought likelier."""
    if more_likely == 0:
        return _("The hard Samurai would have thought hers the likeliest of them.")
    return ngettext("To the hard Samurai, {count} of the {consistent} was likelier than hers.",
                    "To the hard Samurai, {count} of the {consistent} were likelier than hers.",
                    more_likely).format(count=more_likely, consistent=consistent)


def action_words(action: rules.Action) -> str:
    if isinstance(action, rules.Move):
        return _("{samurai} moves to {space}").format(samurai=samurai_name(action.samurai, capital=True),
                                                      space=rules.space_name(action.to))
    if isinstance(action, rules.Search):
        return _("{samurai} searches").format(samurai=samurai_name(action.samurai, capital=True))
    if isinstance(action, rules.Sniff):
        return _("{samurai} sniffs {space}").format(samurai=samurai_name(action.samurai, capital=True),
                                                    space=rules.space_name(action.space))
    if isinstance(action, rules.Undo):
        return _("A move taken back")
    raise TypeError(f"not a Samurai action: {action!r}")


def decimal(value: float) -> str:
    """One decimal, with the language's decimal mark."""
    text = f"{value:.1f}"
    return text.replace(".", ",") if spoken() == "it" else text


def _fitted(lines: list[str]) -> str:
    """The lines, as many as fit in one message, the first and the last always, saying how many were left out
    (a turn of many undos can run long)."""
    text = "\n".join(lines)
    if len(text) <= PAGE_LIMIT:
        return text
    head, middle, last = lines[0], lines[1:-1], lines[-1]
    while middle and len("\n".join([head, *middle, last])) > PAGE_LIMIT - MORE_ROOM:
        middle.pop()
    left_out = len(lines) - 2 - len(middle)
    more = ngettext("… and {count} more line.", "… and {count} more lines.", left_out).format(count=left_out)
    return "\n".join([head, *middle, more, last])[:PAGE_LIMIT]
