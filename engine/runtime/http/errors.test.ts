/**
 * How transport failures are classified (the error kinds both clients report) and told in one line. End to end,
 * against real servers on both clients: conformance/errors.test.ts, conformance/tls.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { classifyError, errorMessage } from './errors.ts';

describe('classifyError', () => {
  const err = (code: string, cause?: unknown): Error =>
    Object.assign(new Error(`failed ${code}`), { code, ...(cause !== undefined ? { cause } : {}) });

  it('maps system and undici codes', () => {
    expect(classifyError(err('ECONNREFUSED'))).toBe('refused');
    expect(classifyError(err('ECONNRESET'))).toBe('reset');
    expect(classifyError(err('EPIPE'))).toBe('reset');
    expect(classifyError(err('UND_ERR_SOCKET'))).toBe('reset');
    expect(classifyError(err('UND_ERR_HEADERS_TIMEOUT'))).toBe('timeout');
    expect(classifyError(err('UND_ERR_BODY_TIMEOUT'))).toBe('timeout');
    expect(classifyError(err('UND_ERR_CONNECT_TIMEOUT'))).toBe('timeout');
    expect(classifyError(err('ETIMEDOUT'))).toBe('timeout');
    expect(classifyError(err('UND_ERR_RES_EXCEEDED_MAX_SIZE'))).toBe('body-too-large');
  });

  it('DNS failures', () => {
    expect(classifyError(err('ENOTFOUND'))).toBe('dns');
    expect(classifyError(err('EAI_AGAIN'))).toBe('dns');
  });

  it('TLS failures by code family', () => {
    expect(classifyError(err('CERT_HAS_EXPIRED'))).toBe('tls');
    expect(classifyError(err('DEPTH_ZERO_SELF_SIGNED_CERT'))).toBe('tls');
    expect(classifyError(err('SELF_SIGNED_CERT_IN_CHAIN'))).toBe('tls');
    expect(classifyError(err('UNABLE_TO_VERIFY_LEAF_SIGNATURE'))).toBe('tls');
    expect(classifyError(err('ERR_TLS_CERT_ALTNAME_INVALID'))).toBe('tls');
    expect(classifyError(err('ERR_SSL_WRONG_VERSION_NUMBER'))).toBe('tls');
    expect(classifyError(err('EPROTO'))).toBe('tls');
  });

  it('any llhttp parser error is malformed', () => {
    expect(classifyError(err('HPE_INVALID_STATUS'))).toBe('malformed');
    expect(classifyError(err('HPE_INVALID_HEADER_TOKEN'))).toBe('malformed');
    expect(classifyError(err('UND_ERR_RES_CONTENT_LENGTH_MISMATCH'))).toBe('malformed');
    // undici's own code for a response head over its limit (the fast client: HPE_HEADER_OVERFLOW).
    expect(classifyError(err('UND_ERR_HEADERS_OVERFLOW'))).toBe('malformed');
  });

  it('looks through causes', () => {
    expect(classifyError(new TypeError('fetch failed', { cause: err('ECONNREFUSED') }))).toBe('refused');
    expect(classifyError(err('UND_ERR_CONNECT', err('X', err('CERT_HAS_EXPIRED'))))).toBe('tls');
  });

  it('falls back to other, also for odd values and self-causes', () => {
    expect(classifyError(new Error('boom'))).toBe('other');
    expect(classifyError(err('E_SOMETHING'))).toBe('other');
    expect(classifyError(null)).toBe('other');
    expect(classifyError('text')).toBe('other');
    const self = err('E_LOOP');
    (self as { cause?: unknown }).cause = self;
    expect(classifyError(self)).toBe('other');
  });
});

describe('errorMessage', () => {
  it('adds the code and the cause once, on one line', () => {
    expect(errorMessage(Object.assign(new Error('connect failed'), { code: 'ECONNREFUSED' }))).toBe(
      'connect failed (ECONNREFUSED)',
    );
    expect(errorMessage(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }))).toBe(
      'connect ECONNREFUSED 127.0.0.1:1',
    );
    expect(errorMessage(new Error('fetch failed', { cause: new Error('socket hang up') }))).toBe(
      'fetch failed: socket hang up',
    );
    expect(errorMessage(new Error('line one\nline two'))).toBe('line one');
    expect(errorMessage('plain')).toBe('plain');
  });
});
