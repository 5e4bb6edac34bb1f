"""Fixtures starting the real, built workers (make -C workers)."""

from __future__ import annotations

import pytest

from tests.conftest import ROOT, artifact_missing


def _implementations() -> list[str]:
    """Every implementation of every worker manifest (workers/*/worker.toml)."""
    from bancada.experiment import manifest

    return list(manifest.discover(ROOT))


IMPLEMENTATIONS = _implementations()


@pytest.fixture(scope="module")
def local_host():
    from bancada.hosts.local import LocalHost

    host = LocalHost(ROOT)
    yield host
    host.close()


@pytest.fixture(scope="module", params=IMPLEMENTATIONS)
def worker(request, local_host):
    """One running worker per implementation (module scope)."""
    from bancada.experiment import manifest

    reason = artifact_missing(request.param)
    if reason:
        pytest.fail(f"{request.param} cannot run: {reason} (run make -C workers)")
    impl = manifest.discover(ROOT)[request.param]
    handle = local_host.start_worker(impl, "test", ready_timeout_s=120)
    yield impl, handle
    handle.stop()


@pytest.fixture(scope="session")
def pet_person_db():
    """A private PostgreSQL server (Debian's postgresql) with seed 001's tables: seed 1,
    1,000 pets and 1,000 people; ``.database_url`` is what a worker reads from
    BANCADA_DATABASE_URL, ``.records`` the seeded rows, ``.reset()`` restores them."""
    from bancada.hosts.postgres import PrivatePostgres

    with PrivatePostgres(seed=1, pets=1000, people=1000) as db:
        yield db
