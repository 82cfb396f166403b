/** Building blocks shared by the plan schema: durations, names, templated strings, header maps. */
import { z } from 'zod';
import { DURATION_LIMIT_HINT, DURATION_PATTERN, overDurationLimit } from '../../base/duration.ts';
import { SIZE_PATTERN } from '../../base/size.ts';

const DURATION_HINT = 'expected a duration such as 500ms, 30s or 1m30s';

/** A duration kept as written (`30s`); the runtime converts it to milliseconds. */
export const Duration = z
  .string({ error: DURATION_HINT })
  .regex(new RegExp(DURATION_PATTERN), { error: DURATION_HINT })
  .refine((text) => !overDurationLimit(text), { error: `expected ${DURATION_LIMIT_HINT}` })
  .meta({
    id: 'Duration',
    description: 'A duration: 500ms, 30s, 1m30s, 2h (0 for none), at most 720h (30 days).',
    examples: ['500ms', '30s', '1m30s'],
  });

/** A byte size: a number of bytes or text with a unit (64kb, 10MB). */
export const Size = z
  .union([
    z.int().min(0),
    z.string().regex(new RegExp(SIZE_PATTERN), { error: 'expected a size such as 512, 64kb or 10MB' }),
  ])
  .meta({ description: 'A size in bytes, or with a unit: 64kb, 10MB.' });

/** A string that may contain `${...}` expressions (checked when the plan is validated). */
export const Template = z.string().meta({ description: 'Text; may contain ${...} expressions.' });

/** A scalar value that may be templated when it is a string. */
export const Scalar = z.union([z.string(), z.number(), z.boolean()]);

export const NAME_PATTERN = '^[A-Za-z0-9_-]+$';
export const scenarioName = z.string().regex(new RegExp(NAME_PATTERN), {
  error: 'scenario names may contain letters, digits, _ and - only',
});

/** Names that templates resolve themselves and so cannot be user variables. */
export const RESERVED_NAMES = ['vu', 'iter', 'scenario', 'env', 'data'] as const;
export const VARIABLE_PATTERN = '^[A-Za-z_][A-Za-z0-9_]*$';
export const variableName = z
  .string()
  .regex(new RegExp(VARIABLE_PATTERN), {
    error: 'variable names start with a letter or _ and contain letters, digits and _',
  })
  .refine((n) => !(RESERVED_NAMES as readonly string[]).includes(n), {
    error: `this name is reserved (${RESERVED_NAMES.join(', ')})`,
  });

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** HTTP headers: name -> value (templated). */
export const Headers = z
  .record(
    z.string().regex(HEADER_NAME, { error: 'not a valid HTTP header name' }),
    z.union([z.string(), z.number(), z.boolean()]),
  )
  .meta({ description: 'HTTP headers: name -> value. Values may contain ${...}.' });

/** Free-form tags attached to metrics (k6 tags). */
export const Tags = z.record(
  z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { error: 'tag names contain letters, digits and _' }),
  z.string(),
);

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

/** Expected statuses: single codes or inclusive ranges. A response outside them counts in http_req_failed. */
export const StatusSet = z
  .array(
    z.union([
      z.int().min(100).max(599),
      z.strictObject({ min: z.int().min(100).max(599), max: z.int().min(100).max(599) }),
    ]),
  )
  .min(1);

/** What a failed request (transport error or failed status), failed check or failed extraction does next. */
export const FAILURE_POLICIES = ['continue', 'endIteration', 'stopVU'] as const;
export const OnFailure = z.enum(FAILURE_POLICIES).meta({
  description:
    'After a failed request (transport error or failed status), check or extraction: continue (default), endIteration ' +
    '(the next iteration starts; k6 fail(), JMeter Start Next Thread Loop), or stopVU (this VU runs no more iterations; Gatling ' +
    'exitHereIfFailed, JMeter Stop Thread). Under arrival-rate executors, whose VUs are pooled, stopVU ends the iteration.',
});
export type OnFailure = z.infer<typeof OnFailure>;
