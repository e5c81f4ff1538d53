// Load on a local stack (the running `npm start`, or a fresh one of its own:
// bench/support/stack-target.ts), the storm the public map must take: autocannon
// clients mix the public map's per-LGA file, closure details and a resident's notifications
// while residents send reports, for 60 s with 10 and then 50 clients, beside the same server's
// rate for a static file. Prints requests/s, p50/p99, errors, the stack's memory before and after,
// the share of requests that never reached a Lambda, and the targets beside the figures.
//   npm run bench -- load   (LOAD_SECONDS=20 for a quick look)
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { createProfile } from '../lambdas/adapters/identity/principal';
import { ensureCognitoUser } from '../local/cognito';
import { DEMO_PASSWORD, FORBES, type LocalSettings } from '../local/settings';
import { against, count as grouped, plain, type Figure, type SectionOutcome } from './support/report';
import { stackRssMb } from './support/stack-memory';
import { withStack, type StackTarget } from './support/stack-target';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const STATIC_SECONDS = Math.min(10, SECONDS);
const CLIENTS = [10, 50];
/** Reports per run (one resident sends at most 10 an hour, so they come from several accounts). */
const REPORTS_PER_RUN = Number(process.env.LOAD_REPORTS ?? 24);
const REPORTS_PER_ACCOUNT = 6;
/**
 * A first, unmeasured pass of the whole mix (reports included): a fresh stack's JVM, V8 heaps and
 * caches grow to their working size under the first load, which is not a leak. The memory target
 * compares the measured runs, after it; the warm-up's own growth is printed beside them.
 */
const WARM_UP_SECONDS = Math.min(30, SECONDS);
const WARM_UP_REPORTS = Math.ceil(REPORTS_PER_RUN / 2);
const MAP_FILE = `/feeds/${FORBES}/map.json`;

interface Config {
  apiKey: string;
  userPoolId: string;
  clientId: string;
}

async function stackConfig(url: string): Promise<Config> {
  const config = (await (await fetch(`${url}/config.json`)).json()) as { API: { GraphQL: { apiKey: string } }; Auth: { Cognito: { userPoolId: string; userPoolClientId: string } } };
  return { apiKey: config.API.GraphQL.apiKey, userPoolId: config.Auth.Cognito.userPoolId, clientId: config.Auth.Cognito.userPoolClientId };
}

async function signIn(settings: LocalSettings, clientId: string, email: string): Promise<string> {
  const client = new CognitoIdentityProviderClient({
    region: 'ap-southeast-2',
    endpoint: `http://127.0.0.1:${settings.ports.cognito}`,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const result = await client.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId, AuthParameters: { USERNAME: email, PASSWORD: DEMO_PASSWORD } }));
  client.destroy();
  return result.AuthenticationResult!.IdToken!;
}

async function graphql<T>(url: string, body: { query: string; variables?: unknown }, headers: Record<string, string>): Promise<{ data?: T; errors?: { message: string }[] }> {
  const response = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return (await response.json()) as { data?: T; errors?: { message: string }[] };
}

