"""The drivers that send the requests (native Go and Python) and what they speak."""

from bancada.i18n import translate

#: The protocols the drivers (native and Python) send requests in; a worker may serve more.
DRIVER_PROTOCOLS = ("grpc", "rest")


def unmeasurable_reason(protocol: str) -> str:
    """Why an implementation over ``protocol`` cannot be measured yet ("" when it can)."""
    if protocol in DRIVER_PROTOCOLS:
        return ""
    spoken = translate("Hosts", "{a} and {b}").format(a=DRIVER_PROTOCOLS[0], b=DRIVER_PROTOCOLS[1])
    return translate("Hosts", "the drivers speak {protocols}, not {protocol} (yet)").format(
        protocols=spoken, protocol=protocol
    )
