/** Errors crossing the contract: a code the UI can act on, a message for people, plan issues when relevant. */
import { z } from 'zod';
import { PlanIssue } from './common.ts';

export const ERROR_CODES = [
  'invalid_params',
  'invalid_result',
  'not_found',
  'conflict',
  'plan_invalid',
  'unsupported',
  'busy',
  'unknown_method',
  'unauthorized',
  'forbidden',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ErrorBody = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  issues: z.array(PlanIssue).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export class ContractError extends Error {
  readonly code: ErrorCode;
  readonly issues: PlanIssue[] | undefined;
  constructor(code: ErrorCode, message: string, issues?: PlanIssue[]) {
    super(message);
    this.name = 'ContractError';
    this.code = code;
    this.issues = issues;
  }
  toBody(): ErrorBody {
    return this.issues
      ? { code: this.code, message: this.message, issues: this.issues }
      : { code: this.code, message: this.message };
  }
}

/** What a call returns over any transport. */
export const Envelope = z.union([
  z.object({ ok: z.literal(true), result: z.unknown() }),
  z.object({ ok: z.literal(false), error: ErrorBody }),
]);
export type Envelope = { ok: true; result: unknown } | { ok: false; error: ErrorBody };
