/**
 * fast-check arbitraries for plan-like documents, written after the zod schema in engine/plan/schema: every
 * executor, step kind (flow control included), check, extractor and auth, setup and teardown, with values that are mostly right and sometimes wrong in the
 * ways people get them wrong (units, case, types, templates). `mutated` then breaks a few places at random.
 */
import fc from 'fast-check';

type Doc = Record<string, unknown>;

/**
 * Mostly a valid value, sometimes a wrong one: a document has dozens of leaves, so one wrong in 80 leaves about
 * half of the documents valid (the semantic rules and the round trip are reached) and the rest wrong in a place or two.
 */
const either = <T, U>(valid: fc.Arbitrary<T>, wrong: fc.Arbitrary<U>): fc.Arbitrary<T | U> =>
  fc.oneof({ weight: 79, arbitrary: valid }, { weight: 1, arbitrary: wrong });
const mostly = <T>(value: fc.Arbitrary<T>): fc.Arbitrary<unknown> => either(value, fc.jsonValue({ maxDepth: 2 }));

/** An object with these optional keys: each is present or not. */
const some = (fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Doc> =>
  fc.record(fields, { requiredKeys: [] });

const name = either(
  fc.oneof(
    fc.constantFrom('browse', 'login', 'user_1', 'List users', 'a'),
    fc.string({ minLength: 1, maxLength: 12 }),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }),
  ),
  fc.constant(''),
);
const variable = either(
  fc.oneof(
    fc.constantFrom('userId', 'token', 'orgPrefix', 'items', '_x'),
    fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,8}$/),
  ),
  fc.oneof(fc.constantFrom('vu', 'env', '1x'), fc.string({ maxLength: 6 })),
);
const duration = either(
  fc.constantFrom('0', '0s', '500ms', '1s', '30s', '1m30s', '2h', '1.5s', '10m'),
  fc.oneof(fc.constantFrom('30sec', '5', '-1s', '1 s', '', '1e3s', '999999999h'), fc.integer({ min: -5, max: 100 })),
);
/** A duration that is not 0 (where k6 needs one). */
const positive = either(fc.constantFrom('500ms', '1s', '30s', '1m30s', '2h'), duration);
const size = either(
  fc.oneof(fc.constantFrom('64kb', '10MB', '1GiB', '512'), fc.nat({ max: 1e9 })),
  fc.constantFrom('lots', -1, '1 TB'),
);

/** Text with `${...}` expressions: builtins, functions, operators, env, escapes; sometimes names, data rows or broken ones. */
const template = fc
  .array(
    fc.oneof(
      { weight: 60, arbitrary: fc.string({ maxLength: 10 }).filter((s) => !s.includes('$')) },
      {
        weight: 30,
        arbitrary: fc.constantFrom(
          '${vu}',
          '${iter}',
          '${scenario}',
          '${env.BASE_URL}',
          '${env.T:-x}',
          '${uuid()}',
          '${randomInt(1, 10)}',
          "${randomItem('a', 'b')}",
          '${iter + 1}',
          "${'a' + vu}",
          '$${',
          '${now()}',
          '${upper(scenario)}',
          '${iter > 1 && vu != 2}',
          '${!false || iter <= 3}',
          "${len('abc')}",
          '${isSet(env.T)}',
        ),
      },
      {
        weight: 1,
        arbitrary: fc.oneof(
          variable.map((v) => `\${${v}}`),
          fc.constantFrom('${data.users.email}', '${user.address.city}', '${items[0]}', "${m['key']}"),
        ),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          '${',
          '${}',
          '${1 +}',
          '${unknownFn()}',
          '${vu.',
          "${'open",
          '${(((',
          '${a b}',
          '${iter}',
          '${a = 1}',
          '${a & b}',
          "${'abc' * 2}",
          '${len(3)}',
          '${status(x)}',
          "${status('nope')}",
          '${true < 1}',
        ),
      },
    ),
    { maxLength: 4 },
  )
  .map((parts) => parts.join(''));

