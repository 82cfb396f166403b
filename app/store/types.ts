/**
 * The store's API as the services use it. app/store implements it on better-sqlite3; documents (plans,
 * summaries, ticks) are stored as JSON text and come back parsed.
 */
import type { RecordingRepository } from './recording-types.ts';

export type { RecordingRepository, StoredEntrySummary, StoredRecording } from './recording-types.ts';

export interface PlanStats {
  valid: boolean;
  scenarios: number;
  requests: number;
}

export interface StoredPlanSummary extends PlanStats {
  id: string;
  name: string;
  revision: number;
  createdAt: string;
  updatedAt: string;
}

export interface StoredPlan extends StoredPlanSummary {
  document: unknown;
}

export interface PlanRevisionRow {
  revision: number;
  savedAt: string;
  name: string;
  note: string | null;
  label: string | null;
}

export interface PlanRepository {
  list(): StoredPlanSummary[];
  get(id: string): StoredPlan | undefined;
  /** Revision 1 of a new plan. */
  create(input: { id: string; name: string; document: unknown; note?: string } & PlanStats): StoredPlan;
  /**
   * A new revision (every save is one). When `baseRevision` is given and is not the current revision,
   * throws StoreConflictError and changes nothing. With `coalesceWithinMs`, a save without a note replaces the
   * current revision when that one is also an unnamed, note-less save from less than that long ago (autosaves while
   * typing become one revision; the revision number still goes up, so the numbers in the history have gaps).
   */
  save(
    id: string,
    input: {
      name: string;
      document: unknown;
      note?: string;
      baseRevision?: number;
      coalesceWithinMs?: number;
    } & PlanStats,
  ): StoredPlan;
  delete(id: string): boolean;
  revisions(id: string): PlanRevisionRow[];
  revision(id: string, revision: number): (PlanRevisionRow & { document: unknown }) | undefined;
  /** Names a revision (null removes the name); false when there is no such revision. */
  labelRevision(id: string, revision: number, label: string | null): boolean;
  /**
   * Edits every stored revision of the plan and the plan snapshot of every run of it in place, in one transaction
   * (e.g. to take credentials out of the history): `fn` changes the document it gets and returns whether it did.
   * What it replaced is overwritten in the file, not left in free pages or the WAL.
   */
  rewriteHistory(id: string, fn: (doc: unknown) => boolean): { revisions: number; runs: number };
}

export interface StoredVariable {
  name: string;
  secret: boolean;
  value: string | null;
  hasValue: boolean;
}
export interface StoredEnvironment {
  id: string;
  name: string;
  updatedAt: string;
  variables: StoredVariable[];
}

export interface EnvironmentRepository {
  list(): StoredEnvironment[];
  get(id: string): StoredEnvironment | undefined;
  /**
   * Creates (no id) or replaces an environment's variables. A secret given without `value` keeps its stored
   * value; secret values are encrypted with the store's SecretCipher, never stored in clear.
   */
  save(input: {
    id?: string;
    name: string;
    variables: { name: string; secret?: boolean; value?: string }[];
  }): StoredEnvironment;
  delete(id: string): boolean;
  /** Every variable's value in clear (secrets decrypted), for starting a run. */
  values(id: string): Record<string, string>;
}

/** The statuses the runs table's CHECK allows. */
export const RUN_STATUSES = ['running', 'passed', 'failed', 'aborted', 'interrupted'] as const;
export type StoredRunStatus = (typeof RUN_STATUSES)[number];

export interface StoredRunRow {
  id: string;
  planId: string | null;
  planName: string;
  environment: string | null;
  /** A series tag (e.g. "http2"): repeats of one configuration, compared as mean ± sd. */
  label: string | null;
  status: StoredRunStatus;
  /** Why a finished run ended (its summary's stoppedBy: 'stopped' is a graceful stop); null while running. */
  stoppedBy: string | null;
  startedAt: string;
  endedAt: string | null;
  durationMs: number | null;
  overrides: unknown;
  key: unknown;
  error: string | null;
}

export interface StoredRun extends StoredRunRow {
  plan: unknown;
  summary: unknown;
  info: unknown;
}

export interface RunRepository {
  create(input: {
    id: string;
    planId: string | null;
    planName: string;
    environment: string | null;
    label?: string | null;
    plan: unknown;
    overrides: unknown;
    startedAt: string;
  }): void;
  /** Sets or clears a run's label. */
  setLabel(id: string, label: string | null): void;
  setInfo(id: string, info: unknown): void;
  /**
   * A point of the run's timeline (a tick, or several merged: app/services/run-samples.ts) at position `second`
   * (1-based), replacing what was there; enough to redraw every chart of the run later.
   */
  addSample(id: string, second: number, sample: unknown): void;
  /** Replaces every stored point of a run (positions 1..n), in one transaction: the timeline was compacted. */
  replaceSamples(id: string, samples: readonly unknown[]): void;
  finish(
    id: string,
    input: {
      status: StoredRunStatus;
      stoppedBy?: string | null;
      endedAt: string;
      durationMs: number | null;
      summary: unknown;
      key: unknown;
      error: string | null;
    },
  ): void;
  list(filter?: { planId?: string; limit?: number }): StoredRunRow[];
  get(id: string): StoredRun | undefined;
  samples(id: string): unknown[];
  delete(id: string): boolean;
  /** Runs left `running` by a crash become `interrupted` (samples kept). Returns how many. */
  markInterrupted(): number;
  /** Interrupted runs with stored samples and no summary yet: what recovery can sum up. */
  unsummarised(): string[];
  /**
   * Stores the summary rebuilt for an interrupted run (its status stays `interrupted`; a duration marks it summed up).
   * Returns false when the run is not an interrupted run without summary (another process did it first).
   */
  recover(id: string, input: { endedAt: string; durationMs: number; summary: unknown; key: unknown }): boolean;
}

export interface SettingsRepository {
  all(): Record<string, unknown>;
  set(key: string, value: unknown): void;
}

/** How secret values are protected at rest: Electron's safeStorage when available, else a local key file. */
export interface SecretCipher {
  readonly kind: 'safeStorage' | 'local-key';
  encrypt(text: string): Buffer;
  decrypt(data: Buffer): string;
}

export interface Store {
  readonly file: string;
  readonly plans: PlanRepository;
  readonly environments: EnvironmentRepository;
  readonly runs: RunRepository;
  readonly recordings: RecordingRepository;
  readonly settings: SettingsRepository;
  close(): void;
}

export class StoreConflictError extends Error {}
/** The database was written by a newer Loadsmith, or an applied migration was edited. The file is left untouched. */
export class StoreVersionError extends Error {}
