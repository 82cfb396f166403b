/**
 * What the import dialog sends: the text and its file name (or "pasted text"), the format chosen (or detection),
 * and the options of that format. Files are read here; a Postman environment file dropped or chosen with its
 * collection goes with it.
 */
import type { ImportSource } from '../../../../app/contract/plans.ts';
import { isPostmanEnvironment, MAX_IMPORT_BYTES, type FormatChoice } from './formats.ts';

export interface ImportText { text: string; fileName: string; environment?: { text: string; fileName: string } }

/** Options the dialog shows for some formats; text fields as typed. `environment` starts as the source's. */
export interface FormatOptionValues {
  baseUrl: string;
  skipStatic: boolean;
  /** OpenAPI: also the operations that change state (off by default: an imported plan must not delete data). */
  includeWrites: boolean;
  rate: string;
  duration: string;
  environment: { text: string; fileName: string } | null;
}

export const NO_OPTIONS: FormatOptionValues = { baseUrl: '', skipStatic: false, includeWrites: false, rate: '', duration: '', environment: null };

/** The options a new source starts with: none, except the environment file that came with it. */
export function optionsFor(source: ImportText): FormatOptionValues {
  return { ...NO_OPTIONS, environment: source.environment ?? null };
}

/** The contract's params; options only for the format they belong to (or detection), blanks left out. */
export function importParams(source: ImportText, choice: FormatChoice, o: FormatOptionValues): ImportSource {
  const rate = Number(o.rate);
  const environment = o.environment;
  const wants = (f: FormatChoice): boolean => choice === 'auto' || choice === f;
  return {
    text: source.text,
    fileName: source.fileName,
    ...(choice !== 'auto' ? { from: choice } : {}),
    ...(wants('postman') && environment ? { environment } : {}),
    ...(wants('openapi') && o.baseUrl.trim() ? { baseUrl: o.baseUrl.trim() } : {}),
    ...(wants('openapi') && o.includeWrites ? { includeWrites: true } : {}),
    ...(wants('har') && o.skipStatic ? { skipStatic: true } : {}),
    ...(wants('vegeta') && o.rate.trim() && rate > 0 ? { rate } : {}),
    ...(wants('vegeta') && o.duration.trim() ? { duration: o.duration.trim() } : {}),
  };
}

export interface ReadFiles { sources: ImportText[]; problems: { fileName: string; message: string }[] }

/** Reads files to import; Postman environments join the (first) collection among them. */
export async function readImportFiles(files: readonly File[]): Promise<ReadFiles> {
  const read: { fileName: string; text: string }[] = [];
  const problems: ReadFiles['problems'] = [];
  for (const file of files) {
    if (file.size > MAX_IMPORT_BYTES) { problems.push({ fileName: file.name, message: `${file.name} is larger than 20 MB: it cannot be imported here (the command line's loadsmith import can).` }); continue; }
    try {
      read.push({ fileName: file.name, text: await file.text() });
    } catch (e) {
      problems.push({ fileName: file.name, message: `${file.name} could not be read: ${e instanceof Error ? e.message : String(e)}` });
    }
  }
  const paired = pairEnvironments(read);
  return { sources: paired.sources, problems: [...problems, ...paired.problems] };
}

/** Environment files attach to the first other file; alone they cannot be imported. */
export function pairEnvironments(files: readonly { fileName: string; text: string }[]): ReadFiles {
  const envs = files.filter((f) => isPostmanEnvironment(f.fileName, f.text));
  const others = files.filter((f) => !envs.includes(f));
  const [env, ...extraEnvs] = envs;
  const sources = others.map((f, i): ImportText => (i === 0 && env ? { ...f, environment: env } : { ...f }));
  const problems = [...(sources.length === 0 ? envs : extraEnvs)].map((e) => ({
    fileName: e.fileName,
    message: `${e.fileName} is a Postman environment: import it together with its collection (drop or choose both files, or add it in the import dialog).`,
  }));
  return { sources, problems };
}
