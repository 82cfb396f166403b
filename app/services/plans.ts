/** plans.*: the plan library on the store, with revisions, import from files and export to files. */
import { ContractError, type Handlers, type PlanRecord, type PlanSummary } from '../contract/index.ts';
import type { StoredPlan, StoredPlanSummary } from '../store/types.ts';
import { StoreConflictError } from '../store/types.ts';
import type { ServiceContext } from './context.ts';
import { createImportEnvironment } from './import-environment.ts';
import { analyzePlan, analyzePlanOffThread, isRecord, type PlanAnalysis } from './plan-analysis.ts';
import { exportAs } from './plan-export-formats.ts';
import { convertImportOffThread, formatName, previewOf } from './plan-import.ts';
import { literalCredentials, replaceStrings, scrubCredentials } from './plan-credentials.ts';
import { planTemplate } from './plan-templates.ts';

/** Saves without a note (the designer's autosave) less than this apart are one revision. */
export const AUTOSAVE_COALESCE_MS = 60_000;

type PlanHandlers = Pick<
  Handlers,
  | 'plans.list'
  | 'plans.get'
  | 'plans.create'
  | 'plans.save'
  | 'plans.rename'
  | 'plans.duplicate'
  | 'plans.delete'
  | 'plans.revisions'
  | 'plans.revision'
  | 'plans.labelRevision'
  | 'plans.restore'
  | 'plans.moveCredentials'
  | 'plans.previewImport'
  | 'plans.import'
  | 'plans.export'
>;