const url = either(
  fc.oneof(
    fc.constantFrom('/', '/v3/users', 'http://127.0.0.1:3000/x', 'https://h.test/a?b=1'),
    template.map((t) => `/p/${t}`),
  ),
  fc.oneof(fc.constantFrom('ftp://x', ''), template),
);
const regex = either(
  fc.constantFrom('id=(\\d+)', '^ok$', '(?<n>x)', 'a|b'),
  fc.oneof(fc.constantFrom('(', '[a-', '\\'), fc.string({ maxLength: 6 })),
);
const jsonPath = either(
  fc.constantFrom('$.id', '$.results[0].id', '$..name', '$[*]', '$', "$['k']"),
  fc.oneof(fc.constantFrom('$.a[', 'id'), fc.string({ maxLength: 8 })),
);
const status = either(
  fc.oneof(
    fc.integer({ min: 100, max: 599 }),
    fc.constantFrom('2xx', '4xx'),
    fc.array(fc.integer({ min: 100, max: 599 }), { minLength: 1, maxLength: 3 }),
    fc.record({ min: fc.integer({ min: 100, max: 599 }), max: fc.integer({ min: 100, max: 599 }) }),
  ),
  fc.oneof(fc.integer({ min: 90, max: 610 }), fc.constantFrom('6xx', 'ok', [])),
);
/** An entry of expectedStatuses: a code or a range. */
const statusEntry = either(
  fc.oneof(
    fc.integer({ min: 100, max: 599 }),
    fc.record({ min: fc.integer({ min: 100, max: 599 }), max: fc.integer({ min: 100, max: 599 }) }),
  ),
  fc.constantFrom(99, '2xx'),
);
const statusSet = either(fc.array(statusEntry, { minLength: 1, maxLength: 2 }), fc.constant([]));
const scalar = fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean());
const onFailure = either(fc.constantFrom('continue', 'endIteration', 'stopVU'), fc.constantFrom('stopvu', 'abort'));
const dictionary = <T>(
  key: fc.Arbitrary<string>,
  value: fc.Arbitrary<T>,
  maxKeys: number,
): fc.Arbitrary<Record<string, T>> => fc.dictionary(key, value, { maxKeys });

const check = either(
  fc.oneof(
    some({ status, name }).filter((c) => 'status' in c),
    some({
      header: fc.constantFrom('Content-Type', 'X-Id'),
      exists: fc.boolean(),
      equals: template,
      contains: template,
      matches: regex,
      name,
    }).filter((c) => 'header' in c),
    some({
      jsonPath,
      exists: fc.boolean(),
      equals: fc.jsonValue({ maxDepth: 2 }),
      gt: fc.double({ noNaN: true }),
      lt: fc.integer(),
      contains: template,
      matches: regex,
      length: fc.nat({ max: 5 }),
    }).filter((c) => 'jsonPath' in c),
    fc.record({ body: some({ contains: template, notContains: template, matches: regex, equals: template }) }),
    fc.record({ duration: fc.record({ lt: positive }) }),
  ),
  fc.oneof(
    some({ jsonpath: jsonPath, status: fc.integer() }),
    fc.record({ duration: some({ lte: duration, gt: duration }) }),
    fc.record({ header: fc.constant('') }),
  ),
);

const extractor = either(
  fc.oneof(
    some({ jsonPath, all: fc.boolean(), default: fc.jsonValue({ maxDepth: 1 }) }).filter((x) => 'jsonPath' in x),
    fc.record({ header: fc.constantFrom('Location', 'X-Token') }),
    some({ regex, group: fc.nat({ max: 3 }), from: fc.constantFrom('body', 'headers', 'url') }).filter(
      (x) => 'regex' in x,
    ),
    some({
      boundary: fc.record({
        left: fc.string({ minLength: 1, maxLength: 4 }),
        right: fc.string({ minLength: 1, maxLength: 4 }),
      }),
      from: fc.constantFrom('body', 'headers'),
    }).filter((x) => 'boundary' in x),
    fc.record({ cookie: fc.constant('session') }),
  ),
  fc.oneof(
    fc.record({ regex, from: fc.constant('cookies') }),
    fc.record({ group: fc.integer({ min: -1, max: 3 }) }),
    fc.record({ cookie: fc.constant('') }),
  ),
);

const auth = either(
  fc.oneof(
    fc.constant({ type: 'none' }),
    fc.record(
      { type: fc.constant('bearer'), token: template, scheme: fc.constantFrom('Bearer', 'Token') },
      { requiredKeys: ['type', 'token'] },
    ),
    fc.record({ type: fc.constant('basic'), username: template, password: template }),
    fc.record(
      {
        type: fc.constant('apiKey'),
        name: fc.constant('X-API-Key'),
        value: template,
        in: fc.constantFrom('header', 'query'),
      },
      { requiredKeys: ['type', 'name', 'value'] },
    ),
  ),
  fc.oneof(
    fc.record({ type: fc.constantFrom('apikey', 'digest') }),
    fc.record({ type: fc.constant('bearer'), tokne: template }),
    fc.record({ type: fc.constant('apiKey'), name: fc.constant(''), value: template, in: fc.constant('cookie') }),
  ),
);