/** Fresh resident accounts for the reports (the data layer writes their profiles, as sign-up does). */
async function residents(settings: LocalSettings, config: Config, count: number): Promise<string[]> {
  // The data layer reads its table from the environment, as in Lambda: the stack's, for this call only.
  const stackTable = {
    AWS_REGION: 'ap-southeast-2',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    TABLE_NAME: settings.tableName,
    DYNAMODB_ENDPOINT: `http://127.0.0.1:${settings.ports.dynamodb}`,
  };
  const before = Object.fromEntries(Object.keys(stackTable).map((key) => [key, process.env[key]]));
  Object.assign(process.env, stackTable);
  try {
    const tokens: string[] = [];
    for (let i = 0; i < count; i++) {
      const email = `bench-load-${randomUUID().slice(0, 8)}@example.com`;
      const { sub } = await ensureCognitoUser(settings.ports.cognitoInternal, config.userPoolId, { email, name: `Load resident ${i + 1}`, password: DEMO_PASSWORD, groups: [] });
      await createProfile(sub, email, `Load resident ${i + 1}`);
      tokens.push(await signIn(settings, config.clientId, email));
    }
    return tokens;
  } finally {
    for (const [key, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

interface Acknowledged {
  token: string;
  id: string;
}

/** Residents send reports at an even pace through the run; every acknowledged id is kept. */
async function sendReports(url: string, tokens: string[], count: number, seconds: number, acknowledged: Acknowledged[], failures: string[]): Promise<void> {
  const gap = (seconds * 1000) / count;
  const sends: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const token = tokens[Math.floor(i / REPORTS_PER_ACCOUNT) % tokens.length];
    // Spread over the farmland west of Forbes, so reports start their own clusters.
    const position = { lat: -33.2 - Math.random() * 0.35, lng: 147.6 + Math.random() * 0.35 };
    sends.push(
      graphql<{ submitReport: { id: string } }>(
        url,
        { query: 'mutation($input: ReportInput!) { submitReport(input: $input) { id } }', variables: { input: { type: 'hazard', description: `Load test report ${i + 1}`, position } } },
        { authorization: token },
      ).then(
        (answer) => {
          if (answer.data?.submitReport?.id) acknowledged.push({ token, id: answer.data.submitReport.id });
          else failures.push(answer.errors?.[0]?.message ?? 'no answer');
        },
        (error: Error) => void failures.push(error.message),
      ),
    );
    await sleep(gap);
  }
  await Promise.all(sends);
}

/** Every acknowledged report is in its sender's own list afterwards. */
async function missingReports(url: string, acknowledged: Acknowledged[]): Promise<number> {
  const byToken = new Map<string, Set<string>>();
  for (const { token } of acknowledged) {
    if (byToken.has(token)) continue;
    const answer = await graphql<{ myReports: { id: string }[] }>(url, { query: '{ myReports { id } }' }, { authorization: token });
    byToken.set(token, new Set((answer.data?.myReports ?? []).map((r) => r.id)));
  }
  return acknowledged.filter(({ token, id }) => !byToken.get(token)!.has(id)).length;
}

interface Stream {
  name: string;
  /** Whether the request is answered without a Lambda (a file the web server or CloudFront serves). */
  noLambda: boolean;
  share: number;
  requests: autocannon.Request[];
}

function graphqlErrors(counter: { count: number }) {
  return (_status: number, body: string) => {
    if (body.includes('"errors"')) counter.count++;
  };
}

async function runStream(url: string, stream: Stream, connections: number, seconds: number) {
  const graphqlFailures = { count: 0 };
  const requests = stream.requests.map((r) => (r.path === '/graphql' ? { ...r, onResponse: graphqlErrors(graphqlFailures) } : r));
  const result = await autocannon({ url, connections, duration: seconds, requests });
  return {
    name: stream.name,
    noLambda: stream.noLambda,
    connections,
    rps: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx + graphqlFailures.count,
  };
}

const fmt = (n: number, digits = 0) => n.toFixed(digits);

export function benchLoad(): Promise<SectionOutcome> {
  return withStack(storm);
}

async function storm({ url, settings, own }: StackTarget): Promise<SectionOutcome> {
  const config = await stackConfig(url);
  const file = (await (await fetch(`${url}${MAP_FILE}`)).json()) as { closures: { id: string }[] };
  const closureIds = file.closures.map((c) => c.id).slice(0, 5);
  if (closureIds.length === 0) throw new Error(`${MAP_FILE} has no closures: the demo seed keeps some in Forbes.`);
  const residentToken = await signIn(settings, config.clientId, 'resident@example.com');
  const accounts = Math.ceil((REPORTS_PER_RUN * CLIENTS.length + WARM_UP_REPORTS) / REPORTS_PER_ACCOUNT);
  const reporters = await residents(settings, config, accounts);

  const json = { 'content-type': 'application/json' };
  const streams: Stream[] = [
    { name: 'public map file (per LGA)', noLambda: true, share: 0.6, requests: [{ method: 'GET', path: MAP_FILE }] },
    {
      name: 'closure details (API)',
      noLambda: false,
      share: 0.2,
      requests: closureIds.map((id) => ({
        method: 'POST' as const,
        path: '/graphql',
        headers: { ...json, 'x-api-key': config.apiKey },
        body: JSON.stringify({ query: 'query($id: ID!) { closure(id: $id) { id condition reason formattedAddress media { id } } }', variables: { id } }),
      })),
    },
    {
      name: 'notifications (API, resident)',
      noLambda: false,
      share: 0.2,
      requests: [{ method: 'POST', path: '/graphql', headers: { ...json, authorization: residentToken }, body: JSON.stringify({ query: '{ notifications(limit: 10) { items { id } } }' }) }],
    },
  ];

  const lines: string[] = [];
  const figures: Figure[] = [];
  const staticRun = await runStream(url, { name: 'static file', noLambda: true, share: 1, requests: [{ method: 'GET', path: '/index.html' }] }, 50, STATIC_SECONDS);
  lines.push(`Static file (/index.html), 50 clients, ${STATIC_SECONDS} s: ${fmt(staticRun.rps)} req/s, p50 ${staticRun.p50} ms, p99 ${staticRun.p99} ms, errors ${staticRun.errors}`);

  // Warm-up: the whole mix at 50 clients; only its memory is printed.
  const coldMb = stackRssMb(settings.ports.web);
  await Promise.all([
    ...streams.map((s) => runStream(url, s, Math.max(1, Math.round(50 * s.share)), WARM_UP_SECONDS)),
    sendReports(url, reporters.splice(0, Math.ceil(WARM_UP_REPORTS / REPORTS_PER_ACCOUNT)), WARM_UP_REPORTS, WARM_UP_SECONDS * 0.9, [], []),
  ]);
  await sleep(5_000);
  const warmMb = stackRssMb(settings.ports.web);
  if (coldMb && warmMb) lines.push(`Warm-up (the whole mix, 50 clients, ${WARM_UP_SECONDS} s, not measured): stack memory ${fmt(coldMb)} MB fresh, ${fmt(warmMb)} MB warm`);

  let mapFileAt50 = 0;
  for (const clients of CLIENTS) {
    const before = stackRssMb(settings.ports.web);
    const acknowledged: Acknowledged[] = [];
    const failures: string[] = [];
    const [results] = await Promise.all([
      Promise.all(streams.map((s) => runStream(url, s, Math.max(1, Math.round(clients * s.share)), SECONDS))),
      sendReports(url, reporters.splice(0, Math.ceil(REPORTS_PER_RUN / REPORTS_PER_ACCOUNT)), REPORTS_PER_RUN, SECONDS * 0.9, acknowledged, failures),
    ]);
    // Memory is read once the stack has had a few seconds to settle.
    await sleep(5_000);
    const after = stackRssMb(settings.ports.web);
    const missing = await missingReports(url, acknowledged);
    const total = results.reduce((sum, r) => sum + r.total, 0) + acknowledged.length + failures.length;
    const noLambda = results.filter((r) => r.noLambda).reduce((sum, r) => sum + r.total, 0);
    const errors = results.reduce((sum, r) => sum + r.errors, 0) + failures.length;
    const mapFile = results.find((r) => r.noLambda)!;
    if (clients === 50) mapFileAt50 = mapFile.rps;

    lines.push('', `${clients} clients, ${SECONDS} s:`);
    lines.push('  stream                          clients   req/s    p50 ms   p99 ms   errors');
    for (const r of results) {
      lines.push(`  ${r.name.padEnd(32)}${String(r.connections).padStart(7)}${fmt(r.rps).padStart(8)}${String(r.p50).padStart(10)}${String(r.p99).padStart(9)}${String(r.errors).padStart(9)}`);
    }
    lines.push(`  ${'resident reports (API)'.padEnd(32)}${'paced'.padStart(7)}${fmt(REPORTS_PER_RUN / SECONDS, 2).padStart(8)}${''.padStart(19)}${String(failures.length).padStart(9)}`);
    lines.push(`  errors: ${errors} (target 0)${failures.length ? ` — reports: ${[...new Set(failures)].join('; ')}` : ''}`);
    lines.push(`  reports acknowledged ${acknowledged.length}/${REPORTS_PER_RUN}, missing afterwards ${missing} (target 0)`);
    lines.push(`  never reached a Lambda: ${fmt((100 * noLambda) / Math.max(1, total), 1)} % of ${total} requests`);
    figures.push(
      plain(`${clients} clients: public map file`, `${grouped(mapFile.rps)} req/s, p50 ${mapFile.p50} ms, p99 ${mapFile.p99} ms`),
      ...results.filter((r) => !r.noLambda).map((r) => plain(`${clients} clients: ${r.name}`, `${grouped(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms`)),
      against(`${clients} clients: errors`, `${errors} of ${grouped(total)} requests`, '0', errors === 0),
      against(`${clients} clients: reports missing afterwards`, `${missing} (${acknowledged.length}/${REPORTS_PER_RUN} acknowledged)`, '0', missing === 0 && acknowledged.length === REPORTS_PER_RUN),
      plain(`${clients} clients: requests that never reached a Lambda`, `${fmt((100 * noLambda) / Math.max(1, total), 1)} %`),
    );
    if (before && after) {
      const change = (100 * (after - before)) / before;
      lines.push(`  stack memory (RSS): ${fmt(before)} MB before, ${fmt(after)} MB after (${change >= 0 ? '+' : ''}${fmt(change, 1)} %; target within 10 %)`);
      figures.push(against(`${clients} clients: stack memory (RSS) over the run`, `${fmt(before)} → ${fmt(after)} MB (${change >= 0 ? '+' : ''}${fmt(change, 1)} %)`, 'within 10 %', Math.abs(change) <= 10));
    } else {
      lines.push(`  stack memory: the stack's process on port ${settings.ports.web} was not found (ss/ps)`);
    }
  }
  const share = (100 * mapFileAt50) / Math.max(1, staticRun.rps);
  lines.push('', `Public map file at 50 clients: ${fmt(mapFileAt50)} req/s = ${fmt(share, 1)} % of the static-file rate (target ≥ 25 %)`);
  figures.unshift(
    plain(`static file (/index.html), 50 clients, ${STATIC_SECONDS} s`, `${grouped(staticRun.rps)} req/s`),
    against('public map file at 50 clients, share of the static-file rate', `${fmt(share, 1)} % (${grouped(mapFileAt50)} req/s)`, '≥ 25 %', share >= 25),
  );
  return {
    printed: lines.join('\n'),
    inputs:
      `${own ? 'a fresh local stack the bench started' : `the running stack at ${url}`}; autocannon clients for ${SECONDS} s each at ${CLIENTS.join(' and ')} clients after a ${WARM_UP_SECONDS} s unmeasured warm-up: ` +
      `60 % the demo seed's Forbes map file, 20 % closure details, 20 % a resident's notifications, and ${REPORTS_PER_RUN} reports a run from synthetic residents`,
    figures,
  };
}
