/** How each output spells an interval: Prometheus series, InfluxDB lines, trend statistics, settings. */
import { describe, expect, it } from 'vitest';
import { Histogram } from '../metrics/histogram.ts';
import { authHeader, OutputConfigError, parseHeaderList } from './config.ts';
import { ExponentialBuckets, middleOf, SCALE } from './exponential-buckets.ts';
import { line } from './influxdb/line-protocol.ts';
import { influxTarget, linesOf } from './influxdb/sink.ts';
import { IntervalMapper } from './metrics.ts';
import { OtlpSink } from './otlp/sink.ts';
import { nativeHistogram } from './prometheus/native-histogram.ts';
import { promLabels, toSeries } from './prometheus/sink.ts';
import { defaultTestId } from './testid.ts';
import { second } from './testing.ts';
import { DEFAULT_TREND_STATS, parseTrendStats } from './trend-stats.ts';

const interval = () => {
  const a = second(0, [1000, 2000, 3000, 4000], [250_000]);
  return new IntervalMapper().map(a.tick, a.samples, 1_700_000_001_000);
};

describe('prometheus-rw mapping', () => {
  it("uses k6's names: _total counters, _rate rates, one gauge per trend statistic in seconds", () => {
    const series = toSeries(interval(), { stats: parseTrendStats('p(95),max,count') }, { testid: 'run-1' });
    const value = (name: string, status?: string): number | undefined =>
      series.find(
        (s) =>
          s.labels.some((l) => l.name === '__name__' && l.value === name) &&
          (status === undefined || s.labels.some((l) => l.name === 'status' && l.value === status)),
      )?.samples[0]?.value;
    expect(value('k6_http_reqs_total', '200')).toBe(4);
    expect(value('k6_http_req_failed_rate', '503')).toBe(1);
    expect(value('k6_checks_passes_total')).toBe(4);
    expect(value('k6_checks_fails_total')).toBe(1);
    expect(value('k6_checks_rate')).toBe(0.8);
    expect(value('k6_http_req_duration_max', '503')).toBe(0.25);
    expect(value('k6_http_req_duration_count', '200')).toBe(4);
    expect(value('k6_vus')).toBe(2);
    expect(value('loadsmith_threshold_ok')).toBe(1);
    expect(series.every((s) => s.samples[0]!.timestamp === 1_700_000_001_000)).toBe(true);
    expect(series.every((s) => s.labels.some((l) => l.name === 'testid' && l.value === 'run-1'))).toBe(true);
  });

  it('sorts labels, leaves empty values out and makes tag names valid label names', () => {
    expect(promLabels('k6_x', { 'team-name': 'a', group: '', '9lives': 'b', __x: 'c' }, { testid: 't' })).toEqual([
      { name: '__name__', value: 'k6_x' },
      { name: 'tag_9lives', value: 'b' },
      { name: 'tag___x', value: 'c' },
      { name: 'team_name', value: 'a' },
      { name: 'testid', value: 't' },
    ]);
  });
});

describe('prometheus native histograms', () => {
  it("numbers buckets as Prometheus does (one above OpenTelemetry's), in spans of consecutive buckets with deltas", () => {
    const b = new ExponentialBuckets();
    for (const [i, n] of [
      [-3, 2],
      [-2, 1],
      [0, 4],
      [5, 1],
    ] as const)
      b.positive.set(i, n);
    Object.assign(b, { count: 9, sum: 1.5, zeroCount: 1 });
    expect(nativeHistogram(b, 1234)).toEqual({
      countInt: 9,
      sum: 1.5,
      schema: SCALE,
      zeroThreshold: 2 ** -128,
      zeroCountInt: 1,
      timestamp: 1234,
      positiveSpans: [
        { offset: -2, length: 2 },
        { offset: 1, length: 1 },
        { offset: 4, length: 1 },
      ],
      positiveDeltas: [2, -1, 3, -3],
    });
  });

  it("sends each series' running histogram as k6_<trend>_seconds instead of statistics", () => {
    const histograms = new Map<string, ExponentialBuckets>();
    const mapper = new IntervalMapper();
    const a = second(0, [1000, 2000], []);
    const b = second(1, [3000], []);
    toSeries(mapper.map(a.tick, a.samples, 1000), { stats: parseTrendStats('p(95)'), histograms }, {});
    const series = toSeries(mapper.map(b.tick, b.samples, 2000), { stats: parseTrendStats('p(95)'), histograms }, {});
    const h = series.filter((s) => s.histograms?.length);
    expect(h.map((s) => s.labels.find((l) => l.name === '__name__')!.value)).toEqual(['k6_http_req_duration_seconds']);
    expect(h[0]!.histograms![0]).toMatchObject({ countInt: 3, timestamp: 2000 });
    expect(series.some((s) => s.labels.some((l) => l.value.startsWith('k6_http_req_duration_p')))).toBe(false);
  });
});

