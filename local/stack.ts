// Starts the whole local stack (docs/local-runtime.md) and returns a handle that stops it again.
// Used by `npm start` (local/start.ts) and by the integration and browser tests, with other ports.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { setLocalEventSink, type DomainEvent } from '../lambdas/adapters/platform/events';
import { deliverMailLocally } from '../lambdas/adapters/platform/mail';
import { outboxMailSink } from './outbox';
import { deliverSmsLocally } from '../lambdas/adapters/alerts/sms-out';
import { smsOutboxSink } from './sms-outbox';
import { deliverAlertBatchesLocally } from '../lambdas/adapters/alerts/alert-queue';
import { localAlertQueue, type LocalAlertQueue } from './alert-queue';
import { setLocalNotificationPublisher } from '../lambdas/adapters/notifications/publish';
import { resetStripe } from '../lambdas/adapters/billing/stripe-client';
import { handleStripeWebhook } from '../lambdas/webhooks/stripe';
import { localStripeKeys, stripeKeysEnv } from './stripe-keys';
import { startStripeEmulator, type StripeEmulator } from './stripe';
import { setUpCatalog } from '../lambdas/adapters/billing/catalog';
import { createLocalAppSync } from './appsync/server';
import { createCognitoVerifier } from './appsync/cognito-verifier';
import { ensureCognitoUser, ensureUserPool, startCognitoLocal, startCognitoProxy, type UserPoolIds } from './cognito';
import { ensureTable, startDynamoDb } from './dynamodb';
import { invoke, resolverFor, SCHEDULES } from './lambdas';
import { assertPortFree, stopProcess, type ManagedProcess } from './processes';
import { recordProcesses, stopStaleProcesses } from './pidfile';
import { BUCKETS, localS3Client, startS3, type LocalS3 } from './s3';
import { seedForbesAndAccounts, seedLgas } from './seed';
import { seedDemoClosures } from '../lambdas/adapters/closures/seed';
import { backfillMapIndex } from '../lambdas/adapters/closures/map-backfill';
import { backfillMailDomains } from '../lambdas/adapters/identity/mail-domain-backfill';
import { regenerateEveryLgaFeeds } from '../lambdas/adapters/comms/feeds';
import { PROJECT_ROOT, type LocalSettings } from './settings';
import { LOCAL_LIVE_TRAFFIC_KEY, STAND_IN_PATH } from './livetraffic';
import { localVapidKeys, vapidEnv } from './vapid';
import { signingKeysEnv } from './signing-keys';
import { createWebServer } from './web-server';
import { newInvokeSecret } from './dev-guards';
import { createSigningKey, installSigningKey } from './cognito-signing-key';
import type { JWK } from 'jose';
import { MAP_STYLE_PATHS } from '../lib/map-styles';

export interface LocalStack {
  settings: LocalSettings;
  url: string;
  apiKey: string;
  userPool: UserPoolIds;
  config: () => Record<string, unknown>;
  /** Domain events seen since start (newest last), for tests and diagnostics. */
  events: DomainEvent[];
  /** Resolves once every event handed to the consumers so far is handled (alert batches too). */
  settled(): Promise<void>;
  /** The local alert queue (its dead letters, for tests). */
  alertQueue: LocalAlertQueue;
  /** Runs a schedule's handler now, as its timer would. */
  runSchedule(name: keyof typeof SCHEDULES): Promise<unknown>;
  createUser: typeof ensureCognitoUser;
  /** The local Stripe emulator (hosted checkout, portal, test controls at /_emulator). */
  stripe: StripeEmulator;
  stop(): Promise<void>;
}

function persistentApiKey(dataDir: string): string {
  const file = path.join(dataDir, 'api-key.json');
  if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { apiKey: string }).apiKey;
  const apiKey = `da2-${randomBytes(13).toString('hex')}`;
  writeFileSync(file, JSON.stringify({ apiKey }));
  return apiKey;
}

function listen(server: http.Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
}

