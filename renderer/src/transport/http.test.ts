import { describe, expect, it } from 'vitest';
import { createClient } from '../../../app/contract/client.ts';
import { ContractError } from '../../../app/contract/errors.ts';
import { createHttpTransport, postCall } from './http.ts';

type FetchArgs = [input: string | URL | Request, init?: RequestInit];

function fakeFetch(status: number, body: string, seen: FetchArgs[] = []): typeof fetch {
  return (async (...args: FetchArgs) => {
    seen.push(args);
    return new Response(body, { status });
  }) as typeof fetch;
}

describe('postCall', () => {
  it('posts {method, params} as JSON with same-origin credentials', async () => {
    const seen: FetchArgs[] = [];
    const reply = await postCall(fakeFetch(200, '{"ok":true,"result":[]}', seen), 'plans.list', {});
    expect(reply).toEqual({ ok: true, result: [] });
    const [url, init] = seen[0]!;
    expect(url).toBe('/api/call');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(JSON.parse(String(init?.body))).toEqual({ method: 'plans.list', params: {} });
  });

  it('turns a network failure into an error envelope', async () => {
    const failing = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    const reply = await postCall(failing, 'plans.list', {});
    expect(reply).toMatchObject({
      ok: false,
      error: { code: 'internal', message: expect.stringContaining('Cannot reach') },
    });
  });
});

describe('HTTP transport with the contract client', () => {
  const noSocket = { open: () => ({ close: () => undefined }) };
  const make = (status: number, body: string) =>
    createHttpTransport({
      fetch: fakeFetch(status, body),
      location: { protocol: 'http:', host: 'h:1' },
      openSocket: noSocket.open,
    });

  it('resolves with the validated result', async () => {
    const plan = {
      id: 'p1',
      name: 'A',
      revision: 1,
      createdAt: 't',
      updatedAt: 't',
      valid: true,
      scenarios: 1,
      requests: 2,
    };
    const client = createClient(make(200, JSON.stringify({ ok: true, result: [plan] })).transport);
    await expect(client.call('plans.list', {})).resolves.toEqual([plan]);
  });

  it('raises a ContractError with code and located issues', async () => {
    const body = {
      ok: false,
      error: {
        code: 'plan_invalid',
        message: 'bad.yaml is not a valid plan:\n...',
        issues: [{ path: ['scenarios'], message: 'required', line: 2, column: 1 }],
      },
    };
    const client = createClient(make(400, JSON.stringify(body)).transport);
    const error = await client.call('plans.import', { text: 'x', fileName: 'bad.yaml' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractError);
    expect(error).toMatchObject({ code: 'plan_invalid', issues: [{ line: 2, column: 1 }] });
  });

  it('offers no native dialogs and starts in "connecting"', () => {
    const picked = make(200, '{}');
    expect(picked.capabilities).toEqual({ nativeDialogs: false });
    expect(picked.connection.get()).toBe('connecting');
  });

  it('opens the events socket on the page host', () => {
    const urls: string[] = [];
    createHttpTransport({
      fetch: fakeFetch(200, '{}'),
      location: { protocol: 'https:', host: 'box:9' },
      openSocket: (url) => {
        urls.push(url);
        return { close: () => undefined };
      },
    });
    expect(urls).toEqual(['wss://box:9/api/events']);
  });
});
