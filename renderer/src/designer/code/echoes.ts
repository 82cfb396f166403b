/**
 * Tells an editor's own changes coming back as props (echoes) from changes made elsewhere. Typing fast, the
 * editor can be several keys ahead of React: the value prop may still be one it sent a few keys ago. Applying that
 * stale value would undo the newer keys (and scramble them when the next echo arrives), so values the editor sent
 * are remembered in order until they come back; anything else is an outside change and is applied.
 */
export class Echoes {
  private sent: string[] = [];

  /** The editor sent this value (the user typed). */
  sentValue(value: string): void {
    this.sent.push(value);
    if (this.sent.length > 500) this.sent.shift(); // a parent that never echoes must not grow this forever
  }

  /** A value prop arrived: true when it is one of ours coming back (skip it), false when it came from elsewhere. */
  isEcho(value: string): boolean {
    const i = this.sent.indexOf(value);
    if (i === -1) {
      this.sent = [];
      return false;
    }
    this.sent.splice(0, i + 1);
    return true;
  }
}
