"""The host check names the Debian packages a worker manifest needs and this computer lacks."""

import shutil

import pytest

from bancada.experiment import manifest
from bancada.hosts.packages import missing_debian_packages, missing_packages_reason
from tests.conftest import ROOT

pytestmark = pytest.mark.skipif(shutil.which("dpkg-query") is None, reason="not a Debian host (no dpkg-query)")


def test_an_installed_package_is_not_missing_and_an_unknown_one_is():
    assert missing_debian_packages(["coreutils", "bancada-no-such-package"]) == ["bancada-no-such-package"]


def test_the_reason_names_the_missing_package_and_the_install_command():
    reason = missing_packages_reason(["bancada-no-such-package"])
    assert "bancada-no-such-package" in reason and "apt-get install bancada-no-such-package" in reason
    assert missing_packages_reason(["coreutils"]) == ""


def test_manifests_state_their_debian_packages():
    workers = {impl.worker.name: impl.worker for impl in manifest.discover(ROOT).values()}
    assert "python3-gevent" in workers["flask"].debian_packages
    assert workers["go"].debian_packages == ()
