/**
 * files.*: data files for the plan's feeders, kept in <dataDir>/files/. Plans refer to them by the relative path
 * this returns (`files/users.csv`); runs resolve relative paths against the data dir, so a stored file is found by
 * the run exactly as the preview found it. The preview goes through the engine's own loader (loadFeeders), so what
 * the designer shows — columns, rows, the CSV line:column of an error — is what a run reads.
 */
import { lstat, mkdir, readdir, readFile, realpath, stat, writeFile } from 'node:fs/promises';
import { extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { loadFeeders } from '../../engine/runtime/data/load.ts';
import { ContractError, type Handlers } from '../contract/index.ts';

type FileHandlers = Pick<Handlers, 'files.upload' | 'files.list' | 'files.preview'>;

/** Largest data file accepted: feeders are read whole into every run's memory. */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;
/** Feeders read CSV (any delimiter) or JSON; anything else would only fail at run time. */
const EXTENSIONS = ['.csv', '.tsv', '.txt', '.json'];
const FOLDER = 'files';
const PREVIEW_ROWS = 10;

/**
 * The name a file is stored under, or an error for names that try to leave the folder (`../x`, `a/b`, `C:\x`,
 * NUL) or would be hidden. Other unusual characters become `_` so the path stays easy to write in a plan.
 */
export function storedName(name: string): string {
  const bad = name.includes('/') || name.includes('\\') || name.includes('\0') || name.includes('..') || name.startsWith('.') || /^[A-Za-z]:/.test(name);
  if (bad) throw new ContractError('invalid_params', `'${name}' is not a plain file name: give the name only, without folders or '..'`);
  const ext = extname(name).toLowerCase();
  if (!EXTENSIONS.includes(ext)) throw new ContractError('invalid_params', `'${name}' is not a data file: use CSV (.csv, .tsv, .txt) or JSON (.json)`);
  const base = name.slice(0, name.length - ext.length).normalize('NFC').replace(/[^\p{L}\p{N}_.-]+/gu, '_').replace(/^[_.]+|_+$/g, '').slice(0, 100);
  return `${base === '' ? 'data' : base}${ext}`;
}

/** Base64 → bytes, refusing text that is not base64 (Buffer.from would silently skip bad characters). */
function decodeBase64(text: string): Buffer {
  const clean = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 === 1) throw new ContractError('invalid_params', 'contentBase64 is not valid base64');
  return Buffer.from(clean, 'base64');
}

export function fileHandlers(dataDir: string): FileHandlers {
  const folder = resolve(dataDir, FOLDER);

  /** Writes `bytes` under a free name (users.csv, users-2.csv, ...); the same content again reuses its file. */
  async function store(name: string, bytes: Buffer): Promise<string> {
    await mkdir(folder, { recursive: true });
    const ext = extname(name);
    const base = name.slice(0, name.length - ext.length);
    for (let n = 1; n < 1000; n++) {
      const candidate = n === 1 ? name : `${base}-${n}${ext}`;
      const full = join(folder, candidate);
      const existing = await lstat(full).catch(() => undefined);
      if (existing) {
        if (existing.isFile() && existing.size === bytes.length && (await readFile(full)).equals(bytes)) return candidate;
        continue;
      }
      try {
        // wx: never overwrite a file another upload created meanwhile.
        await writeFile(full, bytes, { flag: 'wx' });
        return candidate;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
    }
    throw new ContractError('conflict', `too many files named like ${name}: delete some from ${folder}`);
  }

  /** The absolute path of a stored file named by its plan path (`files/x.csv`), refusing anything outside. */
  async function locate(path: string): Promise<string> {
    const full = resolve(dataDir, path);
    const outside = (p: string, root: string): boolean => { const r = relative(root, p); return r === '' || r === '..' || r.startsWith(`..${sep}`) || isAbsolute(r); };
    if (outside(full, folder)) throw new ContractError('invalid_params', `'${path}' is not a stored data file: only files under ${FOLDER}/ (added with "Add data file") can be previewed`);
    const real = await realpath(full).catch(() => { throw new ContractError('not_found', `no data file '${path}': add it again or pick another file`); });
    // A symlink placed in the folder must not let the preview read elsewhere.
    if (outside(real, await realpath(folder))) throw new ContractError('invalid_params', `'${path}' points outside ${FOLDER}/`);
    return full;
  }

  return {
    'files.upload': async ({ name, contentBase64 }) => {
      const fileName = storedName(name);
      // Checked before decoding as well, so a huge upload is refused without allocating it.
      if (Math.floor((contentBase64.length * 3) / 4) > MAX_FILE_BYTES + 3) throw tooBig();
      const bytes = decodeBase64(contentBase64);
      if (bytes.length > MAX_FILE_BYTES) throw tooBig();
      const stored = await store(fileName, bytes);
      return { path: `${FOLDER}/${stored}`, size: bytes.length };
    },

    'files.list': async () => {
      const names = await readdir(folder).catch((e: NodeJS.ErrnoException) => { if (e.code === 'ENOENT') return []; throw e; });
      const out = [];
      for (const name of names.sort((a, b) => a.localeCompare(b))) {
        const s = await stat(join(folder, name)).catch(() => undefined);
        if (s?.isFile()) out.push({ path: `${FOLDER}/${name}`, size: s.size, modified: s.mtime.toISOString() });
      }
      return out;
    },

    'files.preview': async ({ path, format, delimiter, rows }) => {
      const full = await locate(path);
      const feeder = { file: full, ...(format ? { format } : {}), ...(delimiter ? { delimiter } : {}) };
      const { feeders, issues } = await loadFeeders({ preview: feeder }, dataDir, 0);
      // The engine names the absolute path; the user knows the file by its plan path.
      const first = issues[0];
      if (first) throw new ContractError('invalid_params', first.message.split(full).join(path));
      const loaded = feeders[0];
      if (!loaded) throw new ContractError('internal', `could not read ${path}`);
      return { columns: loaded.columns, rows: loaded.rows.slice(0, rows ?? PREVIEW_ROWS), total: loaded.rows.length };
    },
  };
}

function tooBig(): ContractError {
  return new ContractError('invalid_params', `the file is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB: data files are read whole into memory by every run; split it or keep only the rows the test needs`);
}
