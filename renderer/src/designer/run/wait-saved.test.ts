import { describe, expect, it } from 'vitest';
import { saveOutcome } from './wait-saved.ts';

describe('waiting for autosave before a run', () => {
  it('goes on once saved, waits while edits are pending or being saved', () => {
    expect(saveOutcome({ status: 'saved', revision: 3, at: null })).toEqual({ done: true });
    expect(saveOutcome({ status: 'unsaved', revision: 3 })).toEqual({ done: false });
    expect(saveOutcome({ status: 'saving', revision: 3 })).toEqual({ done: false });
  });

  it('stops with a reason when the save failed or conflicted', () => {
    expect(saveOutcome({ status: 'error', revision: 3, message: 'disk full' })).toEqual({
      done: true,
      error: expect.stringContaining('disk full'),
    });
    expect(saveOutcome({ status: 'conflict', revision: 3, message: 'x' })).toEqual({
      done: true,
      error: expect.stringMatching(/reload/),
    });
  });
});