const headerName = either(
  fc.oneof(fc.constantFrom('Accept', 'X-Team', 'Content-Type'), fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,8}$/)),
  fc.constantFrom('bad header', ''),
);
const headers = dictionary(headerName, mostly(fc.oneof(template, fc.integer(), fc.boolean())), 3);
const tags = dictionary(
  either(fc.constantFrom('team', 'flow'), fc.constantFrom('bad-tag', '1')),
  fc.string({ maxLength: 5 }),
  2,
);
const connection = {
  protocol: either(fc.constantFrom('auto', 'http1', 'http2', 'h2c'), fc.constant('h3')),
  keepAlive: fc.boolean(),
  insecureTls: fc.boolean(),
  tls: some({
    caFile: either(fc.constant('ca.pem'), fc.constant('')),
    minVersion: either(fc.constantFrom('TLSv1.2', 'TLSv1.3'), fc.constant('SSLv3')),
    servername: fc.constant('api.internal'),
  }).chain((tls) =>
    either(fc.constant(tls), fc.constant({ ...tls, keyFile: 'k.pem' })).chain((t) =>
      fc.oneof(fc.constant(t), fc.constant({ ...t, certFile: 'c.pem', keyFile: 'k.pem' })),
    ),
  ),
};
const http = some({
  ...connection,
  maxRedirects: either(fc.integer({ min: 0, max: 100 }), fc.constantFrom(-1, 200)),
  maxBodySize: size,
  cookies: either(fc.constantFrom('iteration', 'vu', 'off'), fc.constant('session')),
  discardResponseBodies: either(fc.constant(false), fc.constant(true)),
  pipelining: either(fc.integer({ min: 1, max: 128 }), fc.constantFrom(0, 200)),
  expectedStatuses: statusSet,
});

/** A request: its URL, and a few of its other keys (a request with all of them would always break a rule). */
const request = fc
  .record({
    url,
    more: fc.subarray(
      [
        'name',
        'method',
        'query',
        'headers',
        'body',
        'auth',
        'timeout',
        'maxRedirects',
        'http',
        'expectedStatuses',
        'checks',
        'extract',
        'tags',
        'onFailure',
      ],
      { maxLength: 4 },
    ),
    name,
    method: either(
      fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'),
      fc.constantFrom('get', 'PSOT', 'TRACE'),
    ),
    query: dictionary(fc.string({ maxLength: 5 }), fc.oneof(scalar, fc.array(scalar, { maxLength: 2 })), 2),
    headers,
    body: fc
      .oneof(
        fc.record({
          json: fc
            .jsonValue({ maxDepth: 3 })
            .map((v) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? { ...v, t: '${vu}' } : v)),
        }),
        fc.record({ form: dictionary(fc.string({ maxLength: 5 }), scalar, 2) }),
        fc.record({ text: template }),
        fc.record({
          file: either(
            fc.oneof(
              fc.constant('body.json'),
              fc.record({ path: fc.constant('b.bin'), contentType: fc.constant('application/octet-stream') }),
            ),
            fc.constant(''),
          ),
        }),
      )
      .chain((b) => either(fc.constant(b), fc.constant({ ...b, json: {}, text: 'two bodies' }))),
    auth,
    timeout: positive,
    maxRedirects: either(fc.integer({ min: 0, max: 100 }), fc.constant(101)),
    http: some(connection),
    expectedStatuses: statusSet,
    checks: fc.array(check, { maxLength: 3 }),
    extract: dictionary(variable, extractor, 2),
    tags,
    onFailure,
  })
  .map(({ url: u, more, body, ...fields }) => {
    const out: Doc = { url: u };
    for (const key of more)
      if (key === 'body') Object.assign(out, body);
      else out[key] = (fields as Doc)[key];
    return out;
  });

