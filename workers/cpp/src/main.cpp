// Bancada's C++ worker: cpp-httplib (the header of Debian's source package) + nlohmann::json, REST only; linked statically.
// The REST-in-seven-languages study (seed 003) used Crow, which Debian does not package;
// cpp-httplib is the maintained C++ HTTP server library that it does.
//
//   bancada-worker-cpp --protocol rest [--bind 127.0.0.1] [--port 0] [--delay-us 0]
//                      [--max-message-mib 128] [--version]
//
//   GET  /v1/ping    -> {}
//   POST /v1/select  {"values": [..], "k": 3, "seed": 0} -> {"values": [..], "positions": [..]}
//   POST /v1/echo    {"int64s"|"doubles"|"strings"|"records": [..], "echo": false} -> {"count": N[, ..]}
//   GET  /v1/info    -> {"implementation", "language", "runtime", "version", "protocol", "pid"}
//   GET  /json       -> {"Ola": "Mundo!"}
//
// cpp-httplib serves each connection on a thread of a pool (kThreads threads, so that the
// study's 1000 keep-alive clients are each served); keep-alive connections stay open 75 s and
// for any number of requests. Every answer carries Server-Timing: app;dur=<ms>, from the moment
// the whole body is read to the moment the answer's object is ready. Once listening it prints
// one READY line; SIGTERM or SIGINT stop it (hard exit after 5 s) with status 0. Exit status 1:
// could not listen (a port in use is named); 2: bad arguments.

#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <thread>

#include <httplib.h>
#include <nlohmann/json.hpp>

#include "contract.hpp"

namespace {

using nlohmann::json;
constexpr const char *kName = "cpp";
constexpr const char *kVersion = "0.1.0";
constexpr size_t kThreads = 1024;
constexpr int kStopGraceS = 5;

struct Options {
  std::string bind = "127.0.0.1";
  int port = 0;
  long delay_us = 0;
  long max_message_mib = 128;
  bool version = false;
};

[[noreturn]] void usage(const std::string &message) {
  std::cerr << "bancada-worker-cpp: " << message << std::endl;
  std::exit(2);
}

long integer(const std::string &value, const char *flag, long lo, long hi) {
  char *end = nullptr;
  long n = std::strtol(value.c_str(), &end, 10);
  if (value.empty() || *end != '\0' || value[0] == '-' || n < lo || n > hi) {
    usage(std::string(flag) + " must be an integer in " + std::to_string(lo) + ".." + std::to_string(hi) + ", got " +
          value);
  }
  return n;
}

Options parse(int argc, char **argv) {
  Options o;
  std::string protocol;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&]() -> std::string {
      if (i + 1 >= argc) usage(a + " needs a value");
      return argv[++i];
    };
    if (a == "--version") {
      o.version = true;
    } else if (a == "--protocol") {
      protocol = next();
    } else if (a == "--bind") {
      o.bind = next();
    } else if (a == "--port") {
      o.port = static_cast<int>(integer(next(), "--port", 0, 65535));
    } else if (a == "--delay-us") {
      o.delay_us = integer(next(), "--delay-us", 0, 2147483647L);
    } else if (a == "--max-message-mib") {
      o.max_message_mib = integer(next(), "--max-message-mib", 1, 2047);
    } else {
      usage("unknown argument " + a);
    }
  }
  if (!o.version && protocol != "rest") usage("--protocol must be rest, got \"" + protocol + "\"");
  return o;
}

int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

void answer(httplib::Response &res, int status, int64_t start_ns, const json &obj) {
  char timing[64];
  std::snprintf(timing, sizeof timing, "app;dur=%.6f", static_cast<double>(now_ns() - start_ns) / 1e6);
  res.status = status;
  res.set_header("Server-Timing", timing);
  res.set_content(obj.dump(), "application/json");
}

void error(httplib::Response &res, int status, int64_t start_ns, const std::string &message) {
  answer(res, status, start_ns, json{{"error", message}});
}

std::string runtime() {
  return std::string("C++ (g++ ") + __VERSION__ + "), cpp-httplib " + CPPHTTPLIB_VERSION + ", nlohmann::json " +
         std::to_string(NLOHMANN_JSON_VERSION_MAJOR) + "." + std::to_string(NLOHMANN_JSON_VERSION_MINOR);
}

