/** A plan as HAR 1.2 (`loadsmith export --to har`); the way back in is the recording's conversion (har-plan.test.ts). */
import { describe, expect, it } from 'vitest';
import type { Plan } from '../../plan/schema/index.ts';
import { exportHar } from './export.ts';

describe('exportHar', () => {
  it('writes absolute URLs, think times as gaps and checks as statuses', () => {
    const plan: Plan = {
      version: 1,
      name: 'p',
      defaults: {
        baseUrl: '${env.BASE_URL:-http://127.0.0.1:3000}',
        auth: { type: 'basic', username: 'ann', password: 'pw' },
      },
      scenarios: {
        s: {
          executor: 'per-vu-iterations',
          steps: [
            { request: { url: '/a', query: { q: 'x y' }, checks: [{ status: 201 }] } },
            { think: '2s' },
            { request: { method: 'POST', url: '/b', json: { n: 1 } } },
          ],
        },
      },
    };
    const log = JSON.parse(exportHar(plan).text).log;
    expect(log.entries[0].request.url).toBe('http://127.0.0.1:3000/a?q=x%20y');
    expect(log.entries[0].response.status).toBe(201);
    expect(log.entries[0].request.headers).toContainEqual({ name: 'Authorization', value: 'Basic YW5uOnB3' });
    expect(Date.parse(log.entries[1].startedDateTime) - Date.parse(log.entries[0].startedDateTime)).toBe(2001);
    expect(log.entries[1].request.postData).toEqual({ mimeType: 'application/json', text: '{"n":1}' });
  });

  it('flattens flow control, setup and teardown into entries (each request once) and reports every flow step', () => {
    const plan: Plan = {
      version: 1,
      name: 'p',
      defaults: { baseUrl: 'http://127.0.0.1:3000' },
      setup: { steps: [{ request: { name: 'Token', method: 'POST', url: '/token' } }] },
      teardown: { steps: [{ request: { name: 'Clean up', method: 'DELETE', url: '/data' } }] },
      scenarios: {
        s: {
          executor: 'per-vu-iterations',
          steps: [
            { request: { url: '/a' } },
            { once: { steps: [{ request: { url: '/login' } }] } },
            {
              randomSwitch: [
                { weight: 1, steps: [{ request: { url: '/x' } }] },
                { weight: 2, steps: [{ while: { condition: 'true', max: 2, steps: [{ request: { url: '/y' } }] } }] },
              ],
            },
          ],
        },
      },
    };
    const r = exportHar(plan);
    const urls = (JSON.parse(r.text).log.entries as { request: { url: string } }[]).map((e) =>
      e.request.url.replace('http://127.0.0.1:3000', ''),
    );
    expect(urls).toEqual(['/token', '/a', '/login', '/x', '/y', '/data']);
    const flow = r.notes.filter((n) => n.message.startsWith('HAR has no conditions')).map((n) => n.where);
    expect(flow).toEqual([
      'scenario s: once at steps[1]',
      'scenario s: randomSwitch at steps[2]',
      'scenario s: while at steps[2].randomSwitch[1].steps[0]',
    ]);
    expect(r.notes.every((n) => n.kind !== 'not-exported' || n.where === 'plan')).toBe(true);
  });
});
