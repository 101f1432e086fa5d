"""What players type and press: the ``/goryo`` command group, its buttons, refusals and cooldowns."""
