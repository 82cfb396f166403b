import { describe, expect, it } from 'vitest';
import type { ResponseHeaders } from '../types.ts';
import { classifyError } from '../errors.ts';
import { ResponseParser, type ParserSink } from './parser.ts';

interface Parsed {
  status: number;
  headers: ResponseHeaders;
  statusText: string;
  body: string;
  keepAlive: boolean | undefined;
  bytes: number;
  consumed: number;
}

/** Feeds `wire` in pieces of `step` bytes (copied into a reused buffer, as the connection's shared read buffer). */
function parse(wire: string, { step = wire.length, head = false } = {}): Parsed {
  const out: Parsed = { status: 0, headers: {}, statusText: '', body: '', keepAlive: undefined, bytes: 0, consumed: 0 };
  const sink: ParserSink = {
    onHead(status, headers, statusText) {
      out.status = status;
      out.headers = headers;
      out.statusText = statusText;
    },
    onBody(buf, start, end) {
      out.body += buf.toString('latin1', start, end);
    },
    onComplete(keepAlive) {
      out.keepAlive = keepAlive;
    },
  };
  const p = new ResponseParser();
  p.begin(sink, head);
  const bytes = Buffer.from(wire, 'latin1');
  const shared = Buffer.alloc(64 * 1024, 0x5a); // stale bytes after each piece must never be read
  for (let i = 0; i < bytes.length && !p.idle; i += step) {
    const n = Math.min(step, bytes.length - i);
    bytes.copy(shared, 0, i, i + n);
    shared.fill(0x5a, n, n + 8);
    const at = p.execute(shared, 0, n);
    out.consumed += at;
    if (p.idle) break;
  }
  out.bytes = p.bytes;
  return out;
}

const OK =
  'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nDate: Sat, 21 Nov 2026 22:00:00 GMT\r\nContent-Length: 13\r\n\r\nHello, World!';

