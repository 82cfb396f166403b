/** What the JMeter import builds while it walks a test plan's tree (walk.ts, controllers.ts): its state and scope. */
import type { Request } from '../../plan/schema/index.ts';
import type { DraftRequest, Notes } from '../draft.ts';
import type { Think } from './checks.ts';
import type { SamplerScope } from './sampler.ts';

export interface Scope extends SamplerScope {
  think: Think[];
}

export interface Build {
  drafts: DraftRequest[];
  /** Placeholder request -> index of its draft. */
  placeholders: Map<Request, number>;
  notes: Notes;
  /** Variables conditions read: JMeter reads an unset one as text, so the plan declares them (see import.ts). */
  conditionVars: Set<string>;
  /** The cookie policy of the Cookie Managers met (undefined: none, so JMeter sends no cookies). */
  cookies?: 'iteration' | 'vu';
}