void routes(httplib::Server &svr, const Options &o) {
  const size_t limit = static_cast<size_t>(o.max_message_mib) << 20;
  const long delay_us = o.delay_us;
  auto pause = [delay_us] {
    if (delay_us > 0) std::this_thread::sleep_for(std::chrono::microseconds(delay_us));
  };
  const json info = {{"implementation", std::string(kName) + "-rest"}, {"language", "cpp"}, {"runtime", runtime()},
                     {"version", kVersion}, {"protocol", "rest"}, {"pid", static_cast<int64_t>(getpid())}};
  svr.Get("/v1/ping", [pause](const httplib::Request &, httplib::Response &res) {
    int64_t start = now_ns();
    pause();
    answer(res, 200, start, json::object());
  });
  svr.Get("/v1/info", [info](const httplib::Request &, httplib::Response &res) { answer(res, 200, now_ns(), info); });
  svr.Get("/json", [](const httplib::Request &, httplib::Response &res) {
    answer(res, 200, now_ns(), json{{"Ola", "Mundo!"}});
  });
  // The body is read here to its end, kept up to the limit: answering 413 before it is read
  // would close the connection under a client still sending (a broken pipe, not the 413).
  auto with_body = [limit, pause](json (*handle)(const std::string &)) {
    return [limit, pause, handle](const httplib::Request &, httplib::Response &res,
                                  const httplib::ContentReader &content_reader) {
      std::string body;
      bool too_large = false;
      content_reader([&](const char *data, size_t length) {
        if (!too_large && body.size() + length > limit) {
          too_large = true;
          std::string().swap(body);
        }
        if (!too_large) body.append(data, length);
        return true;
      });
      int64_t start = now_ns();
      if (too_large) return error(res, 413, start, "request body above the limit of " + std::to_string(limit) + " bytes");
      try {
        json out = handle(body);
        pause();
        answer(res, 200, start, out);
      } catch (const bancada::InvalidArgument &e) {
        error(res, 400, start, e.what());
      } catch (const json::exception &e) {
        error(res, 400, start, std::string("malformed request: ") + e.what());
      }
    };
  };
  svr.Post("/v1/select", with_body(&bancada::select));
  svr.Post("/v1/echo", with_body(&bancada::echo));
  // A known path with another method: 405 with Allow (cpp-httplib itself answers 404).
  const std::pair<const char *, const char *> known[] = {
      {"/v1/ping", "GET"}, {"/v1/info", "GET"}, {"/json", "GET"}, {"/v1/select", "POST"}, {"/v1/echo", "POST"}};
  for (const auto &[path, method] : known) {
    std::string p = path, m = method;
    auto refuse = [p, m](const httplib::Request &req, httplib::Response &res) {
      res.set_header("Allow", m);
      error(res, 405, now_ns(), "method " + req.method + " not allowed on " + p);
    };
    if (m == "GET") {
      svr.Post(path, refuse);
    } else {
      svr.Get(path, refuse);
    }
    svr.Put(path, refuse);
    svr.Delete(path, refuse);
    svr.Patch(path, refuse);
  }
  svr.set_error_handler([](const httplib::Request &req, httplib::Response &res) {
    if (res.status == 404 && res.body.empty()) error(res, 404, now_ns(), "no route " + req.path);
  });
}

// cpp-httplib listens with a backlog of 5: under the study's hundreds of clients connecting at
// once the kernel drops SYNs and clients wait seconds to connect. listen() again on the bound
// socket raises the backlog (Linux updates it in place).
struct BacklogServer : httplib::Server {
  void raise_backlog(int backlog) { ::listen(svr_sock_, backlog); }
};

}  // namespace

int main(int argc, char **argv) {
  Options o = parse(argc, argv);
  if (o.version) {
    std::cout << "bancada-worker-cpp " << kVersion << " (" << runtime() << ")" << std::endl;
    return 0;
  }
  // SIGTERM and SIGINT are taken by one thread (sigwait); every other thread blocks them.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGTERM);
  sigaddset(&stop_signals, SIGINT);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  signal(SIGPIPE, SIG_IGN);

  BacklogServer svr;
  svr.new_task_queue = [] { return new httplib::ThreadPool(kThreads); };
  svr.set_keep_alive_max_count(std::numeric_limits<size_t>::max() / 2);
  svr.set_keep_alive_timeout(75);
  svr.set_read_timeout(120);
  svr.set_write_timeout(120);
  svr.set_tcp_nodelay(true);
  routes(svr, o);

  int port = o.port;
  if (port == 0) {
    port = svr.bind_to_any_port(o.bind);
    if (port < 0) port = 0;
  } else if (!svr.bind_to_port(o.bind, port)) {
    port = 0;
  }
  if (port == 0) {
    std::cerr << "bancada-worker-cpp: port " << o.port << (errno == EADDRINUSE ? " already in use" : " cannot be bound")
              << " on " << o.bind << std::endl;
    return 1;
  }
  svr.raise_backlog(4096);
  std::thread([&svr, stop_signals] {
    int sig = 0;
    sigwait(&stop_signals, &sig);
    std::cerr << "bancada-worker-cpp: " << (sig == SIGTERM ? "SIGTERM" : "SIGINT") << ": stopping" << std::endl;
    svr.stop();
    std::this_thread::sleep_for(std::chrono::seconds(kStopGraceS));
    std::cerr << "bancada-worker-cpp: connections still open after the grace period; exiting" << std::endl;
    std::_Exit(0);
  }).detach();
  std::cout << "READY {\"implementation\":\"" << kName << "-rest\",\"protocol\":\"rest\",\"bind\":" << json(o.bind).dump()
            << ",\"port\":" << port << ",\"pid\":" << getpid() << "}" << std::endl;
  std::cerr << "bancada-worker-cpp: cpp-rest serving on " << o.bind << " port " << port << std::endl;
  svr.listen_after_bind();
  std::cerr << "bancada-worker-cpp: stopped" << std::endl;
  return 0;
}
