/** Help text and usage errors (exit code 1, no stack trace). */
export class UsageError extends Error {}

export const EXIT = { passed: 0, usage: 1, engineError: 103, interrupted: 105, thresholdsFailed: 99 } as const;

export const HELP = `loadsmith — design, record and run HTTP load-test plans

Usage:
  loadsmith run <plan> [options]       run a plan file (YAML or JSON)
  loadsmith validate <plan...>         check plan files (and their data files) without running them
  loadsmith report <summary.json> [--html FILE] [--junit FILE] [--text]
                                       regenerate the reports of a saved run (--summary-json); text when nothing else
                                       is asked for. Exit 0 once written, whatever the run's verdict; 1 if unreadable
  loadsmith compare <baseline.json> <other.json...> [--json]
                                       key metrics of saved runs side by side, with Δ and Δ% from the first
                                       (✓ better, ✗ worse; a --repeat file counts as its mean ± sd). Exit 0
  loadsmith merge <shard...> [-o run.json] [--html FILE] [--junit FILE] [-q]
                                       merge the shards of a distributed run (run --segment, or logs with --shard-log
                                       lines) exactly: counts summed, percentiles from merged histograms, thresholds
                                       evaluated again on the merged data. Exit codes as run (0, 99)
  loadsmith k8s <plan> --parallelism N [--image IMAGE] [--namespace NS] [--name NAME] [-e KEY=VALUE] [--secret NAME]
                [--start-at +2m] [--cpu N] [--memory SIZE] [-o DIR] [-- --vus N --duration D ...]
                                       a Kubernetes ConfigMap + Indexed Job running the plan in N segments (one pod
                                       each), and the commands to collect and merge their shards (docs/distributed.md)
  loadsmith breakpoint <plan> --sla "p(95)<500" [--sla "http_req_failed: rate<0.01"] [--start 10] [--max N]
                       [--step-duration 10s] [--cooldown 5s] [--precision 5%] [--max-vus 2000]
                                       the highest arrival rate meeting the SLAs (doubling, then bisecting)
  loadsmith demo [options]             start the bundled demo API and run plans/demo.yaml against it
  loadsmith demo-server [--port N]     serve the bundled demo API on 127.0.0.1 until Ctrl-C
  loadsmith schema [-o FILE]           print the plan JSON Schema
  loadsmith import <file> [--from curl|har|postman|openapi|vegeta] [-o plan.yaml] [--force] [--environment env.json]
                       [--base-url URL] [--rate N] [--duration D] [--skip-static] [--include-writes] [--shell bash|cmd] [-q]
                                       a plan from cURL commands, a HAR file, a Postman collection, an OpenAPI/Swagger
                                       document or Vegeta targets; what was not imported is reported on stderr.
                                       OpenAPI: operations that change state (DELETE, PUT, PATCH, creating POSTs) are
                                       left out unless --include-writes; with it, the plan changes only what it created
  loadsmith export <plan> --to k6|curl|har [-o FILE] [--force] [-e NAME=value] [--request NAME] [--shell bash|cmd]
                                       a k6 script, curl commands or a HAR file; what cannot be expressed is reported
  loadsmith ui [--port N] [--no-open]  the app in your browser (127.0.0.1, behind a token); see loadsmith ui --help
  loadsmith help | --version

Run options:
  --vus N                 number of VUs for every scenario (with --duration or --iterations: replaces the executor)
  --duration D            run every scenario as constant-vus for D (e.g. 30s, 1m30s)
  --iterations N          run every scenario as shared-iterations with N iterations in total
  --rate R                iterations per second for every scenario: sets constant-arrival-rate, scales ramping-arrival-rate;
                          with --duration, closed-model scenarios run as constant-arrival-rate at R
  -e, --env KEY=VALUE     set an environment variable for \${env.KEY} (repeatable)
  --summary-json FILE     write the machine-readable summary, with the per-second timeline (- for stdout)
  --html FILE             write the single-file HTML report (charts, tables; opens offline)
  --junit FILE            write JUnit XML for CI: a test case per threshold and per check
  --out FORMAT=FILE       stream one row per request to FILE: ndjson=FILE or csv=FILE (repeatable)
  --out KIND=URL          stream the metrics every second to prometheus-rw=URL, influxdb=URL (v1, database in the
                          path), influxdb2=URL or otlp=URL; credentials from the environment (docs/outputs.md)
  --repeat N              run the plan N times in a row and print mean ± sd, min and max of the key metrics;
                          --html/--junit/--out then write one file per repeat (report-1.html, ...) and
                          --summary-json one document with every repeat and the statistics
  --pause D               the pause between repeats (default 10s; 0s for none)
  --segment i/N           run only the i-th of N equal parts of the plan (numbered from 1), split as k6's execution
                          segments: VUs, iterations and arrivals exactly, none run twice; --summary-json then writes
                          the shard 'loadsmith merge' needs
  --execution-segment A:B k6's form: the segment from A to B (1/4:1/2, 25%:50%), with
  --execution-segment-sequence 0,A,B,...,1  the sequence all segments of the run share (default: the segment alone)
  --shard-log             with --segment: print the shard as one 'loadsmith-shard' line on stdout (for kubectl logs);
                          a failed threshold then exits 0, as the merged run decides
  --start-at TIME         wait until TIME (2025-03-01T10:00:00Z, or Unix seconds) before starting: segments on several
                          machines start together
  --workers N             worker threads (default: CPU cores - 1, at least 1)
  -q, --quiet             no progress line, only the summary
  --no-color              plain output
  --ignore-hangup         keep running when the terminal closes (SIGHUP) or the process that started loadsmith exits
                          (by default either stops the test gracefully, so a cancelled CI job leaves no load running)

Exit codes: 0 thresholds passed · 99 a threshold failed (with --repeat: in any repeat; merge: on the merged data) ·
            1 bad plan, usage, shards that cannot be merged, or a report file that cannot be written ·
            105 stopped (Ctrl-C, SIGTERM, SIGHUP, or the parent process gone) · 103 an internal error (a bug).
            The first stops gracefully (with --repeat: and skips the remaining repeats), the second at once;
            the summary and the reports are always written. Under npx, npm may exit first with 130 or 143
            (docs/reliability.md). More: docs/reports.md, docs/outputs.md, docs/distributed.md`;
