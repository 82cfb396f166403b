/**
 * The dead-code check (knip; scripts/test runs `npx knip`): files nothing imports, exports nothing imports (an export
 * used in its own file only is not dead), and dependencies nothing uses or that are used without being declared.
 * Tests count as users. Entries are what starts code that no import reaches: the bins, the Electron shell, the
 * workers started by URL, the UI's page (Vite), scripts, benchmarks and tests. The runner package's `exports` are
 * its public surface, entries too. Production files end in `!` (test helpers and the build's engine/bundle are not):
 * `npx knip --production` also lists what only tests use (not a CI check: a test naming a limit is fine).
 */
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  ignoreExportsUsedInFile: true,
  // System tools (Debian packages), not npm packages: CPU pinning in the bench, XSD checks, FIFOs and certificates in
  // tests, symbol stripping of the single executable.
  ignoreBinaries: ['taskset', 'xmllint', 'mkfifo', 'openssl', 'strip'],
  // Loaded with createRequire by scripts/build-sea.ts (it has no types to import it with).
  ignoreDependencies: ['postject'],
  workspaces: {
    '.': {
      entry: [
        'app/main/main.ts!',
        'app/preload/preload.ts!',
        'app/server/launch.ts!',
        'app/services/import-worker/worker.ts!',
        'scripts/*.ts',
        'bench/**/*.ts',
        'tests/**/*.ts',
      ],
      project: [
        'app/**/*.ts!',
        'renderer/**/*.{ts,tsx}!',
        '!**/testing.ts!',
        'bin/**/*.js!',
        'scripts/**/*.ts',
        'bench/**/*.ts',
        'tests/**/*.ts',
      ],
    },
    engine: {
      entry: [
        'cli/package-entry.ts!',
        'cli/executable-entry.ts!',
        'cli/launch.ts!',
        'runtime/worker/main.ts!',
        '**/*.test.ts',
      ],
      project: ['**/*.ts!', '!**/testing.ts!', '!bundle/**!', 'bin/*.js!'],
    },
  },
};

export default config;
