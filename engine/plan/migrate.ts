/**
 * Plan format versions. Every plan states `version`; older versions are migrated step by step to the current
 * one, newer ones are refused (an old Loadsmith must not half-understand a new plan). See README.md here.
 */
import type { PlanIssue } from './errors.ts';
import { PLAN_VERSION } from './schema/index.ts';

type Doc = Record<string, unknown>;

/** MIGRATIONS[n] turns a version-n document into a version n+1 document. None yet: version 1 is the first. */
const MIGRATIONS: Readonly<Record<number, (doc: Doc) => Doc>> = {};

export function migrate(value: unknown): { doc: unknown; issues: PlanIssue[] } {
  if (value === null || value === undefined) {
    return {
      doc: value,
      issues: [
        {
          path: [],
          message: `the plan is empty: a plan is a mapping with version, name and scenarios (start it with 'version: ${PLAN_VERSION}')`,
        },
      ],
    };
  }
  if (typeof value !== 'object' || Array.isArray(value)) {
    return { doc: value, issues: [{ path: [], message: 'a plan is a mapping with version, name and scenarios' }] };
  }
  let doc = value as Doc;
  const version = doc.version;
  if (version === undefined)
    return {
      doc,
      issues: [{ path: ['version'], message: `is required: start the plan with 'version: ${PLAN_VERSION}'` }],
    };
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    return { doc, issues: [{ path: ['version'], message: `must be a whole number such as ${PLAN_VERSION}` }] };
  }
  if (version > PLAN_VERSION) {
    return {
      doc,
      issues: [
        {
          path: ['version'],
          message: `this plan uses format version ${version}, but this Loadsmith reads up to version ${PLAN_VERSION}: upgrade Loadsmith`,
        },
      ],
    };
  }
  for (let v = version; v < PLAN_VERSION; v++) {
    const step = MIGRATIONS[v];
    if (!step) return { doc, issues: [{ path: ['version'], message: `no migration from version ${v}` }] };
    doc = { ...step(doc), version: v + 1 };
  }
  return { doc, issues: [] };
}
