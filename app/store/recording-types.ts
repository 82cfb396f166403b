/** The recordings part of the store's API (see types.ts): recordings and their entries. */
import type { RecordedExchange } from 'loadsmith/convert';

export interface StoredRecording {
  id: string;
  name: string;
  status: 'recording' | 'stopped';
  source: 'proxy' | 'har';
  startedAt: string;
  stoppedAt: string | null;
  entryCount: number;
  /** How it was recorded (port, upstream proxy without credentials, insecure hosts, HAR file name). */
  options: unknown;
}

/** What an entry list shows; the URL has secret query values masked. */
export interface StoredEntrySummary {
  id: number;
  startedAt: string;
  durationMs: number;
  method: string;
  url: string;
  host: string;
  status: number;
  mimeType: string;
  type: string;
  size: number;
  redirectFrom: number | null;
  error: string | null;
  secret: boolean;
  truncated: boolean;
  /** A WebSocket session's messages, both ways; null for an HTTP entry. */
  messages: number | null;
}

export interface RecordingRepository {
  create(input: {
    id: string;
    name: string;
    source: 'proxy' | 'har';
    startedAt: string;
    status?: 'recording' | 'stopped';
    options?: unknown;
  }): StoredRecording;
  /** Marks a recording stopped (now); false when it was not recording. */
  stop(id: string): boolean;
  rename(id: string, name: string): StoredRecording | undefined;
  list(): StoredRecording[];
  get(id: string): StoredRecording | undefined;
  delete(id: string): boolean;
  /** Recordings a crash left `recording` become `stopped`. Returns how many. */
  markStopped(): number;
  /** Stores an entry: its summary in columns, the full exchange as JSON (encrypted when `summary.secret`). */
  addEntry(recordingId: string, summary: StoredEntrySummary, exchange: RecordedExchange): void;
  entries(recordingId: string): StoredEntrySummary[];
  entry(recordingId: string, entryId: number): { summary: StoredEntrySummary; exchange: RecordedExchange } | undefined;
  /** Every full exchange of a recording (decrypted), in id order. */
  exchanges(recordingId: string): RecordedExchange[];
}
