/** The files a plan may read when the app runs it (a run, Try it, Validate, a data preview): see plan-file-access.ts. */
import type { PlanFileSource } from 'loadsmith';
import type { ServiceContext } from './context.ts';
import { appPlanFiles } from './plan-file-access.ts';
import { readSettings } from './settings.ts';

/** Attached files and the folders granted in the settings at this moment. */
export function runFiles(ctx: Pick<ServiceContext, 'store' | 'dataDir'>): PlanFileSource {
  return appPlanFiles({ dataDir: ctx.dataDir, grantedFolders: readSettings(ctx).grantedFolders });
}
