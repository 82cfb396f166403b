import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { Histogram } from './histogram.ts';
import { MetricsRecorder } from './recorder.ts';
import { SeriesKeyIds, SeriesKeyTable } from './series-keys.ts';
import { SeriesPacker, unpackSeries, unpackWire } from './series-pack.ts';
import { WireSample } from './sample.ts';
import { below400, responseTimes } from './testing.ts';

const times = responseTimes;
const ok = below400;

/** Two recorders fed the same responses: one flushed as objects, one into a packer. */
function recordBoth(): { objects: MetricsRecorder; packed: MetricsRecorder } {
  const make = (): MetricsRecorder => {
    // `waiting` kept per series too, as when a threshold filters it by tag.
    const rec = new MetricsRecorder(['waiting']);
    const list = rec.requestSeries({ scenario: 's', group: '', request: 'list', method: 'GET' }, ok);
    const create = rec.requestSeries(
      { scenario: 's', group: '::g', request: 'create', method: 'POST', tags: { env: 'prod' } },
      ok,
    );
    for (let i = 0; i < 500; i++) list.record(200, times(900 + ((i * 7919) % 40_000)), 100, 2000 + i);
    list.record(503, times(61_000_000), 100, 0); // past a minute: a wide histogram
    for (let i = 0; i < 40; i++) create.record(i % 5 === 0 ? 0 : 201, times(4000_000_000), 300, 50); // clamped
    return rec;
  };
  return { objects: make(), packed: make() };
}

/** A second flushed as a worker that does not pack would send it. */
const wireOf = (rec: MetricsRecorder, ids: SeriesKeyIds) => ids.toWire(rec.flush(3, 7, false, { s: 2 }, { ids }));

describe('a second of series packed in one buffer', () => {
  it('unpacks into the same series a flush makes as objects: counts, bytes and every histogram', () => {
    const { objects, packed } = recordBoth();
    const numbers = new SeriesKeyIds();
    const packer = new SeriesPacker();
    const fromPacked = packed.flush(0, 0, false, {}, { ids: numbers, packer });
    const ids = new Map(numbers.toWire(fromPacked).keys.map(({ id, key }) => [key, id]));
    expect(fromPacked.series).toEqual([]); // the series went into the packer
    const buffer = packer.take() as ArrayBuffer;
    expect(packer.take()).toBeUndefined(); // taken once
    const unpacked = unpackSeries(buffer);
    if (typeof unpacked === 'string') throw new Error(unpacked);

    const plain = objects.flush(0, 0, false, {});
    const expected = plain.series;
    expect(unpacked).toHaveLength(4); // list 200, list 503, create 201, create 0
    const byKey = new Map([...ids].map(([k, id]) => [id, k]));
    const decode = (h: unknown) => Histogram.fromJSON(h).valuesAtPercentiles([0, 50, 90, 99, 100]);
    for (const [i, x] of unpacked.entries()) {
      const e = expected[i]!;
      expect(byKey.get(x.key)).toMatchObject({ request: e.key.request, status: e.key.status });
      expect([x.reqs, x.failed, x.sent, x.received]).toEqual([e.reqs, e.failed, e.sent, e.received]);
      expect(x.duration).toEqual(e.duration);
      expect(x.waiting).toEqual(e.waiting);
      expect(x.blocked).toBeUndefined(); // not kept per series
      expect(decode(x.duration)).toEqual(decode(e.duration));
    }
    expect(expected.find((e) => e.key.request === 'create' && e.key.status === 201)?.duration.clamped).toBe(32);
    // The phase totals are the same either way.
    expect(fromPacked.phases?.duration.count).toBe(541);
    expect(fromPacked.phases).toEqual(plain.phases);
  });

  it('crosses to the coordinator transferred, and comes out as the sample an unpacked worker would send', () => {
    const { objects, packed } = recordBoth();
    const ids = new SeriesKeyIds();
    const packer = new SeriesPacker();
    const sample = packed.flush(3, 7, false, { s: 2 }, { ids, packer });
    const buffer = packer.take() as ArrayBuffer;
    const wire = ids.toWire(sample, buffer);
    const { port1, port2 } = new MessageChannel();
    port1.postMessage(wire, [buffer]);
    expect(buffer.byteLength).toBe(0); // transferred, not copied
    const received = receiveMessageOnPort(port2)?.message as unknown;
    port1.close();

    const unpacked = unpackWire(received);
    if (typeof unpacked === 'string') throw new Error(unpacked);
    const got = new SeriesKeyTable().fromWire(WireSample.parse(unpacked.wire));
    if (typeof got === 'string') throw new Error(got);
    const plain = new SeriesKeyTable().fromWire(WireSample.parse(wireOf(objects, new SeriesKeyIds())));
    expect(got).toEqual(plain);
  });

  it('says what is wrong with a buffer that is not a packed second, and never throws', () => {
    const { packed } = recordBoth();
    const packer = new SeriesPacker();
    packed.flush(0, 0, false, {}, { ids: new SeriesKeyIds(), packer });
    const good = new Uint8Array(packer.take() as ArrayBuffer);
    const copy = (b: Uint8Array): ArrayBuffer => b.slice().buffer;
    expect(unpackSeries(copy(good.subarray(0, good.length - 3)))).toMatch(/^packed series end early/);
    expect(unpackSeries(copy(good.subarray(0, 20)))).toMatch(/^packed series end early/);
    const longer = new Uint8Array(good.length + 2);
    longer.set(good);
    expect(unpackSeries(copy(longer))).toBe('packed series have 2 bytes too many');
    const wrong = good.slice();
    wrong[0] = 0;
    expect(unpackSeries(copy(wrong))).toBe('packed series do not start as packed series do');
    const phase = good.slice();
    phase[12] = 99; // the first phase number
    expect(unpackSeries(copy(phase))).toBe('packed series name phase 99, which does not exist');
    expect(unpackWire({ series: [], packed: 'no' })).toBe('packed series must be an ArrayBuffer');
  });
});
