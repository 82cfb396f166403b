import { describe, expect, it } from 'vitest';
import type { Plan, Request, Step } from '../../plan/schema/index.ts';
import { validatePlanValue } from '../../plan/parse.ts';
import { convertRecording } from './convert.ts';
import { x } from './testing.ts';
import type { RecordedExchange } from './types.ts';

const requests = (plan: Plan): Request[] => {
  const walk = (list: Step[]): Request[] =>
    list.flatMap((s) => ('request' in s ? [s.request] : 'group' in s ? walk(s.group.steps) : []));
  return walk(Object.values(plan.scenarios)[0]?.steps ?? []);
};
const html = (text: string) => ({
  responseHeaders: [['Content-Type', 'text/html']] as [string, string][],
  responseBody: { text, size: text.length, truncated: false },
});
const posted = (text: string, type = 'application/x-www-form-urlencoded') => ({
  requestHeaders: [['Content-Type', type]] as [string, string][],
  requestBody: { text, size: text.length, truncated: false },
});

/** Django's admin: the add form, its submission (302 to the list), the list. */
function addGroup(
  path = '/admin/auth/group/add/',
  form = '<input type="text" name="name" maxlength="150" required id="id_name"><textarea name="notes"></textarea><input type="checkbox" name="active">',
): RecordedExchange[] {
  return [
    x(1, 'GET', path, {
      dest: 'document',
      ...html(
        `<title>Add group</title><form method="post" id="group_form"><input type="hidden" name="csrfmiddlewaretoken" value="Tok3nTok3nTok3n1">${form}<input type="submit" name="_save"></form>`,
      ),
    }),
    x(2, 'POST', path, {
      dest: 'document',
      ...posted('csrfmiddlewaretoken=Tok3nTok3nTok3n1&name=Editors&notes=&active=on&_save=Save'),
      status: 302,
      responseHeaders: [['Location', '/admin/auth/group/']],
    }),
    x(3, 'GET', '/admin/auth/group/', {
      dest: 'document',
      redirectFrom: 2,
      ...html('<title>Select group to change</title>'),
    }),
  ];
}

describe('typed values made unique', () => {
  it('proposes the name typed into a creation form, suggested, and applies it by default', () => {
    const { plan, uniqueValues, notes } = convertRecording(addGroup(), { name: 'Groups' });
    expect(uniqueValues).toEqual([
      {
        id: expect.stringMatching(/^u_[0-9a-f]{12}$/),
        entryId: 2,
        field: 'name',
        value: 'Editors',
        replacement: 'Editors-${uuid()}',
        suggested: true,
        applied: true,
      },
    ]);
    const submit = requests(plan)[1];
    expect(submit?.form).toEqual({
      csrfmiddlewaretoken: '${csrfmiddlewaretoken}',
      name: 'Editors-${uuid()}',
      notes: '',
      active: 'on',
      _save: 'Save',
    });
    expect(notes.map((n) => n.message)).toContain(
      'the typed value of field name is unique on every iteration (Editors-${uuid()}), so the application does not refuse it as a duplicate',
    );
    expect(() => validatePlanValue(plan)).not.toThrow();
  });

  it('sends the recorded value when the proposal is rejected, with the same id on every call', () => {
    const [proposal] = convertRecording(addGroup(), { name: 'Groups' }).uniqueValues;
    const { plan, uniqueValues } = convertRecording(addGroup(), { name: 'Groups', unique: [] });
    expect(uniqueValues[0]).toMatchObject({ id: proposal?.id, applied: false });
    expect(requests(plan)[1]?.form?.name).toBe('Editors');
  });

  it('proposes but does not suggest for a form that edits (no add, new, create... in its path)', () => {
    const { uniqueValues } = convertRecording(addGroup('/admin/auth/group/5/change/'), { name: 'Groups' });
    expect(uniqueValues.map((u) => [u.field, u.suggested, u.applied])).toEqual([['name', false, false]]);
  });

  it('leaves a login form alone, and gives a sign-up address a unique local part', () => {
    const login = addGroup('/login', '<input name="username"><input type="password" name="password">');
    login[1] = { ...login[1]!, ...posted('csrfmiddlewaretoken=Tok3nTok3nTok3n1&username=ann&password=pw') };
    expect(convertRecording(login, { name: 'Login' }).uniqueValues).toEqual([]);
    const signup = addGroup('/signup', '<input type="email" name="email"><input type="password" name="password">');
    signup[1] = {
      ...signup[1]!,
      ...posted('csrfmiddlewaretoken=Tok3nTok3nTok3n1&email=ann%40example.com&password=pw'),
    };
    const { plan, uniqueValues } = convertRecording(signup, { name: 'Sign-up' });
    expect(uniqueValues.map((u) => u.replacement)).toEqual(['ann-${uuid()}@example.com']);
    expect(requests(plan)[1]?.form?.email).toBe('ann-${uuid()}@example.com');
  });

  it("never suffixes a credential typed into a text field: it stays the secrets pass's, out of the plan", () => {
    const list = addGroup(
      '/integrations/new',
      '<input type="text" name="name"><input type="text" name="api_key"><input type="text" name="token_hint">',
    );
    list[1] = {
      ...list[1]!,
      ...posted(
        'csrfmiddlewaretoken=Tok3nTok3nTok3n1&name=Mailer&api_key=ak_live_7Hq2Lw9Xv4Bn1Mz8Kc3Rt6Yp&token_hint=Zx9Kq2Lm8Np4Rt7Vw3',
      ),
    };
    const { plan, uniqueValues } = convertRecording(list, { name: 'Integrations' });
    expect(uniqueValues.map((u) => u.field)).toEqual(['name']);
    expect(JSON.stringify(plan)).not.toContain('ak_live_7Hq2Lw9Xv4Bn1Mz8Kc3Rt6Yp');
    // A value shaped like a credential is not suffixed either (the secrets pass decides by its field's name).
    expect(requests(plan)[1]?.form?.token_hint).toBe('Zx9Kq2Lm8Np4Rt7Vw3');
  });

  it('replaces the field in a multipart body kept as text', () => {
    const list = addGroup();
    const body =
      '--b\r\nContent-Disposition: form-data; name="csrfmiddlewaretoken"\r\n\r\nTok3nTok3nTok3n1\r\n--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nEditors\r\n--b--\r\n';
    list[1] = { ...list[1]!, ...posted(body, 'multipart/form-data; boundary=b') };
    const { plan } = convertRecording(list, { name: 'Groups' });
    expect(requests(plan)[1]?.text).toContain('name="name"\r\n\r\nEditors-${uuid()}\r\n--b');
  });
});
