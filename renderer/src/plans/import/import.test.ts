import { describe, expect, it } from 'vitest';
import type { ConvertNote, ImportVariable } from '../../../../app/contract/plans.ts';
import { detectedFormat, formatOptions, isPostmanEnvironment } from './formats.ts';
import { groupNotes, reportSummary, requiredVariables, variableSource } from './report.ts';
import { importParams, NO_OPTIONS, pairEnvironments } from './source.ts';

const note = (kind: ConvertNote['kind'], message: string): ConvertNote => ({ kind, where: 'c.json: Users › Create', message });
const variable = (v: Partial<ImportVariable> & { name: string }): ImportVariable => ({ secret: false, value: null, hasValue: false, planDefault: null, ...v });

describe('import report grouping', () => {
  const notes = [note('info', 'i1'), note('secret', 's1'), note('not-imported', 'n1'), note('approximated', 'a1'), note('not-imported', 'n2')];

  it('groups notes by meaning, lost first, keeping their order', () => {
    expect(groupNotes(notes).map((g) => [g.title, g.notes.map((n) => n.message)])).toEqual([
      ['Not imported', ['n1', 'n2']], ['Changed', ['a1']], ['Secrets moved to variables', ['s1']], ['For information', ['i1']],
    ]);
    expect(groupNotes([note('not-exported', 'x')], 'export')).toEqual([{ id: 'lost', title: 'Not in the exported file', notes: [note('not-exported', 'x')] }]);
    expect(groupNotes([])).toEqual([]);
  });

  it('summarizes what matters, and says when nothing was lost', () => {
    expect(reportSummary(notes)).toBe('2 not imported, 1 changed, 1 secret moved to a variable');
    expect(reportSummary([note('secret', 'a'), note('secret', 'b')])).toBe('2 secrets moved to variables');
    expect(reportSummary([note('info', 'only info')])).toBe('Nothing lost');
    expect(reportSummary([note('not-exported', 'x')], 'export')).toBe('1 not exported');
  });

  it('says where each variable gets its value, and which must be set', () => {
    const vars = [
      variable({ name: 'BASE_URL', planDefault: 'https://api.example.com' }),
      variable({ name: 'API_TOKEN', secret: true }),
      variable({ name: 'REGION', value: 'eu', hasValue: true }),
      variable({ name: 'PASSWORD', secret: true, hasValue: true }),
    ];
    expect(vars.map(variableSource)).toEqual([
      "to set, or the plan's default is used: https://api.example.com",
      'to set (secret)',
      'value from the environment file: eu',
      'value from the environment file (kept secret)',
    ]);
    expect(requiredVariables(vars)).toEqual(['API_TOKEN']);
  });
});

describe('format display', () => {
  it('offers auto-detection first, naming the detected format once known', () => {
    expect(formatOptions(null)[0]).toEqual({ value: 'auto', label: 'Detect automatically' });
    const options = formatOptions('curl');
    expect(options[0]).toEqual({ value: 'auto', label: 'Detected: cURL command' });
    expect(options.map((o) => o.value)).toEqual(['auto', 'plan', 'curl', 'har', 'postman', 'openapi', 'vegeta', 'jmeter']);
  });

  it('knows the detected format only when the back end detected it', () => {
    const preview = { format: 'har', detected: true } as const;
    expect(detectedFormat(preview, 'auto')).toBe('har');
    expect(detectedFormat({ ...preview, detected: false }, 'auto')).toBeNull();
    expect(detectedFormat(preview, 'har')).toBeNull();
    expect(detectedFormat(undefined, 'auto')).toBeNull();
  });

  it('recognizes Postman environment files by name or content', () => {
    expect(isPostmanEnvironment('staging.postman_environment.json', '{}')).toBe(true);
    expect(isPostmanEnvironment('env.json', '{"id":"1","_postman_variable_scope": "environment"}')).toBe(true);
    expect(isPostmanEnvironment('collection.json', '{"info":{}}')).toBe(false);
  });
});

describe('import params and files', () => {
  const source = { text: 'curl http://x/', fileName: 'pasted text' };

  it('sends only the options of the chosen format, without blanks', () => {
    expect(importParams(source, 'auto', NO_OPTIONS)).toEqual(source);
    const o = { ...NO_OPTIONS, baseUrl: ' https://staging.example.com ', rate: '20', duration: '1m', skipStatic: true, includeWrites: true };
    expect(importParams(source, 'openapi', o)).toEqual({ ...source, from: 'openapi', baseUrl: 'https://staging.example.com', includeWrites: true });
    expect(importParams(source, 'vegeta', { ...o, rate: 'x' })).toEqual({ ...source, from: 'vegeta', duration: '1m' });
    expect(importParams(source, 'auto', o)).toEqual({ ...source, baseUrl: 'https://staging.example.com', includeWrites: true, skipStatic: true, rate: 20, duration: '1m' });
  });

  it('pairs a Postman environment with its collection', () => {
    const collection = { fileName: 'api.postman_collection.json', text: '{"item":[]}' };
    const env = { fileName: 'staging.postman_environment.json', text: '{"values":[]}' };
    expect(pairEnvironments([env, collection])).toEqual({ sources: [{ ...collection, environment: env }], problems: [] });
    expect(pairEnvironments([env]).problems).toEqual([{ fileName: env.fileName, message: expect.stringContaining('together with its collection') }]);
  });
});
