"""What players type and press: the ``/goryo`` command group, what a click on a persistent item does, refusals."""
