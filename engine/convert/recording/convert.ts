/**
 * A recording -> a plan: the chosen entries as request steps (redirect chains followed by the engine), browser
 * noise left out, cookies left to the cookie jar, groups and think times from how the user browsed, correlations
 * applied as extractions plus `${variable}` uses, accepted typed values made unique, checks that the application
 * did what the user saw (recording/checks.ts), and credentials moved to `${env.NAME}` (buildPlan's secrets pass).
 */
import type { Plan } from '../../plan/schema/index.ts';
import { buildPlan } from '../build-plan.ts';
import { Notes, type DraftRequest } from '../draft.ts';
import { ConvertError, type ConvertNote } from '../types.ts';
import { findCorrelations, type Correlation } from './correlate.ts';
import { stepDrafts, type DraftOptions } from './drafts.ts';
import { pace, type PacingOptions } from './groups.ts';
import { hoistConnection } from './hoist-http.ts';
import { webSocketSecrets } from './secrets.ts';
import { endsInRedirect, isSubmission, recordedSteps, type RecordedStep, type StepSelection } from './steps.ts';
import { headerValue, type RecordedExchange } from './types.ts';
import { isWebSocket, replaceWebSocketRequests } from './websocket-sessions.ts';
import { applyUniqueValues, findUniqueValues, type UniqueValue } from './unique-values.ts';
import { replaceUses } from './uses.ts';

export interface RecordingConvertOptions extends PacingOptions, DraftOptions, StepSelection {
  name: string;
  description?: string;
  /** The correlations to apply, by id (from a previous call); default: every one found. */
  accept?: readonly string[];
  /** The typed values to make unique, by id (from a previous call); default: the suggested ones. */
  unique?: readonly string[];
}

export interface AppliedCorrelation extends Correlation {
  applied: boolean;
}
export interface AppliedUniqueValue extends UniqueValue {
  applied: boolean;
}

export interface RecordingConversion {
  /** Valid (buildPlan checks it with the plan validator). */
  plan: Plan;
  /** Environment variables the plan reads (secrets moved out of it, BASE_URL). */
  env: string[];
  notes: ConvertNote[];
  correlations: AppliedCorrelation[];
  /** Typed values of form submissions that can be made unique on every iteration. */
  uniqueValues: AppliedUniqueValue[];
  /** How many request steps the plan has. */
  steps: number;
}

export function convertRecording(
  exchanges: readonly RecordedExchange[],
  o: RecordingConvertOptions,
): RecordingConversion {
  const notes = new Notes();
  // A handshake in its http(s) form is a request like any other until the plan is built (then it is a session).
  const http = exchanges.map((x) => (/^wss?:/i.test(x.url) ? { ...x, url: x.url.replace(/^ws/i, 'http') } : x));
  const steps = recordedSteps(http, o);
  if (steps.length === 0) {
    throw new ConvertError(
      'no entries to convert: select at least one request (static assets are left out when skipStatic is on)',
    );
  }
  const skipped = o.skipStatic ? recordedSteps(http, { ...o, skipStatic: false }).length - steps.length : 0;
  if (skipped > 0)
    notes.add(
      'info',
      'recording',
      `${skipped} static asset${skipped === 1 ? '' : 's'} (scripts, styles, images, fonts, media) left out as asked`,
    );
  const plain = stepDrafts(steps, o, new Notes());
  const found = findCorrelations(steps, plain);
  const typed = findUniqueValues(steps, plain);
  const accepted = o.accept === undefined ? undefined : new Set(o.accept);
  const unknown = [
    ...(o.accept?.filter((id) => !found.some((c) => c.id === id)).map((id) => `correlation ${id}`) ?? []),
    ...(o.unique?.filter((id) => !typed.some((u) => u.id === id)).map((id) => `unique value ${id}`) ?? []),
  ];
  if (unknown.length > 0) {
    throw new ConvertError(
      `${unknown.join(', ')} is not one this selection produces (the entries or options changed since it was proposed): propose again and accept from the new list`,
    );
  }
  const correlations = found.map((c) => ({ ...c, applied: accepted === undefined || accepted.has(c.id) }));
  const uniqueValues = typed.map((u) => ({
    ...u,
    applied: o.unique === undefined ? u.suggested : o.unique.includes(u.id),
  }));
  let drafts = applyCorrelations(
    steps,
    stepDrafts(steps, o, notes),
    correlations.filter((c) => c.applied),
  );
  drafts = applyUniqueValues(
    steps,
    drafts,
    uniqueValues.filter((u) => u.applied),
  );
  drafts = paced(steps, drafts, exchanges, o);
  steps.forEach((s, i) => redirectNotes(s, steps[i + 1], drafts[i]!.where, notes));
  for (const u of uniqueValues.filter((x) => x.applied)) {
    notes.add(
      'info',
      `entry ${u.entryId}`,
      `the typed value of field ${u.field} is unique on every iteration (${u.replacement}), so the application does not refuse it as a duplicate`,
    );
  }
  for (const c of correlations.filter((x) => x.applied)) {
    notes.add(
      'info',
      `entry ${c.source.entryId}`,
      `correlation: ${c.variable} extracted from the ${describeSource(c)}, used by entr${c.uses.length === 1 ? 'y' : 'ies'} ${[...new Set(c.uses.map((u) => u.entryId))].join(', ')}`,
    );
  }
  const built = buildPlan(drafts, {
    name: o.name,
    notes,
    description: o.description ?? `Recorded with Loadsmith: ${steps.length} request${steps.length === 1 ? '' : 's'}`,
    knownSecrets: webSocketSecrets(steps.map((s) => s.first)),
    reshape: (plan) =>
      replaceWebSocketRequests(
        plan,
        steps.map((s) => (isWebSocket(s.first) ? s.first : undefined)),
        notes,
      ),
  });
  return {
    plan: hoistConnection(built.plan),
    env: built.env,
    notes: notes.list,
    correlations,
    uniqueValues,
    steps: steps.length,
  };
}

