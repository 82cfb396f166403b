/**
 * Checks: assertions on a response. They feed the `checks` metric and per-check pass counts;
 * a failing check never fails the request (as in k6).
 */
import { z } from 'zod';
import { Duration } from './common.ts';

const name = z
  .string()
  .min(1)
  .optional()
  .meta({ description: 'Label shown in the summary; derived from the check when omitted.' });
const regex = z.string().min(1).meta({ description: 'A regular expression (JavaScript syntax).' });

const StatusValue = z.union([
  z.int().min(100).max(599),
  z.array(z.int().min(100).max(599)).min(1),
  z.strictObject({ min: z.int().min(100).max(599), max: z.int().min(100).max(599) }),
  z.string().regex(/^[1-5]xx$/, { error: 'expected a status class such as 2xx' }),
]);

export const StatusCheck = z.strictObject({ status: StatusValue, name });
export const HeaderCheck = z.strictObject({
  header: z.string().min(1),
  exists: z.boolean().optional(),
  equals: z.string().optional(),
  contains: z.string().optional(),
  matches: regex.optional(),
  name,
});
export const JsonPathCheck = z.strictObject({
  jsonPath: z.string().min(1).meta({ description: 'A JSONPath into the JSON body, e.g. $.results[0].id' }),
  exists: z.boolean().optional(),
  equals: z.unknown().optional(),
  notEquals: z.unknown().optional(),
  gt: z.number().optional(),
  gte: z.number().optional(),
  lt: z.number().optional(),
  lte: z.number().optional(),
  contains: z.unknown().optional().meta({ description: 'Array contains the value, or string contains the text.' }),
  matches: regex.optional(),
  length: z.int().min(0).optional(),
  name,
});
export const BodyCheck = z.strictObject({
  body: z.strictObject({
    contains: z.string().optional(),
    notContains: z.string().optional(),
    matches: regex.optional(),
    equals: z.string().optional(),
  }),
  name,
});
export const DurationCheck = z.strictObject({
  duration: z.strictObject({ lt: Duration.optional(), lte: Duration.optional() }),
  name,
});

export const Check = z.union([StatusCheck, HeaderCheck, JsonPathCheck, BodyCheck, DurationCheck]).meta({ id: 'Check' });
export type Check = z.infer<typeof Check>;
