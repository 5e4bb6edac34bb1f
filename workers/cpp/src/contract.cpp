#include "contract.hpp"

#include <random>
#include <unordered_map>
#include <vector>

namespace bancada {
namespace {

using nlohmann::json;
constexpr int kDefaultK = 3;
constexpr uint64_t kUint32Max = 0xFFFFFFFFull;

uint64_t splitmix64_next(uint64_t &state) {
  state += 0x9E3779B97F4A7C15ull;
  uint64_t z = state;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// k distinct positions of [0, n): j = i + next() mod (n - i), the permutation kept sparse.
std::vector<uint64_t> pick_positions(uint64_t n, uint64_t k, uint64_t seed) {
  uint64_t state = seed;
  std::unordered_map<uint64_t, uint64_t> swapped;
  std::vector<uint64_t> out;
  out.reserve(k);
  for (uint64_t i = 0; i < k; ++i) {
    uint64_t j = i + splitmix64_next(state) % (n - i);
    auto at = [&](uint64_t p) {
      auto it = swapped.find(p);
      return it == swapped.end() ? p : it->second;
    };
    uint64_t pi = at(i), pj = at(j);
    swapped[i] = pj;
    swapped[j] = pi;
    out.push_back(pj);
  }
  return out;
}

json decode(const std::string &body, const char *what) {
  try {
    return json::parse(body);
  } catch (const json::parse_error &e) {
    throw InvalidArgument(std::string("malformed ") + what + " request: " + e.what());
  }
}

bool is_int64(const json &v) {
  return v.is_number_integer() &&
         (!v.is_number_unsigned() || v.get<uint64_t>() <= static_cast<uint64_t>(INT64_MAX));
}

const json &int64s(const json &v, const std::string &where) {
  if (!v.is_array()) throw InvalidArgument(where + " must be an array of int64");
  for (size_t i = 0; i < v.size(); ++i) {
    if (!is_int64(v[i])) throw InvalidArgument(where + "[" + std::to_string(i) + "] is not an int64");
  }
  return v;
}

json doubles(const json &v, const std::string &where) {
  if (!v.is_array()) throw InvalidArgument(where + " must be an array of numbers");
  json out = json::array();
  out.get_ref<json::array_t &>().reserve(v.size());
  for (size_t i = 0; i < v.size(); ++i) {
    if (!v[i].is_number()) throw InvalidArgument(where + "[" + std::to_string(i) + "] is not a number");
    out.push_back(v[i].get<double>());
  }
  return out;
}

const json &strings(const json &v, const std::string &where) {
  if (!v.is_array()) throw InvalidArgument(where + " must be an array of strings");
  for (const auto &x : v) {
    if (!x.is_string()) throw InvalidArgument(where + " must be an array of strings");
  }
  return v;
}

json records(const json &v, const std::string &where) {
  if (!v.is_array()) throw InvalidArgument(where + " must be an array of records");
  json out = json::array();
  for (size_t i = 0; i < v.size(); ++i) {
    const std::string at = where + "[" + std::to_string(i) + "]";
    const json &r = v[i];
    if (!r.is_object()) throw InvalidArgument(at + " is not a record object");
    json id = r.value("id", json(0)), value = r.value("value", json(0.0));
    json name = r.value("name", json("")), tags = r.value("tags", json::array());
    if (!is_int64(id)) throw InvalidArgument(at + ".id is not an int64");
    if (!value.is_number()) throw InvalidArgument(at + ".value is not a number");
    if (!name.is_string()) throw InvalidArgument(at + ".name is not a string");
    int64s(tags, at + ".tags");
    out.push_back({{"id", id}, {"value", value.get<double>()}, {"name", name}, {"tags", tags}});
  }
  return out;
}

}  // namespace

json select(const std::string &body) {
  json req = decode(body, "select");
  if (!req.is_object()) throw InvalidArgument("a select request is a JSON object");
  json k = req.value("k", json(0));
  if (k.is_null()) k = 0;
  if (!k.is_number_integer() || (!k.is_number_unsigned() && k.get<int64_t>() < 0) || k.get<uint64_t>() > kUint32Max) {
    throw InvalidArgument("k must be an integer in 0..4294967295");
  }
  json seed = req.value("seed", json(nullptr));
  if (!seed.is_null() && !(seed.is_number_unsigned() || (seed.is_number_integer() && seed.get<int64_t>() >= 0))) {
    throw InvalidArgument("seed must be an integer in 0..2^64-1");
  }
  json values = req.value("values", json::array());
  if (values.is_null()) values = json::array();
  int64s(values, "values");
  const uint64_t n = values.size();
  if (n == 0) throw InvalidArgument("values is empty");
  uint64_t kk = k.get<uint64_t>();
  if (kk == 0) kk = kDefaultK;
  if (kk > n) throw InvalidArgument("k=" + std::to_string(kk) + " exceeds the " + std::to_string(n) + " values");
  uint64_t s;
  if (seed.is_null()) {
    static thread_local std::mt19937_64 rng{std::random_device{}()};
    s = rng();
  } else {
    s = seed.get<uint64_t>();
  }
  json picked = json::array(), positions = json::array();
  for (uint64_t p : pick_positions(n, kk, s)) {
    picked.push_back(values[p]);
    positions.push_back(p);
  }
  return {{"values", picked}, {"positions", positions}};
}

json echo(const std::string &body) {
  json req = decode(body, "echo");
  if (!req.is_object()) throw InvalidArgument("an echo request is a JSON object");
  static const char *kinds[] = {"int64s", "doubles", "strings", "records"};
  const char *kind = nullptr;
  int present = 0;
  for (const char *name : kinds) {
    auto it = req.find(name);
    if (it != req.end() && !it->is_null()) {
      kind = name;
      ++present;
    }
  }
  if (present != 1) {
    throw InvalidArgument(R"(echo needs exactly one of "int64s", "doubles", "strings", "records" (a JSON array))");
  }
  json echo_flag = req.value("echo", json(false));
  if (!echo_flag.is_boolean()) throw InvalidArgument("echo must be true or false");
  const std::string k(kind);
  json payload;
  if (k == "int64s") {
    int64s(req[k], k);
    payload = std::move(req[k]);
  } else if (k == "doubles") {
    payload = doubles(req[k], k);
  } else if (k == "strings") {
    strings(req[k], k);
    payload = std::move(req[k]);
  } else {
    payload = records(req[k], k);
  }
  json out = {{"count", payload.size()}};
  if (echo_flag.get<bool>()) out[k] = std::move(payload);
  return out;
}

}  // namespace bancada
