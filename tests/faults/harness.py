"""Inject one fault into a real ``bancada run`` and check what survives.

A run is the user's path: ``python -m bancada.cli run`` (a process of its
own, so it can be killed too) on this computer with the native driver where
built, two real Go workers (go-rest, go-grpc), two repetitions, a count
warm-up and an open load at a fixed rate (:data:`RATE_PER_S`), so that the
run's pace is set by its design and not by the machine's speed: on any
machine that keeps up, each block lasts ``requests / RATE_PER_S`` seconds and
the injection point is reached inside a block. When the run file holds
``point`` × the planned requests (an event of the run, not a delay), the fault
is injected; then the harness waits for the run to end and checks:

- every sample that was stored (committed) before the injection is still in
  the run file after reopening it (acknowledged = committed: what a reader of
  the file could already see);
- the run's state (complete, cancelled, incomplete, interrupted) is the one
  expected for the fault and its message says why;
- no worker or driver process of the run is left, and no worker port still
  accepts connections;
- the CLI printed no traceback, and what it said fits in one clear line.
"""

from __future__ import annotations

import errno
import json
import os
import random
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
QUICK = ROOT / "profiles" / "quick.toml"
#: The open load's rate: 3,000 requests a block take 1.5 s on any machine that keeps up (a closed loop
#: took 0.3–1.5 s by the machine's speed, and a fault aimed at 90 % could land after the block's end).
RATE_PER_S = 2000.0
#: What a stored sample costs on disk at most, the run file, its WAL and the --out CSVs together
#: (measured: 4.8 MiB for 12,040 samples, ~420 B each): sizes the small disk of ``disk full``.
DISK_BYTES_PER_SAMPLE = 2048
#: Measured requests per block of the harness's run.
REQUESTS = 3000
TIMEOUT_S = 2.0  # the profile's request timeout: short, so a frozen worker shows within seconds
PROCESS_MARKERS = (b"bancada-worker", b"bancada-driver", b"bancada.drivers.python")


@dataclass
class Outcome:
    """What one injection did (one row of docs/reliability.md)."""

    fault: str
    point: float
    acknowledged: int = 0  # samples committed before the injection
    stored: int = 0  # samples in the run file after reopening it
    status: str = ""
    message: str = ""
    expected_status: str = ""
    orphans: list[str] = field(default_factory=list)
    open_ports: list[str] = field(default_factory=list)
    cli_error: str = ""
    problems: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def lost(self) -> int:
        return max(0, self.acknowledged - self.stored)

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_json(self) -> dict:
        return {**asdict(self), "lost": self.lost, "ok": self.ok}


def _alive(pid: int, cmdline: bytes) -> bool:
    """Whether ``pid`` still runs the same program (not a zombie, not a reused pid)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        return state != "Z" and Path(f"/proc/{pid}/cmdline").read_bytes() == cmdline
    except OSError:
        return False


def _watch(cli_pid: int, seen: dict[int, bytes]) -> None:
    """Add the run's worker and driver processes (descendants of the CLI) to ``seen``."""
    for pid in _descendants(cli_pid):
        if pid not in seen:
            cmd = _cmdline(pid)
            if any(m in cmd for m in PROCESS_MARKERS):
                seen[pid] = cmd


def _children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(x) for x in text.split()]


def _descendants(pid: int) -> list[int]:
    out, todo = [], [pid]
    while todo:
        for child in _children(todo.pop()):
            out.append(child)
            todo.append(child)
    return out


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def _count(path: Path) -> int:
    """The samples stored so far: the sample table's rows and the running block's staged samples."""
    if str(ROOT / "app") not in sys.path:  # called every 20 ms while a run is watched
        sys.path.insert(0, str(ROOT / "app"))
    from bancada.store.sample_stage import staged_count

    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5) as conn:
            return conn.execute("SELECT COUNT(*) FROM sample").fetchone()[0] + staged_count(conn)
    except sqlite3.Error:
        return 0


def _workers(path: Path) -> dict[str, dict]:
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5) as conn:
            return {k: json.loads(v) for k, v in conn.execute("SELECT implementation, info FROM worker")}
    except sqlite3.Error:
        return {}