export async function startLocalStack(settings: LocalSettings): Promise<LocalStack> {
  const { ports, dataDir } = settings;
  const log = (message: string) => {
    if (!settings.quiet) console.log(message);
  };
  mkdirSync(dataDir, { recursive: true });
  const stale = await stopStaleProcesses(dataDir);
  if (stale.length) log(`Stopped ${stale.length} process(es) left over from a previous run that was killed.`);
  await assertPortFree(ports.web, 'web and API');
  await assertPortFree(ports.cognito, 'Cognito');
  await assertPortFree(ports.cognitoInternal, 'cognito-local');
  await assertPortFree(ports.dynamodb, 'DynamoDB Local');
  await assertPortFree(ports.s3, 'S3 (s3rver)');
  if (ports.stripe) await assertPortFree(ports.stripe, 'Stripe emulator');

  const children: ManagedProcess[] = [];
  const invokeSecret = newInvokeSecret();
  const signingKey = createSigningKey();
  installSigningKey(signingKey);
  const closers: (() => Promise<unknown>)[] = [];
  const timers: NodeJS.Timeout[] = [];
  // The handlers read their configuration from the environment, as in Lambda. What the stack sets
  // there is put back when it stops, so a process that goes on (a benchmark's next section, the
  // next stack) sees no endpoint of a stopped service.
  const environmentBefore = new Map<string, string | undefined>();
  const setEnvironment = (values: Record<string, string>) => {
    for (const [key, value] of Object.entries(values)) {
      if (!environmentBefore.has(key)) environmentBefore.set(key, process.env[key]);
      process.env[key] = value;
    }
  };
  let alertQueue: LocalAlertQueue | undefined;
  const stop = async () => {
    timers.forEach(clearInterval);
    setLocalEventSink(undefined);
    deliverMailLocally(undefined);
    deliverSmsLocally(undefined);
    deliverAlertBatchesLocally(undefined);
    alertQueue?.stop();
    setLocalNotificationPublisher(undefined);
    for (const close of closers.reverse()) await close().catch(() => undefined);
    await Promise.all(children.map((child) => stopProcess(child)));
    for (const [key, value] of environmentBefore) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetStripe();
  };

  try {
    let s3: LocalS3 | undefined;
    const [dynamo, cognito] = await Promise.all([
      startDynamoDb(dataDir, ports.dynamodb, { inMemory: settings.dynamoInMemory }),
      startCognitoLocal(dataDir, ports, (mail) => log(`Mail to ${mail.to}: ${mail.subject}${mail.code ? ` (code ${mail.code})` : ''} — see /dev/mail`), invokeSecret, signingKey),
      startS3(dataDir, ports.s3).then((started) => (s3 = started)),
    ]);
    children.push(dynamo, cognito);
    // Markers: each child's command line names this stack's data folder or its own port.
    recordProcesses(dataDir, [
      { pid: process.pid, marker: 'local/start.ts', main: true },
      { pid: dynamo.child.pid, marker: path.join(dataDir, 'dynamodb') },
      { pid: cognito.child.pid, marker: `cwd=${path.join(dataDir, 'cognito')}` },
    ]);
    closers.push(() => s3!.close());
    // Stands in for the media bucket's S3 event notification: each uploaded original gets a thumbnail.
    s3!.onObjectCreated((bucket, key) => {
      if (bucket !== BUCKETS.media) return;
      const event = { Records: [{ eventName: 'ObjectCreated:Post', s3: { bucket: { name: bucket }, object: { key } } }] };
      invoke('lambdas/media/thumbnail.ts', event).catch((error) => log(`thumbnail of ${key} failed: ${(error as Error).message}`));
    });
    const proxy = await startCognitoProxy(ports.cognito, ports.cognitoInternal, signingKey.publicJwk as JWK, dataDir);
    closers.push(() => new Promise((resolve) => proxy.close(resolve)));

    await ensureTable(ports.dynamodb, settings.tableName);
    const userPool = await ensureUserPool(dataDir, ports.cognitoInternal);
    const apiKey = persistentApiKey(dataDir);
    const url = `http://127.0.0.1:${ports.web}`;
    // Stripe: the emulator delivers signed webhooks to the web port, as Stripe does to the function URL.
    const stripeKeys = localStripeKeys(dataDir);
    const stripe = await startStripeEmulator({
      port: ports.stripe ?? 0,
      host: '127.0.0.1',
      dataFile: path.join(dataDir, 'stripe.json'),
      webhookUrl: `${url}/stripe/webhook`,
      webhookSecret: stripeKeys.webhookSecret,
    });
    closers.push(() => stripe.close());
    setEnvironment({ STRIPE_API_HOST: stripe.host, STRIPE_API_PORT: String(stripe.port), STRIPE_API_PROTOCOL: 'http' });
    resetStripe();

    setEnvironment({
      AWS_REGION: 'ap-southeast-2',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      STAGE: 'local',
      TABLE_NAME: settings.tableName,
      DYNAMODB_ENDPOINT: `http://127.0.0.1:${ports.dynamodb}`,
      S3_ENDPOINT: `http://127.0.0.1:${ports.s3}`,
      MEDIA_BUCKET: BUCKETS.media,
      FEEDS_BUCKET: BUCKETS.feeds,
      SITE_URL: url,
      USER_POOL_ID: userPool.userPoolId,
      COGNITO_ENDPOINT: `http://127.0.0.1:${ports.cognitoInternal}`,
      DEMO_MODE: settings.demo ? '1' : '0',
      // This machine's own switches (lib/stage-settings.ts has the AWS stages'): demo data for
      // /genseed, and the tests' stand-in push service on loopback.
      ALLOW_GENSEED: '1',
      ALLOW_LOOPBACK_PUSH: '1',
      EVENTS_TOPIC_ARN: 'local',
      // The state's hazards come from the local stand-in of the Live Traffic NSW API.
      LIVE_TRAFFIC_API_URL: `${url}${STAND_IN_PATH}`,
      LIVE_TRAFFIC_API_KEY: LOCAL_LIVE_TRAFFIC_KEY,
      POWERTOOLS_SERVICE_NAME: 'road-closures',
      POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
      ...vapidEnv(localVapidKeys(dataDir)),
      ...stripeKeysEnv(stripeKeys),
      ...signingKeysEnv(dataDir),
      // What one text costs a council locally (cents), as SMS_PRICE_CENTS is set in AWS.
      SMS_PRICE_CENTS: '6',
    });

    const events: DomainEvent[] = [];
    // Consumers still running, so start-up can wait for the seed's own events to be handled.
    const inFlight = new Set<Promise<unknown>>();
    const track = (work: Promise<unknown>) => {
      inFlight.add(work);
      void work.finally(() => inFlight.delete(work));
    };
    // Stands in for SES: mail (sign-in links, replies) goes to the outbox that /dev/mail lists.
    deliverMailLocally(outboxMailSink(dataDir));
    // Stands in for End User Messaging SMS: texts go to the outbox that /dev/sms lists.
    deliverSmsLocally(smsOutboxSink(dataDir));
    // Stands in for the alert queue: the alert consumer's batches go to the alert sender, two at once.
    const queue = localAlertQueue({ run: (batch) => invoke('lambdas/events/alert-fanout.ts', batch), log });
    alertQueue = queue;
    deliverAlertBatchesLocally((bodies) => track(queue.send(bodies)));
    const settled = async () => {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    };
    setLocalEventSink((event) => {
      events.push(event);
      if (events.length > 1000) events.shift();
      // Stands in for the events topic's SNS subscription: the notification consumer, async.
      const sns = { Records: [{ EventSource: 'aws:sns', Sns: { Message: JSON.stringify(event), MessageId: event.id, Type: 'Notification' } }] };
      track(invoke('lambdas/events/notify.ts', sns).catch((error) => log(`notify for ${event.type} failed: ${(error as Error).message}`)));
      track(invoke('lambdas/events/push.ts', sns).catch((error) => log(`push for ${event.type} failed: ${(error as Error).message}`)));
      // Alerts by email and text: batched onto the alert queue above, sent to /dev/mail and /dev/sms.
      track(invoke('lambdas/events/email-alerts.ts', sns).catch((error) => log(`email alerts for ${event.type} failed: ${(error as Error).message}`)));
      // Saved trips: the trips a closure change blocks or frees, decided by the road engine.
      track(invoke('lambdas/events/saved-trip-alerts.ts', sns).catch((error) => log(`saved trip alerts for ${event.type} failed: ${(error as Error).message}`)));
      // The communications consumer: open feeds on closure changes, content-task posts.
      track(invoke('lambdas/events/comms.ts', sns).catch((error) => log(`comms for ${event.type} failed: ${(error as Error).message}`)));
    });

    // Only this start's key: a token signed with the key in cognito-local's package is refused.
    const verifier = createCognitoVerifier({
      trust: { publicKeys: [signingKey.publicJwk as JWK] },
      userPoolId: userPool.userPoolId,
      clientId: userPool.userPoolClientId,
    });
    const appsync = createLocalAppSync({
      schemaSdl: readFileSync(path.join(PROJECT_ROOT, 'lib', 'schema.graphql'), 'utf8'),
      apiKey,
      verifyToken: (jwt) => verifier(jwt),
      resolverFor,
      log,
    });
    closers.push(() => appsync.close());
    // The consumer publishes live notifications through this (in AWS: the IAM publishNotification mutation).
    setLocalNotificationPublisher((field, result) => appsync.publish(field, result));

    const s3Client = localS3Client(ports.s3);
    const config = () => ({
      Auth: {
        Cognito: {
          userPoolId: userPool.userPoolId,
          userPoolClientId: userPool.userPoolClientId,
          userPoolEndpoint: `http://127.0.0.1:${ports.cognito}`,
          loginWith: { email: true },
        },
      },
      API: { GraphQL: { endpoint: `${url}/graphql`, region: 'ap-southeast-2', defaultAuthMode: 'apiKey', apiKey } },
      app: {
        stage: 'local',
        local: true,
        demo: settings.demo,
        // The package's version, as the deployed stack shows it (lib/stack.ts reads the same file).
        version: (JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }).version,
        mapStyle: '/map-style.json',
        mapStyles: { ...MAP_STYLE_PATHS },
        authFlowType: 'USER_PASSWORD_AUTH',
        features: { push: true, socialProviders: [] },
      },
    });
    let ready = false;
    const web = createWebServer({
      webRoot: settings.webRoot ?? path.join(PROJECT_ROOT, 'dist', 'web'),
      config,
      s3: s3Client,
      graphql: appsync,
      log,
      dataDir,
      port: ports.web,
      invokeSecret,
      isReady: () => ready,
      // The same handler as the webhook's function URL in AWS.
      stripeWebhook: (rawBody, signature) => handleStripeWebhook(rawBody, signature),
    });
    await listen(web, ports.web);
    closers.push(() => new Promise((resolve) => web.close(resolve)));
    // Keep-alive sockets would hold close() open until they time out.
    closers.push(async () => web.closeAllConnections());

    // Products by classification, prices and GST: the same idempotent setup step as in AWS.
    const catalog = await setUpCatalog();
    log(`Stripe emulator on ${stripe.url} (${catalog.prices.length} prices, webhooks to ${url}/stripe/webhook).`);

    const seeded = await seedLgas(s3Client);
    if (seeded) log(`Seeded ${seeded} LGAs and the LGA data bundle.`);
    await seedForbesAndAccounts(ports.cognitoInternal, userPool.userPoolId);
    const demoClosures = await seedDemoClosures();
    if (demoClosures.length) log(`Seeded ${demoClosures.length} demo closures in Forbes.`);
    // A data folder from before the sparse, two-precision map index: bring its closures to it (once).
    const backfill = await backfillMapIndex();
    if (backfill.rewritten) log(`Map index: ${backfill.rewritten} closures rewritten.`);
    // Councils whose mail domain was set before the council-by-mail-domain lookup (once).
    const mailDomains = await backfillMailDomains();
    if (mailDomains.written) log(`Mail domains: ${mailDomains.written} councils added to the lookup.`);
    // Nobody subscribes before the stack is up, so the seed's events must be done by then.
    await settled();
    // The public map reads each LGA's map file: written now, not only on the next closure change.
    const withFiles = await regenerateEveryLgaFeeds();
    if (withFiles.length) log(`Wrote the map files and feeds of ${withFiles.length} LGAs with closures.`);
    ready = true;

    const runSchedule = (name: keyof typeof SCHEDULES) =>
      invoke(SCHEDULES[name].entry, { source: 'aws.scheduler', 'detail-type': 'Scheduled Event', time: new Date().toISOString() });
    if (settings.schedules) {
      // The state's hazards from the stand-in at once, not only after the first 5 minutes.
      runSchedule('livetraffic').catch((error) => log(`schedule livetraffic failed: ${(error as Error).message}`));
      for (const name of Object.keys(SCHEDULES) as (keyof typeof SCHEDULES)[]) {
        timers.push(
          setInterval(() => {
            runSchedule(name).catch((error) => log(`schedule ${name} failed: ${(error as Error).message}`));
          }, SCHEDULES[name].everyMs),
        );
      }
    }

    return {
      settings,
      url,
      apiKey,
      userPool,
      config,
      events,
      settled,
      alertQueue: queue,
      runSchedule,
      createUser: ensureCognitoUser,
      stripe,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
