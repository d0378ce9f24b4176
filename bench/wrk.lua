-- The benchmark's wrk script. With BENCH_PATHS naming a file of request paths (one a line), each
-- connection walks through them in turn (many articles, distinct searches); otherwise every
-- request goes to the URL on the command line. When the run ends it prints one line of JSON that
-- bench/support.js reads: wrk's own text summary rounds latencies and hides the error kinds.
local paths = nil
local position = 0

function init(args)
  local file = os.getenv("BENCH_PATHS")
  if file == nil or file == "" then return end
  paths = {}
  for line in io.lines(file) do
    if line ~= "" then paths[#paths + 1] = line end
  end
  -- Threads start at different places, so they do not ask for the same path at the same moment.
  position = math.random(#paths) - 1
end

function request()
  if paths == nil then return wrk.request() end
  position = position % #paths + 1
  return wrk.format(nil, paths[position])
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'BENCH_JSON {"requests":%d,"duration_us":%d,"bytes":%d,"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},"latency_us":{"p50":%d,"p90":%d,"p99":%d,"max":%d}}\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max))
end
