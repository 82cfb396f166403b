import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { RunAggregate } from './aggregate.ts';
import { MetricsRecorder } from './recorder.ts';
import { WireSample, type Sample } from './sample.ts';
import { SeriesKeyIds, SeriesKeyTable } from './series-keys.ts';
import { below400, emptySample, responseTimes } from './testing.ts';

const times = responseTimes;
const ok = below400;

/** A sample as a worker sends it, with nothing but `series` and `keys` (not validated). */
const wireSample = <S, C = never>(
  series: S[],
  keys: WireSample['keys'] = [],
  checks: C[] = [],
  checkKeys: WireSample['checkKeys'] = [],
) => ({ ...emptySample(0), series, keys, checks, checkKeys });

/** What crosses between threads: a structured clone, as worker.postMessage makes. */
function across<T>(value: T): T {
  const { port1, port2 } = new MessageChannel();
  port1.postMessage(value);
  const m = receiveMessageOnPort(port2)?.message as T;
  port1.close();
  return m;
}

/** A worker's second: flushed, numbered, copied, validated and given its keys back, as the coordinator gets it. */
function send(
  rec: MetricsRecorder,
  ids: SeriesKeyIds,
  table: SeriesKeyTable,
  interval: number,
): { wire: WireSample; numbers: number[]; sample: Sample } {
  const wire = across(ids.toWire(rec.flush(0, interval, false, {}, { ids })));
  // The coordinator puts the keys back into the series it was sent (checked in place, not copied): read them first.
  const numbers = wire.series.map((x) => x.key);
  const sample = table.fromWire(WireSample.parse(wire));
  if (typeof sample === 'string') throw new Error(sample);
  return { wire, numbers, sample };
}

describe('series keys between a worker and the coordinator', () => {
  it('sends each key once, then its number, and the coordinator gets the same keys and counts back', () => {
    const rec = new MetricsRecorder();
    const a = rec.requestSeries(
      { scenario: 's', group: '', request: 'list', method: 'GET', tags: { env: 'prod' } },
      ok,
    );
    const b = rec.requestSeries({ scenario: 's', group: '::g', request: 'create', method: 'POST' }, ok);
    const ids = new SeriesKeyIds();
    const table = new SeriesKeyTable();

    a.record(200, times(1000), 10, 20);
    const first = send(rec, ids, table, 0);
    expect(first.wire.keys.map((k) => k.key.request)).toEqual(['list']);
    expect(first.sample.series.map((x) => [x.key, x.reqs])).toEqual([
      [
        {
          scenario: 's',
          group: '',
          request: 'list',
          method: 'GET',
          tags: { env: 'prod' },
          status: 200,
          expected: true,
        },
        1,
      ],
    ]);

    a.record(200, times(1200), 10, 20);
    a.record(200, times(1300), 10, 20);
    b.record(201, times(3000), 30, 40);
    b.record(500, times(4000), 30, 40);
    const second = send(rec, ids, table, 1);
    // Only the two new series (create 201, create 500) carry their keys; list 200 is a number.
    expect(second.wire.keys.map((k) => [k.id, k.key.request, k.key.status])).toEqual([
      [1, 'create', 201],
      [2, 'create', 500],
    ]);
    expect(second.numbers.sort()).toEqual([0, 1, 2]);
    const byKey = Object.fromEntries(
      second.sample.series.map((x) => [
        `${x.key.request} ${x.key.status} ${x.key.expected}`,
        [x.reqs, x.failed, x.duration.count],
      ]),
    );
    expect(byKey).toEqual({ 'list 200 true': [2, 0, 2], 'create 201 true': [1, 0, 1], 'create 500 false': [1, 1, 1] });
    // The key object the coordinator puts back is the same object every second.
    expect(second.sample.series.find((x) => x.key.request === 'list')?.key).toBe(first.sample.series[0]?.key);
  });

  it('the aggregate gets the same totals as from samples that carry their keys every second', () => {
    const run = (numbered: boolean): RunAggregate => {
      const rec = new MetricsRecorder();
      const steps = Array.from({ length: 30 }, (_, i) =>
        rec.requestSeries({ scenario: 's', group: '', request: `step ${i}`, method: 'GET' }, ok),
      );
      const ids = new SeriesKeyIds();
      const table = new SeriesKeyTable();
      const agg = new RunAggregate();
      for (let second = 0; second < 4; second++) {
        for (const [i, step] of steps.entries())
          if ((i + second) % 3 !== 0) step.record(i % 7 === 0 ? 503 : 200, times(900 + i * 37 + second), 10, 20);
        agg.add(numbered ? send(rec, ids, table, second).sample : across(rec.flush(0, second, false, {})));
      }
      return agg;
    };
    const totals = (agg: RunAggregate) =>
      [...agg.series.values()]
        .map((c) => [
          c.key.request,
          c.key.status,
          c.reqs,
          c.failed,
          c.hist.duration.count,
          c.hist.duration.valuesAtPercentiles([50, 99]),
        ])
        .sort((x, y) => String(x[0]).localeCompare(String(y[0])) || Number(x[1]) - Number(y[1]));
    const numbered = totals(run(true));
    expect(numbered).toHaveLength(30);
    expect(numbered).toEqual(totals(run(false)));
  });

  it('refuses a number that was never sent, or keys out of order, and keeps its table as it was', () => {
    const table = new SeriesKeyTable();
    const hist = { v: 1, count: 0, sum: 0, min: 0, max: 0, clamped: 0, counts: '' } as const;
    const series = (key: number) => ({ key, reqs: 1, failed: 0, sent: 0, received: 0, duration: hist });
    const wire = (keys: WireSample['keys'], ids: number[]): WireSample => wireSample(ids.map(series), keys);
    const key = { scenario: 's', group: '', request: 'r', method: 'GET', status: 200, expected: true };
    expect(table.fromWire(wire([{ id: 0, key }], [0, 1]))).toBe('series key 1 was never sent');
    expect(table.fromWire(wire([{ id: 1, key }], [1]))).toBe('series key 1 sent out of order (expected 0)');
    // Nothing of the refused samples was kept: id 0 is still to come.
    expect(table.fromWire(wire([], [0]))).toBe('series key 0 was never sent');
    expect(table.fromWire(wire([{ id: 0, key }], [0]))).toMatchObject({ series: [{ key }] });
  });

  it("every worker's table keeps the aggregate's key object, not a copy of its own", () => {
    const agg = new RunAggregate();
    const workers = [0, 1, 2].map(() => {
      const rec = new MetricsRecorder();
      const step = rec.requestSeries({ scenario: 's', group: '', request: 'list', method: 'GET' }, ok);
      return { rec, step, ids: new SeriesKeyIds(), table: new SeriesKeyTable((k) => agg.keyOf(k)) };
    });
    const keys = workers.map((w) => {
      w.step.record(200, times(1000), 10, 20);
      const { sample } = send(w.rec, w.ids, w.table, 0);
      agg.add(sample);
      return sample.series[0]?.key;
    });
    expect(keys[0]).toMatchObject({ request: 'list', status: 200 });
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBe(keys[0]);
    expect([...agg.series.values()].map((c) => [c.key, c.reqs])).toEqual([[keys[0], 3]]);
  });
});

