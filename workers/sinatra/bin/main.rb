# frozen_string_literal: true

# Bancada's Sinatra worker on Thin (REST only), with every Bancada worker's command line:
#
#   ruby bin/main.rb --protocol rest [--bind 127.0.0.1] [--port 0] [--delay-us 0]
#                    [--max-message-mib 128] [--version]
#
# Thin runs inside an EventMachine reactor started here, so that the port Thin bound (0 picks
# a free one) is read back before the READY line. SIGTERM or SIGINT: Thin stops accepting and
# closes idle keep-alive connections; busy ones get STOP_GRACE_S; exit status 0. Exit status 1:
# could not listen (a port in use is named on stderr); 2: bad arguments.

require 'optparse'
require 'socket'
require 'thin'
require_relative '../lib/app'

STOP_GRACE_S = 5.0

def fail_usage(message)
  warn "bancada-worker-sinatra: #{message}"
  exit 2
end

def integer(value, flag, lo, hi)
  fail_usage("#{flag} must be an integer in #{lo}..#{hi}, got #{value}") unless value.match?(/\A\d+\z/)
  n = value.to_i
  fail_usage("#{flag} must be an integer in #{lo}..#{hi}, got #{value}") unless n.between?(lo, hi)
  n
end

def parse(argv)
  opts = { bind: '127.0.0.1', port: '0', delay_us: '0', max_message_mib: '128' }
  OptionParser.new do |o|
    o.on('--protocol P') { |v| opts[:protocol] = v }
    o.on('--bind A') { |v| opts[:bind] = v }
    o.on('--port N') { |v| opts[:port] = v }
    o.on('--delay-us N') { |v| opts[:delay_us] = v }
    o.on('--max-message-mib N') { |v| opts[:max_message_mib] = v }
    o.on('--version') { opts[:version] = true }
  end.parse!(argv)
  return opts if opts[:version]

  fail_usage("unexpected arguments: #{argv.join(' ')}") unless argv.empty?
  fail_usage("--protocol must be rest, got #{opts[:protocol].inspect}") unless opts[:protocol] == 'rest'
  opts.merge(port: integer(opts[:port], '--port', 0, 65_535), delay_us: integer(opts[:delay_us], '--delay-us', 0, 2**31),
             max_message_mib: integer(opts[:max_message_mib], '--max-message-mib', 1, 2047))
rescue OptionParser::ParseError => e
  fail_usage(e.message)
end

def log(message)
  warn "#{Time.now.utc.strftime('%FT%T.%LZ')} bancada-worker-sinatra: #{message}"
end

def stop_gracefully(server)
  server.stop
  EM.add_periodic_timer(0.05) { EM.stop if server.backend.empty? }
  EM.add_timer(STOP_GRACE_S) do
    server.stop!
    EM.stop
  end
end

def serve(opts)
  BenchApp.set :max_message_bytes, opts[:max_message_mib] << 20
  BenchApp.set :delay_s, opts[:delay_us] / 1e6
  Thin::Logging.silent = true
  EM.run do
    server = Thin::Server.new(opts[:bind], opts[:port], BenchApp, signals: false)
    server.maximum_persistent_connections = 100_000
    server.timeout = 75 # idle keep-alive connections stay open (a driver reuses them across blocks)
    begin
      server.start
    rescue RuntimeError, SystemCallError => e
      why = e.message.include?('no acceptor') || e.is_a?(Errno::EADDRINUSE) ? 'already in use' : "cannot be listened on: #{e.message}"
      warn "bancada-worker-sinatra: port #{opts[:port]} #{why} on #{opts[:bind]}"
      exit! 1
    end
    port, = Socket.unpack_sockaddr_in(EM.get_sockname(server.backend.instance_variable_get(:@signature)))
    # A trap handler may not touch the reactor: it sets a flag that a timer looks at.
    stop_requested = false
    %w[TERM INT].each { |sig| Signal.trap(sig) { stop_requested = true } }
    watcher = EM.add_periodic_timer(0.05) do
      next unless stop_requested

      watcher.cancel
      stop_gracefully(server)
    end
    ready = { implementation: "#{Contract::NAME}-rest", protocol: 'rest', bind: opts[:bind], port: port, pid: Process.pid }
    $stdout.puts "READY #{JSON.generate(ready)}"
    $stdout.flush
    log("#{Contract::NAME}-rest serving on #{opts[:bind]} port #{port}")
  end
  log('stopped')
  0
end

opts = parse(ARGV.dup)
if opts[:version]
  puts "bancada-worker-sinatra #{Contract::VERSION} (Ruby #{RUBY_VERSION}, Sinatra #{Sinatra::VERSION}, Thin #{Thin::VERSION::STRING})"
  exit 0
end
exit serve(opts)
