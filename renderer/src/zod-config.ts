/**
 * Imported first by main.tsx. zod's fast path probes `new Function('')`; under our CSP (no 'unsafe-eval') the
 * probe fails quietly but still reports a CSP violation, so the renderer runs zod jitless.
 */
import { config } from 'zod';

config({ jitless: true });
