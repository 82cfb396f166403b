/** WebSocket's tagged metrics from two workers' recorders to thresholds, the summary, shards and the text summary. */
import { describe, expect, it } from 'vitest';
import { textSummary } from './text-summary.ts';
import { MetricsRecorder } from '../metrics/recorder.ts';
import { Sample } from '../metrics/sample.ts';
import { encodeAggregate, mergeAggregates } from '../metrics/shard.ts';
import { buildSummary, type SummaryInput } from '../metrics/summary.ts';
import { aggregateOf, hist } from '../metrics/testing.ts';
import { Thresholds } from '../metrics/thresholds/evaluate.ts';
import { timelinePoint } from '../metrics/timeline.ts';

const tags = (request: string, status = '101') => ({ scenario: 'chat', group: '', request, status, team: 'rt' });

/** Two workers: worker 0 ran 3 sessions of `room`, worker 1 two of `room` and one refused `lobby` (status 403). */
function samples(): Sample[] {
  const out: Sample[] = [];
  for (const [w, sessions] of [
    [0, [1000, 2000, 3000]],
    [1, [4000, 5000]],
  ] as const) {
    const r = new MetricsRecorder();
    const counter = (metric: string, request = 'room', status?: string) =>
      r.taggedSeries(metric, tags(request, status), false);
    const [opened, connecting, msgs, sent, received] = [
      counter('ws_sessions'),
      r.taggedSeries('ws_connecting', tags('room'), true),
      counter('ws_msgs_sent'),
      counter('data_sent'),
      counter('data_received'),
    ];
    for (const us of sessions) {
      opened.add(1);
      connecting.record(us);
      msgs.add(2);
      sent.add(100);
      received.add(50);
    }
    if (w === 1) counter('data_received', 'lobby', '403').add(7);
    out.push(Sample.parse(r.flush(w, 0, true, {})));
  }
  return out;
}

describe('tagged metrics', () => {
  it('are summed and merged across workers, filtered by tags in thresholds, and counted in data_sent/received', () => {
    const agg = aggregateOf(samples());
    const clock = { elapsedS: 2, vus: 1, vusMax: 1 };
    const states = new Thresholds(
      {
        ws_sessions: ['count==5'],
        'ws_sessions{name:lobby}': ['count==0'],
        'ws_connecting{status:101,team:rt}': ['max<=5', 'p(50)<3.01'],
        'ws_msgs_sent{scenario:chat}': ['rate==5'],
        data_sent: ['count==500'],
        'data_received{name:lobby}': ['count==7'],
      },
      ['team'],
    ).evaluate(agg, clock);
    expect(states.map((s) => [s.metric, s.expression, s.value])).toEqual([
      ['ws_sessions', 'count==5', 5],
      ['ws_sessions{name:lobby}', 'count==0', 0],
      ['ws_connecting{status:101,team:rt}', 'max<=5', 5],
      [
        'ws_connecting{status:101,team:rt}',
        'p(50)<3.01',
        hist([1000, 2000, 3000, 4000, 5000]).valueAtPercentile(50) / 1000,
      ],
      ['ws_msgs_sent{scenario:chat}', 'rate==5', 5],
      ['data_sent', 'count==500', 500],
      ['data_received{name:lobby}', 'count==7', 7],
    ]);
    expect(states.every((s) => s.ok)).toBe(true);
  });

  it('reach the summary, survive a shard round trip, and the text summary lists them in a WEBSOCKET section', () => {
    const agg = mergeAggregates([encodeAggregate(aggregateOf(samples()))]);
    const input: SummaryInput = {
      agg,
      thresholds: [],
      timeline: [timelinePoint(samples(), 1, 1)],
      scenarios: [{ name: 'chat', executor: 'constant-vus', description: '', maxVus: 2, startMs: 0, regularMs: 1000 }],
      plan: { name: 'ws' },
      startedAt: new Date(0),
      durationMs: 1000,
      stoppedBy: 'completed',
      vusMax: 2,
      workers: 2,
      cpus: 2,
      version: 't',
      notes: [],
    };
    const s = buildSummary(input);
    expect(s.metrics.ws_sessions).toEqual({ type: 'counter', unit: 'count', count: 5, rate: 5 });
    expect(s.metrics.ws_msgs_sent).toMatchObject({ count: 10 });
    const connecting = s.metrics.ws_connecting;
    expect(connecting?.type === 'trend' && [connecting.count, connecting.min, connecting.max, connecting.med]).toEqual([
      5,
      1,
      5,
      hist([1000, 2000, 3000, 4000, 5000]).valueAtPercentile(50) / 1000,
    ]);
    expect(s.metrics.ws_ping).toBeUndefined(); // no ping: no line
    expect(s.metrics.data_sent).toMatchObject({ count: 500 });
    expect(s.metrics.data_received).toMatchObject({ count: 257 });
    expect(s.timeline[0]).toMatchObject({ dataSent: 500, dataReceived: 257 });

    const text = textSummary(s);
    const section = text.slice(text.indexOf('    WEBSOCKET'), text.indexOf('    EXECUTION'));
    expect(
      section
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => l.trim().split('.')[0]),
    ).toEqual(['WEBSOCKET', 'ws_connecting', 'ws_sessions', 'ws_msgs_sent']);
    expect(section).toContain('ws_sessions');
    // No HTTP request in this run: no HTTP section of zeros.
    expect(text).not.toContain('http_req_duration');
    expect(text).toContain('(no thresholds) — 5 WebSocket sessions in 1s, 5/s');
  });
});
