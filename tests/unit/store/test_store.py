import csv

from bancada.drivers.stream import Sample
from bancada.store.runstore import RunStore, TreatmentRow, list_runs
from bancada.store.tidy_csv import COLUMNS, export_csv


def test_store_round_trip_and_tidy_csv(tmp_path):
    store = RunStore.create(folder=tmp_path)
    store.add_treatments([TreatmentRow(0, "go-grpc", "go", "grpc", "go", "select", "StdSize", "int64s", 200, 613)])
    store.add_samples(
        [
            Sample(0, 1, 0, 0, True, 2_000_000, 150_000, 10, 0, ""),
            Sample(0, 1, 1, 1, True, 1_000_000, -1, 20, 0, ""),
            Sample(0, 1, 2, 1, False, 5, -1, 30, 0, "refused: no"),
        ]
    )
    store.finish("complete")
    store.close()
    runs = list_runs(tmp_path)
    assert len(runs) == 1 and runs[0]["status"] == "complete" and runs[0]["samples"] == 3
    again = RunStore.open(runs[0]["path"])
    n = export_csv(again, tmp_path / "s.csv")
    rows = list(csv.DictReader(open(tmp_path / "s.csv")))
    assert n == 3 and list(rows[0])[: len(COLUMNS)] == COLUMNS
    assert rows[0]["phase"] == "warmup" and rows[1]["phase"] == "measure"
    assert float(rows[0]["latency_s"]) == 0.002 and float(rows[0]["server_s"]) == 0.00015
    assert rows[1]["server_s"] == "" and rows[2]["ok"] == "false" and rows[2]["error"] == "refused: no"
    assert rows[0]["payload"] == "StdSize" and rows[0]["payload_bytes"] == "613"
