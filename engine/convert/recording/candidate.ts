/** A value a recorded response produced that a later request may send back, and how to extract it again. */
import type { Extractor } from '../../plan/schema/index.ts';
import type { SourceKind } from './kinds.ts';

export interface Candidate {
  value: string;
  where: SourceKind;
  /** JSON path, header, cookie or input name, or the URL part. */
  name: string;
  extractor: Extractor;
  /** A name for the variable, before making it unique. */
  hint: string;
  /** A source that is a token by its nature (CSRF input, cookie, field named token). */
  strong: boolean;
}