describe("a sample's series checked in place", () => {
  const hist = { v: 1, count: 1, sum: 5, min: 5, max: 5, clamped: 0, counts: 'AAA=' };
  const sample = (series: unknown[]) => wireSample(series);
  const good = { key: 0, reqs: 1, failed: 0, sent: 10, received: 20, duration: hist, waiting: hist };

  it('keeps the series objects it was given (no copy)', () => {
    const parsed = WireSample.parse(sample([good]));
    expect(parsed.series[0]).toBe(good);
  });

  it.each([
    ['a negative key', { ...good, key: -1 }, 'key must be a whole number ≥ 0'],
    ['a fractional count', { ...good, reqs: 1.5 }, 'reqs and failed must be whole numbers'],
    ['bytes that are not numbers', { ...good, sent: '10' }, 'sent and received must be numbers'],
    ['a field it does not know', { ...good, extra: 1 }, 'unknown field "extra"'],
    ['a histogram with a field too many', { ...good, duration: { ...hist, x: 1 } }, 'duration must be an encoded'],
    ['a phase that is not a histogram', { ...good, tls: {} }, 'tls must be an encoded histogram'],
    ['no duration', { key: 0, reqs: 1, failed: 0, sent: 0, received: 0 }, 'duration must be an encoded'],
    ['not an object', 7, 'a series must be an object'],
  ])('refuses %s, saying where', (_what, series, message) => {
    const r = WireSample.safeParse(sample([good, series]));
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['series', 1]);
    expect(r.error?.issues[0]?.message).toContain(message);
  });
});