describe('otlp mapping', () => {
  it("maps counters to cumulative sums from the first interval's start, rates to a counter by condition, trends to histograms", async () => {
    const sink = new OtlpSink('http://127.0.0.1:9/v1/metrics', {
      runLabels: { testid: 't' },
      planName: 'p',
      env: {},
      warn: () => undefined,
    });
    const metrics = sink.metricsOf(interval());
    await sink.close(Date.now());
    const reqs = metrics.find((m) => m.name === 'http_reqs');
    expect(reqs && 'sum' in reqs ? reqs.sum : undefined).toMatchObject({
      aggregationTemporality: 2,
      isMonotonic: true,
    });
    const point = reqs && 'sum' in reqs ? reqs.sum.dataPoints[0] : undefined;
    expect(point).toMatchObject({
      startTimeUnixNano: '1700000000000000000',
      timeUnixNano: '1700000001000000000',
      asDouble: 4,
    });
    const checks = metrics.find((m) => m.name === 'checks');
    expect(
      checks && 'sum' in checks
        ? checks.sum.dataPoints.map((p) => [
            p.attributes.find((a) => a.key === 'condition')?.value.stringValue,
            p.asInt,
          ])
        : [],
    ).toEqual([
      ['nonzero', 4],
      ['zero', 1],
    ]);
    const duration = metrics.find((m) => m.name === 'http_req_duration');
    expect(duration).toMatchObject({ unit: 's', description: 'Request time: sending + waiting + receiving' });
    // One histogram per series (statuses 200 and 503): no extra all-requests series, histograms add up.
    expect(
      duration && 'exponentialHistogram' in duration
        ? duration.exponentialHistogram.dataPoints.map((p) => p.count)
        : [],
    ).toEqual([4, 1]);
  });
});

describe('influxdb line protocol', () => {
  it('escapes measurement, tag keys and values; leaves empty tags and non-finite fields out', () => {
    expect(
      line('http reqs', { name: 'a,b=c d', group: '', z: 'x\\y' }, { value: 1, bad: NaN }, 1_700_000_000_123.4),
    ).toBe('http\\ reqs,name=a\\,b\\=c\\ d,z=x\\\\y value=1 1700000000123');
    expect(line('m', { a: 'line\nbreak' }, { value: 2 }, 1)).toBe('m,a=line\\nbreak value=2 1');
    expect(line('m', {}, { value: NaN }, 1)).toBe('');
  });

  it("writes counters as the second's count, rates with passes and fails, trends in ms", () => {
    const lines = linesOf(interval(), { testid: 'run-1' });
    expect(lines).toContain(
      'http_reqs,expected_response=true,group=::catalog,method=GET,name=List,scenario=browse,status=200,team=a\\ b,testid=run-1 value=4 1700000001000',
    );
    expect(lines).toContain(
      'checks,check=status\\ is\\ 200,group=::catalog,name=List,scenario=browse,testid=run-1 value=0.8,passes=4,fails=1 1700000001000',
    );
    const all = lines.find((l) => l.startsWith('http_req_duration,testid=run-1 '));
    expect(all).toMatch(/ count=5,sum=260,min=1,max=250,avg=52,p50=3.001,p90=250,p95=250,p99=250 1700000001000$/);
  });

  it('targets /write?db= for v1 (database from the path, basic auth) and /api/v2/write with org and bucket for v2', () => {
    expect(
      influxTarget('http://db.test:8086/k6', 1, { LOADSMITH_INFLUXDB_USERNAME: 'u', LOADSMITH_INFLUXDB_PASSWORD: 'p' }),
    ).toEqual({
      writeUrl: 'http://db.test:8086/write?db=k6&precision=ms',
      headers: { authorization: `Basic ${Buffer.from('u:p').toString('base64')}` },
      createDb: { url: 'http://db.test:8086/query', body: 'q=CREATE%20DATABASE%20%22k6%22' },
    });
    expect(influxTarget('http://proxy.test/influx/k6', 1, {}).writeUrl).toBe(
      'http://proxy.test/influx/write?db=k6&precision=ms',
    );
    expect(influxTarget('http://db.test:8086/?org=o&bucket=b', 2, { LOADSMITH_INFLUXDB_TOKEN: 't' })).toEqual({
      writeUrl: 'http://db.test:8086/api/v2/write?org=o&bucket=b&precision=ms',
      headers: { authorization: 'Token t' },
    });
    expect(() => influxTarget('http://db.test:8086', 2, { LOADSMITH_INFLUXDB_ORG: 'o' })).toThrow(
      /LOADSMITH_INFLUXDB_BUCKET/,
    );
  });
});

