/** A file a plan names cannot be read, or may not be: the message says which file, why, and what to do. */
export class PlanFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PlanFileError';
  }
}
