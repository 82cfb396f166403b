import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { repeatResult } from '../report/compare/repeat.ts';
import { fakeSummary } from '../report/compare/testing.ts';
import { readRunFile } from './summary-file.ts';
import { UsageError } from './usage.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'loadsmith-summary-file-'));
});

async function file(name: string, text: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

async function refusal(path: string): Promise<string> {
  const e = await readRunFile(path).then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(UsageError);
  return (e as UsageError).message;
}

const EXPECTED = "expected the JSON written by 'loadsmith run --summary-json FILE'";

describe('readRunFile', () => {
  it('reads a summary and a --repeat document', async () => {
    const s = fakeSummary({ plan: 'p' });
    expect(await readRunFile(await file('s.json', JSON.stringify(s)))).toEqual({ kind: 'summary', summary: s });
    const r = repeatResult([s, fakeSummary({ stoppedBy: 'stopped' })]);
    const got = await readRunFile(await file('r.json', JSON.stringify(r)));
    expect(got.kind).toBe('repeat');
    expect(got.kind === 'repeat' && got.result.measured).toEqual([1]);
  });

  it('says what is wrong and what was expected', async () => {
    expect(await refusal(join(dir, 'missing.json'))).toBe(`${join(dir, 'missing.json')}: no such file; ${EXPECTED}`);
    expect(await refusal(dir)).toBe(`${dir}: is a directory; ${EXPECTED}`);
    expect(await refusal(await file('text.json', 'hello'))).toMatch(
      new RegExp(`text\\.json: not JSON \\(.+\\); ${EXPECTED}`),
    );
    expect(await refusal(await file('array.json', '[1]'))).toMatch(
      /array\.json: not a Loadsmith run summary \(the JSON is an array, not an object\)/,
    );
    expect(await refusal(await file('other.json', '{"name":"x"}'))).toBe(
      `${join(dir, 'other.json')}: not a Loadsmith run summary (no "tool": {"name": "loadsmith"}); ${EXPECTED}`,
    );
    expect(await refusal(await file('k6.json', '{"tool":{"name":"k6"}}'))).toMatch(/written by k6, not loadsmith/);
    expect(await refusal(await file('bp.json', '{"plan":"p","sla":[],"steps":[]}'))).toMatch(
      /this is a breakpoint search result \('loadsmith breakpoint --summary-json'\), not a run summary/,
    );
    expect(await refusal(await file('newer.json', '{"version":2,"tool":{"name":"loadsmith"}}'))).toMatch(
      /summary format 2 is newer than this Loadsmith reads \(format 1\); update Loadsmith/,
    );
    const { timeline: _t, metrics: _m, ...partial } = fakeSummary();
    expect(await refusal(await file('partial.json', JSON.stringify(partial)))).toMatch(
      /not a Loadsmith run summary \(missing or wrong: metrics \(object\), timeline \(array\)\)/,
    );
    const badRepeat = { ...repeatResult([fakeSummary()]), repeats: [{ tool: { name: 'loadsmith' }, version: 1 }] };
    expect(await refusal(await file('bad-repeat.json', JSON.stringify(badRepeat)))).toMatch(
      /bad-repeat\.json \(repeat 1\): not a Loadsmith run summary \(missing or wrong: plan/,
    );
  });
});
