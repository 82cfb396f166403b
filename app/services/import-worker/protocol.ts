/**
 * The import worker's messages: a job (what to convert) with an id, and its answer. Results travel by structured
 * clone (plans, notes, maps of values, recorded exchanges: plain data); a contract error keeps its code and issues.
 */
import { z } from 'zod';
import { ErrorBody } from '../../contract/errors.ts';

export const IMPORT_JOBS = ['plan-import', 'har-recording', 'plan-analysis'] as const;
export type ImportJob = (typeof IMPORT_JOBS)[number];

/** What the worker posts once its modules are loaded. */
export const READY = 'ready';

export const JobMessage = z.object({ id: z.int(), job: z.enum(IMPORT_JOBS), params: z.unknown() });
export type JobMessage = z.infer<typeof JobMessage>;

export const AnswerMessage = z.union([
  z.object({ id: z.int(), ok: z.literal(true), result: z.unknown() }),
  /** `contract`: a ContractError to throw again as it was; otherwise an unexpected error's message. */
  z.object({ id: z.int(), ok: z.literal(false), contract: ErrorBody.optional(), message: z.string() }),
]);
export type AnswerMessage = z.infer<typeof AnswerMessage>;