def _port_open(target: str) -> bool:
    host, _, port = target.rpartition(":")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=0.5):
            return True
    except OSError:
        return False


def write_profile(folder: Path, requests: int) -> Path:
    """quick.toml with go-rest and go-grpc, StdSize, n = ``requests``, r = 2, a count warm-up of 10,
    an open load at :data:`RATE_PER_S`, a 2 s request timeout."""
    sys.path.insert(0, str(ROOT / "app"))
    from bancada.experiment.profile import dumps_toml, load_profile
    from bancada.experiment.overrides import apply_overrides

    profile = apply_overrides(
        load_profile(QUICK),
        "quick",
        implementations=["go-rest", "go-grpc"],
        payloads=["StdSize"],
        requests=requests,
        repetitions=2,
        warmup=10,
        load="open",
        rate_per_s=RATE_PER_S,
    )
    data = profile.model_dump(exclude_none=True)
    data["experiment"]["timeout_s"] = TIMEOUT_S
    path = folder / "faults.toml"
    path.write_text(dumps_toml(data))
    return path


# -- the faults ----------------------------------------------------------------------
# Each returns the status the run must end in, and a check of its message.

EXPECTED = {
    "worker SIGKILL": ("incomplete", "worker"),
    "worker SIGSTOP 3 s": ("complete", ""),
    "driver SIGKILL": ("incomplete", "driver"),
    "driver SIGSTOP": ("incomplete", "driver"),
    "runner SIGKILL": ("interrupted", ""),
    "runner SIGSTOP 2 s": ("complete", ""),
    "run file copied": ("complete", ""),
    "disk full": ("interrupted|incomplete", "disk"),
    "suspended 5 s": ("complete", ""),
}
#: The long variants: in the matrix (python -m tests.faults.matrix), not in CI's set.
LONG_EXPECTED = {"suspended 30 s": ("complete", "")}
FAULTS = list(EXPECTED)
EXPECTED.update(LONG_EXPECTED)
LONG_FAULTS = list(LONG_EXPECTED)


def _inject(fault: str, cli: subprocess.Popen, path: Path, rng: random.Random, work: Path) -> list[str]:
    """Inject ``fault``; return problems found while injecting (e.g. nothing to kill)."""
    if fault.startswith("worker"):
        workers = _workers(path)
        if not workers:
            return ["no worker recorded in the run file at the injection point"]
        impl = rng.choice(sorted(workers))
        pid = int(workers[impl]["pid"])
        if fault == "worker SIGKILL":
            os.kill(pid, signal.SIGKILL)
        else:
            os.kill(pid, signal.SIGSTOP)
            time.sleep(3.0)
            os.kill(pid, signal.SIGCONT)
        return []
    if fault.startswith("driver"):
        drivers: list[int] = []
        until = time.monotonic() + 5.0  # between two blocks there is no driver for a moment
        while not drivers and time.monotonic() < until and cli.poll() is None:
            drivers = [
                p
                for p in _descendants(cli.pid)
                if b"bancada-driver" in _cmdline(p) or b"bancada.drivers.python" in _cmdline(p)
            ]
            time.sleep(0.005)
        if not drivers:
            return ["no driver process found at the injection point"]
        os.kill(drivers[0], signal.SIGKILL if fault == "driver SIGKILL" else signal.SIGSTOP)
        return []
    if fault == "runner SIGKILL":
        cli.send_signal(signal.SIGKILL)
        return []
    if fault == "runner SIGSTOP 2 s":
        cli.send_signal(signal.SIGSTOP)
        time.sleep(2.0)
        cli.send_signal(signal.SIGCONT)
        return []
    if fault.startswith("suspended"):
        suspend(cli.pid, float(fault.split()[1]))
        return []
    if fault == "run file copied":
        copy = work / "copy.sqlite"
        shutil.copyfile(path, copy)
        sys.path.insert(0, str(ROOT / "app"))
        from bancada.store.runstore import RunStore, RunStoreError

        try:
            with RunStore.open(copy) as store:
                store.sample_count()
                store.meta()
        except (RunStoreError, sqlite3.Error) as exc:
            return [f"a copy of the run file made mid-run does not open: {exc}"]
        return []
    if fault == "disk full":
        fill_disk(path.parent / "filler")
        return []
    raise ValueError(f"unknown fault {fault!r}")


