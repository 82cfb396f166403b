import { describe, expect, it } from 'vitest';
import { RunAggregate } from '../aggregate.ts';
import { MetricsRecorder, type PhaseTimes } from '../recorder.ts';
import { Sample } from '../sample.ts';
import { hist } from '../testing.ts';
import { Thresholds } from './evaluate.ts';
import { seriesPhases } from './series-phases.ts';

describe('seriesPhases', () => {
  it('keeps per series only the phases a threshold filters by a tag', () => {
    expect(
      seriesPhases(
        {
          'http_req_waiting{request:Login}': ['p(95)<500'],
          http_req_blocked: ['p(99)<50'],
          'http_req_duration{status:200}': ['avg<100'],
          'http_req_tls_handshaking{env:qa}': ['max<10'],
          'http_req_failed{request:Login}': ['rate<0.01'],
        },
        ['env'],
      ).sort(),
    ).toEqual(['tls', 'waiting']);
    expect(seriesPhases(undefined, [])).toEqual([]);
  });
});

describe('thresholds on what the workers keep', () => {
  it('reads a tag-filtered phase and an unfiltered one exactly, as if every phase were kept per series', () => {
    const thresholds = {
      'http_req_waiting{request:Login}': ['p(95)<1'],
      http_req_waiting: ['p(95)<1'],
      'http_req_sending{request:Login}': ['max<1'],
      'http_req_duration{request:List}': ['med<1'],
    };
    const rec = new MetricsRecorder(seriesPhases(thresholds, []));
    const login = rec.requestSeries({ scenario: 's', group: '', request: 'Login', method: 'POST' }, () => true);
    const list = rec.requestSeries({ scenario: 's', group: '', request: 'List', method: 'GET' }, () => true);
    const t = (d: number): PhaseTimes => ({
      duration: d,
      blocked: 0,
      lookup: 0,
      connecting: 0,
      tls: 0,
      sending: d % 50,
      waiting: d - 60,
      receiving: 10,
    });
    const raw = { Login: [] as number[], List: [] as number[] };
    for (let i = 0; i < 400; i++) {
      const d = 1000 + ((i * 7919) % 90_000);
      if (i % 4 === 0) {
        login.record(200, t(d), 0, 0);
        raw.Login.push(d);
      } else {
        list.record(200, t(d), 0, 0);
        raw.List.push(d);
      }
    }
    const agg = new RunAggregate();
    agg.add(Sample.parse(structuredClone(rec.flush(0, 0, true, {}))));
    const values = new Thresholds(thresholds).evaluate(agg, { elapsedS: 1, vus: 1, vusMax: 1 }).map((s) => s.value);
    const ms = (us: number): number => us / 1000;
    expect(values).toEqual([
      ms(hist(raw.Login.map((d) => d - 60)).valueAtPercentile(95)),
      ms(hist([...raw.Login, ...raw.List].map((d) => d - 60)).valueAtPercentile(95)),
      ms(Math.max(...raw.Login.map((d) => d % 50))),
      ms(hist(raw.List).valueAtPercentile(50)),
    ]);
  });
});