/** Flow control expressions: conditions, lists, counts; written bare or in one ${...}, sometimes broken. */
const expression = either(
  fc.constantFrom(
    'status() == 200',
    'iter < 3',
    '${iter > 0}',
    "len('abc') > 1",
    'isSet(env.T)',
    'true',
    '!false && vu >= 1',
    'vu % 2 == 0',
  ),
  fc.constantFrom('', 'a ==', '${a} == 1', 'status(1)', 'x = 1', 'items', "'a' * 2", "status('List users') >= 400"),
);
const passes = either(fc.integer({ min: 1, max: 20 }), fc.constantFrom(0, -1, 2_000_000, 1.5));
const counter = either(fc.constantFrom('i', 'page', 'attempt'), fc.constantFrom('vu', '1x'));
const branch = (tie: (k: string) => fc.Arbitrary<unknown>, weighted: boolean) =>
  fc.record(
    {
      ...(weighted
        ? {
            weight: either(
              fc.oneof(fc.integer({ min: 1, max: 100 }), fc.double({ min: 0.01, max: 10, noNaN: true })),
              fc.constantFrom(0, -3, 'x'),
            ),
          }
        : {}),
      name,
      steps: fc.array(tie('step'), { maxLength: 2 }),
    },
    { requiredKeys: weighted ? ['weight', 'steps'] : ['steps'] },
  );

const { step } = fc.letrec<{ step: unknown }>((tie) => ({
  step: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 80, arbitrary: fc.record({ request }) },
    {
      weight: 24,
      arbitrary: fc.record({
        think: fc.oneof(
          duration,
          fc.record({ min: fc.constant('1s'), max: either(fc.constant('2s'), fc.constant('0s')) }),
        ),
      }),
    },
    { weight: 16, arbitrary: fc.record({ batch: fc.array(fc.record({ request }), { minLength: 1, maxLength: 3 }) }) },
    {
      weight: 16,
      arbitrary: fc.record({
        group: fc.record({
          name: either(
            name.filter((n) => !n.includes(':')),
            fc.constant('a::b'),
          ),
          steps: fc.array(tie('step'), { minLength: 1, maxLength: 3 }),
        }),
      }),
    },
    {
      weight: 6,
      arbitrary: fc.record({
        if: fc.record(
          {
            condition: expression,
            then: fc.array(tie('step'), { minLength: 1, maxLength: 2 }),
            else: fc.array(tie('step'), { minLength: 1, maxLength: 2 }),
          },
          { requiredKeys: ['condition', 'then'] },
        ),
      }),
    },
    {
      weight: 4,
      arbitrary: fc.record({
        repeat: fc.record(
          {
            times: fc.oneof(passes, expression),
            counter,
            steps: fc.array(tie('step'), { minLength: 1, maxLength: 2 }),
          },
          { requiredKeys: ['times', 'steps'] },
        ),
      }),
    },
    {
      weight: 4,
      arbitrary: fc.constantFrom('while', 'doWhile').chain((kind) =>
        fc.record({
          [kind]: fc.record(
            {
              condition: expression,
              max: passes,
              counter,
              steps: fc.array(tie('step'), { minLength: 1, maxLength: 2 }),
            },
            { requiredKeys: ['condition', 'max', 'steps'] },
          ),
        }),
      ),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        forEach: fc.record(
          {
            in: expression,
            as: either(fc.constantFrom('item', 'user'), fc.constant('env')),
            counter,
            steps: fc.array(tie('step'), { minLength: 1, maxLength: 2 }),
          },
          { requiredKeys: ['in', 'steps'] },
        ),
      }),
    },
    { weight: 3, arbitrary: fc.record({ randomSwitch: fc.array(branch(tie, true), { minLength: 1, maxLength: 3 }) }) },
    {
      weight: 2,
      arbitrary: fc.record({ roundRobinSwitch: fc.array(branch(tie, false), { minLength: 1, maxLength: 3 }) }),
    },
    {
      weight: 2,
      arbitrary: fc.record({ once: fc.record({ steps: fc.array(tie('step'), { minLength: 1, maxLength: 2 }) }) }),
    },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.record({ requets: fc.record({ request }) }),
        fc.record({ batch: fc.constant([]) }),
        fc.constant({}),
        fc.record({ while: fc.record({ condition: expression, steps: fc.constant([]) }) }),
      ),
    },
  ),
}));
const stepList = fc.record(
  { steps: fc.array(step, { minLength: 1, maxLength: 3 }), timeout: positive },
  { requiredKeys: ['steps'] },
);