describe('ResponseParser', () => {
  it('parses status, headers (lower-cased) and a content-length body, counting every byte', () => {
    const r = parse(OK);
    expect(r.status).toBe(200);
    expect(r.statusText).toBe('OK');
    expect(r.headers).toEqual({
      'content-type': 'text/plain',
      date: 'Sat, 21 Nov 2026 22:00:00 GMT',
      'content-length': '13',
    });
    expect(r.body).toBe('Hello, World!');
    expect(r.keepAlive).toBe(true);
    expect(r.bytes).toBe(OK.length);
  });

  it('gives the same result whatever the fragmentation (down to one byte at a time)', () => {
    const chunked =
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nX-A: 1\r\n\r\n5;ext=1\r\nhello\r\n7\r\n, world\r\n0\r\nX-Trailer: t\r\n\r\n';
    for (const wire of [OK, chunked]) {
      const whole = parse(wire);
      for (const step of [1, 2, 3, 7, 16]) expect(parse(wire, { step }), `step ${step}`).toEqual(whole);
    }
    expect(parse(chunked).body).toBe('hello, world');
    expect(parse(chunked).bytes).toBe(chunked.length);
  });

  it('chunked: extensions, hex sizes in either case, trailers, and the exact byte count', () => {
    const wire =
      'HTTP/1.1 200 OK\r\ntransfer-encoding: gzip, chunked\r\n\r\nA ; name="x"\r\n0123456789\r\na\r\nabcdefghij\r\n0\r\nA: b\r\nC: d\r\n\r\n';
    const r = parse(wire);
    expect(r.body).toBe('0123456789abcdefghij');
    expect(r.keepAlive).toBe(true);
    expect(r.bytes).toBe(wire.length);
  });

  it('skips 1xx heads (100 Continue, 103 Early Hints) and reports the final response; their bytes count', () => {
    const wire = `HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a.css>\r\n\r\n${OK}`;
    const r = parse(wire, { step: 5 });
    expect(r.status).toBe(200);
    expect(r.headers.link).toBeUndefined();
    expect(r.body).toBe('Hello, World!');
    expect(r.bytes).toBe(wire.length);
  });

  it('no body after HEAD, 204 and 304, whatever content-length says', () => {
    expect(parse('HTTP/1.1 200 OK\r\nContent-Length: 500\r\n\r\n', { head: true })).toMatchObject({
      status: 200,
      body: '',
      keepAlive: true,
    });
    expect(parse('HTTP/1.1 204 No Content\r\n\r\n')).toMatchObject({ status: 204, body: '', keepAlive: true });
    // A 204 that announces a body anyway: none is read, and the connection is not reused (its bytes may follow).
    expect(parse('HTTP/1.1 204 No Content\r\nContent-Length: 10\r\n\r\n')).toMatchObject({
      status: 204,
      body: '',
      keepAlive: false,
    });
    const notModified = 'HTTP/1.1 304 Not Modified\r\nETag: "x"\r\n\r\nHTTP/1.1 200 OK';
    const r = parse(notModified);
    expect(r).toMatchObject({ status: 304, body: '' });
    expect(r.consumed).toBe(notModified.indexOf('HTTP/1.1 200')); // what follows belongs to the next response
  });

  it('connection: close and HTTP/1.0 end the connection; HTTP/1.0 keep-alive keeps it', () => {
    expect(parse('HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n').keepAlive).toBe(false);
    expect(parse('HTTP/1.1 200 OK\r\nConnection: Keep-Alive, Close\r\nContent-Length: 0\r\n\r\n').keepAlive).toBe(
      false,
    );
    expect(parse('HTTP/1.0 200 OK\r\nContent-Length: 0\r\n\r\n').keepAlive).toBe(false);
    expect(parse('HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nContent-Length: 0\r\n\r\n').keepAlive).toBe(true);
  });

  it('a body without length or chunking is read until the close', () => {
    const p = new ResponseParser();
    let body = '';
    let keepAlive: boolean | undefined;
    p.begin(
      {
        onHead() {},
        onBody(b, s, e) {
          body += b.toString('latin1', s, e);
        },
        onComplete(k) {
          keepAlive = k;
        },
      },
      false,
    );
    const wire = Buffer.from('HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nuntil the end');
    expect(p.execute(wire, 0, wire.length)).toBe(wire.length);
    expect(p.idle).toBe(false);
    p.eof();
    expect(body).toBe('until the end');
    expect(keepAlive).toBe(false);
    expect(p.bytes).toBe(wire.length);
  });

  it('repeated headers become arrays (Set-Cookie included), in order', () => {
    const r = parse(
      'HTTP/1.1 200 OK\r\nSet-Cookie: a=1\r\nX-Y: 1\r\nset-cookie: b=2\r\nSET-COOKIE: c=3\r\nContent-Length: 0\r\n\r\n',
    );
    expect(r.headers['set-cookie']).toEqual(['a=1', 'b=2', 'c=3']);
    expect(r.headers['x-y']).toBe('1');
  });

  it('trims optional whitespace around values; an empty reason phrase is fine', () => {
    const r = parse('HTTP/1.1 200 \r\nX-A:\t  spaced  \t\r\nX-B:\r\nContent-Length: 0\r\n\r\n');
    expect(r.statusText).toBe('');
    expect(r.headers).toMatchObject({ 'x-a': 'spaced', 'x-b': '' });
  });

  it('a header named __proto__ is an own property and does not change the prototype', () => {
    const r = parse('HTTP/1.1 200 OK\r\n__proto__: x\r\nContent-Length: 0\r\n\r\n');
    expect(Object.hasOwn(r.headers, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(r.headers)).toBe(Object.prototype);
  });

  const malformed: [string, string][] = [
    ['a status line that is not HTTP', 'HTTX/1.1 200 OK\r\n\r\n'],
    ['a non-numeric status', 'HTTP/1.1 2x0 OK\r\nContent-Length: 0\r\n\r\n'],
    ['HTTP/2 in an HTTP/1 status line', 'HTTP/1.2 200 OK\r\n\r\n'],
    ['a header line without a colon', 'HTTP/1.1 200 OK\r\nNoColon\r\n\r\n'],
    ['a space in a header name', 'HTTP/1.1 200 OK\r\nBad Name: x\r\n\r\n'],
    ['an obsolete folded header line', 'HTTP/1.1 200 OK\r\nX-A: 1\r\n  folded\r\n\r\n'],
    ['a non-numeric content-length', 'HTTP/1.1 200 OK\r\nContent-Length: 1x\r\n\r\n'],
    ['conflicting content-lengths', 'HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab'],
    ['a bad chunk size', 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n'],
    ['a chunk without its CRLF', 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabXY'],
    ['an unexpected 101', 'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n\r\n'],
  ];
  for (const [what, wire] of malformed) {
    it(`throws a malformed error on ${what}`, () => {
      let err: unknown;
      try {
        parse(wire);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(Error);
      expect(classifyError(err)).toBe('malformed');
    });
  }

  it('refuses a head larger than 64 KB (malformed, not unbounded memory)', () => {
    const p = new ResponseParser();
    p.begin({ onHead() {}, onBody() {}, onComplete() {} }, false);
    const status = Buffer.from('HTTP/1.1 200 OK\r\n');
    p.execute(status, 0, status.length);
    const line = Buffer.from(`X-Pad: ${'a'.repeat(1000)}\r\n`);
    expect(() => {
      for (let i = 0; i < 100; i++) p.execute(line, 0, line.length);
    }).toThrow(/64 KB/);
  });

  it('says at the first byte that cannot begin a status line that the response is not HTTP, before any blank line', () => {
    for (const [wire, ok] of [
      ['HTTP/1.1 2', true],
      ['H', true],
      ['HTTP/1', true],
      ['HTTP/2', false],
      ['\u0016\u0003\u0001', false],
      ['<html>', false],
    ] as const) {
      const p = new ResponseParser();
      p.begin({ onHead() {}, onBody() {}, onComplete() {} }, false);
      const b = Buffer.from(wire, 'latin1');
      let err: unknown;
      // One byte at a time: the check holds for a status line cut anywhere.
      try {
        for (let i = 0; i < b.length; i++) p.execute(b, i, i + 1);
      } catch (e) {
        err = e;
      }
      expect(err === undefined, wire).toBe(ok);
      if (!ok) {
        expect(classifyError(err)).toBe('malformed');
        expect((err as Error).message).toMatch(/^not an HTTP\/1\.x response: it starts with /);
      }
    }
    const tls = new ResponseParser();
    tls.begin({ onHead() {}, onBody() {}, onComplete() {} }, false);
    const alert = Buffer.from([0x15, 0x03, 0x01, 0x00, 0x02, 0x02, 0x32]);
    expect(() => tls.execute(alert, 0, alert.length)).toThrow(
      'it starts with bytes 15 03 01 00 02 02 32 (a TLS record: the server speaks https)',
    );
  });

  it('a connection closed in the middle of a body is an error (reset), not a short success', () => {
    const p = new ResponseParser();
    p.begin({ onHead() {}, onBody() {}, onComplete() {} }, false);
    const wire = Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc');
    p.execute(wire, 0, wire.length);
    let err: unknown;
    try {
      p.eof();
    } catch (e) {
      err = e;
    }
    expect(classifyError(err)).toBe('reset');
    expect(p.started).toBe(true);
  });
  it('parses a head again only when its bytes differ: the same head is the same frozen object, framing included', () => {
    const heads: ResponseHeaders[] = [];
    const bodies: string[] = [];
    const sink: ParserSink = {
      onHead(_s, headers) {
        heads.push(headers);
        bodies.push('');
      },
      onBody(buf, start, end) {
        bodies[bodies.length - 1] += buf.toString('latin1', start, end);
      },
      onComplete() {},
    };
    const p = new ResponseParser();
    const read = (wire: string): void => {
      p.begin(sink, false);
      const b = Buffer.from(wire, 'latin1');
      let at = 0;
      while (!p.idle && at < b.length) at = p.execute(b, at, b.length);
      expect(p.idle).toBe(true);
    };
    const chunked =
      'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nDate: Sat, 21 Nov 2026 22:00:00 GMT\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n';
    const nextSecond = OK.replace('22:00:00', '22:00:01');
    read(OK);
    read(OK);
    read(chunked);
    read(OK);
    read(nextSecond);
    read(nextSecond);
    expect(bodies).toEqual([
      'Hello, World!',
      'Hello, World!',
      'abc',
      'Hello, World!',
      'Hello, World!',
      'Hello, World!',
    ]);
    expect(heads[1]).toBe(heads[0]);
    expect(heads[2]).not.toBe(heads[0]);
    expect(heads[2]!['transfer-encoding']).toBe('chunked');
    expect(heads[3]).not.toBe(heads[2]);
    expect(heads[3]).toEqual(heads[0]);
    expect(heads[4]!.date).toBe('Sat, 21 Nov 2026 22:00:01 GMT');
    expect(heads[5]).toBe(heads[4]);
    // Shared between responses, so nobody may change it.
    expect(Object.isFrozen(heads[0])).toBe(true);
    expect(() => {
      (heads[0] as Record<string, string>).date = 'x';
    }).toThrow(TypeError);
  });

  it('keeps repeated headers of a remembered head frozen too', () => {
    const wire = 'HTTP/1.1 200 OK\r\nSet-Cookie: a=1\r\nSet-Cookie: b=2\r\nContent-Length: 0\r\n\r\n';
    const seen: ResponseHeaders[] = [];
    const p = new ResponseParser();
    for (let i = 0; i < 2; i++) {
      p.begin(
        {
          onHead(_s, h) {
            seen.push(h);
          },
          onBody() {},
          onComplete() {},
        },
        false,
      );
      p.execute(Buffer.from(wire, 'latin1'), 0, wire.length);
    }
    expect(seen[1]).toBe(seen[0]);
    expect(seen[0]!['set-cookie']).toEqual(['a=1', 'b=2']);
    expect(Object.isFrozen(seen[0]!['set-cookie'])).toBe(true);
  });
  it('reuses a remembered head split across reads, and after a HEAD request reads no body for it', () => {
    const heads: ResponseHeaders[] = [];
    let body = '';
    const sink: ParserSink = {
      onHead(_s, h) {
        heads.push(h);
      },
      onBody(buf, a, b) {
        body += buf.toString('latin1', a, b);
      },
      onComplete() {},
    };
    const p = new ResponseParser();
    const bytes = Buffer.from(OK, 'latin1');
    p.begin(sink, false);
    p.execute(bytes, 0, bytes.length);
    p.begin(sink, false); // the same response in three reads, cut inside the head
    for (const [a, b] of [
      [0, 10],
      [10, 60],
      [60, bytes.length],
    ] as const)
      p.execute(bytes, a, b);
    expect(p.idle).toBe(true);
    const head = Buffer.from(OK.slice(0, OK.indexOf('\r\n\r\n') + 4), 'latin1');
    p.begin(sink, true); // HEAD: the same head, no body follows
    expect(p.execute(head, 0, head.length)).toBe(head.length);
    expect(p.idle).toBe(true);
    expect(heads[1]).toBe(heads[0]);
    expect(heads[2]).toBe(heads[0]);
    expect(body).toBe('Hello, World!Hello, World!');
  });

  it('stops remembering heads on a connection whose heads keep changing (a request id in every response)', () => {
    const heads: ResponseHeaders[] = [];
    const p = new ResponseParser();
    for (let i = 0; i < 8; i++) {
      const wire = `HTTP/1.1 200 OK\r\nX-Request-Id: ${i}\r\nContent-Length: 0\r\n\r\n`;
      p.begin(
        {
          onHead(_s, h) {
            heads.push(h);
          },
          onBody() {},
          onComplete() {},
        },
        false,
      );
      p.execute(Buffer.from(wire, 'latin1'), 0, wire.length);
    }
    expect(heads.map((h) => h['x-request-id'])).toEqual(['0', '1', '2', '3', '4', '5', '6', '7']);
    expect(heads.slice(0, 4).every((h) => Object.isFrozen(h))).toBe(true); // remembered, each replaced by the next
    expect(heads.slice(4).some((h) => Object.isFrozen(h))).toBe(false); // four misses in a row: no longer kept
  });
});
