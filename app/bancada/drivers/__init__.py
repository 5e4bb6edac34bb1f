"""The drivers that send the requests (native Go and Python) and what they speak."""

from bancada.core.i18n import translate
from bancada.wire import protocols

#: The contract's operations (seed 001's database methods included) and a user's own request
#: (custom), which both drivers send.
_COMMON_OPERATIONS = (
    "ping",
    "select",
    "echo",
    "info",
    "void",
    "double",
    "sum",
    "power_of_two",
    "recolor",
    "matmul",
    "custom",
    "list_pets",
    "list_people",
    "create_pet",
    "create_person",
)
#: The workload operations each driver sends: the native driver also seed 004's serial
#: (encode, send, decode, with the split).
OPERATIONS_BY_DRIVER = {"native": (*_COMMON_OPERATIONS, "serial"), "python": _COMMON_OPERATIONS}


def protocols_by_driver() -> dict[str, tuple[str, ...]]:
    """The protocols each driver sends requests in (the registry's, by rank); a worker may serve more."""
    return {driver: protocols.spoken_by(driver) for driver in protocols.DRIVERS}


def driver_protocols() -> tuple[str, ...]:
    """The protocols some driver sends requests in."""
    return tuple(p.name for p in protocols.all_protocols() if p.drivers)


def unmeasurable_reason(protocol: str, driver: str | None = None) -> str:
    """Why an implementation over ``protocol`` cannot be measured ("" when it can).

    Args:
        protocol: the implementation's protocol (a name in :mod:`bancada.wire.protocols`).
        driver: ``native`` or ``python``; None (or ``auto``) asks whether any driver speaks it.
    """
    if driver in protocols.DRIVERS:
        speaks = protocols.spoken_by(driver)
        if protocol in speaks:
            return ""
        return translate("Hosts", "the {driver} driver speaks {protocols}, not {protocol}").format(
            driver=driver, protocols=", ".join(speaks), protocol=protocol
        )
    spoken = driver_protocols()
    if protocol in spoken:
        return ""
    return translate("Hosts", "the drivers speak {protocols}, not {protocol} (yet)").format(
        protocols=", ".join(spoken), protocol=protocol
    )


def unsupported_by_driver(driver: str, protocol: str, operation: str) -> str:
    """Why ``driver`` cannot send ``operation`` over ``protocol`` ("" when it can)."""
    why = unmeasurable_reason(protocol, driver)
    if why:
        return why
    ops = OPERATIONS_BY_DRIVER.get(driver, ())
    if operation not in ops or not protocols.get(protocol).carries(operation):
        return translate("Hosts", "the {driver} driver does not send the operation {operation}").format(
            driver=driver, operation=operation
        )
    return ""
