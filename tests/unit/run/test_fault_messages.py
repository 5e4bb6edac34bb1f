"""What the window shows of the faults of long runs, in English and in Brazilian Portuguese: requests made
timeouts after a stalled link (tests/ssh/test_ssh_partition.py), an SSH connection dropped for good, and
the database killed mid-block, started again or not (tests/integration/test_database_killed_mid_block.py)."""

from __future__ import annotations

import numpy as np
import pytest

from bancada.core import i18n
from bancada.core.samples import PHASE_MEASURE, SAMPLE_DTYPE, SampleBlock
from bancada.hosts.postgres import PostgresError, PrivatePostgres
from bancada.run.database import RunDatabase, restart_text
from bancada.store.database_record import DatabaseRestart
from bancada.run.driver_block import LATE_ERROR, fail_late, late_text
from bancada.core.i18n import translate

DROPPED = (
    "the SSH connection to {host} dropped during block {block}; the run stops and the samples so far are kept "
    "(the worker left on the host is stopped at the next connection)"
)


@pytest.fixture
def pt_br():
    i18n.set_language("pt_BR")
    yield
    i18n.set_language("en")


def _database_failed() -> str:
    database = RunDatabase()
    database.server = PrivatePostgres()  # not started: only its kind and host are read
    return database._failed(PostgresError("the private PostgreSQL server (pid 7, port 5) exited with code -9"))


def _restart(port_after: int = 5, exit_code: int | None = -9) -> DatabaseRestart:
    return DatabaseRestart(
        block=0, exit_code=exit_code, reason="", port_before=5, port_after=port_after, failed=1296,
        pets_md5="", people_md5="", restart_s=0.4, workers_restarted=("go-rest", "node") if port_after != 5 else (),
    )  # fmt: skip


def _keeps_dying() -> str:
    database = RunDatabase()
    database.server = PrivatePostgres()
    return database._failed_for_good(
        "x", translate("Runner", "it is not started again: it died {n} times in this run (a server that keeps "
                       "dying is not measured on)").format(n=4)
    )  # fmt: skip


def test_in_english():
    assert late_text(0, 1234, 2.0) == (
        "block 1: 1,234 requests were answered more than 2.0 s after their planned start (they waited to be sent "
        "while the link or the worker stalled); they are failed samples (timeout), not latencies"
    )
    assert translate("Runner", DROPPED).format(host="lab", block=2).startswith("the SSH connection to lab dropped")
    assert _database_failed() == (
        "the database (private PostgreSQL on local) failed: the private PostgreSQL server (pid 7, port 5) exited "
        "with code -9; the samples so far are kept"
    )
    assert restart_text("private", "local", _restart()) == (
        "the private PostgreSQL server on local died during block 1 (exit code -9); it was started again, seeded as "
        "at the run's start, and the run goes on; block 1's requests after the death failed (1,296 failed samples)"
    )
    assert restart_text("private", "lab", _restart(6, None)).endswith(
        "died during block 1 (exit code not known); it was started again, seeded as at the run's start, and the run "
        "goes on; block 1's requests after the death failed (1,296 failed samples); its port 5 was taken: it listens "
        "on port 6 now, and the workers that read its address were started again (go-rest, node)"
    )
    assert _keeps_dying() == (
        "the database (private PostgreSQL on local) failed: x; it is not started again: it died 4 times in this run "
        "(a server that keeps dying is not measured on); the samples so far are kept"
    )


def test_in_brazilian_portuguese(pt_br):
    assert late_text(0, 1234, 2.0) == (
        "bloco 1: 1.234 requisições foram respondidas mais de 2,0 s depois do início planejado (esperaram para ser "
        "enviadas enquanto o enlace ou o worker travou); são amostras com falha (timeout), não latências"
    )
    assert translate("Runner", DROPPED).format(host="lab", block=2) == (
        "a conexão SSH com lab caiu durante o bloco 2; a execução para e as amostras até aqui estão guardadas "
        "(o worker deixado no host é parado na próxima conexão)"
    )
    assert _database_failed().startswith("o banco de dados (PostgreSQL privado em local) falhou: ")
    assert restart_text("private", "local", _restart()) == (
        "o servidor PostgreSQL privado em local parou durante o bloco 1 (código de saída -9); ele foi iniciado de "
        "novo, com os registros semeados como no início da execução, e a execução continua; as requisições do bloco "
        "1 depois da parada falharam (1.296 amostras com falha)"
    )
    assert restart_text("private", "lab", _restart(6, None)).endswith(
        "(código de saída desconhecido); ele foi iniciado de novo, com os registros semeados como no início da "
        "execução, e a execução continua; as requisições do bloco 1 depois da parada falharam (1.296 amostras com "
        "falha); a porta 5 dele estava ocupada: ele agora escuta na porta 6, e os workers que leem o endereço dele "
        "foram iniciados de novo (go-rest, node)"
    )
    assert _keeps_dying() == (
        "o banco de dados (PostgreSQL privado em local) falhou: x; ele não é iniciado de novo: parou 4 vezes nesta "
        "execução (não se mede sobre um servidor que continua parando); as amostras até aqui estão guardadas"
    )


def test_a_request_answered_past_the_timeout_from_its_planned_start_is_a_timeout():
    rows = np.zeros(3, SAMPLE_DTYPE)
    rows["phase"] = PHASE_MEASURE
    rows["ok"] = [1, 1, 0]
    rows["latency_ns"] = [1_900_000_000, 5_300_000_000, 2_000_000_000]
    rows.flags.writeable = False  # as read from the driver's frame
    block = SampleBlock(rows, {2: "timeout: i/o timeout"})
    assert fail_late(block, 2.0) == 1
    assert block.rows["ok"].tolist() == [1, 0, 0]
    assert block.errors == {1: LATE_ERROR, 2: "timeout: i/o timeout"}
    assert LATE_ERROR.startswith("timeout: ")  # counted with the other timeouts


def test_a_worker_that_died_is_said_in_the_window_language(pt_br):
    from bancada.run.events import WorkerDied

    text = str(WorkerDied("go-rest", "panic: boom", -9))
    assert (
        text
        == "o worker go-rest parou no meio da execução (código de saída -9); suas últimas linhas de log:\npanic: boom"
    )
