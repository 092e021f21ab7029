"""Shared test settings: hypothesis runs derandomized (repeatable) with no deadline on these noisy machines."""

from hypothesis import HealthCheck, settings

settings.register_profile(
    "jaipur",
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile("jaipur")
