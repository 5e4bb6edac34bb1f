"""The locust driver's parts that need no Locust process: the manifests (validated offline against the
Kubernetes API schema with kubernetes-validate), the checks before a run, the receiver, the run file."""

from __future__ import annotations

import io
import json

import kubernetes_validate
import pytest

from bancada.experiment.overrides import with_load_workers
from bancada.cli.main import main as bancada
from bancada.experiment.overrides import apply_overrides
from bancada.drivers.job import DriverJob, JobBlock, JobError, JobTreatment
from bancada.drivers.locust.locustfile import block_plan, locustfile_text
from bancada.drivers.locust.processes import check_version
from bancada.drivers.locust.receiver import relay
from bancada.drivers.stream import DriverEvent, Sample, read_frames
from bancada.experiment import manifest
from bancada.experiment.plan import build_plan, with_external, with_seed
from bancada.experiment.profile import ProfileError, load_profile
from bancada.run.driver_choice import choose_driver
from bancada.run.events import RunError
from bancada.store.load_workers import add_load_worker_samples, load_worker_samples
from bancada.store.runstore import RunStore
from tests.conftest import ROOT

QUICK = ROOT / "profiles" / "quick.toml"
TARGETS = ["--target", "go-rest=go-rest:8080", "--target", "go-grpc=go-grpc:50051"]


def _export(tmp_path, workers=3):
    profile = tmp_path / "p.toml"
    text = QUICK.read_text().replace(
        'implementations = ["go-grpc", "go-rest", "java-grpc", "java-rest"]', 'implementations = ["go-grpc", "go-rest"]'
    )
    profile.write_text(text.replace("[experiment]\n", f"[experiment]\nload_workers = {workers}\nload_users = 6\n", 1))
    assert bancada(["export", "locust", str(profile), "--kubernetes", str(tmp_path / "k8s"), *TARGETS]) == 0
    return {p.stem: json.loads(p.read_text()) for p in (tmp_path / "k8s").glob("*.json")}


def test_the_kubernetes_manifests_validate_against_the_api_schema(tmp_path):
    docs = _export(tmp_path, workers=3)
    assert set(docs) == {"configmap", "master-deployment", "master-service", "worker-deployment"}
    for doc in docs.values():
        kubernetes_validate.validate(doc, kubernetes_validate.latest_version(), strict=True)
    assert docs["worker-deployment"]["spec"]["replicas"] == 3
    master_args = docs["master-deployment"]["spec"]["template"]["spec"]["containers"][0]["args"]
    assert "--expect-workers" in master_args and master_args[master_args.index("--expect-workers") + 1] == "3"
    locustfile = docs["configmap"]["data"]["locustfile.py"]
    compile(locustfile, "locustfile.py", "exec")  # the runtime code, whole, with its plan
    assert "go-rest:8080" in locustfile and "go-grpc:50051" in locustfile
    broken = json.loads(json.dumps(docs["worker-deployment"]))
    broken["spec"]["replicas"] = "three"  # the validator does catch a wrong manifest
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(broken, kubernetes_validate.latest_version(), strict=True)


def test_the_export_names_a_missing_target(tmp_path, capsys):
    assert (
        bancada(["export", "locust", str(QUICK), "--kubernetes", str(tmp_path / "k"), "--target", "go-rest=x:1"]) == 2
    )
    assert "has no --target go-grpc=HOST:PORT" in capsys.readouterr().err
    assert not (tmp_path / "k").exists()


def _plan(profile):
    profile = with_seed(profile, 1)
    return build_plan(profile, with_external(profile, manifest.discover(ROOT)))


def test_a_treatment_locust_cannot_send_is_refused_before_the_run():
    profile = load_profile(ROOT / "profiles" / "serialization-formats-classroom.toml")
    with pytest.raises(RunError) as caught:
        choose_driver("locust", ["python", "locust"], "this computer", "sequential", _plan(profile))
    message = str(caught.value)
    assert "\n" not in message and "cannot be measured" in message and "serial" in message


def test_the_locust_driver_must_be_built_to_be_chosen():
    with pytest.raises(
        RunError, match=r"locust driver is not available on this computer \(build it: make -C workers locust\)"
    ):
        choose_driver("locust", ["python"], "this computer", "sequential", None)


def test_locust_versions_are_checked_in_bancadas_words():
    assert check_version("locust 2.47.0 from /x (Python 3.11.7)", "h") == (2, 47, 0)
    with pytest.raises(JobError, match="Locust 2.8.6 on lab-1 is too old: the locust driver needs 2.20 or newer"):
        check_version("locust 2.8.6 from /x", "lab-1")
    with pytest.raises(JobError, match="Locust is not installed on lab-1"):
        check_version("sh: 1: locust: not found", "lab-1")


