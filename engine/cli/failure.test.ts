import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportFailure } from './failure.ts';

/** A stream that keeps what is written to it. */
function sink(): { out: Writable; text: () => string } {
  let text = '';
  const out = new Writable({
    write(chunk: Buffer, _enc, done) {
      text += chunk.toString();
      done();
    },
  });
  return { out, text: () => text };
}

describe('reportFailure', () => {
  it('calls a bug a bug: one line asking for a report, the stack, exit 103 (not 1, "bad plan")', () => {
    const { out, text } = sink();
    expect(reportFailure(new TypeError("Cannot read properties of undefined (reading 'length')"), out)).toBe(103);
    expect(text()).toMatch(
      /^internal error: Cannot read properties of undefined \(reading 'length'\) \(a bug in loadsmith: please report it, with the lines below\)\nTypeError: /,
    );
    expect(text()).toMatch(/\n\s+at /);
  });

  it('reports something thrown that is not an Error', () => {
    const { out, text } = sink();
    expect(reportFailure('a string', out)).toBe(103);
    expect(text()).toContain('internal error: a string');
  });

  it("calls an error of the system the environment's, not a bug: its message, exit 1", () => {
    const { out, text } = sink();
    const e = Object.assign(new Error('listen EADDRINUSE: address already in use 127.0.0.1:3000'), {
      code: 'EADDRINUSE',
      syscall: 'listen',
    });
    expect(reportFailure(e, out)).toBe(1);
    expect(text()).toBe('error: listen EADDRINUSE: address already in use 127.0.0.1:3000\n');
  });
});

describe('main', () => {
  afterEach(() => {
    vi.doUnmock('./commands/schema.ts');
    vi.restoreAllMocks();
    vi.resetModules();
  });

  it("returns 103 for an error that is not the user's, instead of rethrowing it (which exited 1)", async () => {
    vi.doMock('./commands/schema.ts', () => ({
      schemaCommand: () => Promise.reject(new RangeError('Maximum call stack size exceeded')),
    }));
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    const { main } = await import('./main.ts');
    expect(await main(['schema'])).toBe(103);
    expect(written.join('')).toMatch(
      /^internal error: Maximum call stack size exceeded \(a bug in loadsmith: please report it/,
    );
  });
});
