import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact.ts';

describe('redactUrl', () => {
  it('replaces the query-string auth value, keeping the other parameters as sent', () => {
    expect(redactUrl('http://h/x?page=2&api_key=s3cr%2Ft&q=a+b', ['api_key'])).toBe(
      'http://h/x?page=2&api_key=***&q=a+b',
    );
    expect(redactUrl('http://h/x?api_key=1&api_key=2#frag', ['api_key'])).toBe(
      'http://h/x?api_key=***&api_key=***#frag',
    );
  });

  it('matches the parameter name as the engine encodes it', () => {
    expect(redactUrl(`http://h/x?${encodeURIComponent('x key')}=v`, ['x key'])).toBe('http://h/x?x%20key=***');
    expect(redactUrl('http://h/x?api%5Fkey=v&b=%20', ['api_key'])).toBe('http://h/x?api%5Fkey=***&b=%20'); // encoded by the plan itself
  });

  it('leaves URLs without the parameter untouched', () => {
    expect(redactUrl('http://h/x?page=2', ['api_key'])).toBe('http://h/x?page=2');
    expect(redactUrl('http://h/api_key=1', ['api_key'])).toBe('http://h/api_key=1');
    expect(redactUrl('http://h/x?page=2', [])).toBe('http://h/x?page=2');
  });

  it('replaces the password of the user-info, not an @ in the path or query', () => {
    expect(redactUrl('http://ann:pw@h:80/x', [])).toBe('http://ann:***@h:80/x');
    expect(redactUrl('http://ann@h/x', [])).toBe('http://ann@h/x');
    expect(redactUrl('http://h/x?mail=a@b.c&p=x:y', [])).toBe('http://h/x?mail=a@b.c&p=x:y');
  });
});
