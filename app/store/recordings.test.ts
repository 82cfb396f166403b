import { describe, expect, it } from 'vitest';
import type { RecordedExchange } from '../../engine/convert/recording/index.ts';
import { aesGcmCipher } from './cipher.ts';
import { openStore } from './open.ts';
import { steppingClock, storeFixture } from './testing.ts';
import type { StoredEntrySummary } from './types.ts';

const fx = storeFixture();
const TOKEN = 'tok_9f8e7d6c5b4a';

const exchange = (id: number, headers: [string, string][] = []): RecordedExchange => ({
  id,
  startedAt: Date.UTC(2026, 0, 1, 0, 0, id),
  durationMs: 12,
  method: 'GET',
  url: `https://a.test/items/${id}`,
  requestHeaders: headers,
  status: 200,
  responseHeaders: [['Content-Type', 'application/json']],
  responseBody: { text: '{"ok":true}', size: 11, truncated: false },
});
const summary = (x: RecordedExchange, secret: boolean): StoredEntrySummary => ({
  id: x.id,
  startedAt: new Date(x.startedAt).toISOString(),
  durationMs: x.durationMs,
  method: x.method,
  url: x.url,
  host: 'a.test',
  status: x.status,
  mimeType: 'application/json',
  type: 'fetch',
  size: 11,
  redirectFrom: null,
  error: null,
  secret,
  truncated: false,
  messages: null,
});

describe('recordings repository', () => {
  it('stores entries, encrypting those with secrets, and reads them back', async () => {
    const store = await fx.open({ now: steppingClock() });
    const rec = store.recordings.create({
      id: 'r1',
      name: 'Shop',
      source: 'proxy',
      startedAt: '2026-01-01T00:00:00Z',
      options: { port: 8080 },
    });
    expect(rec).toMatchObject({
      id: 'r1',
      name: 'Shop',
      status: 'recording',
      entryCount: 0,
      options: { port: 8080 },
      stoppedAt: null,
    });
    const plain = exchange(1);
    const secret = exchange(2, [['Authorization', `Bearer ${TOKEN}`]]);
    store.recordings.addEntry('r1', summary(plain, false), plain);
    store.recordings.addEntry('r1', summary(secret, true), secret);

    expect(store.recordings.entries('r1').map((e) => [e.id, e.secret])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(store.recordings.entry('r1', 2)).toEqual({ summary: summary(secret, true), exchange: secret });
    expect(store.recordings.exchanges('r1')).toEqual([plain, secret]);
    expect(store.recordings.get('r1')?.entryCount).toBe(2);

    const rows = fx.raw(store.file).prepare('SELECT id, data, cipher FROM recording_entries ORDER BY id').all() as {
      id: number;
      data: Buffer;
      cipher: string | null;
    }[];
    expect(rows.map((r) => r.cipher)).toEqual([null, 'local-key']);
    expect(rows[0]!.data.toString('utf8')).toContain('"url":"https://a.test/items/1"');
    expect(rows[1]!.data.toString('latin1')).not.toContain(TOKEN);
  });

  it('renames, stops, lists newest first, and deletes with the entries', async () => {
    const store = await fx.open({ now: steppingClock('2026-02-01T00:00:00.000Z') });
    store.recordings.create({
      id: 'old',
      name: 'Old',
      source: 'har',
      status: 'stopped',
      startedAt: '2026-01-01T00:00:00Z',
    });
    store.recordings.create({ id: 'new', name: 'New', source: 'proxy', startedAt: '2026-01-02T00:00:00Z' });
    expect(store.recordings.list().map((r) => r.id)).toEqual(['new', 'old']);
    expect(store.recordings.rename('new', 'Checkout')?.name).toBe('Checkout');
    expect(store.recordings.rename('missing', 'x')).toBeUndefined();
    expect(store.recordings.stop('new')).toBe(true);
    expect(store.recordings.stop('new')).toBe(false);
    expect(store.recordings.get('new')).toMatchObject({
      status: 'stopped',
      stoppedAt: expect.stringMatching(/^2026-02-01T00:00:0\d\.000Z$/),
    });
    const x = exchange(1);
    store.recordings.addEntry('new', summary(x, false), x);
    expect(store.recordings.delete('new')).toBe(true);
    expect(fx.raw(store.file).prepare('SELECT count(*) FROM recording_entries').pluck().get()).toBe(0);
    expect(() => store.recordings.addEntry('gone', summary(x, false), x)).toThrow(
      /FOREIGN KEY|no recording with id gone/,
    );
  });

  it('marks recordings a crash left running as stopped', async () => {
    const store = await fx.open();
    store.recordings.create({ id: 'r', name: 'R', source: 'proxy', startedAt: '2026-01-01T00:00:00Z' });
    expect(store.recordings.markStopped()).toBe(1);
    expect(store.recordings.get('r')?.status).toBe('stopped');
  });

  it('says which cipher an entry needs when the store has another', async () => {
    const store = await fx.open();
    store.recordings.create({ id: 'r', name: 'R', source: 'proxy', startedAt: '2026-01-01T00:00:00Z' });
    const x = exchange(1, [['Cookie', 'sid=abcdef']]);
    store.recordings.addEntry('r', summary(x, true), x);
    store.close();
    const other = openStore({
      dataDir: store.dataDir,
      cipher: { ...aesGcmCipher(Buffer.alloc(32)), kind: 'safeStorage' },
    });
    try {
      expect(() => other.recordings.entry('r', 1)).toThrow(
        /encrypted with local-key, but this store decrypts with safeStorage/,
      );
    } finally {
      other.close();
    }
  });
});
