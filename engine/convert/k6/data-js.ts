/**
 * Data files -> SharedArrays read once in the init context (open() plus a small CSV parser in the script: no
 * remote modules), and per iteration the row each feeder gives: sequential (the VU's iteration number), random,
 * or unique (the scenario's iteration number in the whole test; k6 cannot stop a single VU, so an exhausted
 * `stop` feeder skips the iteration instead).
 */
import type { DataFeeder, Plan } from '../../plan/schema/index.ts';
import { str, type Script } from './script.ts';

export function feederDeclarations(plan: Plan, s: Script): string[] {
  const lines: string[] = [];
  for (const [name, f] of Object.entries(plan.data ?? {})) {
    s.sharedArray = true;
    const csv = (f.format ?? (f.file.toLowerCase().endsWith('.json') ? 'json' : 'csv')) === 'csv';
    if (csv) s.use('csv');
    const read = csv
      ? `csv(open(${str(s.path(f.file))})${f.delimiter ? `, ${str(f.delimiter)}` : ''})`
      : `JSON.parse(open(${str(s.path(f.file))}))`;
    lines.push(`const data_${ident(name)} = new SharedArray(${str(name)}, () => ${read});`);
  }
  return lines;
}

/** Statements at the start of an iteration choosing this iteration's rows; `return` when a unique feeder ran out. */
export function rowPicks(plan: Plan, feeders: ReadonlySet<string>, scenario: string, s: Script): string[] {
  const lines: string[] = [];
  for (const name of feeders) {
    const f = plan.data?.[name];
    if (!f) continue;
    s.exec = true;
    lines.push(`row[${str(name)}] = ${pick(f, `data_${ident(name)}`)};`);
    if ((f.mode ?? 'sequential') === 'unique' && (f.onExhausted ?? 'stop') === 'stop') {
      lines.push(`if (row[${str(name)}] === undefined) return; // every row of ${name} was used`);
      s.notes.add(
        'approximated',
        `data.${name}`,
        `unique rows with onExhausted: stop: k6 cannot stop one VU, so scenario ${scenario} skips its iterations once the rows are used`,
      );
    }
  }
  return lines;
}

function pick(f: DataFeeder, rows: string): string {
  switch (f.mode ?? 'sequential') {
    case 'random':
      return `${rows}[Math.floor(Math.random() * ${rows}.length)]`;
    case 'unique':
      return f.onExhausted === 'recycle'
        ? `${rows}[exec.scenario.iterationInTest % ${rows}.length]`
        : `${rows}[exec.scenario.iterationInTest]`;
    default:
      return `${rows}[exec.vu.iterationInScenario % ${rows}.length]`;
  }
}

function ident(name: string): string {
  return name.replace(/[^A-Za-z0-9_$]/g, '_');
}
