/**
 * `loadsmith/outputs` — the streaming outputs a run may send metrics to, as the user names them (kind and URL), and
 * the check of one. Browser-safe: the run dialog checks them as the user types. The senders are not here.
 */
export * from '../outputs/kinds.ts';
