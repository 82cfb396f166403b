import { describe, expect, it } from 'vitest';
import { entryMatches, EVENTS, METHODS, type EntrySummary } from './index.ts';

const entry = (o: Partial<EntrySummary>): EntrySummary => ({
  id: 1,
  startedAt: '2026-01-01T00:00:00.000Z',
  durationMs: 5,
  method: 'GET',
  url: 'https://shop.test/api/items',
  host: 'shop.test',
  status: 200,
  mimeType: 'application/json',
  type: 'fetch',
  static: false,
  size: 10,
  redirectFrom: null,
  error: null,
  secret: false,
  truncated: false,
  messages: null,
  ...o,
});

describe('recordings in the contract', () => {
  it('declares every method and event the UI needs', () => {
    expect(
      Object.keys(METHODS)
        .filter((m) => m.startsWith('recordings.'))
        .sort(),
    ).toEqual([
      'recordings.ca',
      'recordings.delete',
      'recordings.detectBrowsers',
      'recordings.entries',
      'recordings.entry',
      'recordings.exportHar',
      'recordings.get',
      'recordings.importHar',
      'recordings.launchBrowser',
      'recordings.list',
      'recordings.propose',
      'recordings.rename',
      'recordings.start',
      'recordings.stop',
      'recordings.toPlan',
    ]);
    expect(Object.keys(EVENTS).filter((e) => e.startsWith('recording.'))).toEqual([
      'recording.entry',
      'recording.state',
    ]);
  });

  it('filters entries as the live list does: static assets, hosts, search', () => {
    const css = entry({
      url: 'https://cdn.shop.test/a.css',
      host: 'cdn.shop.test',
      type: 'stylesheet',
      static: true,
      mimeType: 'text/css',
    });
    const api = entry({});
    const other = entry({ url: 'http://127.0.0.1:8080/x', host: '127.0.0.1:8080', status: 404 });
    const pick = (f: Parameters<typeof entryMatches>[1]) =>
      [css, api, other].filter((e) => entryMatches(e, f)).map((e) => e.host);
    expect(pick({})).toEqual(['cdn.shop.test', 'shop.test', '127.0.0.1:8080']);
    expect(pick({ hideStatic: true })).toEqual(['shop.test', '127.0.0.1:8080']);
    expect(pick({ includeHosts: ['*.shop.test'] })).toEqual(['cdn.shop.test', 'shop.test']);
    expect(pick({ excludeHosts: ['127.0.0.1'] })).toEqual(['cdn.shop.test', 'shop.test']);
    expect(pick({ search: '404' })).toEqual(['127.0.0.1:8080']);
    expect(pick({ search: 'ITEMS' })).toEqual(['shop.test']);
  });

  it('refuses parameters a recording cannot use', () => {
    const start = METHODS['recordings.start'].params;
    expect(
      start.safeParse({
        port: 8080,
        insecureHosts: ['localhost', '*.dev.test'],
        upstreamProxy: 'http://u:p@proxy.corp:3128',
      }).success,
    ).toBe(true);
    expect(start.safeParse({ port: 0 }).success).toBe(false);
    expect(start.safeParse({ allowHosts: ['a b'] }).success).toBe(false);
    expect(
      METHODS['recordings.launchBrowser'].params.safeParse({ id: 'r', startUrl: 'file:///etc/passwd' }).success,
    ).toBe(false);
    expect(METHODS['recordings.propose'].params.safeParse({ id: 'r', options: { groupBy: 'page' } }).success).toBe(
      false,
    );
  });
});
