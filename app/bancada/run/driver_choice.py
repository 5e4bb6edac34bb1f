"""Which driver measures a run: the profile's choice checked against the driver host and the plan.

No Qt, no I/O: the runner asks the host which drivers it has and passes them in.
"""

from __future__ import annotations

from bancada.drivers import unsupported_by_driver
from bancada.drivers.locust.requests import unsupported_reason as locust_unsupported
from bancada.experiment.plan import Plan
from bancada.core.i18n import translate
from bancada.run.events import RunError


def choose_driver(choice: str, available: list[str], host_name: str, load_model: str, plan: Plan | None) -> str:
    """The driver to run on the driver host: ``choice`` (``auto``: native where built, else python).

    ``available``: the drivers built on that host (its ``drivers_available()``); ``plan``, when known,
    is checked for treatments the driver cannot send.

    Raises:
        RunError: the driver is not on the host, or cannot run the load model or a treatment (the
            message names it and what to use instead, in the reader's language).
    """
    if choice == "auto":
        choice = "native" if "native" in available else "python"
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
    if choice == "locust":
        check_locust_speaks(plan)
        return choice
    if plan is not None:
        check_driver_speaks(choice, plan)
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


def check_driver_speaks(driver: str, plan: Plan) -> None:
    """Raise RunError when ``driver`` cannot send a treatment's operation over ``plan``'s protocols."""
    for t in plan.treatments:
        why = unsupported_by_driver(driver, t.implementation.protocol, t.workload.operation)
        if why:
            hint = ": use --driver native" if driver != "native" else ""
            raise RunError(
                translate("Runner", "treatment {label} cannot be measured: {why}{hint}").format(
                    label=t.label, why=why, hint=hint
                )
            )


def check_locust_speaks(plan: Plan | None) -> None:
    """Raise RunError (one line, before the run) when the locust driver cannot send a treatment of ``plan``."""
    for t in plan.treatments if plan is not None else ():
        why = locust_unsupported(t.implementation.protocol, t.workload.operation)
        if why:
            raise RunError(
                translate("Runner", "treatment {label} cannot be measured: {why}{hint}").format(
                    label=t.label, why=why, hint=": use --driver native"
                )
            )
