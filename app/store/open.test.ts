import { existsSync } from 'node:fs';
import { chmod, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultDataDir } from './data-dir.ts';
import { storeFixture } from './testing.ts';

const fx = storeFixture();

describe('openStore', () => {
  it('runs with WAL, foreign keys on and a busy timeout, as SQLite reports them', async () => {
    const store = await fx.open();
    expect(store.pragmas()).toEqual({ journalMode: 'wal', foreignKeys: true, busyTimeoutMs: 5000, synchronous: 1 });
    // Foreign keys really act: a run cannot point to a missing plan.
    expect(() =>
      store.runs.create({
        id: 'r',
        planId: 'ghost',
        planName: 'x',
        environment: null,
        plan: {},
        overrides: {},
        startedAt: '2025-03-01T12:00:00Z',
      }),
    ).toThrow(/FOREIGN KEY constraint failed/);
    expect(fx.raw(store.file).pragma('journal_mode', { simple: true })).toBe('wal'); // persisted in the file
  });

  it('creates a missing data directory with mode 0700 and takes a relative file inside it', async () => {
    const dataDir = path.join(await fx.dir(), 'nested', 'data');
    const store = await fx.open({ dataDir, file: 'custom.db' });
    expect(store.file).toBe(path.join(dataDir, 'custom.db'));
    expect(existsSync(store.file)).toBe(true);
    if (process.platform !== 'win32') expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    expect(existsSync(path.join(dataDir, 'secret.key'))).toBe(false); // no secret stored yet, no key written
    expect(store.recovered).toBe(0);
    store.close();
    store.close(); // closing twice is harmless
  });
});

describe('file modes', () => {
  it('creates the database, its WAL and SHM 0600 in a world-readable folder, and tightens old files', async () => {
    const dataDir = await fx.dir();
    await chmod(dataDir, 0o755);
    const old = process.umask(0o022);
    try {
      const file = path.join(dataDir, 'loadsmith.db');
      await writeFile(file, '');
      await chmod(file, 0o644); // as an older Loadsmith left it
      const store = await fx.open({ dataDir });
      store.settings.set('theme', 'dark');
      for (const f of [file, `${file}-wal`, `${file}-shm`])
        expect({ f, mode: (await stat(f)).mode & 0o777 }).toEqual({ f, mode: 0o600 });
      store.close();
      const fresh = await fx.open({ dataDir: path.join(dataDir, 'fresh') });
      fresh.settings.set('theme', 'dark');
      for (const f of [fresh.file, `${fresh.file}-wal`, `${fresh.file}-shm`])
        expect({ f, mode: (await stat(f)).mode & 0o777 }).toEqual({ f, mode: 0o600 });
    } finally {
      process.umask(old);
    }
  });
});

describe('defaultDataDir', () => {
  const home = '/home/ada';
  it('prefers LOADSMITH_DATA_DIR everywhere', () => {
    expect(defaultDataDir({ LOADSMITH_DATA_DIR: '/srv/ls', XDG_DATA_HOME: '/x' }, 'linux', home)).toBe('/srv/ls');
    expect(defaultDataDir({ LOADSMITH_DATA_DIR: 'rel' }, 'linux', home)).toBe(path.resolve('rel'));
  });
  it('follows each platform otherwise', () => {
    expect(defaultDataDir({ XDG_DATA_HOME: '/data' }, 'linux', home)).toBe('/data/loadsmith');
    expect(defaultDataDir({ XDG_DATA_HOME: 'relative' }, 'linux', home)).toBe('/home/ada/.local/share/loadsmith');
    expect(defaultDataDir({ LOADSMITH_DATA_DIR: ' ' }, 'freebsd', home)).toBe('/home/ada/.local/share/loadsmith');
    expect(defaultDataDir({}, 'darwin', '/Users/ada')).toBe('/Users/ada/Library/Application Support/Loadsmith');
    expect(defaultDataDir({ APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' }, 'win32', 'C:\\Users\\ada')).toBe(
      'C:\\Users\\ada\\AppData\\Roaming\\Loadsmith',
    );
    expect(defaultDataDir({}, 'win32', 'C:\\Users\\ada')).toBe('C:\\Users\\ada\\AppData\\Roaming\\Loadsmith');
  });
});

describe('settings', () => {
  it('stores JSON values per key, removes on undefined, skips a corrupt value with a note', async () => {
    const store = await fx.open();
    expect(store.settings.all()).toEqual({});
    store.settings.set('theme', 'dark');
    store.settings.set('workers', 4);
    store.settings.set('window', { w: 800, h: 600 });
    store.settings.set('theme', 'light');
    expect(store.settings.all()).toEqual({ theme: 'light', workers: 4, window: { w: 800, h: 600 } });
    store.settings.set('workers', undefined);
    expect(store.settings.all()).toEqual({ theme: 'light', window: { w: 800, h: 600 } });
    fx.raw(store.file).prepare("UPDATE settings SET value = 'light' WHERE key = 'theme'").run();
    expect(store.settings.all()).toEqual({ window: { w: 800, h: 600 } });
    expect(fx.warnings).toEqual([
      expect.stringMatching(/^corrupt JSON in settings theme: .*\(skipped: the default applies\)$/),
    ]);
    expect(() => store.settings.set('bad', () => 1)).toThrow(TypeError);
  });
});
