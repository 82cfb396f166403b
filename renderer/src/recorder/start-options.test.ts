import { describe, expect, it } from 'vitest';
import { EMPTY_START, startParams } from './start-options.ts';

describe('the New recording form', () => {
  it('gives no parameters for an empty form (free port, every host)', () => {
    expect(startParams(EMPTY_START)).toEqual({ ok: true, params: {} });
  });

  it('passes the name, port and host lists', () => {
    expect(
      startParams({
        ...EMPTY_START,
        name: ' Shop ',
        port: '8089',
        allowHosts: 'localhost, 127.0.0.1',
        insecureHosts: 'localhost',
      }),
    ).toEqual({
      ok: true,
      params: { name: 'Shop', port: 8089, allowHosts: ['localhost', '127.0.0.1'], insecureHosts: ['localhost'] },
    });
  });

  it('joins the upstream proxy credentials into its URL, percent-encoded', () => {
    const r = startParams({
      ...EMPTY_START,
      proxyUrl: 'http://proxy.corp:3128/',
      proxyUser: 'ann@corp',
      proxyPassword: 'p@ss:w/rd',
    });
    expect(r).toEqual({ ok: true, params: { upstreamProxy: 'http://ann%40corp:p%40ss%3Aw%2Frd@proxy.corp:3128' } });
    expect(startParams({ ...EMPTY_START, proxyUrl: 'https://proxy.corp:3128' })).toEqual({
      ok: true,
      params: { upstreamProxy: 'https://proxy.corp:3128' },
    });
  });

  it('says which field is wrong', () => {
    expect(startParams({ ...EMPTY_START, port: '70000' })).toMatchObject({ ok: false, field: 'port' });
    expect(startParams({ ...EMPTY_START, port: '80a' })).toMatchObject({ ok: false, field: 'port' });
    expect(startParams({ ...EMPTY_START, proxyUser: 'ann' })).toMatchObject({ ok: false, field: 'proxyUrl' });
    expect(startParams({ ...EMPTY_START, proxyUrl: 'proxy.corp:3128' })).toMatchObject({
      ok: false,
      field: 'proxyUrl',
    });
    expect(startParams({ ...EMPTY_START, proxyUrl: 'http://a:b@proxy.corp:3128', proxyUser: 'ann' })).toMatchObject({
      ok: false,
      field: 'proxyUser',
    });
    const host = startParams({ ...EMPTY_START, allowHosts: 'ok.test bad/host' });
    expect(host).toMatchObject({ ok: false, field: 'allowHosts' });
    expect(host.ok ? '' : host.message).toMatch(/^Allowed hosts \(bad\/host\): a host name/);
  });
});
