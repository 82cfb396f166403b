import { describe, expect, it } from 'vitest';
import { ContractError } from '../../../../app/contract/errors.ts';
import { SaveQueue, type SaveState } from './save-queue.ts';

/** A store whose saves the test completes by hand, checking the base revision like the real one. */
function fakeStore(revision = 1) {
  const pending: { doc: unknown; base: number; resolve: () => void; reject: (e: unknown) => void }[] = [];
  let stored: unknown = 'v1';
  const store = {
    get revision() {
      return revision;
    },
    get stored() {
      return stored;
    },
    pending,
    save: (doc: unknown, base: number) =>
      new Promise<{ revision: number }>((resolve, reject) => {
        pending.push({
          doc,
          base,
          reject,
          resolve: () => {
            if (base !== revision) {
              reject(new ContractError('conflict', 'saved elsewhere'));
              return;
            }
            revision += 1;
            stored = doc;
            resolve({ revision });
          },
        });
      }),
  };
  return store;
}
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('SaveQueue', () => {
  it('saves an edit made during a save right after it, on the new revision, and only then says saved', async () => {
    const store = fakeStore();
    const states: SaveState[] = [];
    const q = new SaveQueue('v1', 1, store.save, (s) => states.push(s));
    q.changed('A');
    q.flush();
    expect(states.at(-1)).toMatchObject({ status: 'saving' });
    q.changed('AB');
    q.flush(); // the debounce fires again while the first save is in flight
    expect(store.pending).toHaveLength(1);
    store.pending[0]?.resolve();
    await tick();
    expect(states.some((s) => s.status === 'saved')).toBe(false); // 'A' is stored, but the user sees 'AB'
    expect(store.pending).toHaveLength(2);
    expect(store.pending[1]).toMatchObject({ doc: 'AB', base: 2 });
    store.pending[1]?.resolve();
    await tick();
    expect(states.at(-1)).toMatchObject({ status: 'saved', revision: 3 });
    expect(store.stored).toBe('AB');
    expect(states.some((s) => s.status === 'conflict')).toBe(false);
  });

  it('reports a real conflict and stops saving until reset', async () => {
    const store = fakeStore(5); // another window saved: the store is at 5, we think 1
    const states: SaveState[] = [];
    const q = new SaveQueue('v1', 1, store.save, (s) => states.push(s));
    q.changed('X');
    q.flush();
    store.pending[0]?.resolve();
    await tick();
    expect(states.at(-1)).toMatchObject({ status: 'conflict' });
    q.changed('Y');
    q.flush();
    expect(store.pending).toHaveLength(1);
    q.reset('stored', 5);
    q.changed('Z');
    q.flush();
    expect(store.pending[1]).toMatchObject({ doc: 'Z', base: 5 });
  });

  it('is saved again when an edit is undone back to the stored document, and retries after an error', async () => {
    const states: SaveState[] = [];
    let fail = true;
    const q = new SaveQueue(
      'v1',
      1,
      async (_d, base) => {
        if (fail) throw new Error('offline');
        return { revision: base + 1 };
      },
      (s) => states.push(s),
    );
    q.changed('A');
    expect(states.at(-1)).toMatchObject({ status: 'unsaved' });
    q.changed('v1');
    expect(states.at(-1)).toMatchObject({ status: 'saved', revision: 1 });
    q.changed('B');
    q.flush();
    await tick();
    expect(states.at(-1)).toMatchObject({ status: 'error', message: 'offline' });
    fail = false;
    q.flush();
    await tick();
    expect(states.at(-1)).toMatchObject({ status: 'saved', revision: 2 });
  });
});