function redirectNotes(s: RecordedStep, next: RecordedStep | undefined, where: string, notes: Notes): void {
  if (s.chain.length > 1)
    notes.add(
      'info',
      where,
      `${s.chain.length - 1} redirect${s.chain.length === 2 ? '' : 's'} (entries ${s.chain
        .slice(1)
        .map((c) => c.id)
        .join(', ')}) followed by the engine, as the browser did`,
    );
  if (isSubmission(s.first) && endsInRedirect(s) && next?.first.redirectFrom === s.first.id) {
    notes.add(
      'info',
      where,
      `the submission's redirect (${s.last.status} to ${headerValue(s.last.responseHeaders, 'location') ?? '?'}) is checked, not followed: an application that refuses it (a wrong password, a duplicate name) answers with the form again and fails the check; the page it led to (entry ${next.first.id}) is the next request`,
    );
  }
}

/** Longest values first, so a token is replaced whole before any shorter value inside it. */
function applyCorrelations(
  steps: readonly RecordedStep[],
  drafts: DraftRequest[],
  list: readonly Correlation[],
): DraftRequest[] {
  const out = [...drafts];
  for (const c of [...list].sort((a, b) => b.value.length - a.value.length)) {
    const at = steps.findIndex((s) => s.last.id === c.source.entryId);
    if (at < 0) continue;
    out[at] = { ...out[at]!, extract: { ...out[at]!.extract, [c.variable]: c.source.extractor } };
    for (let j = at + 1; j < out.length; j++) out[j] = replaceUses(out[j]!, c.value, c.variable).draft;
  }
  return out;
}

function paced(
  steps: readonly RecordedStep[],
  drafts: DraftRequest[],
  all: readonly RecordedExchange[],
  o: PacingOptions,
): DraftRequest[] {
  const pacing = pace(steps, all, o);
  return drafts.map((d, i) => {
    const p = pacing[i]!;
    const out: DraftRequest = { ...d };
    if (p.group) out.group = [p.group];
    if (p.thinkBefore) out.thinkBefore = p.thinkBefore;
    return out;
  });
}

export function describeSource(c: Pick<Correlation, 'source'>): string {
  const s = c.source;
  switch (s.where) {
    case 'json':
      return `JSON field ${s.name} of entry ${s.entryId}`;
    case 'header':
      return `header ${s.name} of entry ${s.entryId}`;
    case 'set-cookie':
      return `cookie ${s.name} set by entry ${s.entryId}`;
    case 'html-input':
      return `hidden input ${s.name} of entry ${s.entryId}`;
    case 'html-meta':
      return `meta tag ${s.name} of entry ${s.entryId}`;
    case 'location':
      return s.name === 'Location header'
        ? `Location header of entry ${s.entryId} (where its redirect went)`
        : `${s.name} of the URL entry ${s.entryId} redirected to`;
  }
}
