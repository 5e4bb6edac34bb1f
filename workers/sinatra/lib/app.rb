# frozen_string_literal: true

# The Sinatra application: the Bench contract's REST mapping and the seed's GET /json.
#
#   GET  /v1/ping    -> {}
#   POST /v1/select  {"values": [..], "k": 3, "seed": 0} -> {"values": [..], "positions": [..]}
#   POST /v1/echo    {"int64s"|"doubles"|"strings"|"records": [..], "echo": false} -> {"count": N[, kind: [..]]}
#   GET  /v1/info    -> {"implementation", "language", "runtime", "version", "protocol", "pid"}
#   GET  /json       -> {"Ola": "Mundo!"}
#
# Every answer, errors included, carries Server-Timing: app;dur=<ms> from the moment the whole
# body is read to the moment the answer's object is ready. Malformed input is 400, a body above
# the limit 413, an unknown route 404 and a wrong method 405, all as {"error": "..."}.

require 'json'
require 'sinatra/base'
require_relative 'contract'

# Every body is JSON, whatever Content-Type says: Rack then never parses it as a form (a client
# sending no type, as curl -d or ab -p do, would otherwise see its JSON body parsed as form fields).
class JsonBodies
  def initialize(app)
    @app = app
  end

  def call(env)
    env['CONTENT_TYPE'] = 'application/json'
    @app.call(env)
  end
end

class BenchApp < Sinatra::Base
  use JsonBodies
  SMALL_JSON = { 'Ola' => 'Mundo!' }.freeze
  ROUTES = { '/v1/ping' => 'GET', '/v1/info' => 'GET', '/json' => 'GET', '/v1/select' => 'POST',
             '/v1/echo' => 'POST' }.freeze

  set :show_exceptions, false
  set :raise_errors, false
  set :dump_errors, false
  set :logging, nil
  set :protection, false
  set :x_cascade, false
  set :max_message_bytes, 128 << 20
  set :delay_s, 0.0

  def self.now_ns
    Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond)
  end

  helpers do
    def answer(status_code, start_ns, obj)
      status status_code
      content_type 'application/json'
      headers 'Server-Timing' => format('app;dur=%.6f', (BenchApp.now_ns - start_ns) / 1e6)
      JSON.generate(obj)
    end

    def pause
      sleep(settings.delay_s) if settings.delay_s.positive?
    end

    # The whole body, or nil above the limit (then read to its end and dropped).
    def read_body
      limit = settings.max_message_bytes
      input = request.body
      input.rewind if input.respond_to?(:rewind)
      return input.read if request.content_length && request.content_length.to_i <= limit

      kept = +''
      size = 0
      while (chunk = input.read(1 << 20))
        size += chunk.bytesize
        kept << chunk if size <= limit
      end
      size <= limit ? kept : nil
    end

    def with_body
      body = read_body
      start_ns = BenchApp.now_ns
      return answer(413, start_ns, { 'error' => "request body above the limit of #{settings.max_message_bytes} bytes" }) if body.nil?

      answer(200, start_ns, yield(body))
    rescue Contract::InvalidArgument => e
      answer(400, start_ns, { 'error' => e.message })
    end
  end

  get '/v1/ping' do
    start_ns = BenchApp.now_ns
    pause
    answer(200, start_ns, {})
  end

  get '/v1/info' do
    answer(200, BenchApp.now_ns, {
             'implementation' => "#{Contract::NAME}-rest", 'language' => Contract::LANGUAGE,
             'runtime' => "Ruby #{RUBY_VERSION}, Sinatra #{Sinatra::VERSION} on Thin #{Thin::VERSION::STRING}",
             'version' => Contract::VERSION, 'protocol' => 'rest', 'pid' => Process.pid
           })
  end

  get '/json' do
    answer(200, BenchApp.now_ns, SMALL_JSON)
  end

  post '/v1/select' do
    with_body do |body|
      result = Contract.select(body)
      pause
      result
    end
  end

  post '/v1/echo' do
    with_body do |body|
      result = Contract.echo(body)
      pause
      result
    end
  end

  # A known path with another method: 405 with Allow.
  ROUTES.each do |path, method|
    (%w[GET POST PUT DELETE PATCH] - [method, method == 'GET' ? 'HEAD' : nil].compact).each do |other|
      route(other, path) do
        headers 'Allow' => method
        answer(405, BenchApp.now_ns, { 'error' => "method #{request.request_method} not allowed on #{path}" })
      end
    end
  end

  not_found do
    answer(404, BenchApp.now_ns, { 'error' => "no route #{request.path_info}" })
  end

  error do
    answer(500, BenchApp.now_ns, { 'error' => env['sinatra.error'].message })
  end
end
