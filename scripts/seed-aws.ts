// Seeds a deployed stack the way the local runtime seeds itself on first start: every Australian
// LGA and the LGA data bundle (local/seed.ts seedLgas), and with --demo the Forbes customer and
// the demo closures. Run after `cdk deploy`, with AWS credentials for the stack's account:
//
//   npx tsx scripts/seed-aws.ts --stage dev                       (reads the stack outputs)
//   npx tsx scripts/seed-aws.ts --outputs cdk-outputs.json        (from cdk deploy --outputs-file)
//   npx tsx scripts/seed-aws.ts --stage demo --demo
//
// Every step checks what is there first, so running it twice changes nothing. No accounts are
// created: the demo personas are made on first use (demoSetActivePersona), and a platform admin
// is a user whose profile an operator marks admin.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { S3Client } from '@aws-sdk/client-s3';

export const REGION = 'ap-southeast-2';
/** The outputs this script reads (lib/stack.ts addOutputs). */
export const REQUIRED_OUTPUTS = ['TableName', 'FeedsBucketName', 'EventsTopicArn'] as const;
export type StackOutputs = Record<(typeof REQUIRED_OUTPUTS)[number], string> & Record<string, string>;

export interface SeedOptions {
  stage: string;
  stackName: string;
  outputsFile?: string;
  demo: boolean;
}

export function parseOptions(argv: string[]): SeedOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      stage: { type: 'string', default: 'dev' },
      outputs: { type: 'string' },
      demo: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const stage = values.stage!;
  if (!/^[a-z][a-z0-9]{0,15}$/.test(stage)) throw new Error(`--stage must be lower-case letters and digits (got "${stage}")`);
  // Demo closures are invented: they must never appear on a council's live map.
  if (values.demo && stage === 'prod') throw new Error('--demo writes invented closures; refusing on the prod stage');
  return { stage, stackName: `RoadClosures-${stage}`, outputsFile: values.outputs, demo: values.demo! };
}

/** Picks one stack's outputs from a `cdk deploy --outputs-file` document. */
export function outputsFromFile(document: unknown, stackName: string): StackOutputs {
  const stacks = (document ?? {}) as Record<string, Record<string, string> | undefined>;
  const outputs = stacks[stackName];
  if (!outputs) {
    const found = Object.keys(stacks).join(', ') || 'none';
    throw new Error(`The outputs file has no stack ${stackName} (stacks: ${found}); pass --stage`);
  }
  return checked(outputs, stackName);
}

function checked(outputs: Record<string, string>, stackName: string): StackOutputs {
  const missing = REQUIRED_OUTPUTS.filter((key) => !outputs[key]);
  if (missing.length) throw new Error(`Stack ${stackName} has no output ${missing.join(', ')}: deploy the current lib/ first`);
  return outputs as StackOutputs;
}

async function outputsFromCloudFormation(stackName: string): Promise<StackOutputs> {
  const cloudFormation = new CloudFormationClient({ region: REGION });
  const { Stacks } = await cloudFormation.send(new DescribeStacksCommand({ StackName: stackName }));
  const outputs = Object.fromEntries((Stacks?.[0]?.Outputs ?? []).map((o) => [o.OutputKey!, o.OutputValue ?? '']));
  return checked(outputs, stackName);
}

/**
 * seedLgas writes the bundle to the local runtime's feeds bucket name (local/s3.ts BUCKETS);
 * this client sends those writes to the stack's feeds bucket instead. Keys stay the same
 * (feeds/lga-data/<timestamp>.geojson), which CloudFront serves under /feeds/*.
 */
export function feedsBucketClient(localFeedsBucket: string, stackFeedsBucket: string, client = new S3Client({ region: REGION })): S3Client {
  client.middlewareStack.add(
    (next) => async (args) => {
      const input = args.input as { Bucket?: string };
      if (input.Bucket === localFeedsBucket) input.Bucket = stackFeedsBucket;
      return next(args);
    },
    { step: 'initialize', name: 'localFeedsBucketToStackBucket' },
  );
  return client;
}

/** The environment the handlers read, pointed at AWS (never at a local endpoint left in the shell). */
function useStack(outputs: StackOutputs, stage: string): void {
  for (const name of ['DYNAMODB_ENDPOINT', 'S3_ENDPOINT', 'COGNITO_ENDPOINT', 'LOCAL_OUTBOX_DIR']) delete process.env[name];
  Object.assign(process.env, {
    AWS_REGION: REGION,
    STAGE: stage,
    TABLE_NAME: outputs.TableName,
    FEEDS_BUCKET: outputs.FeedsBucketName,
    EVENTS_TOPIC_ARN: outputs.EventsTopicArn,
  });
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const outputs = options.outputsFile
    ? outputsFromFile(JSON.parse(readFileSync(options.outputsFile, 'utf8')), options.stackName)
    : await outputsFromCloudFormation(options.stackName);
  useStack(outputs, options.stage);
  console.log(`Seeding ${options.stackName} (table ${outputs.TableName}, feeds bucket ${outputs.FeedsBucketName})`);

  // Loaded after the environment is set: the handlers' clients read it when first used.
  const { seedLgas } = await import('../local/seed');
  const { BUCKETS } = await import('../local/s3');
  const seeded = await seedLgas(feedsBucketClient(BUCKETS.feeds, outputs.FeedsBucketName));
  console.log(seeded ? `Seeded ${seeded} LGAs and the LGA data bundle.` : 'LGAs and the LGA data bundle were already there.');

  if (options.demo) {
    const { db } = await import('../lambdas/adapters/db/db');
    const { FORBES_LGA, seedDemoClosures } = await import('../lambdas/adapters/closures/seed');
    // The staff persona manages Forbes, whose council must be a paying customer.
    try {
      await db().entities.customer.create({ lgaCode: FORBES_LGA, subscriptionStatus: 'active' }).go();
      console.log(`Forbes (${FORBES_LGA}) is now an active customer.`);
    } catch (error) {
      if (!/conditional request failed/i.test(String((error as Error).message))) throw error;
    }
    // Created through the same command as the API, so their events go to the stack's topic.
    const closures = await seedDemoClosures();
    console.log(closures.length ? `Seeded ${closures.length} demo closures in Forbes.` : 'Forbes already has closures.');
  }

  // The public map loads each LGA's map file from CloudFront: every LGA gets one now.
  const { regenerateEveryLgaFeeds } = await import('../lambdas/adapters/comms/feeds');
  const { listLgas } = await import('../lambdas/adapters/foundation/lgas');
  const written = await regenerateEveryLgaFeeds(undefined, (await listLgas()).map((lga) => lga.code));
  console.log(`Wrote the map files and feeds of ${written.length} LGAs.`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(`seed-aws: ${(error as Error).message}`);
    process.exitCode = 1;
  });
}
