import { describe, expect, it } from 'vitest';
import { compileCheck } from '../../runtime/checks.ts';
import { ResponseView } from '../../runtime/response.ts';
import type { Check } from '../../plan/schema/index.ts';
import { NO_CTX } from '../../runtime/compile/no-context.ts';
import { pageMarker, recordedChecks } from './checks.ts';
import { recordedLocation } from './location.ts';
import { x } from './testing.ts';

const page = (html: string, status = 200) =>
  x(1, 'GET', '/p', {
    status,
    responseHeaders: [['Content-Type', 'text/html; charset=utf-8']],
    responseBody: { text: html, size: html.length, truncated: false },
  });
const redirect = (location: string, status = 302) =>
  x(1, 'POST', '/groups/new', { status, responseHeaders: [['Location', location]] });

/** Runs a generated check as the engine does. */
const passes = (c: Check, status: number, headers: Record<string, string>, body = ''): boolean =>
  compileCheck(c).evaluate(new ResponseView(status, headers, Buffer.from(body), false, 1, 'http://h/p'), NO_CTX) ===
  undefined;

describe('recordedChecks', () => {
  it('checks a redirect by its status and where it sent the user', () => {
    const checks = recordedChecks(redirect('/admin/'));
    expect(checks).toEqual([{ status: 302 }, { header: 'Location', equals: '/admin/' }]);
    expect(passes(checks[1]!, 302, { location: '/admin/' })).toBe(true);
    // Django sends a refused login back to the form: another Location (or none, with 200) fails.
    expect(passes(checks[1]!, 302, { location: '/admin/login/?next=/admin/' })).toBe(false);
    expect(passes(checks[0]!, 200, {})).toBe(false);
  });

  it('lets ids and tokens in a Location change, and any host when it stayed on the same one', () => {
    const [, byId] = recordedChecks(redirect('/groups/41/edit?tab=members&state=Qx81fKd0Lm'));
    expect(byId).toEqual({
      header: 'Location',
      matches: '^(?:https?://[^/?#]+)?/groups/[^/?#&]+/edit\\?tab=members&state=[^/?#&]+(?:#.*)?$',
    });
    expect(passes(byId!, 303, { location: '/groups/7/edit?tab=members&state=zz' })).toBe(true);
    expect(passes(byId!, 303, { location: '/groups/7/delete?tab=members&state=zz' })).toBe(false);
    const [, absolute] = recordedChecks(redirect('https://shop.test/home'));
    expect(passes(absolute!, 302, { location: 'http://127.0.0.1:8080/home' })).toBe(true);
    expect(passes(absolute!, 302, { location: 'http://127.0.0.1:8080/login?next=/home' })).toBe(false);
    // A credential in the URL never reaches the check, however short.
    expect(recordedChecks(redirect('/done?access_token=ab1&next=home'))[1]).toEqual({
      header: 'Location',
      matches: '^(?:https?://[^/?#]+)?/done\\?access_token=[^/?#&]+&next=home(?:#.*)?$',
    });
    const [, elsewhere] = recordedChecks(redirect('https://sso.example/authorize?client=shop'));
    expect(passes(elsewhere!, 302, { location: 'https://sso.example/authorize?client=shop' })).toBe(true);
    expect(passes(elsewhere!, 302, { location: 'https://evil.example/authorize?client=shop' })).toBe(false);
  });

  it('checks a page by its title, else its first heading, and only when that text is stable', () => {
    expect(
      recordedChecks(
        page('<html><head><title>Site administration | Django site admin</title></head><h1>x</h1></html>'),
      ),
    ).toEqual([{ status: 200 }, { body: { contains: 'Site administration | Django site admin' } }]);
    expect(
      pageMarker(page('<body><h1 id="site-name"><a href="/admin/">Django administration</a></h1></body>')),
    ).toEqual({ body: { contains: 'Django administration' } });
    expect(pageMarker(page('<title>\n  Orders\n  of ann\n</title>'))).toEqual({
      body: { matches: 'Orders\\s+of\\s+ann' },
    });
    expect(pageMarker(page('<title>Order 104233</title>'))).toBeUndefined();
    expect(pageMarker(page('<title>Price: ${price}</title>'))).toEqual({ body: { contains: 'Price: $${price}' } });
    expect(pageMarker(page('<title>Moved</title>', 404))).toBeUndefined();
    expect(
      pageMarker(
        x(1, 'GET', '/api', {
          responseHeaders: [['Content-Type', 'application/json']],
          responseBody: { text: '{"title":"x"}', size: 13, truncated: false },
        }),
      ),
    ).toBeUndefined();
  });

  it('a replay that lands on the login form instead of the recorded page fails the marker', () => {
    const [, marker] = recordedChecks(page('<title>Site administration | Django site admin</title>'));
    expect(passes(marker!, 200, {}, '<title>Site administration | Django site admin</title>')).toBe(true);
    expect(passes(marker!, 200, {}, '<title>Log in | Django site admin</title>')).toBe(false);
  });

  it('adds nothing when no response was recorded', () => {
    expect(recordedChecks({ ...page(''), status: 0, error: 'ECONNRESET' })).toEqual([]);
  });
});

describe('recordedLocation', () => {
  it('says which parts change and whether the redirect stayed on the same origin', () => {
    expect(recordedLocation(redirect('/admin/'))).toMatchObject({
      path: '/admin/',
      absolute: false,
      sameOrigin: true,
      dynamic: false,
    });
    expect(recordedLocation(redirect('https://shop.test/a/b12c34/'))).toMatchObject({
      path: '/a/b12c34/',
      absolute: true,
      sameOrigin: true,
      dynamic: true,
    });
    expect(recordedLocation(redirect('//cdn.test/x'))).toMatchObject({ path: '/x', sameOrigin: false });
    expect(recordedLocation({ ...redirect('/x'), status: 304 })).toBeUndefined();
    expect(recordedLocation({ ...redirect('/x'), status: 200 })).toBeUndefined();
  });
});
