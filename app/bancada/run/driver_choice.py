"""Which driver measures a run: the profile's choice checked against the driver host and the plan.

No Qt, no I/O: the runner asks the host which drivers it has and passes them in.
"""

from __future__ import annotations

from dataclasses import dataclass

from bancada.drivers import unmeasurable_reason, unsupported_by_driver
from bancada.drivers.locust.requests import unsupported_reason as locust_unsupported
from bancada.experiment.plan import Plan
from bancada.core.i18n import translate
from bancada.run.events import RunError


@dataclass(frozen=True)
class DriverRefusals:
    """What the drivers refuse of a run, asked of the drivers room in one pass before the run's checks
    raise (:func:`driver_refusals`).

    ``unmeasurable``: ``{implementation id: why no driver speaks its protocol}`` ("" when one does);
    ``unsendable``: ``{treatment label: why the chosen driver cannot send it}``, the refused treatments
    only, in the plan's order.
    """

    unmeasurable: dict[str, str]
    unsendable: dict[str, str]


def concrete_driver(choice: str, available: list[str]) -> str:
    """``choice`` with ``auto`` made concrete: ``native`` where ``available`` has it, else ``python``."""
    if choice == "auto":
        return "native" if "native" in available else "python"
    return choice


def driver_refusals(choice: str, available: list[str], plan: Plan, protocols: dict[str, str]) -> DriverRefusals:
    """What the drivers refuse of ``plan`` when ``choice`` (as :func:`concrete_driver` makes it) sends it,
    and which of the implementations ``protocols`` (``{id: protocol}``) no driver measures."""
    driver = concrete_driver(choice, available)
    unmeasurable = {impl_id: unmeasurable_reason(protocol) for impl_id, protocol in protocols.items()}
    return DriverRefusals(unmeasurable, unsendable(driver, plan))


def unsendable(driver: str, plan: Plan | None) -> dict[str, str]:
    """``{treatment label: why driver cannot send it}`` for the treatments of ``plan`` that ``driver``
    refuses (its operation over its implementation's protocol), in the plan's order."""
    refused: dict[str, str] = {}
    for t in plan.treatments if plan is not None else ():
        protocol, operation = t.implementation.protocol, t.workload.operation
        if driver == "locust":
            why = locust_unsupported(protocol, operation)
        else:
            why = unsupported_by_driver(driver, protocol, operation)
        if why:
            refused.setdefault(t.label, why)
    return refused


def choose_driver(choice: str, available: list[str], host_name: str, load_model: str, plan: Plan | None) -> str:
    """The driver to run on the driver host: ``choice`` (``auto``: native where built, else python),
    checked by :func:`checked_driver` against what it cannot send of ``plan`` (none when ``plan`` is None).

    Raises:
        RunError: as :func:`checked_driver`.
    """
    driver = concrete_driver(choice, available)
    return checked_driver(driver, available, host_name, load_model, plan, unsendable(driver, plan))


def checked_driver(
    choice: str, available: list[str], host_name: str, load_model: str, plan: Plan | None, refused: dict[str, str]
) -> str:
    """``choice`` (``auto``: native where built, else python) once it is known to run here.

    ``available``: the drivers built on the driver host (its ``drivers_available()``); ``refused``: the
    treatments of ``plan`` the driver cannot send, as :func:`unsendable` gives them for this choice.

    Raises:
        RunError: the driver is not on the host, or cannot run the load model or a treatment (the
            message names it and what to use instead, in the reader's language).
    """
    choice = concrete_driver(choice, available)
    if choice not in available:
        hint = {"native": " (build it: make -C workers driver)", "locust": " (build it: make -C workers locust)"}.get(
            choice, ""
        )
        raise RunError(
            translate("Runner", "the {choice} driver is not available on {name}{hint}; available there: {v}").format(
                choice=choice, name=host_name, hint=hint, v=", ".join(available) or "none"
            )
        )
    if choice == "python" and load_model != "sequential":
        raise RunError(
            translate(
                "Runner",
                "the Python driver runs only the sequential load model; this profile asks for "
                "{model!r}: use --driver native",
            ).format(model=load_model)
        )
    if refused:
        label, why = next(iter(refused.items()))  # the first in the plan's order
        hint = ": use --driver native" if choice != "native" else ""
        raise RunError(
            translate("Runner", "treatment {label} cannot be measured: {why}{hint}").format(
                label=label, why=why, hint=hint
            )
        )
    if choice == "python" and plan is not None:
        _check_python_driver_treatments(plan)
    return choice


def _check_python_driver_treatments(plan: Plan) -> None:
    """Raise RunError when ``plan`` has a treatment only the native driver sends (seed 004's
    serialization formats, a custom gRPC method)."""
    grpc_custom = [
        t.label for t in plan.treatments if t.workload.operation == "custom" and t.implementation.protocol == "grpc"
    ]
    serial = [t.label for t in plan.treatments if t.workload.operation == "serial"]
    if serial:
        raise RunError(
            translate(
                "Runner",
                "the Python driver does not run seed 004's serialization formats ({serial}): use --driver native",
            ).format(serial=serial[0])
        )
    if grpc_custom:
        raise RunError(
            translate(
                "Runner",
                "the Python driver runs custom REST requests but not custom gRPC methods "
                "({grpc_custom}): use --driver native",
            ).format(grpc_custom=grpc_custom[0])
        )
