/** `loadsmith import` and `loadsmith export`: plans from cURL, HAR, Postman, OpenAPI, Vegeta and JMeter; k6, curl and HAR from plans. */
import { EXPORT_FORMATS, IMPORT_FORMATS, SHELLS } from '../../convert/types.ts';
import { defineCommand } from '../spec.ts';

export const importSpec = defineCommand({
  name: 'import',
  summary: 'a plan from cURL commands, HAR, Postman, OpenAPI, Vegeta targets or a JMeter .jmx',
  description:
    'Converts FILE (- for stdin) to a plan, validated, on stdout or -o FILE; what was not imported, and the secrets moved to environment variables, are reported on stderr. OpenAPI: operations that change state (DELETE, PUT, PATCH, creating POSTs) are left out unless --include-writes; with it, the plan changes only what it created.',
  operands: [{ name: 'file', help: 'what to import (- for stdin)', required: true, file: 'any' }],
  options: {
    from: { type: 'string', value: 'FORMAT', choices: IMPORT_FORMATS, help: 'the format, when detection cannot tell' },
    output: { type: 'string', short: 'o', value: 'FILE', file: true, help: 'write the plan to FILE instead of stdout' },
    force: { type: 'boolean', help: 'replace FILE when it exists' },
    name: { type: 'string', value: 'NAME', help: "the plan's name" },
    environment: {
      type: 'string',
      value: 'FILE',
      file: true,
      help: 'a Postman environment whose variables the collection uses',
    },
    'base-url': {
      type: 'string',
      value: 'URL',
      help: "OpenAPI: the base URL when the document's server is relative or missing (default http://localhost)",
    },
    rate: { type: 'string', value: 'N', help: 'Vegeta: requests per second for all targets (default 50)' },
    duration: { type: 'string', value: 'D', help: 'Vegeta: how long (default 30s)' },
    'skip-static': { type: 'boolean', help: 'HAR: leave out images, scripts, styles and fonts' },
    'include-writes': { type: 'boolean', help: 'OpenAPI: include the operations that change state' },
    shell: {
      type: 'string',
      value: 'SHELL',
      choices: SHELLS,
      help: 'cURL: how the commands are quoted, when detection cannot tell',
    },
    quiet: { type: 'boolean', short: 'q', help: 'no report on stderr' },
  },
  examples: [
    ['loadsmith import requests.sh -o plan.yaml', 'cURL commands (format detected from the content)'],
    ['loadsmith import api.har --skip-static -o plan.yaml', 'a browser session saved as HAR'],
    [
      'loadsmith import collection.json --environment staging.postman_environment.json -o plan.yaml',
      'a Postman collection',
    ],
    [
      'loadsmith import openapi.yaml --base-url https://staging.example.com -o plan.yaml',
      'an OpenAPI/Swagger document',
    ],
    ['loadsmith import targets.txt --from vegeta --rate 200 --duration 1m -o plan.yaml', 'Vegeta targets'],
    ['loadsmith import shop.jmx -o plan.yaml', 'a JMeter test plan (scripts in it are reported, never run)'],
  ],
  notes: 'More: docs/import-export.md',
});

export const exportSpec = defineCommand({
  name: 'export',
  summary: 'a k6 script, curl commands or a HAR file from a plan',
  description:
    'Writes the plan (validated first) as a k6 script, curl commands or a HAR file, to stdout or -o FILE; what the format cannot express is reported on stderr. curl keeps ${env.NAME} as shell variables unless values are given with -e.',
  operands: [{ name: 'plan', help: 'the plan file', required: true, file: 'plan' }],
  options: {
    to: { type: 'string', value: 'FORMAT', choices: EXPORT_FORMATS, help: 'the format to write (required)' },
    output: { type: 'string', short: 'o', value: 'FILE', file: true, help: 'write to FILE instead of stdout' },
    force: { type: 'boolean', help: 'replace FILE when it exists' },
    env: {
      type: 'string',
      short: 'e',
      multiple: true,
      value: 'NAME=value',
      help: 'curl, HAR: the value of ${env.NAME} (repeatable)',
    },
    request: { type: 'string', value: 'NAME', help: 'only the request of that name' },
    shell: { type: 'string', value: 'SHELL', choices: SHELLS, help: 'curl: quote for this shell (default bash)' },
    quiet: { type: 'boolean', short: 'q', help: 'no report on stderr' },
  },
  examples: [
    ['loadsmith export plan.yaml --to k6 -o script.js', 'then: k6 run script.js'],
    [
      'loadsmith export plan.yaml --to curl --request "List users" -e BASE_URL=http://127.0.0.1:3000',
      'one request as a curl command',
    ],
    ['loadsmith export plan.yaml --to har -o plan.har', 'for tools that read HAR'],
  ],
  notes: 'More: docs/import-export.md',
});