describe('check keys between a worker and the coordinator', () => {
  const key = (request: string, check: string) => ({ scenario: 's', group: '', request, check });

  it('sends each check key once, then its number; the first failure once; the aggregate keeps one key object', () => {
    const agg = new RunAggregate();
    const workers = [0, 1].map(() => {
      const rec = new MetricsRecorder();
      const status = rec.checkCounter({ scenario: 's', group: '', request: 'list' }, 'status is 200');
      const text = rec.checkCounter({ scenario: 's', group: '', request: 'list' }, 'body contains "ok"');
      const table = new SeriesKeyTable(
        (k) => agg.keyOf(k),
        (k) => agg.checkKeyOf(k),
      );
      return { rec, status, text, ids: new SeriesKeyIds(), table };
    });
    const seconds = [0, 1, 2].map((second) =>
      workers.map((w) => {
        w.status.pass += 2;
        w.text.fail += 1;
        w.text.failure ??= `text not found (worker ${workers.indexOf(w)})`;
        const { wire, sample } = send(w.rec, w.ids, w.table, second);
        agg.add(sample);
        return { wire, sample };
      }),
    );
    const first = seconds[0]![0]!;
    expect(first.wire.checkKeys.map((k) => [k.id, k.key.check])).toEqual([
      [0, 'status is 200'],
      [1, 'body contains "ok"'],
    ]);
    expect(first.sample.checks.map((c) => c.failure)).toEqual([undefined, 'text not found (worker 0)']);
    const later = seconds[2]![0]!;
    // Numbers only, and no failure message once one was sent.
    expect(later.wire.checkKeys).toEqual([]);
    expect(later.wire.checks).toEqual([
      { key: first.sample.checks[0]!.key, pass: 2, fail: 0 },
      { key: first.sample.checks[1]!.key, pass: 0, fail: 1 },
    ]);
    // Both workers' checks come back as the aggregate's key objects.
    expect(seconds[2]![1]!.sample.checks[1]!.key).toBe(first.sample.checks[1]!.key);
    expect([...agg.checks.values()].map((t) => [t.key.check, t.pass, t.fail, t.failure])).toEqual([
      ['status is 200', 12, 0, undefined],
      ['body contains "ok"', 0, 6, 'text not found (worker 0)'],
    ]);
  });

  it('refuses a check number that was never sent, or check keys out of order', () => {
    const table = new SeriesKeyTable();
    const counts = (n: number) => ({ key: n, pass: 1, fail: 0 });
    const wire = (keys: WireSample['checkKeys'], ids: number[]): WireSample =>
      wireSample([], [], ids.map(counts), keys) as WireSample;
    expect(table.fromWire(wire([{ id: 0, key: key('r', 'c') }], [0, 1]))).toBe('check key 1 was never sent');
    expect(table.fromWire(wire([{ id: 1, key: key('r', 'c') }], [1]))).toBe(
      'check key 1 sent out of order (expected 0)',
    );
    expect(table.fromWire(wire([{ id: 0, key: key('r', 'c') }], [0]))).toMatchObject({
      checks: [{ key: key('r', 'c'), pass: 1, fail: 0 }],
    });
  });

  it.each([
    ['a negative key', { key: -1, pass: 1, fail: 0 }, 'key must be a whole number ≥ 0'],
    ['a fractional count', { key: 0, pass: 0.5, fail: 0 }, 'pass and fail must be whole numbers'],
    ['a failure that is not text', { key: 0, pass: 0, fail: 1, failure: 7 }, 'failure must be a string'],
    ['a field it does not know', { key: 0, pass: 0, fail: 1, extra: 1 }, 'unknown field "extra"'],
    ['a key object', { key: key('r', 'c'), pass: 1, fail: 0 }, 'key must be a whole number ≥ 0'],
  ])('refuses a check with %s, saying where', (_what, check, message) => {
    const good = { key: 0, pass: 1, fail: 0 };
    const r = WireSample.safeParse(wireSample([], [], [good, check]));
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['checks', 1]);
    expect(r.error?.issues[0]?.message).toContain(message);
    const parsed = WireSample.parse(wireSample([], [], [good]));
    expect(parsed.checks[0]).toBe(good);
  });

  it('refuses series or checks that are not a list', () => {
    for (const field of ['series', 'checks']) {
      const r = WireSample.safeParse({ ...wireSample([]), [field]: { 0: {} } });
      expect(r.error?.issues[0]?.path).toEqual([field]);
      expect(r.error?.issues[0]?.message).toBe('must be a list');
    }
  });
});

describe("a sample's numbered keys checked in place", () => {
  const key = { scenario: 's', group: '', request: 'r', method: 'GET', status: 200, expected: true };
  const check = { scenario: 's', group: '', request: 'r', check: 'status is 200' };

  it('keeps the key objects it was given (no copy)', () => {
    const keys = [{ id: 0, key: { ...key, tags: { env: 'prod' } } }];
    const checkKeys = [{ id: 0, key: check }];
    const parsed = WireSample.parse(wireSample([], keys, [], checkKeys));
    expect(parsed.keys[0]).toBe(keys[0]);
    expect(parsed.checkKeys[0]!.key).toBe(check);
  });

  it.each([
    ['keys', { id: -1, key }, 'a whole number id ≥ 0'],
    ['keys', { id: 0, key, extra: 1 }, 'must be { id, key }'],
    ['keys', { id: 0, key: { ...key, status: '200' } }, 'status must be a whole number'],
    ['keys', { id: 0, key: { ...key, expected: 1 } }, 'expected must be true or false'],
    ['keys', { id: 0, key: { ...key, request: 7 } }, 'request must be text'],
    ['keys', { id: 0, key: { ...key, tags: { env: 1 } } }, 'tag env must be text'],
    ['keys', { id: 0, key: { ...key, colour: 'red' } }, 'unknown key field "colour"'],
    ['checkKeys', { id: 0, key: { ...check, check: null } }, 'check must be text'],
    ['checkKeys', { id: 0, key: { ...check, method: 'GET' } }, 'unknown key field "method"'],
    ['checkKeys', 'status is 200', 'a numbered key must be an object'],
  ])('refuses in %s %j, saying where', (field, bad, message) => {
    const good = field === 'keys' ? { id: 0, key } : { id: 0, key: check };
    const r = WireSample.safeParse({ ...wireSample([]), [field]: [good, bad] });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual([field, 1]);
    expect(r.error?.issues[0]?.message).toContain(message);
  });
});
