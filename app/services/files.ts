/**
 * files.*: files attached to plans, kept in <dataDir>/files/: data files for feeders and body files. Plans refer to
 * them as `files/NAME`; a run reads them (and files in folders the user granted) through appPlanFiles and nothing
 * else. The preview goes through the same source and the engine's own loader (loadFeeders), so what the designer
 * shows — columns, rows, the CSV line:column of an error, a refusal — is what a run reads.
 */
import { chmod, lstat, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { loadFeeders, type PlanFileSource } from 'loadsmith';
import { ContractError, type Handlers } from '../contract/index.ts';
import { ATTACHED_FOLDER } from './plan-file-access.ts';

type FileHandlers = Pick<Handlers, 'files.upload' | 'files.list' | 'files.preview'>;

/** Largest file accepted: data and body files are read whole into every run's memory. */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;
/** Feeders read CSV (any delimiter) or JSON; anything else would only fail at run time. */
const EXTENSIONS = ['.csv', '.tsv', '.txt', '.json'];
const PREVIEW_ROWS = 10;

export type AttachKind = 'data' | 'body';

/**
 * The name a file is stored under, or an error for names that try to leave the folder (`../x`, `a/b`, `C:\x`,
 * NUL) or would be hidden. Other unusual characters become `_` so the path stays easy to write in a plan.
 * Data files must be CSV or JSON; a body file may be anything.
 */
export function storedName(name: string, kind: AttachKind = 'data'): string {
  const bad =
    name.includes('/') ||
    name.includes('\\') ||
    name.includes('\0') ||
    name.includes('..') ||
    name.startsWith('.') ||
    /^[A-Za-z]:/.test(name);
  if (bad)
    throw new ContractError(
      'invalid_params',
      `'${name}' is not a plain file name: give the name only, without folders or '..'`,
    );
  const ext = extname(name).toLowerCase();
  if (kind === 'data' && !EXTENSIONS.includes(ext))
    throw new ContractError(
      'invalid_params',
      `'${name}' is not a data file: use CSV (.csv, .tsv, .txt) or JSON (.json)`,
    );
  const clean = (t: string): string =>
    t
      .normalize('NFC')
      .replace(/[^\p{L}\p{N}_.-]+/gu, '_')
      .replace(/^[_.]+|_+$/g, '');
  const base = clean(name.slice(0, name.length - ext.length)).slice(0, 100);
  return `${base === '' ? kind : base}${clean(ext) === '' ? '' : `.${clean(ext).slice(0, 20)}`}`;
}

/** Base64 → bytes, refusing text that is not base64 (Buffer.from would silently skip bad characters). */
function decodeBase64(text: string): Buffer {
  const clean = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 === 1)
    throw new ContractError('invalid_params', 'contentBase64 is not valid base64');
  return Buffer.from(clean, 'base64');
}

/** `source` gives what a run may read at each call (runFiles: attached files and granted folders). */
export function fileHandlers(dataDir: string, source: () => PlanFileSource): FileHandlers {
  const folder = resolve(dataDir, ATTACHED_FOLDER);

  /** Writes `bytes` under a free name (users.csv, users-2.csv, ...); the same content again reuses its file. */
  async function store(name: string, bytes: Buffer): Promise<string> {
    await mkdir(folder, { recursive: true, mode: 0o700 });
    const ext = extname(name);
    const base = name.slice(0, name.length - ext.length);
    for (let n = 1; n < 1000; n++) {
      const candidate = n === 1 ? name : `${base}-${n}${ext}`;
      const full = join(folder, candidate);
      const existing = await lstat(full).catch(() => undefined);
      if (existing) {
        if (existing.isFile() && existing.size === bytes.length && (await readFile(full)).equals(bytes))
          return candidate;
        continue;
      }
      try {
        // wx: never overwrite a file another upload created meanwhile.
        await writeFile(full, bytes, { flag: 'wx', mode: 0o600 });
        await chmod(full, 0o600); // whatever the umask: attachments may hold test users' credentials
        return candidate;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
    }
    throw new ContractError('conflict', `too many files named like ${name}: delete some from ${folder}`);
  }

  return {
    'files.upload': async ({ name, contentBase64, kind }) => {
      const fileName = storedName(name, kind);
      // Checked before decoding as well, so a huge upload is refused without allocating it.
      if (Math.floor((contentBase64.length * 3) / 4) > MAX_FILE_BYTES + 3) throw tooBig();
      const bytes = decodeBase64(contentBase64);
      if (bytes.length > MAX_FILE_BYTES) throw tooBig();
      const stored = await store(fileName, bytes);
      return { path: `${ATTACHED_FOLDER}/${stored}`, size: bytes.length };
    },

    'files.list': async () => {
      const names = await readdir(folder).catch((e: NodeJS.ErrnoException) => {
        if (e.code === 'ENOENT') return [];
        throw e;
      });
      const out = [];
      for (const name of names.sort((a, b) => a.localeCompare(b))) {
        const s = await stat(join(folder, name)).catch(() => undefined);
        if (s?.isFile())
          out.push({ path: `${ATTACHED_FOLDER}/${name}`, size: s.size, modified: s.mtime.toISOString() });
      }
      return out;
    },

    'files.preview': async ({ path, format, delimiter, rows }) => {
      const feeder = { file: path, ...(format ? { format } : {}), ...(delimiter ? { delimiter } : {}) };
      const { feeders, issues } = await loadFeeders({ preview: feeder }, source(), 0);
      const first = issues[0];
      if (first) throw new ContractError('invalid_params', first.message);
      const loaded = feeders[0];
      if (!loaded) throw new ContractError('internal', `could not read ${path}`);
      return { columns: loaded.columns, rows: loaded.rows.slice(0, rows ?? PREVIEW_ROWS), total: loaded.rows.length };
    },
  };
}

function tooBig(): ContractError {
  return new ContractError(
    'invalid_params',
    `the file is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB: data files are read whole into memory by every run; split it or keep only the rows the test needs`,
  );
}