describe('trend statistics', () => {
  it("reads k6's spelling and refuses what is not a statistic", () => {
    expect(parseTrendStats(DEFAULT_TREND_STATS).map((s) => s.key)).toEqual([
      'p50',
      'p90',
      'p95',
      'p99',
      'min',
      'max',
      'avg',
      'count',
    ]);
    expect(parseTrendStats('p(99.9), med ,sum')).toEqual([
      { key: 'p999', percentile: 99.9 },
      { key: 'med', percentile: 50 },
      { key: 'sum' },
    ]);
    expect(() => parseTrendStats('p95')).toThrow(/'p95' is not a trend statistic: use p\(N\)/);
    expect(() => parseTrendStats('p(0)')).toThrow(/between 0 and 100/);
    expect(() => parseTrendStats(' , ')).toThrow(/no trend statistic/);
  });
});

describe('settings from the environment', () => {
  it('reads header lists in either form and refuses a malformed one without echoing its value', () => {
    expect(parseHeaderList('X-Scope-OrgID=team-a, Authorization=Bearer%20x', 'V')).toEqual({
      'x-scope-orgid': 'team-a',
      authorization: 'Bearer x',
    });
    expect(parseHeaderList('X-A: 1,X-B: 2', 'V')).toEqual({ 'x-a': '1', 'x-b': '2' });
    expect(() => parseHeaderList('no separator', 'V')).toThrow(OutputConfigError);
  });

  it('builds bearer or basic authorization, and refuses both at once', () => {
    expect(authHeader({ P_TOKEN: 'abc' }, 'P')).toEqual({ authorization: 'Bearer abc' });
    expect(authHeader({ P_USERNAME: 'u', P_PASSWORD: 'p:w' }, 'P')).toEqual({
      authorization: `Basic ${Buffer.from('u:p:w').toString('base64')}`,
    });
    expect(authHeader({ P_TOKEN: ' ' }, 'P')).toEqual({});
    expect(() => authHeader({ P_TOKEN: 'a', P_USERNAME: 'u' }, 'P')).toThrow(/not both/);
  });

  it('names a run after its plan and start time by default', () => {
    expect(defaultTestId('Users API: baseline!', new Date(Date.UTC(2025, 0, 2, 13, 4, 5)), 'k3f9')).toBe(
      'users-api-baseline-20250102-130405-k3f9',
    );
    expect(defaultTestId('???', new Date(0))).toMatch(/^run-19700101-000000-[a-z0-9]{4}$/);
    expect(defaultTestId('p', new Date(0))).not.toBe(defaultTestId('p', new Date(0)));
  });
});

describe('exponential buckets', () => {
  it("places every HdrHistogram bucket's middle inside that bucket", () => {
    for (const v of [0, 1, 999, 2047, 2048, 2049, 4095, 123_456, 9_999_999, 3_599_999_999]) {
      const h = new Histogram();
      h.record(v);
      const [lo] = h.valuesAtPercentiles([0]) as [number]; // the bucket's lowest value, from the Histogram itself
      expect(middleOf(idxOf(v))).toBeGreaterThanOrEqual(lo);
      expect(middleOf(idxOf(v))).toBeLessThanOrEqual(hiOf(v));
    }
  });

  it('counts each value in the bucket (base^i, base^(i+1)] of seconds, zeros apart', () => {
    const h = new Histogram();
    for (const us of [0, 1000, 1000, 2000, 100_000]) h.record(us);
    const b = new ExponentialBuckets();
    b.add(h);
    b.add(h);
    expect(b.count).toBe(10);
    expect(b.zeroCount).toBe(2);
    expect(b.sum).toBeCloseTo(0.208, 9);
    const base = 2 ** (2 ** -SCALE);
    const { offset, counts } = b.dense();
    expect(counts.reduce((a, n) => a + n, 0)).toBe(8);
    const bucketOf = (s: number): number =>
      counts[[...Array(counts.length).keys()].find((i) => base ** (offset + i) < s && s <= base ** (offset + i + 1))!]!;
    expect(bucketOf(0.001)).toBe(4);
    expect(bucketOf(0.002)).toBe(2);
    expect(bucketOf(0.1)).toBe(2);
  });
});

// HdrHistogram's bucket index and highest equivalent value for the layout of engine/metrics/histogram.ts.
function idxOf(v: number): number {
  const shift = 21 - Math.clz32(v | 2047);
  return (shift << 10) + (v >>> shift);
}
function hiOf(v: number): number {
  const i = idxOf(v);
  const shift = (i >>> 10) - 1;
  return shift > 0 ? ((i & 1023) + 1025) * 2 ** shift - 1 : i;
}
