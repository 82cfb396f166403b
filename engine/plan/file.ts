/** Reading a plan from disk (kept apart so the rest of engine/plan stays free of Node APIs for the UI). */
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { PlanError } from './errors.ts';
import { parsePlan, type ParsedPlan } from './parse.ts';

export interface LoadedPlan extends ParsedPlan {
  /** Directory that data files and body files are relative to. */
  baseDir: string;
}

export async function loadPlanFile(file: string): Promise<LoadedPlan> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (e as Error).message;
    throw new PlanError([{ path: [], message: `cannot read the plan file: ${why}` }], file);
  }
  return { ...parsePlan(text, file), baseDir: dirname(resolve(file)) };
}
