import { describe, expect, it } from 'vitest';
import { StoreCorruptError } from './codec.ts';
import { storeFixture } from './testing.ts';
import { StoreConflictError } from './types.ts';

const fx = storeFixture();
const stats = { valid: true, scenarios: 2, requests: 5 };
const doc = (vus: number) => ({
  version: 1,
  name: 'API',
  scenarios: { browse: { executor: 'constant-vus', vus, duration: '30s', steps: [] } },
});

describe('plans', () => {
  it('creates revision 1 and lists summaries by name', async () => {
    const store = await fx.open();
    const created = store.plans.create({ id: 'b', name: 'beta', document: doc(1), note: 'created', ...stats });
    store.plans.create({ id: 'a', name: 'Alpha', document: doc(2), valid: false, scenarios: 0, requests: 0 });
    expect(created).toEqual({
      id: 'b',
      name: 'beta',
      revision: 1,
      createdAt: '2025-03-01T12:00:01.000Z',
      updatedAt: '2025-03-01T12:00:01.000Z',
      ...stats,
      document: doc(1),
    });
    expect(store.plans.list().map((p) => [p.id, p.name, p.valid])).toEqual([
      ['a', 'Alpha', false],
      ['b', 'beta', true],
    ]);
    expect(store.plans.list()[0]).not.toHaveProperty('document');
    expect(store.plans.get('b')).toEqual(created);
    expect(store.plans.get('missing')).toBeUndefined();
  });

  it('makes every save a revision, lists them newest first and returns any of them', async () => {
    const store = await fx.open();
    store.plans.create({ id: 'p', name: 'API', document: doc(1), note: 'created', ...stats });
    const saved = store.plans.save('p', {
      name: 'API v2',
      document: doc(2),
      note: 'more VUs',
      baseRevision: 1,
      ...stats,
      requests: 6,
    });
    expect(saved).toMatchObject({
      revision: 2,
      name: 'API v2',
      requests: 6,
      document: doc(2),
      createdAt: '2025-03-01T12:00:01.000Z',
      updatedAt: '2025-03-01T12:00:02.000Z',
    });
    store.plans.save('p', { name: 'API v3', document: doc(3), ...stats });
    expect(store.plans.revisions('p')).toEqual([
      { revision: 3, savedAt: '2025-03-01T12:00:03.000Z', name: 'API v3', note: null, label: null },
      { revision: 2, savedAt: '2025-03-01T12:00:02.000Z', name: 'API v2', note: 'more VUs', label: null },
      { revision: 1, savedAt: '2025-03-01T12:00:01.000Z', name: 'API', note: 'created', label: null },
    ]);
    expect(store.plans.revision('p', 1)).toEqual({
      revision: 1,
      savedAt: '2025-03-01T12:00:01.000Z',
      name: 'API',
      note: 'created',
      label: null,
      document: doc(1),
    });
    expect(store.plans.revision('p', 9)).toBeUndefined();
    // Restoring is saving an old document as a new revision.
    const old = store.plans.revision('p', 1);
    const restored = store.plans.save('p', {
      name: old?.name ?? '',
      document: old?.document,
      note: 'restored revision 1',
      baseRevision: 3,
      ...stats,
    });
    expect(restored).toMatchObject({ revision: 4, name: 'API', document: doc(1) });
  });

  it('refuses a save from a stale base revision and changes nothing', async () => {
    const store = await fx.open();
    store.plans.create({ id: 'p', name: 'API', document: doc(1), ...stats });
    store.plans.save('p', { name: 'API', document: doc(2), baseRevision: 1, ...stats });
    const before = store.plans.get('p');
    expect(() => store.plans.save('p', { name: 'Other', document: doc(9), baseRevision: 1, ...stats })).toThrow(
      StoreConflictError,
    );
    expect(() => store.plans.save('p', { name: 'Other', document: doc(9), baseRevision: 1, ...stats })).toThrow(
      'plan p is at revision 2, not 1',
    );
    expect(store.plans.get('p')).toEqual(before);
    expect(store.plans.revisions('p')).toHaveLength(2);
    expect(() => store.plans.save('nope', { name: 'x', document: {}, ...stats })).toThrow('no plan with id nope');
  });

  it('folds note-less saves less than the window apart into one revision, but never a named one or a noted one', async () => {
    const store = await fx.open(); // the clock moves one second per call
    store.plans.create({ id: 'p', name: 'API', document: doc(1), note: 'created', ...stats });
    const keep = { coalesceWithinMs: 1500, ...stats };
    store.plans.save('p', { name: 'API', document: doc(2), ...keep }); // 2: after a noted revision, kept
    store.plans.save('p', { name: 'API', document: doc(3), ...keep }); // 3 replaces 2 (1 s apart)
    store.plans.save('p', { name: 'API', document: doc(4), ...keep }); // 4 replaces 3
    expect(store.plans.revisions('p').map((r) => r.revision)).toEqual([4, 1]);
    expect(store.plans.get('p')).toMatchObject({ revision: 4, document: doc(4) });
    expect(store.plans.labelRevision('p', 4, 'before login change')).toBe(true);
    store.plans.save('p', { name: 'API', document: doc(5), ...keep }); // 4 is named: kept
    store.plans.save('p', { name: 'API', document: doc(6), note: 'renamed', ...keep }); // a note: kept, and 5 too
    store.plans.save('p', { name: 'API', document: doc(7), coalesceWithinMs: 500, ...stats }); // over the window: 6 kept
    expect(store.plans.revisions('p').map((r) => [r.revision, r.label])).toEqual([
      [7, null],
      [6, null],
      [5, null],
      [4, 'before login change'],
      [1, null],
    ]);
    expect(store.plans.labelRevision('p', 3, 'gone')).toBe(false);
    expect(store.plans.labelRevision('p', 4, null)).toBe(true);
    expect(store.plans.revision('p', 4)?.label).toBeNull();
  });

  it('deletes a plan with its revisions; its runs keep their snapshot with planId null', async () => {
    const store = await fx.open();
    store.plans.create({ id: 'p', name: 'API', document: doc(1), ...stats });
    store.plans.save('p', { name: 'API', document: doc(2), ...stats });
    store.runs.create({
      id: 'r',
      planId: 'p',
      planName: 'API',
      environment: null,
      plan: doc(2),
      overrides: {},
      startedAt: '2025-03-01T13:00:00Z',
    });
    expect(store.plans.delete('p')).toBe(true);
    expect(store.plans.delete('p')).toBe(false);
    expect(store.plans.get('p')).toBeUndefined();
    expect(store.plans.revisions('p')).toEqual([]);
    expect(fx.raw(store.file).prepare('SELECT count(*) FROM plan_revisions').pluck().get()).toBe(0);
    expect(store.runs.get('r')).toMatchObject({ planId: null, planName: 'API', plan: doc(2) });
  });

  it('throws StoreCorruptError for a corrupt document, while the list still works', async () => {
    const store = await fx.open();
    store.plans.create({ id: 'p', name: 'API', document: doc(1), ...stats });
    fx.raw(store.file).prepare("UPDATE plan_revisions SET document = '{broken' WHERE plan_id = 'p'").run();
    expect(() => store.plans.get('p')).toThrow(StoreCorruptError);
    expect(() => store.plans.revision('p', 1)).toThrow(/corrupt JSON in plan p revision 1 document/);
    expect(store.plans.list().map((p) => p.id)).toEqual(['p']);
  });
});
