"""The bounded memory the bot keeps of Discord's answers and of what players were told."""

from bot.records.memory import Memory


def test_a_memory_starts_again_rather_than_hold_more_than_its_bound():
    memory: Memory[int, str] = Memory(most=3)
    for key in range(3):
        memory.remember(key, f"answer {key}")
    assert dict(memory) == {0: "answer 0", 1: "answer 1", 2: "answer 2"}
    memory.remember(3, "answer 3")
    assert dict(memory) == {3: "answer 3"}


def test_a_memory_full_of_answers_keeps_them_when_one_is_told_again():
    memory: Memory[str, int] = Memory(most=2)
    memory.remember("a", 1)
    memory.remember("b", 2)
    memory.remember("b", 3)  # nothing new to hold: nothing forgotten
    assert dict(memory) == {"a": 1, "b": 3}
