/**
 * A HAR through the recorder's conversion (what Plans → Import does with one): the login's CSRF token extracted on
 * every run, no secret of the recording written anywhere, and a HAR exported without secrets giving one variable
 * per redacted field, never a correlation that ties every `REDACTED` together.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Request, Step } from '../../plan/schema/index.ts';
import { planToYaml } from '../plan-yaml.ts';
import { expectNoSecrets, importedText } from '../test-no-secrets.ts';
import { importHarRecording } from './har-plan.ts';

const fixture = (name: string): string => readFileSync(fileURLToPath(new URL(`../../../tests/fixtures/convert/har/${name}`, import.meta.url)), 'utf8');
const requests = (list: readonly Step[]): Request[] => list.flatMap((s) => ('request' in s ? [s.request] : 'group' in s ? requests(s.group.steps) : []));

describe('importHarRecording', () => {
  it('a recorded login: the CSRF token and the API token are extracted, no secret is written', () => {
    const r = importHarRecording(fixture('crm-login-secrets.har'), { file: 'crm.har' });
    const [page, login, token, contacts] = requests(Object.values(r.plan.scenarios)[0]!.steps);
    expect(page?.extract).toEqual({ csrfmiddlewaretoken: { regex: expect.stringContaining('csrfmiddlewaretoken') } });
    expect(login).toMatchObject({ form: { csrfmiddlewaretoken: '${csrfmiddlewaretoken}', password: '${env.PASSWORD}' }, maxRedirects: 0 });
    expect(token?.extract).toEqual({ access: { jsonPath: '$.access' } });
    expect(contacts).toMatchObject({ query: { access_token: '${access}' }, auth: { type: 'bearer', token: '${access}' } });
    expectNoSecrets(importedText(r, 'crm.har'), [
      'Tr0ub4dor&3', 'pL4kW9sX2vB7nM1qZ8rT5yU3iO6aD0fG', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbm4ifQ.YW5vdGhlciBmYWtlIHNpZ25hdHVyZQ',
      'ak_live_7Hq2Lw9Xv4Bn1Mz8Kc3Rt6Yp', 'cs_9QwErTy7UiOp3AsDf5GhJk1L', 'd41d8cd98f00b204e9800998ecf8427e', '5ahn1c2xq0v9tq7l3o8m6k4j2h1g0f9e',
    ]);
  });

  it('a HAR exported without secrets: each redacted field is its own variable, no correlation of REDACTED', () => {
    const r = importHarRecording(fixture('redacted-loadsmith.har'), { file: 'redacted.har' });
    const [, login, token, contacts, integration] = requests(Object.values(r.plan.scenarios)[0]!.steps);
    expect(login?.form).toEqual({ csrfmiddlewaretoken: '${env.CSRFMIDDLEWARETOKEN}', username: 'ann', password: '${env.PASSWORD}' });
    expect(token).toMatchObject({ headers: { 'X-CSRFToken': '${env.X_CSRFTOKEN}' }, json: { password: '${env.PASSWORD}' } });
    expect(contacts).toMatchObject({ query: { access_token: '${env.ACCESS_TOKEN}' }, headers: { Authorization: '${env.AUTHORIZATION}' } });
    expect(integration).toMatchObject({ headers: { 'X-Api-Key': '${env.X_API_KEY}' }, json: { client_secret: '${env.CLIENT_SECRET}' } });
    expect(planToYaml(r.plan)).not.toContain('REDACTED');
  });

  it('a form body whose field holds JSON with a password, as a browser posts it: the password is not written', () => {
    const body = `payload=${encodeURIComponent(JSON.stringify({ user: 'ann', password: 'Tr0ub4dor&3' }))}&kind=login`;
    const entry = {
      startedDateTime: '2025-01-01T00:00:00.000Z', time: 10,
      request: { method: 'POST', url: 'https://crm.test/hook', headers: [{ name: 'Content-Type', value: 'application/x-www-form-urlencoded' }], postData: { mimeType: 'application/x-www-form-urlencoded', text: body } },
      response: { status: 200, headers: [], content: { size: 0, mimeType: 'text/plain', text: '' } },
    };
    const r = importHarRecording(JSON.stringify({ log: { version: '1.2', creator: { name: 'test' }, entries: [entry] } }), { file: 'hook.har' });
    expect(JSON.stringify(r.plan)).toContain('${env.PASSWORD}');
    expectNoSecrets(importedText(r, 'hook.har'), ['Tr0ub4dor&3']);
  });
});