export function planHandlers(ctx: ServiceContext): PlanHandlers {
  const { store } = ctx;
  const get = (id: string): StoredPlan => {
    const p = store.plans.get(id);
    if (!p) throw new ContractError('not_found', `no plan with id ${id}`);
    return p;
  };
  /** Saves a document as a new revision; the record's name follows the document's. A large one is validated off the event loop. */
  const save = async (
    id: string,
    document: unknown,
    fallbackName: string,
    note?: string,
    baseRevision?: number,
    coalesceWithinMs?: number,
  ): Promise<PlanRecord> => {
    const a = await analyzePlanOffThread(ctx.imports, document);
    try {
      const saved = store.plans.save(id, {
        name: a.name ?? fallbackName,
        document,
        valid: a.valid,
        scenarios: a.scenarios,
        requests: a.requests,
        ...(note ? { note } : {}),
        ...(baseRevision !== undefined ? { baseRevision } : {}),
        ...(coalesceWithinMs !== undefined ? { coalesceWithinMs } : {}),
      });
      return record(saved, a.issues);
    } catch (e) {
      if (e instanceof StoreConflictError)
        throw new ContractError(
          'conflict',
          `the plan was saved elsewhere since revision ${baseRevision}: reload it before saving`,
        );
      throw e;
    }
  };
  const create = (document: unknown, fallbackName: string, note: string, analysis?: PlanAnalysis): PlanRecord => {
    const a = analysis ?? analyzePlan(document);
    const created = store.plans.create({
      id: ctx.newId(),
      name: a.name ?? fallbackName,
      document,
      valid: a.valid,
      scenarios: a.scenarios,
      requests: a.requests,
      note,
    });
    return record(created, a.issues);
  };
  const withName = (document: unknown, name: string): unknown =>
    isRecord(document) ? { ...document, name } : document;

  return {
    'plans.list': () => store.plans.list().map(summary),
    // Opening and duplicating a large plan validate it off the event loop too (plan-analysis.ts).
    'plans.get': async ({ id }) => {
      const p = get(id);
      return record(p, (await analyzePlanOffThread(ctx.imports, p.document)).issues);
    },
    'plans.create': ({ name, template }) => create(planTemplate(template ?? 'blank', name), name, 'created'),
    'plans.save': ({ id, document, baseRevision, note }) =>
      save(id, document, get(id).name, note, baseRevision, AUTOSAVE_COALESCE_MS),
    'plans.rename': ({ id, name }) => save(id, withName(get(id).document, name), name, `renamed to ${name}`),
    'plans.duplicate': async ({ id, name }) => {
      const p = get(id);
      const copy = name ?? `${p.name} (copy)`;
      const document = withName(p.document, copy);
      return create(document, copy, `duplicated from ${p.name}`, await analyzePlanOffThread(ctx.imports, document));
    },
    'plans.delete': ({ id }) => ({ deleted: store.plans.delete(id) }),
    'plans.revisions': ({ id }) => {
      get(id);
      return store.plans.revisions(id);
    },
    'plans.revision': ({ id, revision }) => {
      const r = store.plans.revision(id, revision);
      if (!r) throw new ContractError('not_found', `plan ${id} has no revision ${revision}`);
      return r;
    },
    'plans.labelRevision': ({ id, revision, label }) => {
      if (!store.plans.labelRevision(id, revision, label))
        throw new ContractError('not_found', `plan ${id} has no revision ${revision}`);
      const { document: _, ...row } = store.plans.revision(id, revision)!;
      return row;
    },
    'plans.restore': ({ id, revision }) => {
      const old = store.plans.revision(id, revision);
      if (!old) throw new ContractError('not_found', `plan ${id} has no revision ${revision}`);
      return save(id, old.document, old.name, `restored revision ${revision}`);
    },
    'plans.moveCredentials': async ({ id, environmentId, baseRevision }) => {
      const p = get(id);
      const environment = ctx.store.environments.get(environmentId);
      if (!environment) throw new ContractError('not_found', `no environment with id ${environmentId}`);
      const values = ctx.store.environments.values(environmentId);
      const document = structuredClone(p.document);
      // A name the environment already uses for another value is not reused; the same value keeps its name.
      const taken = new Set(Object.keys(values));
      const found = scrubCredentials(document, taken);
      if (found.length === 0) throw new ContractError('invalid_params', 'the plan holds no credential in clear');
      const moved = dedupe(found.map(({ env, value }) => ({ env, value })));
      ctx.store.environments.save({
        id: environmentId,
        name: environment.name,
        variables: [
          ...environment.variables.map((v) => ({ name: v.name, secret: v.secret })),
          ...moved.filter((m) => values[m.env] !== m.value).map((m) => ({ name: m.env, secret: true, value: m.value })),
        ],
      });
      const saved = await save(
        id,
        document,
        p.name,
        `moved ${found.length} credential${found.length === 1 ? '' : 's'} into the secrets of environment ${environment.name}`,
        baseRevision,
      );
      const replacements = new Map(moved.map((m) => [m.value, `\${env.${m.env}}`]));
      const rewritten = ctx.store.plans.rewriteHistory(id, (doc) => replaceStrings(doc, replacements));
      return {
        ...saved,
        moved: found.map(({ path, env }) => ({ path, env })),
        environment: { id: environmentId, name: environment.name },
        rewritten,
      };
    },
    'plans.previewImport': async (params) => {
      const { converted, analysis } = await convertImportOffThread(ctx.imports, params);
      return previewOf(converted, analysis.issues);
    },
    'plans.import': async ({ createEnvironment, ...params }) => {
      const { converted: c, analysis } = await convertImportOffThread(ctx.imports, params);
      const from = c.format === 'plan' ? params.fileName : `${params.fileName} (${formatName(c.format)})`;
      const plan = create(c.plan, c.plan.name, `imported from ${from}`, analysis);
      const environment = createEnvironment ? createImportEnvironment(store, createEnvironment.name, c) : null;
      // Made for this plan: the designer and the run form open on it (they start from the last one chosen).
      if (environment) store.settings.set('lastEnvironmentId', environment.id);
      return { ...plan, report: { format: c.format, notes: c.notes, variables: c.variables, environment } };
    },
    'plans.export': ({ id, ...params }) => {
      const p = get(id);
      return exportAs(p.document, p.name, params);
    },
  };
}

function summary(p: StoredPlanSummary): PlanSummary {
  return {
    id: p.id,
    name: p.name,
    revision: p.revision,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    valid: p.valid,
    scenarios: p.scenarios,
    requests: p.requests,
  };
}

function record(p: StoredPlan, issues: PlanRecord['issues']): PlanRecord {
  return { ...summary(p), document: p.document, issues, credentials: literalCredentials(p.document) };
}

function dedupe<T extends { env: string }>(list: readonly T[]): T[] {
  return [...new Map(list.map((x) => [x.env, x])).values()];
}
