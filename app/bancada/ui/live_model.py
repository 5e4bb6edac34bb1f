"""The live model now lives in the Qt-free session layer (:mod:`bancada.session.live_model`);
this name stays so that window code importing it keeps working."""

from bancada.session.live_model import LiveModel, SampleFeed, TreatmentInfo, TreatmentSeries

__all__ = ["LiveModel", "SampleFeed", "TreatmentInfo", "TreatmentSeries"]
