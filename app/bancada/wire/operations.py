"""The names of the workload operations, with no import behind them (the command line lists them
before any heavy module is loaded)."""

from __future__ import annotations

#: Every workload operation a profile may name: the contract's methods (seed 000's select and echo,
#: seed 002's six methods, seed 001's database methods), a user's own request (custom) and seed
#: 004's serial. :data:`bancada.experiment.profile.Operation` is the same list as a type.
OPERATIONS: tuple[str, ...] = (
    "ping", "select", "echo", "info", "void", "double", "sum", "power_of_two", "recolor", "matmul", "custom", "serial",
    "list_pets", "list_people", "create_pet", "create_person",
)  # fmt: skip
#: Seed 001's methods that list rows, and those that create one record a request.
LIST_OPERATIONS = ("list_pets", "list_people")
CREATE_OPERATIONS = ("create_pet", "create_person")
#: The operations ``bancada run --operation`` sets (a custom request and serial need fields of their own).
OVERRIDE_OPERATIONS: tuple[str, ...] = tuple(op for op in OPERATIONS if op not in ("custom", "serial"))
