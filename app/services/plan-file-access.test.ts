/**
 * What a plan run from the app may read: attached files and granted folders only. The end-to-end cases import a
 * hostile plan and start a real run against a recording server: nothing of the data folder, no `..`, no absolute
 * path outside a grant ever reaches it; attached and granted files do.
 */
import { link, mkdir, mkdtemp, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PlanFileError } from '../../engine/runtime/files/plan-files.ts';
import { startTargetServer, type TargetServer } from '../../tests/fixtures/target-server.ts';
import { appPlanFiles, attachedName } from './plan-file-access.ts';
import { openTestServices, type TestServices } from './testing.ts';

let root: string;
let dataDir: string;
let granted: string;
let outside: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'loadsmith-access-'));
  dataDir = join(root, 'data');
  granted = join(root, 'granted');
  outside = join(root, 'outside');
  for (const d of [join(dataDir, 'files'), granted, outside]) await mkdir(d, { recursive: true });
  await writeFile(join(dataDir, 'files', 'users.csv'), 'email\na@x\n');
  await writeFile(join(dataDir, 'secret.key'), 'KEY-MATERIAL');
  await writeFile(join(granted, 'body.bin'), 'granted-bytes');
  await writeFile(join(outside, 'private.txt'), 'private-bytes');
  await symlink(join(outside, 'private.txt'), join(granted, 'escape.txt'));
  await symlink(join(dataDir, 'secret.key'), join(dataDir, 'files', 'key-link.csv'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const read = async (path: string, grants = [granted]): Promise<string> =>
  (await appPlanFiles({ dataDir, grantedFolders: grants }).read(path, 'body file')).bytes.toString('utf8');
const refusal = async (path: string, grants = [granted]): Promise<string> => {
  const e = await read(path, grants).then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(PlanFileError);
  return (e as Error).message;
};

describe('appPlanFiles', () => {
  it('reads attached files by files/NAME and files inside a granted folder by absolute path', async () => {
    expect(await read('files/users.csv')).toBe('email\na@x\n');
    expect(await read(join(granted, 'body.bin'))).toBe('granted-bytes');
  });

  it('refuses the data folder, relative paths and `..`, whatever is granted', async () => {
    expect(await refusal('secret.key')).toMatch(/is not a file attached in the app: attach it/);
    expect(await refusal('loadsmith.db')).toMatch(/not a file attached/);
    expect(await refusal('files/../secret.key')).toMatch(/not a file attached/);
    expect(await refusal('../../../../etc/passwd')).toMatch(/not a file attached/);
    // Even when the user granted a folder that holds the data folder.
    expect(await refusal(join(dataDir, 'secret.key'), [root])).toMatch(
      /in the app's data folder, which plans never read/,
    );
    expect(await refusal(join(dataDir, 'files', 'users.csv'), [root])).toMatch(/data folder/);
  });

  it('refuses absolute paths outside the granted folders without telling whether they exist', async () => {
    const exists = await refusal(join(outside, 'private.txt'));
    const missing = await refusal(join(outside, 'nope.txt'));
    expect(exists).toMatch(/cannot be read: it is not in a folder you granted\. Attach the file, or grant its folder/);
    expect(missing.replace('nope.txt', 'private.txt')).toBe(exists);
    expect(await refusal('/etc/passwd')).toMatch(/not in a folder you granted/);
    expect(await refusal(join(granted, 'nope.bin'))).toMatch(/there is no such file/);
  });

  it('does not follow symlinks out of a granted folder or out of the attached files', async () => {
    expect(await refusal(join(granted, 'escape.txt'))).toMatch(/not in a folder you granted/);
    expect(await refusal('files/key-link.csv')).toMatch(/leads outside the attached files/);
  });

  it('never reads the data folder through a file swapped for a symlink while it is checked', async () => {
    // Another local user who can write in a granted folder (a shared one) swaps a plain file for a symlink to the
    // secret key, again and again, while the plan's path is checked and opened.
    const race = join(granted, 'race.csv');
    let stop = false;
    const swapper = (async () => {
      while (!stop) {
        await writeFile(`${race}.f`, 'a\n1\n');
        await rename(`${race}.f`, race);
        await symlink(join(dataDir, 'secret.key'), `${race}.l`);
        await rename(`${race}.l`, race);
        await new Promise((r) => setImmediate(r));
      }
    })();
    let leaked = 0;
    for (let i = 0; i < 2000; i++) if ((await read(race).catch(() => ''))?.includes('KEY-MATERIAL')) leaked++;
    stop = true;
    await swapper;
    expect(leaked).toBe(0); // about 1 read in 50 got the key before the fix
    await writeFile(`${race}.f`, 'a\n1\n');
    await rename(`${race}.f`, race);
    expect(await read(race)).toBe('a\n1\n'); // once it stays a plain file, it is read
  }, 60_000);

  it('never reads a file of the data folder through a hard link in a granted folder', async () => {
    await link(join(dataDir, 'secret.key'), join(granted, 'key-hardlink.csv'));
    expect(await refusal(join(granted, 'key-hardlink.csv'))).toMatch(/is the app's data folder's own file/);
    await link(join(granted, 'body.bin'), join(granted, 'body-link.bin')); // a link between the user's own files is fine
    expect(await read(join(granted, 'body-link.bin'))).toBe('granted-bytes');
  });

  it('reads a file only under its plain absolute path, so one file cannot be read under a thousand spellings', async () => {
    // Each spelling was a separate read of the whole file (up to 100 MB) and a copy in every worker.
    for (const p of [`${granted}//body.bin`, `${granted}/./body.bin`, `${granted}/x/../body.bin`]) {
      expect(await refusal(p)).toBe(`body file ${p} is not written plainly: write it as ${join(granted, 'body.bin')}`);
    }
  });

  it('names attached files only as files/NAME', () => {
    expect(attachedName('files/a.csv')).toBe('a.csv');
    for (const p of ['files', 'files/', 'files/.env', 'files/a/b.csv', 'a.csv', 'files/../a.csv', 'files\\..\\a'])
      expect(attachedName(p)).toBeUndefined();
  });
});

describe('an imported plan run from the app', () => {
  let t: TestServices;
  let target: TargetServer;
  beforeEach(async () => {
    t = await openTestServices('access');
    target = await startTargetServer({ record: true });
    await writeFile(join(t.dir, 'files-outside.txt'), 'not attached');
  });
  afterEach(async () => {
    await target.close();
    await t.close();
  });

  const planWith = (steps: string, data = ''): string =>
    `version: 1\nname: hostile\ndefaults: { baseUrl: "${target.url}" }\n${data}scenarios:\n  s:\n    executor: per-vu-iterations\n    steps:\n${steps}`;
  const done = (runId: string): Promise<void> =>
    new Promise((resolve) => {
      const stop = t.services.events.subscribe((event, payload) => {
        if (event === 'run.done' && (payload as { runId: string }).runId === runId) {
          stop();
          resolve();
        }
      });
    });

  it.each([
    ['the secret key', 'secret.key'],
    ['the database', 'loadsmith.db'],
    ['a .. path', '../../../../../../etc/hostname'],
    ['an absolute path', '/etc/hostname'],
    ['the data folder by absolute path', '<data>/secret.key'],
  ])('cannot send %s to its target: the run is refused before any request', async (_what, file) => {
    const path = file.replace('<data>', t.dir);
    const p = await t.call('plans.import', {
      text: planWith(`      - request: { method: POST, url: /echo, file: "${path}" }\n`),
      fileName: 'hostile.yaml',
    });
    const e = await t.fail('runs.start', { planId: p.id });
    expect(e.code).toBe('plan_invalid');
    expect(e.message).toMatch(/attach/i);
    const feeder = await t.call('plans.import', {
      text: planWith(`      - request: { url: "/echo?u=\${data.rows.x}" }\n`, `data: { rows: { file: "${path}" } }\n`),
      fileName: 'feeder.yaml',
    });
    expect((await t.fail('runs.start', { planId: feeder.id })).code).toBe('plan_invalid');
    const tried = await t.fail('designer.tryRequest', {
      document: (await t.call('plans.get', { id: p.id })).document,
      path: ['scenarios', 's', 'steps', 0],
    });
    expect(tried.message).toMatch(/^Try it: body file .*attach/i);
    const validated = await t.call('designer.validate', {
      document: (await t.call('plans.get', { id: p.id })).document,
    });
    expect(validated.errors.map((x) => x.message)).toEqual([
      expect.stringMatching(/^not run: scenarios\.s\.steps\[0\]\.request\.file: .*attach/i),
    ]);
    expect(target.hits()).toBe(0);
  });

  it('sends an attached body file and a file from a granted folder', async () => {
    const up = await t.call('files.upload', {
      name: 'payload.bin',
      contentBase64: Buffer.from('attached-bytes').toString('base64'),
      kind: 'body',
    });
    const folder = await mkdtemp(join(tmpdir(), 'loadsmith-grant-'));
    try {
      await writeFile(join(folder, 'g.txt'), 'granted-bytes');
      const before = await t.fail('settings.set', { patch: { grantedFolders: [t.dir] } });
      expect(before.message).toMatch(/data folder/);
      await t.call('settings.set', { patch: { grantedFolders: [folder] } });
      const steps = `      - request: { method: POST, url: /echo, file: "${up.path}" }\n      - request: { method: POST, url: /echo, file: "${join(folder, 'g.txt')}" }\n`;
      const p = await t.call('plans.import', { text: planWith(steps), fileName: 'ok.yaml' });
      const run = await t.call('runs.start', { planId: p.id });
      await done(run.id);
      expect(target.requests.map((r) => r.body)).toEqual(['attached-bytes', 'granted-bytes']);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
