import { describe, expect, it } from 'vitest';
import { ContractError } from '../../../app/contract/errors.ts';
import { describeError, issueLocation, issuePath } from './errors.ts';

describe('describeError', () => {
  it('keeps code, issues and splits the first line from the details', () => {
    const e = new ContractError('plan_invalid', 'bad.yaml is not a valid plan:\n  line 2: oops', [
      { path: ['scenarios', 'a', 'steps', 0], message: 'oops', line: 2, column: 3 },
    ]);
    expect(describeError(e)).toEqual({
      message: 'bad.yaml is not a valid plan:',
      details: 'line 2: oops',
      code: 'plan_invalid',
      issues: e.issues,
    });
  });

  it('handles plain errors and non-errors', () => {
    expect(describeError(new Error('boom'))).toMatchObject({ message: 'boom', code: undefined, issues: [] });
    expect(describeError('text')).toMatchObject({ message: 'text' });
  });
});

describe('issue formatting', () => {
  it('writes paths as in the document and locations as line:column', () => {
    expect(issuePath(['scenarios', 'browse', 'steps', 0, 'request', 'url'])).toBe(
      'scenarios.browse.steps[0].request.url',
    );
    expect(issuePath([])).toBe('');
    expect(issueLocation({ path: [], message: '', line: 3, column: 5 })).toBe('line 3:5');
    expect(issueLocation({ path: [], message: '', line: 3 })).toBe('line 3');
    expect(issueLocation({ path: [], message: '' })).toBe('');
  });
});
