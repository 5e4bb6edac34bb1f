"""The fitting arithmetic of ``ui/screen_fit.py`` (the real window manager's case: test_window_on_real_screens.py)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QMargins, QPoint, QRect, QSize
from PySide6.QtWidgets import QDialog, QWidget

from bancada.ui import screen_fit

pytestmark = pytest.mark.ui
OPENBOX = QMargins(1, 20, 1, 5)  # openbox's frame under Xvfb: title bar 20 px, bottom handle 5 px


def test_the_size_leaves_room_for_the_frame():
    screen = QRect(0, 0, 1024, 768)
    assert screen_fit.fitted_size(QSize(1280, 800), OPENBOX, screen) == QSize(1022, 743)
    assert screen_fit.fitted_size(QSize(760, 520), OPENBOX, screen) == QSize(760, 520)  # room enough: as wanted
    assert screen_fit.fitted_size(QSize(1280, 760), OPENBOX, QRect(0, 0, 683, 512)) == QSize(681, 487)
    # a frame read mid-change (negative on a side) never gives the client more room than the screen
    # (CI: the shortcuts list 655 px tall on a 384 px screen at a scale of 2)
    assert screen_fit.fitted_size(QSize(362, 640), QMargins(1, -300, 1, 1), QRect(0, 0, 683, 384)) == QSize(362, 383)


def test_a_remembered_place_fits_only_with_its_frame_inside():
    screen = QRect(0, 0, 1024, 768)
    assert screen_fit.frame_rect_fits(QPoint(0, 0), QSize(1022, 743), OPENBOX, screen)
    assert not screen_fit.frame_rect_fits(QPoint(0, 0), QSize(1024, 768), OPENBOX, screen)  # the 25 px below
    assert not screen_fit.frame_rect_fits(QPoint(0, 25), QSize(1022, 743), OPENBOX, screen)  # moved down


def test_a_dialog_larger_than_the_screen_is_fitted_and_kept_inside(qtbot):
    parent = QWidget()
    qtbot.addWidget(parent)
    dialog = QDialog(parent)
    area = QRect(0, 0, 683, 512)
    size = screen_fit.fit_to_screen(dialog, QSize(1280, 760), available=area)
    margins = screen_fit.frame_margins(dialog)
    assert size == dialog.size()
    assert size.width() + margins.left() + margins.right() <= 683
    assert size.height() + margins.top() + margins.bottom() <= 512
    dialog.move(600, 400)  # dragged partly off the screen before it shows: it comes back inside when shown
    dialog.show()
    qtbot.waitUntil(lambda: area.contains(dialog.frameGeometry()), timeout=5000)
    dialog.close()