const vus = either(fc.integer({ min: 1, max: 50 }), fc.constantFrom(0, -1, 2.5, 'ten'));
const stages = fc.array(
  fc.record({ duration: positive, target: either(fc.nat({ max: 100 }), fc.constantFrom(-1, 'x')) }),
  { minLength: 1, maxLength: 3 },
);
const EXECUTORS: Record<string, Record<string, fc.Arbitrary<unknown>>> = {
  'constant-vus': { vus, duration: positive },
  'ramping-vus': { startVUs: vus, stages, gracefulRampDown: duration },
  'per-vu-iterations': { vus, iterations: vus, maxDuration: positive },
  'shared-iterations': { vus: fc.constant(1), iterations: vus, maxDuration: positive },
  'constant-arrival-rate': {
    rate: either(fc.double({ min: 0.1, max: 1000, noNaN: true }), fc.constant(-1)),
    timeUnit: positive,
    duration: positive,
    preAllocatedVUs: vus,
    maxVUs: fc.constant(60),
  },
  'ramping-arrival-rate': {
    startRate: fc.double({ min: 0, max: 100, noNaN: true }),
    timeUnit: positive,
    stages,
    preAllocatedVUs: vus,
  },
};
/** Keys each executor needs: a scenario without them is always wrong. */
const REQUIRED: Record<string, string[]> = {
  'constant-vus': ['duration'],
  'ramping-vus': ['stages'],
  'constant-arrival-rate': ['rate', 'duration', 'preAllocatedVUs'],
  'ramping-arrival-rate': ['stages', 'preAllocatedVUs'],
};
const scenario = fc.oneof(
  ...[
    ...Object.keys(EXECUTORS).map((e) => ({ weight: 6, arbitrary: fc.constant(e) })),
    { weight: 1, arbitrary: fc.constantFrom('constant-vu', 'externally-controlled') },
  ].map(({ weight, arbitrary }) => ({
    weight,
    arbitrary: arbitrary.chain((executor) =>
      fc
        .record({
          steps: fc.array(step, { minLength: 1, maxLength: 4 }),
          fields: fc.record<Record<string, unknown>>(
            {
              ...(EXECUTORS[executor] ?? EXECUTORS['constant-vus']),
              startTime: duration,
              gracefulStop: duration,
              tags,
            },
            { requiredKeys: REQUIRED[executor] ?? [] },
          ),
        })
        .map(({ steps, fields }) => ({ executor, ...fields, steps })),
    ),
  })),
);

/** Thresholds that fit their metric's type (trend, counter, rate) and tags every plan has; sometimes not. */
const THRESHOLDS: [metrics: string[], rules: string[]][] = [
  [
    [
      'http_req_duration',
      'http_req_duration{method:GET}',
      'http_req_waiting{expected_response:true}',
      'iteration_duration',
    ],
    ['p(95)<500', 'avg<=200', 'p(99.9)<1', 'max<3000', 'med<100'],
  ],
  [
    ['http_reqs', 'http_reqs{status:200}', 'iterations'],
    ['count>0', 'rate>1'],
  ],
  [
    ['http_req_failed', 'checks'],
    ['rate<0.01', 'rate>0.99'],
  ],
];
const threshold = either(
  fc
    .constantFrom(...THRESHOLDS)
    .chain(([metrics, rules]) =>
      fc.tuple(
        fc.constantFrom(...metrics),
        fc.array(
          fc.oneof(
            fc.constantFrom(...rules),
            fc.record(
              { threshold: fc.constantFrom(...rules), abortOnFail: fc.boolean(), delayAbortEval: duration },
              { requiredKeys: ['threshold'] },
            ),
          ),
          { minLength: 1, maxLength: 2 },
        ),
      ),
    ),
  fc.tuple(
    fc.oneof(
      fc.constantFrom(
        'http_req_durations',
        'http_req_duration{request:nope}',
        'checks{team:x}',
        'http_reqs{}',
        'http_reqs',
      ),
      fc.string({ maxLength: 10 }),
    ),
    fc.array(fc.constantFrom('rate<0.01', 'med<', 'p95<1', 'x', 'p(95)<500'), { maxLength: 2 }),
  ),
);

