// The Bench contract's checks and the Select pick for Bancada's C++ worker.
//
// The pick is the contract's SplitMix64 + partial Fisher-Yates (bench.proto, message
// SelectRequest), so one seed gives one answer in every language. JSON bodies are parsed by
// nlohmann::json, which keeps integers exact (int64 or uint64); a fraction, an exponent, a
// boolean or a string where an int64 is expected is an InvalidArgument (HTTP 400).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

namespace bancada {

// A request the contract rejects: HTTP 400.
struct InvalidArgument : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// {"values": [int64..], "k": uint32, "seed": uint64} -> {"values": [..], "positions": [..]}.
nlohmann::json select(const std::string &body);

// Exactly one of "int64s", "doubles", "strings", "records" (a JSON array) and "echo": bool
// -> {"count": N} or, with "echo": true, {"count": N, "<kind>": [..]}.
nlohmann::json echo(const std::string &body);

}  // namespace bancada
