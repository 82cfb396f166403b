/**
 * Extractions: values taken from a response into VU-scoped variables, used later as `${name}`.
 * A failed extraction is counted and reported; it is never fatal. Variables keep their value
 * across iterations of the same VU until a later extraction replaces it.
 */
import { z } from 'zod';

const fallback = z
  .unknown()
  .optional()
  .meta({ description: 'Value to use when nothing matches (then it does not count as failed).' });

export const Extractor = z
  .union([
    z.strictObject({
      jsonPath: z.string().min(1),
      all: z.boolean().optional().meta({ description: 'Keep every match as a list instead of the first.' }),
      default: fallback,
    }),
    z.strictObject({ header: z.string().min(1), default: fallback }),
    z.strictObject({
      regex: z.string().min(1),
      group: z
        .int()
        .min(0)
        .optional()
        .meta({ description: 'Capture group; default 1 (or 0 when the regex has none).' }),
      from: z.enum(['body', 'headers', 'url']).optional(),
      default: fallback,
    }),
    z.strictObject({
      boundary: z.strictObject({ left: z.string().min(1), right: z.string().min(1) }),
      from: z.enum(['body', 'headers']).optional(),
      default: fallback,
    }),
    z.strictObject({ cookie: z.string().min(1), default: fallback }),
  ])
  .meta({ id: 'Extractor' });
export type Extractor = z.infer<typeof Extractor>;
