import { describe, expect, it } from 'vitest';
import { checkSite, isAllowedHost, isAllowedOrigin } from './guards.ts';

describe('isAllowedHost', () => {
  it('accepts loopback names with our port', () => {
    for (const host of ['127.0.0.1:4321', 'localhost:4321', 'LOCALHOST:4321', '[::1]:4321'])
      expect(isAllowedHost(host, 4321)).toBe(true);
  });
  it('refuses other names, other ports, missing ports and a missing header (DNS rebinding)', () => {
    for (const host of [
      undefined,
      '',
      'evil.example:4321',
      'evil.example',
      '127.0.0.1',
      '127.0.0.1:80',
      'localhost:43210',
      '127.0.0.2:4321',
      '0.0.0.0:4321',
      'localhost.evil.example:4321',
      '127.0.0.1:4321.evil.example',
      '[::1]',
      'user@127.0.0.1:4321',
    ]) {
      expect(isAllowedHost(host, 4321), String(host)).toBe(false);
    }
  });
});

describe('isAllowedOrigin', () => {
  it('allows no Origin and our own origins', () => {
    expect(isAllowedOrigin(undefined, 4321)).toBe(true);
    for (const origin of ['http://127.0.0.1:4321', 'http://localhost:4321', 'http://[::1]:4321'])
      expect(isAllowedOrigin(origin, 4321)).toBe(true);
  });
  it('refuses foreign, null, https and other-port origins', () => {
    for (const origin of [
      'http://evil.example',
      'null',
      '',
      'https://127.0.0.1:4321',
      'http://127.0.0.1:4322',
      'http://127.0.0.1',
      'http://localhost:4321/x',
      'http://127.0.0.1:4321.evil.example',
    ]) {
      expect(isAllowedOrigin(origin, 4321), origin).toBe(false);
    }
  });
});

describe('checkSite', () => {
  it('reports a bad Host as 421 before looking at Origin', () => {
    expect(checkSite({ host: 'evil.example:1', origin: 'http://evil.example' }, 1)?.status).toBe(421);
  });
  it('reports a foreign Origin as 403', () => {
    expect(checkSite({ host: '127.0.0.1:1', origin: 'http://evil.example' }, 1)?.status).toBe(403);
  });
  it('passes a same-origin request', () => {
    expect(checkSite({ host: 'localhost:1', origin: 'http://localhost:1' }, 1)).toBeNull();
  });
});
