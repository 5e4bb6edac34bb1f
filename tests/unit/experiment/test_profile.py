import tomllib

import pytest

from bancada.experiment.profile import ProfileError, load_profile, parse_profile


def _quick(root):
    return tomllib.loads((root / "profiles" / "quick.toml").read_text())


def test_shipped_profiles_are_valid(root):
    soares = load_profile(root / "profiles" / "soares-2024.toml")
    assert soares.experiment.repetitions == 5 and soares.experiment.requests == 77 and soares.experiment.warmup == 100
    assert [w.count for w in soares.workloads] == [200, 204800]
    assert soares.experiment.implementations == ["go-grpc", "go-rest", "java-grpc", "java-rest"]
    quick = load_profile(root / "profiles" / "quick.toml")
    assert (quick.experiment.requests, quick.experiment.repetitions) == (20, 2)
    load = load_profile(root / "profiles" / "rest-7-languages-load.toml").load
    assert (load.model, load.concurrency, load.duration_s) == ("closed", 100, 120.0)
    k6 = load_profile(root / "profiles" / "microservices-k6-load.toml")
    assert (k6.load.model, k6.load.rate_per_s, k6.load.concurrency, k6.load.duration_s) == ("open", 10.0, 10, 60.0)
    assert [w.count for w in k6.workloads] == [10, 100, 1000] and {w.kind for w in k6.workloads} == {"records"}
    for path in sorted((root / "profiles").glob("*.toml")):  # every shipped profile reads and round-trips
        profile = load_profile(path)
        assert parse_profile(tomllib.loads(profile.to_toml())) == profile, path.name


@pytest.mark.parametrize(
    "section,field,value,expect",
    [
        ("experiment", "repetitions", 0, "experiment.repetitions = 0: Input should be greater than or equal to 1"),
        (
            "experiment",
            "schedule",
            "random",
            "experiment.schedule = 'random': Input should be 'randomized', 'sequential' or 'alternating'",
        ),
        ("experiment", "colour", "red", "experiment.colour = 'red': unknown field"),
        ("experiment", "factors", ["speed"], "unknown factor 'speed'"),
    ],
)
def test_bad_field_gives_one_line_naming_file_field_value_and_allowed(root, section, field, value, expect):
    data = _quick(root)
    data[section][field] = value
    with pytest.raises(ProfileError) as info:
        parse_profile(data, "quick.toml")
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith("quick.toml: ")
    assert expect in message


def test_workload_checks(root):
    data = _quick(root)
    data["workloads"][0]["k"] = 500
    with pytest.raises(ProfileError, match=r"workloads\[0\].*k \(500\) must be <= count \(200\)"):
        parse_profile(data, "q.toml")


def test_missing_and_broken_files(tmp_path):
    with pytest.raises(ProfileError, match="no such profile file"):
        load_profile(tmp_path / "nope.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text("[experiment\nname=1")
    with pytest.raises(ProfileError, match="not valid TOML"):
        load_profile(bad)


def test_toml_round_trip(root):
    profile = load_profile(root / "profiles" / "soares-2024.toml")
    again = parse_profile(tomllib.loads(profile.to_toml()))
    assert again == profile


@pytest.mark.parametrize(
    "field,value,expect",
    [
        ("busy_poll_us", -5, "load.busy_poll_us = -5: Input should be greater than or equal to 0"),
        ("event_loops", 0, "load.event_loops = 0: Input should be greater than or equal to 1"),
        ("rest_client", "curl", "load.rest_client = 'curl': Input should be 'epoll', 'raw' or 'net/http'"),
    ],
)
def test_native_driver_load_options_are_checked(root, field, value, expect):
    data = _quick(root)
    data.setdefault("load", {}).update({"model": "closed", "concurrency": 4, field: value})
    with pytest.raises(ProfileError) as info:
        parse_profile(data, "quick.toml")
    assert expect in str(info.value)
    data["load"][field] = {"busy_poll_us": 0, "event_loops": 2, "rest_client": "raw"}[field]
    load = parse_profile(data, "quick.toml").load.model_dump(exclude_none=True)
    assert load[field] == data["load"][field]


@pytest.mark.parametrize(
    "section,field,value,expect",
    [
        ("experiment", "repetitions", 0, "experiment.repetitions = 0: deveria ser maior ou igual a 1"),
        (
            "experiment",
            "schedule",
            "random",
            "experiment.schedule = 'random': deveria ser 'randomized', 'sequential' ou 'alternating'",
        ),
        ("experiment", "colour", "red", "experiment.colour = 'red': campo desconhecido"),
        ("experiment", "requests", "many", "experiment.requests = 'many': deveria ser um número inteiro"),
    ],
)
def test_a_bad_field_is_explained_in_brazilian_portuguese(root, section, field, value, expect):
    """The window shows profile errors in its language: pydantic's English words are said again by their type."""
    from bancada.core.i18n import set_language

    data = _quick(root)
    data[section][field] = value
    set_language("pt_BR")
    try:
        with pytest.raises(ProfileError) as info:
            parse_profile(data, "quick.toml")
    finally:
        set_language("en")
    message = str(info.value)
    assert expect in message, message
    assert "Input should" not in message and "Extra inputs" not in message, message
