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
const wireSample = <S>(series: S[], keys: WireSample['keys'] = []) => ({ ...emptySample(0), series, keys });

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
  const wire = across(ids.toWire(rec.flush(0, interval, false, {})));
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