/** A plan-like document: the top level of the schema with everything above inside. */
export const planDocument: fc.Arbitrary<Doc> = fc
  .record(
    {
      version: either(fc.constant(1), fc.constantFrom(0, 2, 1.5, '1')),
      name: either(name, fc.constant('')),
      description: fc.string({ maxLength: 10 }),
      defaults: fc
        .record(
          {
            baseUrl: either(
              fc.constantFrom('${env.BASE_URL:-http://127.0.0.1:3000}', 'http://127.0.0.1:3000/api'),
              fc.constant(undefined),
            ),
            headers,
            auth,
            timeout: positive,
            http,
            tags,
            onFailure,
          },
          { requiredKeys: ['baseUrl'] },
        )
        .map((d) => (d.baseUrl === undefined ? { ...d, baseUrl: undefined } : d)),
      variables: dictionary(variable, fc.oneof(template, fc.jsonValue({ maxDepth: 2 })), 4),
      data: dictionary(
        variable,
        fc.record(
          {
            file: either(fc.constantFrom('users.csv', 'rows.json'), fc.constant('')),
            format: either(fc.constantFrom('csv', 'json'), fc.constant('xml')),
            mode: either(fc.constantFrom('sequential', 'random', 'unique'), fc.constant('shuffle')),
            onExhausted: fc.constantFrom('recycle', 'stop'),
            delimiter: either(fc.constantFrom(',', ';'), fc.constant(';;')),
          },
          { requiredKeys: ['file'] },
        ),
        2,
      ),
      // Each in one plan out of four: their steps are many more places to go wrong.
      setup: fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: stepList }),
      teardown: fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: stepList }),
      scenarios: dictionary(
        either(fc.constantFrom('browse', 'login', 'checkout'), fc.constantFrom('bad name', '')),
        scenario,
        3,
      ).filter((s) => Object.keys(s).length > 0),
      thresholds: fc.array(threshold, { maxLength: 3 }).map((list) => Object.fromEntries(list)),
    },
    { requiredKeys: ['version', 'name', 'scenarios'] },
  )
  .map((d) => JSON.parse(JSON.stringify(d)) as Doc);

/** A change at one place of a document: the place is chosen by `at` among all places, in a fixed walk order. */
interface Mutation {
  at: number;
  kind: 'replace' | 'delete' | 'unknown-key' | 'wrap' | 'deepen' | 'lengthen';
  value: unknown;
  times: number;
}

const mutation: fc.Arbitrary<Mutation> = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom('replace', 'delete', 'unknown-key', 'wrap', 'deepen', 'lengthen'),
  value: fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom('', '${', 'x'.repeat(100), -1, 0, null)),
  times: fc.oneof(fc.integer({ min: 1, max: 140 }), fc.integer({ min: 100, max: 20_000 })),
});

/**
 * A plan document with up to three places broken: a value replaced, a key removed, an unknown key, a value
 * wrapped in a list, nested `times` levels deep (around the depth limit), or repeated into a long string.
 */
export const mutatedPlanDocument: fc.Arbitrary<Doc> = fc
  .tuple(planDocument, fc.oneof(fc.constant([]), fc.array(mutation, { minLength: 1, maxLength: 3 })))
  .map(([doc, mutations]) => {
    const copy = structuredClone(doc);
    for (const m of mutations) mutate(copy, m);
    return copy;
  });

function mutate(doc: Doc, m: Mutation): void {
  const places: { parent: Doc | unknown[]; key: string | number }[] = [];
  const visit = (v: unknown): void => {
    if (Array.isArray(v))
      v.forEach((x, i) => {
        places.push({ parent: v, key: i });
        visit(x);
      });
    else if (v !== null && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        places.push({ parent: v as Doc, key: k });
        visit(x);
      }
  };
  visit(doc);
  const place = places[m.at % Math.max(1, places.length)];
  if (!place) return;
  const parent = place.parent as Record<string | number, unknown>;
  switch (m.kind) {
    case 'replace':
      parent[place.key] = m.value;
      break;
    case 'delete':
      if (Array.isArray(place.parent)) place.parent.splice(place.key as number, 1);
      else delete parent[place.key];
      break;
    case 'unknown-key': {
      const target = parent[place.key];
      if (target !== null && typeof target === 'object' && !Array.isArray(target)) (target as Doc).unknwon = m.value;
      break;
    }
    case 'wrap':
      parent[place.key] = [parent[place.key]];
      break;
    case 'deepen': {
      let v = parent[place.key];
      for (let i = 0; i < Math.min(m.times, 300); i++) v = i % 2 ? [v] : { v };
      parent[place.key] = v;
      break;
    }
    case 'lengthen': {
      const unit = (JSON.stringify(parent[place.key]) ?? 'x').slice(0, 1000);
      parent[place.key] = unit.repeat(Math.min(m.times, Math.ceil(100_000 / unit.length)));
      break;
    }
  }
}
