import { describe, expect, it } from 'vitest';
import { OPEN_FILTERS, saveFilters } from './file-filters.ts';

describe('native dialog filters', () => {
  it('offer what the importers read when opening', () => {
    expect(OPEN_FILTERS[0]?.extensions).toEqual(expect.arrayContaining(['yaml', 'json', 'har', 'sh', 'txt']));
  });

  it('save a file under its own type first', () => {
    expect(saveFilters('demo.js')).toEqual([
      { name: 'k6 script', extensions: ['js'] },
      { name: 'All files', extensions: ['*'] },
    ]);
    expect(saveFilters('run-2026.HTML')[0]).toEqual({ name: 'HTML report', extensions: ['html'] });
    expect(saveFilters('plan.yaml')[0]?.name).toBe('Plan (YAML)');
    expect(saveFilters('notes')).toEqual([{ name: 'All files', extensions: ['*'] }]);
    expect(saveFilters('x.unknown')).toEqual([{ name: 'All files', extensions: ['*'] }]);
  });
});
