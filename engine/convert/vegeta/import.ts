/**
 * Vegeta targets -> a plan. Both formats: `http` (a `METHOD URL` line, header lines, an `@body` file line, `#`
 * comments) and `json` (one {method, url, header, body(base64)} per line). Vegeta sends targets round-robin at a
 * constant rate (open model), so each target becomes its own constant-arrival-rate scenario at rate / N.
 */
import { buildPlan } from '../build-plan.ts';
import { literal, Notes, type DraftRequest } from '../draft.ts';
import { ConvertError, sourceLabel, type ImportOptions, type ImportResult } from '../types.ts';
import { jsonTargets } from './json-format.ts';

export interface VegetaImportOptions extends ImportOptions {
  /** Total requests per second, as `vegeta attack -rate` (default 50, vegeta's default). */
  rate?: number;
  /** As `vegeta attack -duration` (default 30s; vegeta's default is "until stopped"). */
  duration?: string;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
const TARGET = /^([A-Za-z]+)\s+(\S+)\s*$/;

export function importVegeta(text: string, o: VegetaImportOptions = {}): ImportResult {
  const label = sourceLabel(o.file);
  const notes = new Notes();
  const drafts = /^\s*\{/.test(text) ? jsonTargets(text, label, notes) : httpTargets(text, label);
  if (drafts.length === 0)
    throw new ConvertError(`${label}: no targets found: write lines such as 'GET http://localhost:8080/'`);
  const rate = o.rate ?? 50;
  const duration = o.duration ?? '30s';
  if (o.duration === undefined)
    notes.add(
      'info',
      label,
      'no duration given (vegeta attacks until stopped): the scenarios last 30s; change duration or pass --duration',
    );
  notes.add(
    'info',
    label,
    `vegeta sends targets round-robin at one rate: each of the ${drafts.length} target(s) became a constant-arrival-rate scenario at ${rate}/${drafts.length} per second`,
  );
  const { plan, env } = buildPlan(drafts, {
    name: o.name ?? `Imported from ${o.file ?? 'vegeta targets'}`,
    notes,
    scenarioPerRequest: (i, n) => ({
      name: scenarioName(drafts[i] as DraftRequest, i),
      head: {
        executor: 'constant-arrival-rate',
        rate: Math.round((rate / n) * 1000) / 1000,
        timeUnit: '1s',
        duration,
        preAllocatedVUs: 10,
        maxVUs: 100,
      },
    }),
  });
  return { plan, notes: notes.list, env, format: 'vegeta' };
}

function httpTargets(text: string, label: string): DraftRequest[] {
  const drafts: DraftRequest[] = [];
  let current: DraftRequest | undefined;
  text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .forEach((raw, i) => {
      const line = raw.trim();
      const where = `${label}: line ${i + 1}`;
      if (line === '' || line.startsWith('#')) return;
      const target = TARGET.exec(line);
      if (
        target &&
        METHODS.includes((target[1] as string).toUpperCase()) &&
        /^https?:\/\//i.test(target[2] as string)
      ) {
        current = {
          method: (target[1] as string).toUpperCase(),
          url: literal(target[2] as string),
          headers: [],
          where,
        };
        drafts.push(current);
        return;
      }
      if (target && /^[A-Z]+$/.test(target[1] as string)) {
        throw new ConvertError(
          `${where}: '${line}': ${METHODS.includes(target[1] as string) ? 'the URL must start with http:// or https://' : `method ${target[1]} is not supported by plans`}`,
        );
      }
      if (!current)
        throw new ConvertError(
          `${where}: expected a target line such as 'GET http://localhost:8080/' before '${line}'`,
        );
      if (line.startsWith('@')) {
        current.body = { kind: 'file', path: line.slice(1) }; // buildPlan asks the user to confirm the file
        return;
      }
      const colon = line.indexOf(':');
      if (colon <= 0)
        throw new ConvertError(`${where}: '${line}' is neither a header (Name: value) nor a body file (@path)`);
      current.headers.push([line.slice(0, colon).trim(), literal(line.slice(colon + 1).trim())]);
    });
  return drafts;
}

/** `3-get-dragon`: the position, the method and the last path segment, in scenario-name characters. */
function scenarioName(d: DraftRequest, i: number): string {
  const path = d.url.replace(/^[a-z]+:\/\/[^/]+/i, '').split('?')[0] ?? '';
  const last = path.split('/').filter(Boolean).at(-1) ?? 'root';
  return `${i + 1}-${d.method.toLowerCase()}-${last}`.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 40);
}
