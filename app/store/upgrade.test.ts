import { copyFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { buildV1, V1 } from '../../tests/fixtures/db/make-v1.ts';
import { storeFixture } from './testing.ts';

const fx = storeFixture();
const FIXTURES = fileURLToPath(new URL('../../tests/fixtures/db/', import.meta.url));

/** Every table's rows, for comparing two databases by content. */
function dump(file: string): Record<string, unknown[]> {
  const db = new Database(file, { readonly: true });
  try {
    const tables = db
      .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
      .pluck()
      .all() as string[];
    return Object.fromEntries(tables.map((t) => [t, db.prepare(`SELECT * FROM "${t}" ORDER BY 1, 2`).all()]));
  } finally {
    db.close();
  }
}

describe('upgrade from the checked-in schema-1 database', () => {
  it('applies only the newer migrations and keeps plans, revisions, environments (secret decryptable) and settings', async () => {
    const dataDir = await fx.dir();
    await copyFile(path.join(FIXTURES, 'v1.sqlite'), path.join(dataDir, 'loadsmith.db'));
    await copyFile(path.join(FIXTURES, 'secret.key'), path.join(dataDir, 'secret.key'));
    const store = await fx.open({ dataDir });
    expect(store.applied).toEqual([
      '002_runs',
      '003_run_labels',
      '004_recordings',
      '005_revision_labels',
      '006_run_stopped_by',
      '007_recording_messages',
    ]);

    const plan = store.plans.get(V1.planId);
    expect(plan).toMatchObject({ name: V1.planName, revision: 2, valid: true, scenarios: 1, requests: 1 });
    expect(plan?.document).toMatchObject({ version: 1, scenarios: { browse: { duration: '1m' } } });
    expect(store.plans.revisions(V1.planId).map((r) => [r.revision, r.note])).toEqual([
      [2, 'longer run'],
      [1, 'created'],
    ]);
    expect(store.plans.revision(V1.planId, 1)?.document).toMatchObject({ scenarios: { browse: { duration: '30s' } } });

    const env = store.environments.get(V1.environmentId);
    expect(env?.variables).toEqual([
      { name: V1.plainName, secret: false, value: V1.plainValue, hasValue: true },
      { name: V1.secretName, secret: true, value: null, hasValue: true },
    ]);
    expect(store.environments.values(V1.environmentId)).toEqual({
      [V1.plainName]: V1.plainValue,
      [V1.secretName]: V1.secretValue,
    });
    expect(store.settings.all()).toEqual({ theme: 'dark' });

    store.runs.create({
      id: 'r',
      planId: V1.planId,
      planName: V1.planName,
      environment: V1.environmentName,
      plan: plan?.document,
      overrides: {},
      startedAt: '2025-03-01T12:00:00Z',
    });
    store.runs.addSample('r', 0, { t: 0 });
    store.runs.finish('r', {
      status: 'passed',
      endedAt: '2025-03-01T12:01:00Z',
      durationMs: 60_000,
      summary: { version: 1 },
      key: null,
      error: null,
    });
    expect(store.runs.list({ planId: V1.planId })).toMatchObject([{ id: 'r', status: 'passed' }]);
    expect(store.runs.samples('r')).toEqual([{ t: 0 }]);
    expect(store.pragmas().journalMode).toBe('wal');
  });

  it('is what make-v1.ts builds, and make-v1.ts builds the same bytes every time', async () => {
    const [a, b] = [await fx.dir(), await fx.dir()];
    const first = buildV1(a);
    buildV1(b);
    expect((await readFile(first.file)).equals(await readFile(path.join(b, 'v1.sqlite')))).toBe(true);
    expect(await readFile(first.keyFile)).toEqual(await readFile(path.join(FIXTURES, 'secret.key')));
    expect(dump(first.file)).toEqual(dump(path.join(FIXTURES, 'v1.sqlite')));
    expect(dump(first.file)._migrations).toHaveLength(1);
  });
});
