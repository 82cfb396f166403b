import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Dispatchers } from './dispatchers.ts';
import { FastClient } from './fast/client.ts';

const options = { connections: 2, connectTimeoutMs: 1000, files: new Map<string, Buffer>(), env: {} };
let dispatchers: Dispatchers | undefined;
const chosen = process.env.LOADSMITH_HTTP_CLIENT;
beforeEach(() => { delete process.env.LOADSMITH_HTTP_CLIENT; }); // the fast client on, whatever the run's setting
afterEach(async () => {
  if (chosen !== undefined) process.env.LOADSMITH_HTTP_CLIENT = chosen;
  await dispatchers?.close();
  dispatchers = undefined;
});

describe('Dispatchers', () => {
  it('gives a request whose options change nothing the default client (the fast one), and another protocol its own', () => {
    dispatchers = new Dispatchers({ protocol: 'http1' }, options);
    expect(dispatchers.default).toBeInstanceOf(FastClient);
    expect(dispatchers.forRequest({ protocol: 'http1' })).toBe(dispatchers.default);
    const h2 = dispatchers.forRequest({ protocol: 'h2c' });
    expect(h2).not.toBeInstanceOf(FastClient);
    expect(dispatchers.forRequest({ protocol: 'h2c' })).toBe(h2);
  });
});
