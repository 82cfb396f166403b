/** cURL and HAR have no form for a gRPC call: exporting a plan with one says so, never drops it in silence. */
import { describe, expect, it } from 'vitest';
import type { Plan } from '../plan/schema/index.ts';
import { exportCurl } from './curl/export.ts';
import { exportHar } from './har/export.ts';

const plan = {
  version: 1,
  name: 'p',
  scenarios: {
    s: {
      executor: 'per-vu-iterations',
      steps: [
        { request: { url: 'http://127.0.0.1:9/a' } },
        { grpc: { name: 'lookup', target: '127.0.0.1:9', method: 'lookup.Lookup/Get', message: {} } },
      ],
    },
  },
} as unknown as Plan;

describe('gRPC steps in cURL and HAR exports', () => {
  it('cURL exports the requests and reports the gRPC call', () => {
    const r = exportCurl(plan);
    expect(r.text).toContain('http://127.0.0.1:9/a');
    expect(r.notes).toContainEqual(
      expect.objectContaining({
        kind: 'not-exported',
        where: "grpc 'lookup'",
        message: expect.stringMatching(/no curl command/),
      }),
    );
  });

  it('HAR exports the requests and reports the gRPC call', () => {
    const r = exportHar(plan);
    expect(JSON.parse(r.text).log.entries).toHaveLength(1);
    expect(r.notes).toContainEqual(
      expect.objectContaining({
        kind: 'not-exported',
        message: "gRPC call 'lookup' has no place in HAR (it holds HTTP exchanges)",
      }),
    );
  });
});
