/**
 * CSV Data Set Config -> a data feeder, and the test plan's variables: User Defined Variables (the test plan's and
 * Arguments elements) and every name the plan sets (extractors, ForEach variables), so texts can tell a variable
 * from literal text. The CSV file is never read here: it becomes a `confirm` note (attach it in the app), as every
 * importer does with the local files a source names.
 */
import type { Plan } from '../../plan/schema/index.ts';

type DataFeeder = NonNullable<Plan['data']>[string];
import type { Notes } from '../draft.ts';
import { argumentsOf, boolProp, elementProp, prop } from './props.ts';
import { varName } from './text.ts';
import type { JmxElement } from './xml.ts';

export interface PlanNames {
  /** User Defined Variables, in order (JMeter text, converted later). */
  udv: [string, string][];
  /** Every plan variable name something sets. */
  vars: Set<string>;
  /** Names only a ForEach sets (they exist while it runs). */
  loopOnly: Set<string>;
  /** JMeter variable -> `data.feeder.column`. */
  columns: Map<string, string>;
  data: Record<string, DataFeeder>;
}

export function planNames(plan: JmxElement, notes: Notes): PlanNames {
  const n: PlanNames = { udv: [], vars: new Set(), loopOnly: new Set(), columns: new Map(), data: {} };
  const udv = (props: JmxElement['props'] | undefined): void => {
    for (const a of argumentsOf(props))
      if (a.name.trim()) {
        n.udv.push([varName(a.name), a.value]);
        n.vars.add(varName(a.name));
      }
  };
  udv(elementProp(plan.props, 'TestPlan.user_defined_variables'));
  const visit = (e: JmxElement): void => {
    if (!e.enabled) return;
    if (e.tag === 'Arguments') udv(e.props);
    for (const k of ['RegexExtractor.refname', 'BoundaryExtractor.refname']) {
      const v = prop(e.props, k)?.trim();
      if (v) n.vars.add(varName(v));
    }
    for (const v of (prop(e.props, 'JSONPostProcessor.referenceNames') ?? '').split(';'))
      if (v.trim()) n.vars.add(varName(v));
    const item = e.tag === 'ForeachController' ? prop(e.props, 'ForeachController.returnVal')?.trim() : undefined;
    if (item) {
      n.vars.add(varName(item));
      n.loopOnly.add(varName(item));
    }
    if (e.tag === 'CSVDataSet') csv(e, n, notes);
    e.children.forEach(visit);
  };
  plan.children.forEach(visit);
  for (const name of n.loopOnly) if (n.udv.some(([k]) => k === name)) n.loopOnly.delete(name);
  return n;
}

function csv(e: JmxElement, n: PlanNames, notes: Notes): void {
  const where = e.path.join(' › ');
  const file = prop(e.props, 'filename')?.trim() ?? '';
  if (!file) {
    notes.add('not-imported', where, 'a CSV Data Set without a file name');
    return;
  }
  const base = file
    .split(/[\\/]/)
    .pop()!
    .replace(/\.[^.]*$/, '');
  let name = varName(base).toLowerCase();
  while (n.data[name] !== undefined) name += '_';
  const delimiter = prop(e.props, 'delimiter') ?? ',';
  const columns = (prop(e.props, 'variableNames') ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  const recycle = boolProp(e.props, 'recycle', true);
  const share = prop(e.props, 'shareMode') ?? 'shareMode.all';
  // All threads share one cursor in JMeter: every row once in the run; per thread: each VU walks the rows.
  const mode = share === 'shareMode.thread' ? 'sequential' : 'unique';
  n.data[name] = {
    file,
    format: 'csv',
    mode,
    ...(mode === 'unique' ? { onExhausted: recycle && !boolProp(e.props, 'stopThread') ? 'recycle' : 'stop' } : {}),
    ...(delimiter === '\\t' ? { delimiter: '\t' } : delimiter.length === 1 && delimiter !== ',' ? { delimiter } : {}),
  };
  if (share !== 'shareMode.all' && share !== 'shareMode.thread')
    notes.add('approximated', where, `sharing mode ${share}: rows are shared by every VU of the run`);
  if (columns.length > 0 && !boolProp(e.props, 'ignoreFirstLine')) {
    notes.add(
      'approximated',
      where,
      `Loadsmith reads a CSV file's column names from its first line: add the line ${columns.join(',')} at the top of ${file}`,
    );
  }
  if (columns.length === 0)
    notes.add(
      'approximated',
      where,
      `the column names are the first line of ${file}, which the import does not read: write \${data.${name}.COLUMN} where the plan uses them`,
    );
  for (const c of columns) n.columns.set(c, `data.${name}.${c}`);
  notes.add(
    'confirm',
    where,
    `data file ${file} (data.${name}): the app will not read it until you attach the file or grant its folder; the CLI reads it relative to the plan file`,
  );
}
