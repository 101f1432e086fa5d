"""What players see and press, built below the code that posts it: views, buttons, selects and their ids.

Each persistent item's look and ``custom_id`` live here; what a click does is added by ``bot.commands.clicks``,
which subclasses each item with its callback and the game it acts on (registered in ``setup_hook``).
"""
