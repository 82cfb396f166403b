/** The contract at both boundaries: the dispatcher validates what enters the back end, the client what enters the UI. */
import { describe, expect, it } from 'vitest';
import { createClient, type Transport } from './client.ts';
import { createDispatcher } from './dispatch.ts';
import { ContractError } from './errors.ts';
import { EVENTS, METHODS, type Handlers } from './index.ts';

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

function dispatcher(overrides: Partial<Record<keyof Handlers, (p: never) => unknown>>, checkResults = true) {
  const internal: unknown[] = [];
  const d = createDispatcher(overrides as unknown as Handlers, {
    checkResults,
    onInternalError: (_m, e) => internal.push(e),
  });
  return { d, internal };
}

describe('dispatcher', () => {
  it('passes validated params to the handler and wraps its result', async () => {
    let got: unknown;
    const { d } = dispatcher({
      'plans.rename': (p: never) => {
        got = p;
        return { ...plan, name: 'B', document: {}, issues: [], credentials: [] };
      },
    });
    const env = await d.call('plans.rename', { id: 'p1', name: '  B  ' });
    expect(got).toEqual({ id: 'p1', name: 'B' }); // trimmed by the schema before the handler sees it
    expect(env).toMatchObject({ ok: true, result: { name: 'B' } });
  });

  it('answers malformed calls with error envelopes, never throwing', async () => {
    const { d } = dispatcher({});
    expect(await d.call('nope.nothing', {})).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
    expect(await d.call('plans.get', { id: 5 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_params', message: expect.stringContaining('id') },
    });
    expect(await d.call('plans.get', { id: 'x', extra: true })).toMatchObject({
      ok: false,
      error: { code: 'invalid_params' },
    });
    expect(await d.call('plans.get', null)).toMatchObject({ ok: false, error: { code: 'invalid_params' } });
    expect(await d.call('__proto__', {})).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
  });

  it('passes ContractErrors through and hides internal errors behind a short message', async () => {
    const { d, internal } = dispatcher({
      'plans.get': () => {
        throw new ContractError('not_found', 'no plan p9');
      },
      'plans.list': () => {
        throw new TypeError('boom');
      },
    });
    expect(await d.call('plans.get', { id: 'p9' })).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'no plan p9' },
    });
    expect(await d.call('plans.list', {})).toMatchObject({
      ok: false,
      error: { code: 'internal', message: 'plans.list failed: boom' },
    });
    expect(internal).toHaveLength(1);
  });

  it('catches a handler that breaks the contract when results are checked', async () => {
    const { d } = dispatcher({ 'plans.list': () => [{ id: 'p1' }] });
    expect(await d.call('plans.list', {})).toMatchObject({ ok: false, error: { code: 'invalid_result' } });
  });
});

function transport(reply: unknown): Transport & { emit(event: string, payload: unknown): void } {
  const listeners = new Set<(e: string, p: unknown) => void>();
  return {
    call: async () => reply,
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    emit: (e, p) => {
      for (const l of listeners) l(e, p);
    },
  };
}

describe('client', () => {
  it('returns validated results and throws ContractErrors from error envelopes', async () => {
    expect(await createClient(transport({ ok: true, result: [plan] })).call('plans.list', {})).toEqual([plan]);
    const err = await createClient(
      transport({
        ok: false,
        error: { code: 'plan_invalid', message: 'bad', issues: [{ path: ['a'], message: 'x', line: 1, column: 2 }] },
      }),
    )
      .call('plans.list', {})
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ContractError);
    expect(err).toMatchObject({ code: 'plan_invalid', issues: [{ line: 1, column: 2 }] });
  });

  it('refuses replies that break the contract', async () => {
    await expect(createClient(transport({ nonsense: true })).call('plans.list', {})).rejects.toMatchObject({
      code: 'invalid_result',
    });
    await expect(
      createClient(transport({ ok: true, result: [{ id: 1 }] })).call('plans.list', {}),
    ).rejects.toMatchObject({ code: 'invalid_result' });
  });

  it('delivers only well-formed events of the requested kind', () => {
    const t = transport(null);
    const got: unknown[] = [];
    const off = createClient(t).on('app.command', (p) => got.push(p));
    t.emit('app.command', { command: 'plan.new' });
    t.emit('app.command', { command: 'rm -rf' });
    t.emit('run.tick', { runId: 'r', tick: {} });
    off();
    t.emit('app.command', { command: 'plan.import' });
    expect(got).toEqual([{ command: 'plan.new' }]);
  });
});

describe('the tables', () => {
  it('name methods domain.action and give every method and event a schema', () => {
    for (const [name, spec] of Object.entries(METHODS)) {
      expect(name).toMatch(/^[a-z]+\.[a-zA-Z]+$/);
      expect(typeof spec.params.safeParse).toBe('function');
      expect(typeof spec.result.safeParse).toBe('function');
    }
    for (const name of Object.keys(EVENTS)) expect(name).toMatch(/^[a-z]+\.[a-z]+$/);
  });
});