def run_with_fault(fault: str, point: float, seed: int, work: Path, requests: int = REQUESTS) -> Outcome:
    """Start a run, inject ``fault`` when ``point`` of it is stored, check the outcome.

    ``work``: an empty folder (the run's data dir goes inside it; for ``disk full``
    it must be a small filesystem of its own, see :func:`small_filesystem`).
    """
    out = Outcome(fault, point, expected_status=EXPECTED[fault][0])
    rng = random.Random(seed)
    seen: dict[int, bytes] = {}  # the run's worker and driver processes, found while it runs
    profile = write_profile(work, requests)
    env = dict(
        os.environ,
        BANCADA_DATA_DIR=str(work / "data"),
        BANCADA_CONFIG_DIR=str(work / "config"),
        BANCADA_HOME=str(ROOT),
        PYTHONPATH=str(ROOT / "app"),
    )
    total = 2 * 2 * (requests + 10)
    t0 = time.monotonic()
    cli = subprocess.Popen(
        [sys.executable, "-m", "bancada.cli", "run", str(profile), "--quiet", "--out", str(work / "out")],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=work,
    )
    path = None
    stored = 0
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and cli.poll() is None:
        _watch(cli.pid, seen)
        runs = list((work / "data" / "runs").glob("*.sqlite"))
        if runs:
            path = runs[0]
            stored = max(stored, _count(path))
            if stored >= point * total:
                break
        time.sleep(0.02)
    # A run that ended on a full disk before the point reached the fault by itself (a slow machine
    # writes more WAL between checkpoints): its outcome is checked like an injected one.
    disk_full_first = fault == "disk full" and path is not None and cli.poll() is not None
    if path is None or (cli.poll() is not None and not disk_full_first):
        cli.kill()
        stdout, stderr = cli.communicate()
        out.problems.append(f"the run ended or never stored samples before the injection point: {stderr[-500:]}")
        return out
    out.acknowledged = stored if disk_full_first else _count(path)
    targets = {k: v.get("target", "") for k, v in _workers(path).items()}
    _watch(cli.pid, seen)
    # a suspension between two blocks stops no driver: nothing is in flight, nothing to mark
    driving = any(b"bancada-driver" in _cmdline(p) for p in _descendants(cli.pid))
    if not disk_full_first:
        out.problems += _inject(fault, cli, path, rng, work)
    end = time.monotonic() + 90
    while cli.poll() is None and time.monotonic() < end:  # later blocks start new drivers
        _watch(cli.pid, seen)
        time.sleep(0.05)
    try:
        stdout, stderr = cli.communicate(timeout=max(0.1, end - time.monotonic()))
    except subprocess.TimeoutExpired:
        out.problems.append("the run did not end within 90 s of the fault (a hang)")
        for pid in _descendants(cli.pid):
            try:
                os.kill(pid, signal.SIGCONT)
            except OSError:
                pass
        cli.kill()
        stdout, stderr = cli.communicate()
    if fault == "disk full":
        (path.parent / "filler").unlink(missing_ok=True)
    if fault.startswith("suspended") and not out.problems:
        out.problems += check_gap_marked(path, float(fault.split()[1]), driving)
    out.seconds = time.monotonic() - t0
    # the outcome
    time.sleep(0.5)  # workers get SIGKILL from the kernel when their parent dies; let it land
    sys.path.insert(0, str(ROOT / "app"))
    from bancada.store.runstore import RunStore, effective_status

    with RunStore.open(path) as store:
        out.stored = store.sample_count()
        meta = store.meta()
        out.status = effective_status(meta)
        out.message = meta.get("message", "")
    if out.lost:
        out.problems.append(f"{out.lost} acknowledged samples are missing after reopening")
    expected_status, must_mention = EXPECTED[fault]
    if out.status not in expected_status.split("|"):
        out.problems.append(f"status {out.status!r}, expected {expected_status!r} ({out.message})")
    if must_mention and out.status != "interrupted" and must_mention not in out.message.lower():
        out.problems.append(f"the run's message does not say what happened ({must_mention!r}): {out.message!r}")
    left = {pid: cmd for pid, cmd in seen.items() if _alive(pid, cmd)}
    out.orphans = [f"{pid} " + cmd.replace(b"\0", b" ").decode(errors="replace")[:80] for pid, cmd in left.items()]
    for pid in left:
        try:
            os.kill(pid, signal.SIGCONT)
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    if out.orphans:
        out.problems.append(f"processes left: {out.orphans}")
    out.open_ports = [f"{impl} {t}" for impl, t in targets.items() if t and _port_open(t)]
    if out.open_ports:
        out.problems.append(f"ports still open: {out.open_ports}")
    lines = [line for line in stderr.splitlines() if line.strip()]
    if "Traceback" in stderr:
        out.problems.append("the CLI printed a traceback: " + " | ".join(lines[-3:]))
    errors = [line for line in lines if line.startswith("bancada:")]
    out.cli_error = errors[-1] if errors else ""
    if fault != "runner SIGKILL" and out.status in ("incomplete", "cancelled") and not out.cli_error:
        out.problems.append("the CLI did not say why the run is incomplete")
    return out


