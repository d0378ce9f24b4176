-- The benchmark's wrk script. With BENCH_PATHS naming a file of request paths (one a line), the
-- threads share the list out: thread k of BENCH_THREADS asks for paths k, k + n, k + 2n… in turn, so
-- that no two threads ask for the same path (a list of queries never repeated stays so). Otherwise
-- every request goes to the URL on the command line. When the run ends it prints one line of JSON
-- that bench/support.js reads: wrk's own text summary rounds latencies and hides the error kinds.
local threads = {}
local paths = nil
local stride = 1
local position = 0

function setup(thread)
  thread:set("thread_index", #threads)
  table.insert(threads, thread)
end

function init(args)
  local file = os.getenv("BENCH_PATHS")
  if file == nil or file == "" then return end
  paths = {}
  for line in io.lines(file) do
    if line ~= "" then paths[#paths + 1] = line end
  end
  stride = tonumber(os.getenv("BENCH_THREADS")) or 1
  position = thread_index - stride
end

function request()
  if paths == nil then return wrk.request() end
  position = (position + stride) % #paths
  return wrk.format(nil, paths[position + 1])
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'BENCH_JSON {"requests":%d,"duration_us":%d,"bytes":%d,"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},"latency_us":{"p50":%d,"p90":%d,"p99":%d,"max":%d}}\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max))
end
