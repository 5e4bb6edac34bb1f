"""The load table sent to the native driver: busy polling off where the driver shares the workers' CPUs."""

from __future__ import annotations

from bancada.hosts.placement import PlacementDecision, ProcessPlacement
from bancada.run.driver_load import driver_load, owns_cpus

CLOSED = {"model": "closed", "concurrency": 64, "duration_s": 3.0}


def test_a_closed_load_beside_the_workers_does_not_busy_poll():
    assert driver_load(CLOSED, PlacementDecision(), workers_here=True) == {**CLOSED, "busy_poll_us": 0.0}


def test_the_driver_keeps_its_polling_on_cpus_of_its_own_on_another_host_or_when_the_profile_says():
    placed = PlacementDecision(worker=ProcessPlacement(cpus=(1,)), driver=ProcessPlacement(cpus=(0,)))
    assert owns_cpus(placed) and driver_load(CLOSED, placed, workers_here=True) == CLOSED
    assert driver_load(CLOSED, PlacementDecision(), workers_here=False) == CLOSED
    chosen = {**CLOSED, "busy_poll_us": 20.0}
    assert driver_load(chosen, PlacementDecision(), workers_here=True) == chosen
    overlapping = PlacementDecision(worker=ProcessPlacement(cpus=(0, 1)), driver=ProcessPlacement(cpus=(0,)))
    assert not owns_cpus(overlapping) and driver_load(CLOSED, overlapping, workers_here=True)["busy_poll_us"] == 0.0


def test_the_sequential_model_keeps_the_drivers_default():
    sequential = {"model": "sequential", "concurrency": 1}
    assert driver_load(sequential, PlacementDecision(), workers_here=True) == sequential