def suspend(cli_pid: int, seconds: float) -> None:
    """The computer suspended, as the run sees it: SIGSTOP to the run process and every process under
    it (driver, workers), ``seconds`` of sleep, then SIGCONT to all of them."""
    pids = [cli_pid, *_descendants(cli_pid)]
    for pid in pids:
        try:
            os.kill(pid, signal.SIGSTOP)
        except OSError:
            pass
    time.sleep(seconds)
    for pid in reversed(pids):
        try:
            os.kill(pid, signal.SIGCONT)
        except OSError:
            pass


def check_gap_marked(path: Path, seconds: float, driving: bool = True) -> list[str]:
    """The problems of a run suspended for ``seconds``: no gap stored or no sample marked (when a driver
    was ``driving`` at the suspension), or a measured latency that spans a gap and is longer than half
    of it."""
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
        events = conn.execute("SELECT block, body FROM driver_event WHERE kind = 'gap'").fetchall()
        gaps = [json.loads(b) for _, b in events]
        marked = conn.execute("SELECT COUNT(*) FROM sample WHERE phase = 2").fetchone()[0]
        # the longest measured latency in flight across a gap: a request that waited for the stopped
        # driver (a long latency elsewhere is the open load's own queue on a busy machine, not the gap)
        longest = 0
        for (block, _), gap in zip(events, gaps, strict=True):
            row = conn.execute(
                "SELECT MAX(latency_ns) FROM sample WHERE phase = 1 AND block = ? AND start_ns < ?"
                " AND start_ns + latency_ns > ?",
                (block, int(gap["to_ns"]), int(gap["from_ns"])),
            ).fetchone()
            longest = max(longest, row[0] or 0)
    problems = []
    if driving and not any(g["seconds"] >= 0.8 * seconds for g in gaps):
        problems.append(f"no gap of about {seconds:g} s stored: {gaps}")
    if driving and not marked:
        problems.append("no sample marked as spanning the gap")
    if longest > seconds / 2 * 1e9:
        problems.append(f"a measured latency of {longest / 1e9:.1f} s includes the gap")
    return problems


def fill_disk(filler: Path) -> None:
    """Write ``filler`` until its filesystem is full. A disk already full (the run got there first, even
    before the file could be made) is the fault reached, not a failure of the harness."""
    try:
        with open(filler, "wb") as f:
            while True:
                f.write(b"\0" * (1 << 16))
                f.flush()
    except OSError as exc:
        if exc.errno != errno.ENOSPC:
            raise


