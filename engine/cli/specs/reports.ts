/** `loadsmith report`, `compare` and `merge`: what is done with the --summary-json of runs. */
import { defineCommand } from '../spec.ts';
import { RUN_OPTIONS } from './run.ts';

const { color } = RUN_OPTIONS;

export const reportSpec = defineCommand({
  name: 'report',
  summary: 'regenerate the reports of a saved run (its --summary-json)',
  description:
    "Regenerates the reports of a saved run from its --summary-json (which carries the per-second timeline the HTML charts need); the text summary when nothing else is asked for. A run --repeat document gives one file per repeat. Exit 0 once written, whatever the run's verdict; 1 if the file cannot be read.",
  operands: [{ name: 'summary.json', help: "a run's --summary-json", required: true, file: 'any' }],
  options: {
    html: { type: 'string', value: 'FILE', file: true, help: 'write the HTML report' },
    junit: { type: 'string', value: 'FILE', file: true, help: 'write JUnit XML' },
    text: { type: 'boolean', help: 'print the text summary too' },
    color,
  },
  examples: [
    ['loadsmith report run.json', 'the text summary again'],
    ['loadsmith report run.json --html report.html --junit junit.xml', 'the HTML report and JUnit XML'],
  ],
  notes: 'More: docs/reports.md',
});

export const compareSpec = defineCommand({
  name: 'compare',
  summary: 'key metrics of saved runs side by side, with Δ from the first',
  description:
    'Puts the key metrics of saved runs (their --summary-json) side by side, each after the first with its change from it (Δ and Δ%), marked ✓ better or ✗ worse. A run --repeat document counts as its mean ± sd. Exit 0: it reports, it does not judge.',
  operands: [
    { name: 'baseline', help: 'the --summary-json of the run to compare with', required: true, file: 'any' },
    {
      name: 'run',
      help: 'the --summary-json of each run compared with it',
      required: true,
      variadic: true,
      file: 'any',
    },
  ],
  options: {
    json: { type: 'boolean', help: 'the comparison as JSON' },
    color,
  },
  examples: [
    ['loadsmith compare baseline.json http2.json', 'what changed from the baseline'],
    ['loadsmith compare monday.json tuesday.json wednesday.json --json', 'for a script'],
  ],
  notes: 'More: docs/reports.md',
});

export const mergeSpec = defineCommand({
  name: 'merge',
  summary: 'merge the shards of a distributed run, exactly',
  description:
    'Merges the shards of a distributed run (run --segment with --summary-json, or logs holding --shard-log lines) exactly: counts summed, percentiles from merged histograms, thresholds evaluated again on the merged data. Exit codes as run (0, 99); 1 when the shards cannot be merged.',
  operands: [
    {
      name: 'shard',
      help: 'shard files or logs with loadsmith-shard lines',
      required: true,
      variadic: true,
      file: 'any',
    },
  ],
  options: {
    output: {
      type: 'string',
      short: 'o',
      value: 'FILE',
      file: true,
      help: 'write the merged summary JSON (- for stdout)',
    },
    html: { type: 'string', value: 'FILE', file: true, help: 'write the HTML report' },
    junit: { type: 'string', value: 'FILE', file: true, help: 'write JUnit XML' },
    quiet: { type: 'boolean', short: 'q', help: 'no text summary' },
    color,
  },
  examples: [
    ['loadsmith merge shard-*.json -o run.json --html report.html', 'shards written with --summary-json'],
    [
      'kubectl logs -l job-name=NAME --tail=-1 > shards.log && loadsmith merge shards.log',
      'shards printed with --shard-log',
    ],
  ],
  notes: 'More: docs/distributed.md',
});
