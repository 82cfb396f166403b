/**
 * Try it on a WebSocket session: the back end's Validate run on a plan holding only that session, as one VU's one
 * iteration. The plan keeps the defaults (base URL, headers, TLS) and variables, and gets the variables of the last
 * Try it or Validate as plan variables, so the session reads what earlier steps extracted, as a tried request does.
 * Setup and teardown are left out (nothing else is sent); thresholds too. Pure: tested beside it.
 */
import { getIn, type Doc, type Path } from '../../core/doc-path.ts';
import { objectOf, planOf, stepAt } from '../../core/doc/index.ts';
import type { Selection } from '../../core/selection.ts';
import type { Variables } from '../format.ts';

/** The one scenario of the plan sent (the trace comes back with its path; the caller puts the real one back). */
const TRIED_SCENARIO = 'try';

/** The plan to validate for a Try it of the session at `path`. */
export function sessionTryDocument(doc: Doc, path: Path, variables: Readonly<Variables>): unknown {
  const {
    thresholds: _thresholds,
    setup: _setup,
    teardown: _teardown,
    scenarios: _scenarios,
    variables: own,
    ...rest
  } = planOf(doc);
  const vars = { ...objectOf(own), ...variables };
  return {
    ...rest,
    ...(Object.keys(vars).length > 0 ? { variables: vars } : {}),
    scenarios: { [TRIED_SCENARIO]: { executor: 'per-vu-iterations', steps: [getIn(doc, path)] } },
  };
}

/** The selected step's path when it is a WebSocket session, else null. */
export function selectedSessionPath(doc: Doc, selection: Selection): Path | null {
  if (selection.kind !== 'step') return null;
  const step = stepAt(doc, selection.path);
  return step && 'websocket' in step ? selection.path : null;
}
