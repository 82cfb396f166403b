/**
 * Each tool's own report turned into the same few numbers. Latencies in ms; NaN where a tool does not say.
 * Every parser throws when the report lacks its request count (a run that failed must not read as zero).
 */
export interface ToolResult {
  requests: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** Transport errors plus non-2xx responses. */
  errors: number;
  /** Open model: iterations the tool dropped (k6, Loadsmith), and its start lag p99 (Loadsmith). */
  dropped?: number;
  lagP99Ms?: number;
}

const num = (re: RegExp, s: string): number => {
  const m = re.exec(s);
  return m ? Number(m[1]!.replace(/,/g, '')) : NaN;
};

function required(tool: string, n: number): number {
  if (!Number.isFinite(n)) throw new Error(`${tool}: no request count in its output`);
  return n;
}

/** "1.01ms", "950.00us", "1.20s" -> ms. */
function duration(v: string, unit: string): number {
  const x = Number(v);
  return unit === 'us' ? x / 1000 : unit === 's' ? x * 1000 : unit === 'm' ? x * 60_000 : x;
}

export function parseWrk(out: string): ToolResult {
  const lat = (p: number): number => {
    const m = new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(out);
    return m ? duration(m[1]!, m[2]!) : NaN;
  };
  const sock = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const socketErrors = sock ? sock.slice(1).reduce((n, x) => n + Number(x), 0) : 0;
  const non2xx = num(/Non-2xx or 3xx responses: (\d+)/, out);
  const p50 = lat(50);
  const p99 = lat(99);
  return {
    requests: required('wrk', num(/^\s+(\d+) requests in/m, out)),
    rps: num(/^Requests\/sec:\s+([\d.]+)/m, out),
    // With a pipelining script wrk prints "99% 0.00us" (it times batches, not requests): no percentile then.
    p50Ms: p50,
    p99Ms: p99 < p50 ? NaN : p99,
    errors: socketErrors + (Number.isFinite(non2xx) ? non2xx : 0),
  };
}

export function parseHey(out: string): ToolResult {
  const lat = (p: number): number => num(new RegExp(`^\\s+${p}% in ([\\d.]+) secs`, 'm'), out) * 1000;
  let ok = 0;
  let bad = 0;
  for (const m of out.matchAll(/^\s+\[(\d+)\]\s+(\d+) responses/gm)) {
    if (m[1]!.startsWith('2')) ok += Number(m[2]);
    else bad += Number(m[2]);
  }
  const errSection = out.split('Error distribution:')[1] ?? '';
  let transport = 0;
  for (const m of errSection.matchAll(/^\s+\[(\d+)\]/gm)) transport += Number(m[1]);
  const rps = num(/Requests\/sec:\s+([\d.]+)/, out);
  if (!Number.isFinite(rps)) throw new Error('hey: no Requests/sec in its output');
  return { requests: ok + bad + transport, rps, p50Ms: lat(50), p99Ms: lat(99), errors: bad + transport };
}

export function parseAutocannon(json: string): ToolResult {
  const r = JSON.parse(json) as {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    latency: { p50: number; p99: number };
    requests: { total: number };
  };
  const requests = required('autocannon', r.requests?.total);
  return {
    requests,
    rps: requests / r.duration,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    errors: r.errors + r.non2xx,
  };
}

export function parseVegeta(json: string): ToolResult {
  const r = JSON.parse(json) as {
    requests: number;
    duration: number;
    rate: number;
    throughput: number;
    status_codes: Record<string, number>;
    latencies: { '50th': number; '99th': number };
  };
  const requests = required('vegeta', r.requests);
  const ok = Object.entries(r.status_codes)
    .filter(([c]) => c.startsWith('2'))
    .reduce((n, [, k]) => n + k, 0);
  return {
    requests,
    rps: requests / (r.duration / 1e9),
    p50Ms: r.latencies['50th'] / 1e6,
    p99Ms: r.latencies['99th'] / 1e6,
    errors: requests - ok,
  };
}

export function parseAb(out: string): ToolResult {
  const non2xx = num(/Non-2xx responses:\s+(\d+)/, out);
  return {
    requests: required('ab', num(/Complete requests:\s+(\d+)/, out)),
    rps: num(/Requests per second:\s+([\d.]+)/, out),
    p50Ms: num(/^\s+50%\s+(\d+)/m, out),
    p99Ms: num(/^\s+99%\s+(\d+)/m, out),
    errors: num(/Failed requests:\s+(\d+)/, out) + (Number.isFinite(non2xx) ? non2xx : 0),
  };
}

/** siege -j: totals and the rate only (no percentiles). */
export function parseSiege(out: string): ToolResult {
  const start = out.indexOf('{');
  const r = JSON.parse(start >= 0 ? out.slice(start) : out) as {
    transactions: number;
    transaction_rate: number;
    failed_transactions: number;
  };
  return {
    requests: required('siege', r.transactions),
    rps: r.transaction_rate,
    p50Ms: NaN,
    p99Ms: NaN,
    errors: r.failed_transactions,
  };
}

type K6Metric = Record<string, number | undefined>;

export function parseK6(json: string): ToolResult {
  const m = (JSON.parse(json) as { metrics: Record<string, K6Metric | undefined> }).metrics;
  const reqs = m.http_reqs ?? {};
  const requests = required('k6', reqs.count ?? NaN);
  const d = m.http_req_duration ?? {};
  const failed = m.http_req_failed ?? {};
  return {
    requests,
    rps: reqs.rate ?? NaN,
    p50Ms: d.med ?? NaN,
    p99Ms: d['p(99)'] ?? NaN,
    // k6's rate metric counts a failed request as a "pass" of http_req_failed.
    errors: failed.passes ?? 0,
    dropped: m.dropped_iterations?.count ?? 0,
  };
}

interface LoadsmithSummary {
  metrics: Record<string, { count?: number; rate?: number; med?: number; p99?: number; passes?: number } | undefined>;
  errors: { count: number }[];
  scenarios: { dropped: number }[];
}

export function parseLoadsmith(json: string): ToolResult {
  const s = JSON.parse(json) as LoadsmithSummary;
  const reqs = s.metrics.http_reqs ?? {};
  const d = s.metrics.http_req_duration ?? {};
  const lag = s.metrics.iteration_lag;
  return {
    requests: required('loadsmith', reqs.count ?? NaN),
    rps: reqs.rate ?? NaN,
    p50Ms: d.med ?? NaN,
    p99Ms: d.p99 ?? NaN,
    errors: s.metrics.http_req_failed?.passes ?? 0,
    dropped: s.scenarios.reduce((n, x) => n + x.dropped, 0),
    ...(lag?.p99 !== undefined ? { lagP99Ms: lag.p99 } : {}),
  };
}
