/** The plan library: a row per plan with its current revision; every create/save adds a row to plan_revisions. */
import { parseJson, toJson } from './codec.ts';
import type { RepoContext } from './context.ts';
import { scrubFreeSpace } from './free-space.ts';
import type { PlanRepository, PlanStats, StoredPlan, StoredPlanSummary } from './types.ts';
import { StoreConflictError } from './types.ts';

interface PlanRow {
  id: string;
  name: string;
  revision: number;
  valid: number;
  scenarios: number;
  requests: number;
  created_at: string;
  updated_at: string;
}
interface RevisionRow {
  revision: number;
  saved_at: string;
  name: string;
  note: string | null;
  label: string | null;
}

const revisionRow = (r: RevisionRow) => ({
  revision: r.revision,
  savedAt: r.saved_at,
  name: r.name,
  note: r.note,
  label: r.label,
});

const COLUMNS = 'p.id, p.name, p.revision, p.valid, p.scenarios, p.requests, p.created_at, p.updated_at';

const summary = (r: PlanRow): StoredPlanSummary => ({
  id: r.id,
  name: r.name,
  revision: r.revision,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  valid: r.valid === 1,
  scenarios: r.scenarios,
  requests: r.requests,
});

/** Plans on SQLite. Lists are ordered by name (case-insensitive); revisions newest first. */
export function planRepository({ db, now }: RepoContext): PlanRepository {
  const selectAll = db.prepare(`SELECT ${COLUMNS} FROM plans p ORDER BY p.name COLLATE NOCASE, p.id`);
  const selectOne = db.prepare(`SELECT ${COLUMNS}, r.document FROM plans p
    JOIN plan_revisions r ON r.plan_id = p.id AND r.revision = p.revision WHERE p.id = ?`);
  const selectRevision = db.prepare('SELECT revision FROM plans WHERE id = ?').pluck();
  const insertPlan =
    db.prepare(`INSERT INTO plans (id, name, revision, valid, scenarios, requests, created_at, updated_at)
    VALUES (@id, @name, 1, @valid, @scenarios, @requests, @at, @at)`);
  const updatePlan = db.prepare(`UPDATE plans SET name = @name, revision = @revision, valid = @valid,
    scenarios = @scenarios, requests = @requests, updated_at = @at WHERE id = @id`);
  const insertRevision = db.prepare(`INSERT INTO plan_revisions (plan_id, revision, name, document, note, saved_at)
    VALUES (@id, @revision, @name, @document, @note, @at)`);
  const deletePlan = db.prepare('DELETE FROM plans WHERE id = ?');
  const listRevisions = db.prepare(
    'SELECT revision, saved_at, name, note, label FROM plan_revisions WHERE plan_id = ? ORDER BY revision DESC',
  );
  const oneRevision = db.prepare(
    'SELECT revision, saved_at, name, note, label, document FROM plan_revisions WHERE plan_id = ? AND revision = ?',
  );
  const setLabel = db.prepare('UPDATE plan_revisions SET label = ? WHERE plan_id = ? AND revision = ?');
  const deleteRevision = db.prepare('DELETE FROM plan_revisions WHERE plan_id = ? AND revision = ?');
  const allDocuments = db.prepare('SELECT revision, document FROM plan_revisions WHERE plan_id = ?');
  const setDocument = db.prepare('UPDATE plan_revisions SET document = ? WHERE plan_id = ? AND revision = ?');
  const runPlans = db.prepare('SELECT id, plan FROM runs WHERE plan_id = ?');
  const setRunPlan = db.prepare('UPDATE runs SET plan = ? WHERE id = ?');

  const stats = (s: PlanStats) => ({ valid: s.valid ? 1 : 0, scenarios: s.scenarios, requests: s.requests });
  const get = (id: string): StoredPlan | undefined => {
    const row = selectOne.get(id) as (PlanRow & { document: string }) | undefined;
    if (!row) return undefined;
    return { ...summary(row), document: parseJson(row.document, `plan ${id} revision ${row.revision} document`) };
  };
  const mustGet = (id: string): StoredPlan => {
    const plan = get(id);
    if (!plan) throw new Error(`plan ${id} vanished while being saved`);
    return plan;
  };

  const create = db.transaction((input: Parameters<PlanRepository['create']>[0]): StoredPlan => {
    const at = now();
    const document = toJson(input.document, `plan ${input.id} document`);
    insertPlan.run({ id: input.id, name: input.name, ...stats(input), at });
    insertRevision.run({ id: input.id, revision: 1, name: input.name, document, note: input.note ?? null, at });
    return mustGet(input.id);
  });

  const save = db.transaction((id: string, input: Parameters<PlanRepository['save']>[1]): StoredPlan => {
    const current = selectRevision.get(id) as number | undefined;
    if (current === undefined) throw new Error(`no plan with id ${id}`);
    if (input.baseRevision !== undefined && input.baseRevision !== current) {
      throw new StoreConflictError(
        `plan ${id} is at revision ${current}, not ${input.baseRevision}: it was saved elsewhere in the meantime`,
      );
    }
    const at = now();
    const revision = current + 1;
    const document = toJson(input.document, `plan ${id} document`);
    if (input.coalesceWithinMs !== undefined && input.note === undefined) {
      const head = oneRevision.get(id, current) as (RevisionRow & { document: string }) | undefined;
      if (
        head &&
        head.note === null &&
        head.label === null &&
        Date.parse(at) - Date.parse(head.saved_at) < input.coalesceWithinMs
      )
        deleteRevision.run(id, current);
    }
    insertRevision.run({ id, revision, name: input.name, document, note: input.note ?? null, at });
    updatePlan.run({ id, revision, name: input.name, ...stats(input), at });
    return mustGet(id);
  });

  const rewrite = db.transaction((id: string, fn: (doc: unknown) => boolean): { revisions: number; runs: number } => {
    let revisions = 0;
    let runs = 0;
    for (const r of allDocuments.all(id) as { revision: number; document: string }[]) {
      const doc = parseJson(r.document, `plan ${id} revision ${r.revision} document`);
      if (fn(doc)) {
        setDocument.run(toJson(doc, `plan ${id} revision ${r.revision} document`), id, r.revision);
        revisions++;
      }
    }
    for (const r of runPlans.all(id) as { id: string; plan: string }[]) {
      const doc = parseJson(r.plan, `run ${r.id} plan`);
      if (fn(doc)) {
        setRunPlan.run(toJson(doc, `run ${r.id} plan`), r.id);
        runs++;
      }
    }
    return { revisions, runs };
  });

  return {
    rewriteHistory: (id, fn) => {
      const counts = rewrite.immediate(id, fn);
      scrubFreeSpace(db);
      return counts;
    },
    list: () => (selectAll.all() as PlanRow[]).map(summary),
    get,
    create: (input) => create.immediate(input),
    save: (id, input) => save.immediate(id, input),
    delete: (id) => deletePlan.run(id).changes > 0,
    revisions: (id) => (listRevisions.all(id) as RevisionRow[]).map(revisionRow),
    revision: (id, revision) => {
      const row = oneRevision.get(id, revision) as (RevisionRow & { document: string }) | undefined;
      return (
        row && { ...revisionRow(row), document: parseJson(row.document, `plan ${id} revision ${revision} document`) }
      );
    },
    labelRevision: (id, revision, label) => setLabel.run(label, id, revision).changes > 0,
  };
}
