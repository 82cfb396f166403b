/** Reads the plan's data files (CSV or JSON) before a run; every problem is reported against the plan. */
import { extname } from 'node:path';
import type { PlanIssue } from '../../plan/errors.ts';
import type { DataFeeder } from '../../plan/schema/index.ts';
import { CsvError, parseCsv } from './csv.ts';
import { PlanFileError, type PlanFileSource } from '../files/plan-files.ts';
import type { FeederData } from './feeders.ts';

export interface LoadedFeeder extends FeederData {
  columns: string[];
}

/** Reads each feeder's file through `files` (which decides what a plan may read). */
export async function loadFeeders(
  data: Readonly<Record<string, DataFeeder>>,
  files: PlanFileSource,
  firstCounter: number,
): Promise<{ feeders: LoadedFeeder[]; issues: PlanIssue[] }> {
  const feeders: LoadedFeeder[] = [];
  const issues: PlanIssue[] = [];
  let counter = firstCounter;
  for (const [name, f] of Object.entries(data)) {
    const at = ['data', name, 'file'];
    let text: string;
    let path: string;
    try {
      const file = await files.read(f.file, 'data file');
      text = file.bytes.toString('utf8');
      path = file.shown;
    } catch (e) {
      if (!(e instanceof PlanFileError)) throw e;
      issues.push({ path: at, message: e.message });
      continue;
    }
    const format = f.format ?? (extname(f.file).toLowerCase() === '.json' ? 'json' : 'csv');
    const parsed = format === 'json' ? parseJsonRows(text, path) : parseCsvRows(text, path, f.delimiter);
    if ('error' in parsed) {
      issues.push({ path: at, message: parsed.error });
      continue;
    }
    if (parsed.rows.length === 0) {
      issues.push({ path: at, message: `${path} has no rows` });
      continue;
    }
    feeders.push({
      name,
      mode: f.mode ?? 'sequential',
      onExhausted: f.onExhausted ?? 'stop',
      rows: parsed.rows,
      columns: parsed.columns,
      counter: counter++,
    });
  }
  return { feeders, issues };
}

type Rows = { rows: Record<string, unknown>[]; columns: string[] } | { error: string };

function parseCsvRows(text: string, path: string, delimiter: string | undefined): Rows {
  try {
    return parseCsv(text, { file: path, ...(delimiter ? { delimiter } : {}) });
  } catch (e) {
    if (e instanceof CsvError) return { error: e.message };
    throw e;
  }
}

function parseJsonRows(text: string, path: string): Rows {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    return { error: `${path} is not valid JSON: ${(e as Error).message}` };
  }
  if (!Array.isArray(doc)) return { error: `${path} must hold a JSON array of objects (one per row)` };
  const columns = new Set<string>();
  const rows: Record<string, unknown>[] = [];
  for (const [i, row] of doc.entries()) {
    if (row === null || typeof row !== 'object' || Array.isArray(row)) {
      if (typeof row === 'object') return { error: `${path}: row ${i} is not an object` };
      rows.push({ value: row });
      columns.add('value');
      continue;
    }
    for (const k of Object.keys(row)) columns.add(k);
    rows.push(row as Record<string, unknown>);
  }
  return { rows, columns: [...columns] };
}
