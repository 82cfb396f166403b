import { describe, expect, it } from 'vitest';
import type { CorrelationProposal } from '../../../app/contract/recordings.ts';
import {
  entryLabel,
  extractorText,
  initialAccepted,
  pathOf,
  setAccepted,
  sourceText,
  usageText,
} from './correlation-choices.ts';
import { entry } from './testing.ts';

const proposal = (id: string, o: Partial<CorrelationProposal> = {}): CorrelationProposal => ({
  id,
  variable: id,
  confidence: 'high',
  suggested: true,
  applied: true,
  source: {
    entryId: 3,
    where: 'html-input',
    name: 'csrf_token',
    extractor: { regex: 'name="csrf_token"[^>]*value="([^"]*)"' },
    description: 'hidden input csrf_token of entry 3',
  },
  uses: [{ entryId: 4, where: 'body', name: 'csrf_token', encoded: false }],
  preview: 'abc…',
  valueLength: 24,
  ...o,
});

describe('correlation choices', () => {
  const list = [proposal('a'), proposal('b', { suggested: false, confidence: 'low' }), proposal('c')];

  it('pre-ticks the suggested proposals', () => {
    expect(initialAccepted(list)).toEqual(['a', 'c']);
  });

  it('accepts and rejects, keeping the proposals order', () => {
    expect(setAccepted(['c'], list, 'a', true)).toEqual(['a', 'c']);
    expect(setAccepted(['a', 'c'], list, 'a', false)).toEqual(['c']);
    expect(setAccepted(['a'], list, 'b', true)).toEqual(['a', 'b']);
  });

  it('says where a value comes from and goes', () => {
    expect(sourceText(list[0]!)).toBe('hidden input csrf_token');
    expect(sourceText(proposal('x', { source: { ...list[0]!.source, where: 'location', name: '' } }))).toBe(
      'redirect URL',
    );
    expect(usageText({ entryId: 4, where: 'query', name: 'q', encoded: true })).toBe('query parameter q (URL-encoded)');
    expect(usageText({ entryId: 4, where: 'url', name: '', encoded: false })).toBe('URL path');
    expect(extractorText({ jsonPath: '$.token' })).toBe('jsonPath: $.token');
    expect(extractorText({ regex: 'a(b)', group: 1 })).toBe('regex: a(b), group: 1');
  });

  it('names entries by number, method and path', () => {
    const entries = new Map([[4, entry(4, { method: 'POST', url: 'https://shop.test:8443/login?next=%2F' })]]);
    expect(entryLabel(4, entries)).toBe('#4 POST /login?next=%2F');
    expect(entryLabel(7, entries)).toBe('#7');
    expect(pathOf('not a url')).toBe('not a url');
  });
});
