# frozen_string_literal: true

# What the Sinatra worker checks and computes: the Select pick (the contract's
# SplitMix64 + partial Fisher-Yates, bench.proto message SelectRequest, so one
# seed gives one answer in every language) and the JSON body checks.
module Contract
  NAME = 'sinatra'
  LANGUAGE = 'ruby'
  VERSION = '0.1.0'
  DEFAULT_K = 3
  MASK64 = (1 << 64) - 1
  INT64_MIN = -(1 << 63)
  INT64_MAX = (1 << 63) - 1
  UINT32_MAX = (1 << 32) - 1
  GOLDEN = 0x9E3779B97F4A7C15
  ECHO_KINDS = %w[int64s doubles strings records].freeze

  # A request the contract rejects: HTTP 400.
  class InvalidArgument < StandardError; end

  module_function

  # k distinct positions of 0...n, j = i + next() mod (n - i), the permutation kept sparse.
  def pick_positions(n, k, seed)
    state = seed & MASK64
    swapped = {}
    Array.new(k) do |i|
      state = (state + GOLDEN) & MASK64
      z = state
      z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
      z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
      z ^= (z >> 31)
      j = i + (z % (n - i))
      pi = swapped.fetch(i, i)
      pj = swapped.fetch(j, j)
      swapped[i] = pj
      swapped[j] = pi
      pj
    end
  end

  def int64?(x)
    x.is_a?(Integer) && x >= INT64_MIN && x <= INT64_MAX
  end

  def int64s(v, where)
    raise InvalidArgument, "#{where} must be an array of int64" unless v.is_a?(Array)

    bad = v.index { |x| !int64?(x) }
    raise InvalidArgument, "#{where}[#{bad}] is not an int64: #{v[bad].inspect}" if bad

    v
  end

  def doubles(v, where)
    raise InvalidArgument, "#{where} must be an array of numbers" unless v.is_a?(Array)

    v.each_with_index.map do |x, i|
      raise InvalidArgument, "#{where}[#{i}] is not a number: #{x.inspect}" unless x.is_a?(Numeric)

      x.to_f
    end
  end

  def strings(v, where)
    raise InvalidArgument, "#{where} must be an array of strings" unless v.is_a?(Array) && v.all?(String)

    v
  end

  def records(v, where)
    raise InvalidArgument, "#{where} must be an array of records" unless v.is_a?(Array)

    v.each_with_index.map do |r, i|
      at = "#{where}[#{i}]"
      raise InvalidArgument, "#{at} is not a record object" unless r.is_a?(Hash)

      id = r.fetch('id', 0)
      value = r.fetch('value', 0.0)
      name = r.fetch('name', '')
      raise InvalidArgument, "#{at}.id is not an int64" unless int64?(id)
      raise InvalidArgument, "#{at}.value is not a number" unless value.is_a?(Numeric)
      raise InvalidArgument, "#{at}.name is not a string" unless name.is_a?(String)

      { 'id' => id, 'value' => value.to_f, 'name' => name, 'tags' => int64s(r.fetch('tags', []), "#{at}.tags") }
    end
  end

  def decode(body, what)
    JSON.parse(body)
  rescue JSON::ParserError, EncodingError => e
    raise InvalidArgument, "malformed #{what} request: #{e.message[0, 200]}"
  end

  # {"values": [int64..], "k": uint32, "seed": uint64} -> {"values": [..], "positions": [..]}
  def select(body)
    req = decode(body, 'select')
    raise InvalidArgument, 'a select request is a JSON object' unless req.is_a?(Hash)

    k = req['k'] || 0
    raise InvalidArgument, "k must be an integer in 0..#{UINT32_MAX}" unless k.is_a?(Integer) && k.between?(0, UINT32_MAX)

    seed = req['seed']
    unless seed.nil? || (seed.is_a?(Integer) && seed.between?(0, MASK64))
      raise InvalidArgument, 'seed must be an integer in 0..2^64-1'
    end

    values = int64s(req['values'] || [], 'values')
    n = values.length
    raise InvalidArgument, 'values is empty' if n.zero?

    k = DEFAULT_K if k.zero?
    raise InvalidArgument, "k=#{k} exceeds the #{n} values" if k > n

    positions = pick_positions(n, k, seed.nil? ? Random.rand(1 << 64) : seed)
    { 'values' => positions.map { |p| values[p] }, 'positions' => positions }
  end

  # exactly one of the kinds (a JSON array) and "echo": bool -> {"count": N[, kind: payload]}
  def echo(body)
    req = decode(body, 'echo')
    raise InvalidArgument, 'an echo request is a JSON object' unless req.is_a?(Hash)

    present = ECHO_KINDS.reject { |kind| req[kind].nil? }
    unless present.length == 1
      raise InvalidArgument, 'echo needs exactly one of "int64s", "doubles", "strings", "records" (a JSON array)'
    end

    echo = req.fetch('echo', false)
    raise InvalidArgument, 'echo must be true or false' unless [true, false].include?(echo)

    kind = present.first
    payload = send(kind, req[kind], kind)
    echo ? { 'count' => payload.length, kind => payload } : { 'count' => payload.length }
  end
end
