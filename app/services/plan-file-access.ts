/**
 * What a plan run from the app may read. Plans in the app are untrusted input (imported, pasted, recorded), so
 * their data, body and TLS files come only from places the user chose:
 * - files the user attached, stored in `<dataDir>/files/` and written `files/NAME` in the plan;
 * - files inside a folder the user granted (Settings: `grantedFolders`), written as absolute paths.
 * Never anything else of the data directory (the database, the secret key, recordings), never by `..`, never
 * through a symlink that leads elsewhere (also one swapped in while the path is checked: plan-file-pin.ts), never
 * through a hard link to one of the data directory's files. Otherwise the run is refused with what to do.
 */
import { realpath } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { PlanFileError, maxFileBytes, type PlanFileSource } from 'loadsmith';
import { readPinned } from './plan-file-pin.ts';

/** The folder of attached files in the data directory, and the prefix plans write before their names. */
export const ATTACHED_FOLDER = 'files';

export interface PlanFileAccess {
  dataDir: string;
  /** Absolute folders the user granted (settings.grantedFolders). */
  grantedFolders: readonly string[];
  /** Largest file read; default: maxFileBytes(). */
  limit?: number;
}

/** True when `p` is `root` or below it (both absolute and already resolved). */
export function isInside(p: string, root: string): boolean {
  const r = relative(root, p);
  return r === '' || (r !== '..' && !r.startsWith(`..${sep}`) && !isAbsolute(r));
}

/** The attached file's name when `path` is `files/NAME` (one plain name, nothing hidden), else undefined. */
export function attachedName(path: string): string | undefined {
  const parts = path.split(/[\\/]/);
  if (parts.length !== 2 || parts[0] !== ATTACHED_FOLDER) return undefined;
  const name = parts[1] ?? '';
  return name === '' || name.startsWith('.') || name.includes('\0') ? undefined : name;
}

export function appPlanFiles({ dataDir, grantedFolders, limit = maxFileBytes() }: PlanFileAccess): PlanFileSource {
  const realOrNone = (p: string): Promise<string | undefined> => realpath(p).catch(() => undefined);
  return {
    async read(path, use) {
      const name = attachedName(path);
      if (name !== undefined) {
        const folder = await realOrNone(join(dataDir, ATTACHED_FOLDER));
        const real = folder === undefined ? undefined : await realOrNone(join(folder, name));
        if (real === undefined)
          throw new PlanFileError(
            `${use} ${path} is not attached: attach it again (it is stored as ${path} when you do)`,
          );
        // A symlink placed in the folder must not lead elsewhere.
        const outside = `${use} ${path} leads outside the attached files; attach the file itself`;
        if (!isInside(real, folder as string)) throw new PlanFileError(outside);
        const inFolder = (p: string): boolean => isInside(p, folder as string);
        return {
          bytes: await readPinned(real, inFolder, {
            dataDir: (await realOrNone(dataDir)) ?? resolve(dataDir),
            attached: folder as string,
            shown: path,
            use,
            limit,
            refused: outside,
          }),
          shown: path,
        };
      }
      if (!isAbsolute(path)) {
        throw new PlanFileError(
          `${use} '${path}' is not a file attached in the app: attach it (the plan then names it ${ATTACHED_FOLDER}/NAME), or grant its folder in Plan settings → Data files and write its absolute path`,
        );
      }
      // One spelling per file: the engine reads each path a plan writes once, so `a//b`, `a/./b`, ... would each be
      // another whole copy (a plan could name one large file a thousand times).
      const plain = resolve(path);
      if (plain.split(sep).join('/') !== path.split('\\').join('/'))
        throw new PlanFileError(`${use} ${path} is not written plainly: write it as ${plain}`);
      const real = await realOrNone(plain);
      const data = (await realOrNone(dataDir)) ?? resolve(dataDir);
      if (real !== undefined && isInside(real, data))
        throw new PlanFileError(
          `${use} ${path} is in the app's data folder, which plans never read: attach the file instead`,
        );
      const granted = await Promise.all(grantedFolders.map(realOrNone));
      const notGranted = (reason: string): string =>
        `${use} ${path} cannot be read: ${reason}. Attach the file, or grant its folder in Plan settings → Data files`;
      const allowed = (p: string): boolean =>
        !isInside(p, data) && granted.some((g) => g !== undefined && isInside(p, g));
      if (real === undefined || !allowed(real)) {
        const reason =
          real === undefined && granted.some((g) => g !== undefined && isInside(resolve(path), g))
            ? 'there is no such file'
            : 'it is not in a folder you granted';
        throw new PlanFileError(notGranted(reason));
      }
      return {
        bytes: await readPinned(real, allowed, {
          dataDir: data,
          attached: join(data, ATTACHED_FOLDER),
          shown: path,
          use,
          limit,
          refused: notGranted('it is not in a folder you granted'),
        }),
        shown: path,
      };
    },
  };
}