def test_load_workers_below_one_is_a_profile_error():
    profile = load_profile(QUICK)
    assert with_load_workers(profile, 4).experiment.load_workers == 4
    with pytest.raises(ProfileError, match="--load-workers must be 1 or more"):
        with_load_workers(profile, 0, "--load-workers")


def test_the_block_plan_spreads_rounds_and_builds_bancadas_requests():
    profile = apply_overrides(
        load_profile(QUICK), "quick", implementations=["go-rest", "go-grpc"], payloads=["StdSize"]
    )
    job = DriverJob(
        treatments=[
            JobTreatment(
                id=0,
                protocol="rest",
                target="127.0.0.1:1",
                operation="select",
                payload=profile.workloads[0].payload_spec(),
            ),
            JobTreatment(
                id=1,
                protocol="grpc",
                target="127.0.0.1:2",
                operation="select",
                payload=profile.workloads[0].payload_spec(),
            ),
        ],
        blocks=[JobBlock(repetition=3, treatments=[0, 1], warmup=2, requests=5, order="shuffled", seed=9)],
    )
    plan = block_plan(job, job.blocks[0], workers=2)
    assert len(plan["orders"]) == 7 and all(sorted(o) == [0, 1] for o in plan["orders"])
    assert plan["orders"] != [[0, 1]] * 7  # shuffled rounds, as the Python driver shuffles them
    rest, grpc = plan["treatments"]
    assert rest["method"] == "POST" and rest["url"] == "http://127.0.0.1:1/v1/select"
    assert grpc["method"] == "/bancada.v1.Bench/Select" and grpc["target"] == "127.0.0.1:2"
    assert "PLAN = json.loads(" in locustfile_text(plan)


def test_the_receiver_turns_the_masters_lines_into_frames_with_workers():
    lines = [
        json.dumps(
            {
                "kind": "samples",
                "worker": "w1",
                "host": "lab-1",
                "rows": [[0, 1, 5, 1, 1, 1500, -1, 10_000, ""], [1, 1, 5, 1, 0, 900, 3, 10_500, "http_500: x"]],
            }
        ).encode(),
        json.dumps({"kind": "worker_lost", "worker": "w2", "host": "lab-2"}).encode(),
        json.dumps({"kind": "end"}).encode(),
        b'{"kind": "samples"}',  # after the end: not read
    ]
    out = io.BytesIO()
    result = relay(lines, out, origin_epoch_ns=9_000)
    assert result.ended and result.samples == {"w1": 2} and result.lost == {"w2": "lab-2"}
    frames = list(read_frames(io.BytesIO(out.getvalue())))
    assert frames[0] == Sample(0, 1, 5, 1, True, 1500, -1, 1_000, 0, "")
    assert frames[1] == Sample(1, 1, 5, 1, False, 900, 3, 1_500, 0, "http_500: x")
    assert isinstance(frames[2], DriverEvent) and frames[2]["keys"] == [0, 5, 1, 5] and frames[2]["worker"] == "w1"


def test_an_old_run_file_has_no_load_workers_and_a_new_one_keeps_them(tmp_path):
    store = RunStore.create(folder=tmp_path)
    assert load_worker_samples(store).empty  # no table: a run of the other drivers, or an old file
    store.add_samples([Sample(0, 1, 5, 1, True, 10, -1, 0), Sample(1, 1, 5, 1, True, 10, -1, 0)])
    add_load_worker_samples(store, {"worker": "w1", "host": "lab-1", "repetition": 1, "keys": [0, 5, 1, 5]})
    store.commit()
    frame = load_worker_samples(RunStore.open(store.path))
    assert frame[["treatment", "seq", "worker", "host"]].values.tolist() == [
        [0, 5, "w1", "lab-1"],
        [1, 5, "w1", "lab-1"],
    ]


def test_the_locust_messages_are_in_brazilian_portuguese():
    from bancada.core import i18n

    i18n.set_language("pt_BR")
    try:
        with pytest.raises(JobError, match="o Locust 2.8.6 em lab-1 é antigo demais"):
            check_version("locust 2.8.6 from /x", "lab-1")
        with pytest.raises(ProfileError, match="--load-workers deve ser 1 ou mais"):
            with_load_workers(load_profile(QUICK), 0, "--load-workers")
    finally:
        i18n.set_language("en")


def test_fewer_users_than_locust_workers_is_a_profile_error(tmp_path):
    profile = tmp_path / "p.toml"
    profile.write_text(
        QUICK.read_text().replace("[experiment]\n", "[experiment]\nload_workers = 4\nload_users = 2\n", 1)
    )
    with pytest.raises(ProfileError, match=r"load_users \(2\) must be at least load_workers \(4\)"):
        load_profile(profile)
