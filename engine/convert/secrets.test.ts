import { describe, expect, it } from 'vitest';
import { classify } from './classify-body.ts';
import { Notes } from './draft.ts';
import { SecretVault } from './secret-vault.ts';
import { envName, isRedacted, isSecretField, isSecretName, looksLikeCredential } from './secrets.ts';

describe('which places hold credentials', () => {
  it('by name: headers, query parameters and fields, including one-word and camelCase names', () => {
    for (const [name, place] of [
      ['Authorization', 'header'],
      ['X-CSRFToken', 'header'],
      ['csrfmiddlewaretoken', 'field'],
      ['client_secret', 'field'],
      ['accessToken', 'query'],
      ['Ocp-Apim-Subscription-Key', 'header'],
      ['newPassword', 'field'],
      ['sig', 'query'],
    ] as const) {
      expect(isSecretName(name, place), name).toBe(true);
    }
    for (const name of ['username', 'next', 'page_token', 'nextPageToken', 'q', 'sort_key', 'key'])
      expect(isSecretName(name, 'query'), name).toBe(false);
  });

  it('the names real login forms and session URLs use: pass, passphrase, passcode, pin, jwt, PHPSESSID, jsessionid', () => {
    for (const [name, place] of [
      ['pass', 'field'],
      ['user[pass]', 'field'],
      ['passphrase', 'field'],
      ['passcode', 'field'],
      ['pin', 'field'],
      ['jwt', 'query'],
      ['PHPSESSID', 'query'],
      ['jsessionid', 'query'],
    ] as const) {
      expect(isSecretName(name, place), name).toBe(true);
    }
    for (const name of ['bypass', 'passenger', 'spin', 'session_count'])
      expect(isSecretName(name, 'field'), name).toBe(false);
  });

  it('a JSON Web Token is a credential under any name; a value merely starting like one is not', () => {
    expect(isSecretField('t', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.c2lnbmF0dXJl', 'query')).toBe(true);
    expect(isSecretField('X-Session', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.', 'header')).toBe(true); // unsigned
    expect(isSecretField('state', 'eyJhbGciOiJIUzI1NiJ9', 'query')).toBe(false);
  });

  it('a bare `key` only when its value looks like a credential; sort, idempotency and public keys never', () => {
    expect(isSecretField('key', 'created', 'query')).toBe(false); // GitHub search: ?q=...&key=...
    expect(isSecretField('key', 'repo:octocat/hello-world', 'query')).toBe(false);
    expect(isSecretField('key', 'AIzaSyD4f9Gq2Lx7Vb1Nc8Mz3Kp6Rt0Wy5Hj2Ue', 'query')).toBe(true);
    expect(isSecretField('license_key', '5f4dcc3b5aa765d61d8327deb882cf99')).toBe(true);
    expect(isSecretField('Idempotency-Key', '550e8400-e29b-41d4-a716-446655440000', 'header')).toBe(false);
    expect(isSecretField('sort_key', 'Zx9Cv8Bn7Mm6Ll5Kk4Jj3Hh2Gg1Ff0Dd', 'query')).toBe(false);
  });

  it('looks like a credential: long, mixed and random enough; words, dates and slugs are not', () => {
    for (const v of [
      'AIzaSyD4f9Gq2Lx7Vb1Nc8Mz3Kp6Rt0Wy5Hj2Ue',
      '5f4dcc3b5aa765d61d8327deb882cf99',
      'ghp_R2d9Xk1LmQ7vT4bN8cW3zY6aP0sE5fH1jK2g',
    ])
      expect(looksLikeCredential(v), v).toBe(true);
    for (const v of [
      'created',
      '2025-01-01T00:00:00Z',
      'load-testing-with-loadsmith',
      'aaaaaaaaaaaaaaaaaaaa1',
      '${env.API_KEY}',
    ])
      expect(looksLikeCredential(v), v).toBe(false);
  });

  it('placeholders tools write for redacted values', () => {
    for (const v of ['REDACTED', '[REDACTED]', '<redacted>', '[FILTERED]', '********'])
      expect(isRedacted(v), v).toBe(true);
    for (const v of ['secret', 'hunter2', 'red']) expect(isRedacted(v), v).toBe(false);
  });
});

describe('form bodies are read as a server reads them', () => {
  it('+ is a space and %21 is !, so a browser form stays a form (and its password can be found)', () => {
    expect(classify('username=admin&password=hunter2%21+sun&note=a+b', 'application/x-www-form-urlencoded')).toEqual({
      kind: 'form',
      fields: [
        ['username', 'admin'],
        ['password', 'hunter2! sun'],
        ['note', 'a b'],
      ],
    });
  });

  it('expressions are kept whole, literal ${ stays escaped, and text that is no form stays text', () => {
    expect(classify('a=${x + 1}&b=$${lit}%25', 'application/x-www-form-urlencoded')).toEqual({
      kind: 'form',
      fields: [
        ['a', '${x + 1}'],
        ['b', '$${lit}%'],
      ],
    });
    expect(classify('just text', 'application/x-www-form-urlencoded')).toEqual({ kind: 'text', text: 'just text' });
    expect(classify('a=%E9', 'application/x-www-form-urlencoded')).toEqual({ kind: 'text', text: 'a=%E9' }); // not UTF-8: the bytes are kept
  });
});

describe('the vault', () => {
  it('replaces a credential wherever it appears, whole words only, in every encoding', () => {
    const notes = new Notes();
    const vault = new SecretVault(notes);
    expect(vault.hide('hunter2! sun', 'password', 'w', 'form field password')).toBe('${env.PASSWORD}');
    vault.learn('q8w7e6r5t4y3u2i1', 'COOKIE_sessionid', 'w', 'cookie sessionid');
    expect(vault.scrub('/s/q8w7e6r5t4y3u2i1/x?p=hunter2%21%20sun&f=hunter2!+sun')).toBe(
      '/s/${env.COOKIE_SESSIONID}/x?p=${env.PASSWORD}&f=${env.PASSWORD}',
    );
    expect(vault.scrub('{"a":"hunter2! sun"}')).toBe('{"a":"${env.PASSWORD}"}');
    expect(vault.scrub('xq8w7e6r5t4y3u2i1 and q8w7e6r5t4y3u2i12')).toBe('xq8w7e6r5t4y3u2i1 and q8w7e6r5t4y3u2i12');
    expect(vault.scrub('${env.X:-q8w7e6r5t4y3u2i1} $${lit}')).toBe('${env.X} $${lit}'); // a default holding it is dropped
    expect(vault.scrubText('GET https://h/?t=q8w7e6r5t4')).toBe('GET https://h/?t=${env.COOKIE_SESSIONID}'); // cut short in a note
    vault.finish();
    expect(notes.list.map((n) => n.message)).toEqual([
      expect.stringMatching(/^form field password: .*\$\{env\.PASSWORD\}.*\(and 3 more places\)$/),
      expect.stringMatching(
        /^cookie sessionid: the value is a credential and also appeared elsewhere.*\$\{env\.COOKIE_SESSIONID\}/,
      ),
    ]);
  });

  it('thousands of values (a long recording) are all found, with a name each', () => {
    const vault = new SecretVault(new Notes());
    for (let i = 0; i < 5000; i++)
      vault.hide(`sid=session-${i}-abcdefghij; theme=dark; tracking=t${i}-abcdefghij`, 'Cookie', 'w', 'header Cookie');
    expect(vault.scrub('/a/sid=session-4321-abcdefghij; theme=dark; tracking=t4321-abcdefghij/b')).toBe(
      '/a/${env.COOKIE_4322}/b',
    );
  });

  it('gives each redacted placeholder the variable of its own field', () => {
    const vault = new SecretVault(new Notes());
    expect(vault.hide('REDACTED', 'Cookie', 'w', 'header Cookie')).toBe('${env.COOKIE}');
    expect(vault.hide('REDACTED', 'password', 'w', 'form field password')).toBe('${env.PASSWORD}');
    expect(vault.hide('REDACTED', 'Cookie', 'w2', 'header Cookie')).toBe('${env.COOKIE}');
    expect(vault.scrub('REDACTED')).toBe('REDACTED');
  });

  it('never names a variable the shell or the system already sets (USER, USERNAME, PATH, HOME...)', () => {
    // `loadsmith run` reads the whole process environment: ${env.USER} would send the local login name to the
    // target, silently, instead of asking for the value.
    const vault = new SecretVault(new Notes());
    expect(vault.hide('REDACTED', 'user', 'w', 'form field user')).toBe('${env.USER_VALUE}');
    expect(vault.hide('REDACTED', 'username', 'w', 'form field username')).toBe('${env.USERNAME_VALUE}');
    expect(vault.hide('REDACTED', 'path', 'w', 'form field path')).toBe('${env.PATH_VALUE}');
    expect(envName('home')).toBe('HOME_VALUE');
    expect(envName('user_name')).toBe('USER_NAME');
  });

  it('short values and generic example words are hidden where they stand but not hunted elsewhere', () => {
    const vault = new SecretVault(new Notes());
    vault.hide('pw12', 'password', 'w', 'p');
    vault.hide('string', 'token', 'w', 't');
    expect(vault.scrub('/pw12/string')).toBe('/pw12/string');
  });
});
