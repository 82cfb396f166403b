/**
 * The script's `default` function. `k6 run --vus 10 --duration 30s script.js` (or `--iterations`) replaces the
 * `scenarios` of `options` with one scenario that runs `default`, as for any k6 script; without it k6 stops with
 * "function 'default' not found in exports". It runs what `loadsmith run --vus/--duration` runs for the same plan:
 * the plan's one scenario, or, with several, every scenario at once. Loadsmith gives each scenario the VUs asked
 * for; k6 has one pool, so its VUs take the scenarios in turn (VU 1 the first, VU 2 the second...).
 */
import type { Plan } from '../../plan/schema/index.ts';
import { scenarioFunction } from './options.ts';
import type { Script } from './script.ts';

export interface DefaultFunction {
  code: string;
  header: string[];
}

/** `data`: the parameter setup()'s data comes in, or '' without setup. */
export function defaultFunction(plan: Plan, s: Script, data: string): DefaultFunction {
  const names = Object.keys(plan.scenarios);
  if (names.length === 1) {
    return {
      code: `// \`k6 run --vus N --duration D\` runs this instead of options.scenarios.\nexport default ${s.async ? 'async ' : ''}function (${data}) {\n  ${s.async ? 'await ' : ''}${scenarioFunction(names[0]!)}(${data});\n}`,
      header: [
        `// With --vus/--duration (or --iterations), k6 runs the default function: the scenario "${names[0]}", as \`loadsmith run --vus/--duration\` does.`,
      ],
    };
  }
  s.exec = true;
  return {
    code: [
      '// `k6 run --vus N --duration D` runs this instead of options.scenarios: each VU runs one scenario, in turn.',
      `export default ${s.async ? 'async ' : ''}function (${data}) {`,
      `  ${s.async ? 'await ' : ''}[${names.map(scenarioFunction).join(', ')}][(exec.vu.idInTest - 1) % ${names.length}](${data});`,
      '}',
    ].join('\n'),
    header: [
      `// With --vus/--duration (or --iterations), k6 runs the default function: every scenario at once (${names.map((n) => `"${n}"`).join(', ')}),`,
      `// as \`loadsmith run --vus N --duration D\` does. Loadsmith gives each scenario N VUs; k6's VUs take the scenarios in turn`,
      `// (VU 1 "${names[0]}", VU 2 "${names[1]}"...), so \`k6 run --vus ${names.length * 10}\` matches \`loadsmith run --vus 10\` here.`,
    ],
  };
}
