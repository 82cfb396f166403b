import { describe, expect, it } from 'vitest';
import type { TraceEntry } from '../../../../../app/contract/index.ts';
import { grpcCheckKind, grpcCheckPreview, grpcExtractKind, grpcExtractPreview } from './grpc-checks.ts';
import { sourceOf } from './source.ts';

const entry = (more: Partial<TraceEntry>): TraceEntry => ({
  scenario: 's',
  group: '',
  path: [],
  name: 'lookup.Lookup/Get',
  request: { method: 'GRPC', url: 'grpc://h:1/lookup.Lookup/Get', headers: [], body: '{}', bodyTruncated: false },
  response: { status: 0, headers: [], body: '{}', bodyTruncated: false, size: 2, contentType: null },
  timings: { blocked: 0, connecting: 0, tls: 0, sending: 0, waiting: 1, receiving: 0, duration: 1 },
  error: null,
  checks: [],
  extracted: [],
  redirects: 0,
  grpc: { code: 0, status: 'OK', details: '', trailers: [] },
  ...more,
});

describe('gRPC checks and extractions in the editor', () => {
  it('knows each kind by its key', () => {
    expect(
      [{ code: 'OK' }, { jsonPath: '$.a' }, { metadata: 'k' }, { trailer: 'k' }, { duration: {} }].map(grpcCheckKind),
    ).toEqual(['code', 'jsonPath', 'metadata', 'trailer', 'duration']);
    expect(grpcCheckKind({ status: 200 } as never)).toBeUndefined();
    expect([{ jsonPath: '$.a' }, { metadata: 'k' }, { trailer: 'k' }].map(grpcExtractKind)).toEqual([
      'jsonPath',
      'metadata',
      'trailer',
    ]);
  });

  it("previews each check and extraction from the last Try's results, in order and by variable", () => {
    const e = entry({
      checks: [
        { name: 'code is OK', ok: true, reason: null },
        { name: 'trailer x', ok: false, reason: 'missing' },
      ],
      extracted: [{ variable: 'id', ok: true, value: '7', reason: null }],
    });
    expect(grpcCheckPreview(e, 0)).toEqual({ state: 'pass', reason: null });
    expect(grpcCheckPreview(e, 1)).toEqual({ state: 'fail', reason: 'missing' });
    expect(grpcCheckPreview(e, 2)).toEqual({ state: 'changed' });
    expect(grpcCheckPreview(undefined, 0)).toEqual({ state: 'none' });
    expect(grpcExtractPreview(e, 'id')).toEqual({ state: 'ok', value: '7' });
    expect(grpcExtractPreview(e, 'other')).toEqual({ state: 'changed' });
    const refused = entry({ response: null, grpc: undefined, error: { kind: 'refused', message: 'ECONNREFUSED' } });
    expect(grpcCheckPreview(refused, 0)).toEqual({ state: 'skipped', reason: 'ECONNREFUSED' });
  });
});

describe('sourceOf', () => {
  it('sends only what Load needs: target, plaintext, TLS, protos and import paths written', () => {
    expect(
      sourceOf({
        target: '127.0.0.1:3002',
        plaintext: true,
        method: 'lookup.Lookup/Get',
        protos: ['files/lookup.proto', ''],
        importPaths: [],
        message: { phone: '1' },
        metadata: { a: 'b' },
      }),
    ).toEqual({ target: '127.0.0.1:3002', plaintext: true, protos: ['files/lookup.proto'] });
    expect(sourceOf({ target: 'h:1', tls: { insecure: true } })).toEqual({ target: 'h:1', tls: { insecure: true } });
    expect(sourceOf({})).toEqual({ target: '' });
  });
});
