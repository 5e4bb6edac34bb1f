#: The protocols the drivers (native and Python) send requests in; a worker may serve more.
DRIVER_PROTOCOLS = ("grpc", "rest", "jsonrpc", "graphql")


def unmeasurable_reason(protocol: str) -> str:
    """Why an implementation over ``protocol`` cannot be measured yet ("" when it can)."""
    if protocol in DRIVER_PROTOCOLS:
        return ""
    return f"the drivers speak {', '.join(DRIVER_PROTOCOLS)}, not {protocol} (yet)"