def disk_size_mib(requests: int, repetitions: int = 2, treatments: int = 2, warmup: int = 10) -> int:
    """The small disk for a run of that plan: room for all it would write (:data:`DISK_BYTES_PER_SAMPLE`
    a sample) plus 8 MiB, so that the disk fills when the harness fills it, not before."""
    samples = repetitions * treatments * (requests + warmup)
    return 8 + -(-samples * DISK_BYTES_PER_SAMPLE // (1 << 20))


class small_filesystem:
    """A small tmpfs mounted at ``folder`` (needs root; :meth:`available` says whether it can be made),
    of :func:`disk_size_mib` for the harness's run unless ``size_mib`` is given."""

    def __init__(self, folder: Path, size_mib: int | None = None) -> None:
        size_mib = size_mib if size_mib is not None else disk_size_mib(REQUESTS)
        self.folder, self.size_mib = folder, size_mib

    @staticmethod
    def available() -> str | None:
        """None when a tmpfs can be mounted here, else the reason."""
        if os.geteuid() != 0:
            return "mounting a small filesystem needs root"
        if not shutil.which("mount"):
            return "mount is not installed"
        return None

    def __enter__(self) -> Path:
        self.folder.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            ["mount", "-t", "tmpfs", "-o", f"size={self.size_mib}m", "tmpfs", str(self.folder)],
            check=True,
            capture_output=True,
        )
        return self.folder

    def __exit__(self, *exc) -> None:
        subprocess.run(["umount", "-l", str(self.folder)], capture_output=True)


# -- servers that misbehave -------------------------------------------------------------

BAD_SERVER_FAULTS = {f"server {m}": m for m in ("slow", "close", "garbage", "reset")}
BAD_EVERY = 10  # every 10th request misbehaves


def run_against_bad_server(fault: str, work: Path, requests: int = 300) -> Outcome:
    """``bancada run`` against an external REST server that misbehaves on every 10th request.

    Every request must be in the run file, as a success or as a failed sample with
    its error (one per misbehaviour), the run must end ``complete`` without a hang,
    and the CLI's table must count the errors.
    """
    from tests.faults.bad_server import BadServer

    out = Outcome(fault, 0.0, expected_status="complete")
    server = BadServer(BAD_SERVER_FAULTS[fault], every=BAD_EVERY, delay_s=TIMEOUT_S + 1)
    try:
        profile = work / "bad.toml"
        profile.write_text(f'''[experiment]
name = "bad-server"
implementations = ["bad-rest"]
repetitions = 1
requests = {requests}
warmup = 0
timeout_s = {TIMEOUT_S}

[[external]]
id = "bad-rest"
protocol = "rest"
address = "{server.address}"

[[workloads]]
name = "Ping"
operation = "ping"
count = 0
''')
        env = dict(
            os.environ,
            BANCADA_DATA_DIR=str(work / "data"),
            BANCADA_CONFIG_DIR=str(work / "config"),
            BANCADA_HOME=str(ROOT),
            PYTHONPATH=str(ROOT / "app"),
        )
        t0 = time.monotonic()
        try:
            proc = subprocess.run(
                [sys.executable, "-m", "bancada.cli", "run", str(profile), "--quiet", "--out", str(work / "out")],
                env=env,
                capture_output=True,
                text=True,
                timeout=120,
                cwd=work,
            )
        except subprocess.TimeoutExpired:
            out.problems.append("the run did not end within 120 s (a hang)")
            return out
        out.seconds = time.monotonic() - t0
    finally:
        server.close()
    runs = list((work / "data" / "runs").glob("*.sqlite"))
    if not runs:
        out.problems.append(f"no run file: {proc.stderr.strip()[-300:]}")
        return out
    sys.path.insert(0, str(ROOT / "app"))
    from bancada.store.runstore import RunStore, effective_status

    with RunStore.open(runs[0]) as store:
        out.stored = store.sample_count()
        failed = store.conn.execute("SELECT COUNT(*) FROM sample WHERE ok = 0").fetchone()[0]
        kinds = sorted({e.split(":", 1)[0] for (e,) in store.conn.execute("SELECT error FROM sample WHERE ok = 0")})
        meta = store.meta()
        out.status, out.message = effective_status(meta), meta.get("message", "")
    out.acknowledged = requests  # every request sent must be a sample, ok or failed
    out.message = f"{failed} failed samples ({', '.join(kinds)}) for {server.misbehaved} misbehaviours"
    if out.stored != requests:
        out.problems.append(f"{out.stored} samples stored for {requests} requests")
    if failed != server.misbehaved:
        out.problems.append(f"{failed} failed samples for {server.misbehaved} misbehaving answers")
    if out.status != "complete":
        out.problems.append(f"status {out.status!r}: {meta.get('message', '')}")
    if "Traceback" in proc.stderr:
        out.problems.append("the CLI printed a traceback")
    if str(failed) not in proc.stdout:
        out.problems.append("the CLI's table does not count the errors")
    return out
