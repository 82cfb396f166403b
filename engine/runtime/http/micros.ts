/** A phase length in whole microseconds from a performance.now() difference in ms (negative clock skew: 0). */
export const us = (ms: number): number => (ms > 0 ? Math.round(ms * 1000) : 0);
