/**
 * One save at a time, always of the latest document: an edit made while a save is in flight is saved right after
 * it, based on the revision that save produced (never on the old one, which would be a false conflict), and the
 * state says "saved" only when what the store holds is what the user sees.
 */
import { ContractError } from '../../../../app/contract/errors.ts';

export type SaveState =
  | { status: 'saved'; revision: number; at: Date | null }
  | { status: 'unsaved' | 'saving'; revision: number }
  | { status: 'error'; revision: number; message: string }
  | { status: 'conflict'; revision: number; message: string };

export type SaveFn = (doc: unknown, baseRevision: number) => Promise<{ revision: number }>;

export class SaveQueue {
  private saved: unknown;
  private latest: unknown;
  private revision: number;
  private inFlight = false;
  private blocked = false;
  private savedAt: Date | null = null;
  private readonly saveFn: SaveFn;
  private readonly report: (s: SaveState) => void;

  constructor(doc: unknown, revision: number, saveFn: SaveFn, report: (s: SaveState) => void) {
    this.saveFn = saveFn;
    this.report = report;
    this.saved = doc;
    this.latest = doc;
    this.revision = revision;
  }

  /** The document changed (not saved yet). */
  changed(doc: unknown): void {
    this.latest = doc;
    if (this.blocked || this.inFlight) return;
    // Undoing back to what is stored makes it saved again.
    this.report(
      doc === this.saved
        ? { status: 'saved', revision: this.revision, at: this.savedAt }
        : { status: 'unsaved', revision: this.revision },
    );
  }

  /** Save the latest document now (the caller debounces); a save in flight is followed by another when needed. */
  flush(): void {
    if (this.blocked || this.inFlight || this.latest === this.saved) return;
    const doc = this.latest;
    this.inFlight = true;
    this.report({ status: 'saving', revision: this.revision });
    this.saveFn(doc, this.revision).then(
      (rec) => {
        this.inFlight = false;
        this.saved = doc;
        this.revision = rec.revision;
        this.savedAt = new Date();
        if (this.latest === doc) this.report({ status: 'saved', revision: rec.revision, at: this.savedAt });
        else this.flush();
      },
      (e: unknown) => {
        this.inFlight = false;
        if (e instanceof ContractError && e.code === 'conflict') {
          this.blocked = true;
          this.report({ status: 'conflict', revision: this.revision, message: e.message });
        } else {
          this.report({ status: 'error', revision: this.revision, message: (e as Error).message });
        }
      },
    );
  }

  /** After a reload from the store: this document at this revision is what is saved; saving resumes. */
  reset(doc: unknown, revision: number): void {
    this.saved = doc;
    this.latest = doc;
    this.revision = revision;
    this.blocked = false;
    this.savedAt = new Date();
    this.report({ status: 'saved', revision, at: this.savedAt });
  }
}
