import { existsSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ROAD_GRAPH_FILE } from '../lambdas/api/domains';
import { loadRoadGraph } from '../lambdas/core/roads/load';
import { projectRoot } from './project-function';
import { RoadClosuresStack } from './stack';

export const region = 'ap-southeast-2';

/** Context values set on the command line arrive as strings. */
function flag(value: unknown): boolean {
  return value === true || value === 'true' || value === '1';
}

/**
 * Builds the stage named by context `stage` (default `dev`) and registers the cdk-nag
 * AwsSolutions pack as a validation plugin, so every synth (CLI or test) is checked the same way.
 * Context keys: stage, domainName + certificateArn, siteUrl, mailDomain, mailVerified, webDist,
 * roadGraph (docs/operations.md#context-keys).
 */
export function buildApp(app: App): RoadClosuresStack {
  const context = (key: string) => app.node.tryGetContext(key) as unknown;
  const roadGraphSetting = context('roadGraph') as string | undefined;
  const roadGraphFile = roadGraphSetting ? (isAbsolute(roadGraphSetting) ? roadGraphSetting : join(projectRoot, roadGraphSetting)) : join(projectRoot, ROAD_GRAPH_FILE);
  if (roadGraphSetting && !existsSync(roadGraphFile)) throw new Error(`Context "roadGraph": no graph file at ${roadGraphFile} (npm run import-roads first)`);
  if (!roadGraphSetting) ensureRoadGraphBuilt(roadGraphFile);
  const stage = String(context('stage') ?? 'dev');
  if (!/^[a-z][a-z0-9]{0,15}$/.test(stage)) {
    throw new Error(`Context "stage" must be lower-case letters and digits (got "${stage}")`);
  }
  const domainName = context('domainName') as string | undefined;
  const certificateArn = context('certificateArn') as string | undefined;
  if (Boolean(domainName) !== Boolean(certificateArn)) {
    throw new Error('Context "domainName" and "certificateArn" (ACM, us-east-1) go together');
  }
  const siteUrl = context('siteUrl') as string | undefined;
  if (siteUrl !== undefined && !/^https:\/\/[a-z0-9.-]+(:\d+)?$/i.test(siteUrl)) {
    throw new Error(`Context "siteUrl" must be https://host with no path or trailing slash (got "${siteUrl}")`);
  }
  const mailDomain = context('mailDomain') as string | undefined;
  if (mailDomain !== undefined && !/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/i.test(mailDomain)) {
    throw new Error(`Context "mailDomain" must be a domain name such as council.example (got "${mailDomain}")`);
  }
  const mailVerified = flag(context('mailVerified'));
  // `cdk synth` and `cdk deploy` upload the web build when there is one (npm run build:web).
  const webDistSetting = String(context('webDist') ?? 'dist/web');
  const webDist = isAbsolute(webDistSetting) ? webDistSetting : join(projectRoot, webDistSetting);
  const hasWebBuild = existsSync(join(webDist, 'index.html'));

  const stack = new RoadClosuresStack(app, `RoadClosures-${stage}`, {
    stage,
    description: `Road closures for councils (${stage})`,
    env: { account: process.env.CDK_DEFAULT_ACCOUNT, region },
    customDomain: domainName && certificateArn ? { domainName, certificateArn } : undefined,
    terminationProtection: stage === 'prod',
    siteUrl,
    mailDomain,
    mailVerified,
    webDist: hasWebBuild ? webDist : undefined,
    roadGraphFile,
  });
  // Acknowledgements are also written into the template metadata (cdk_nag), as an audit trail.
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { writeSuppressionsToCloudFormation: true }));

  const notes = [
    hasWebBuild ? undefined : `no web build at ${relative(projectRoot, webDist) || webDist}/index.html: the web app and /config.json are not deployed (npm run build:web first).`,
    siteUrl || domainName ? undefined : 'no siteUrl: email sign-in links cannot be sent until a deploy with -c siteUrl=<the SiteUrl output>.',
    mailDomain ? undefined : 'no mailDomain: mail would come from no-reply@example.com, which SES refuses (SES sandbox, nothing verified).',
    mailDomain && stage === 'prod' && !mailVerified
      ? 'Cognito keeps its own sender (50 mails a day) until the SES identity is verified and -c mailVerified=true is set.'
      : undefined,
  ].filter(Boolean);
  const graph = stack.api.roadGraphAsset;
  if (graph && !flag(context('quietNotes'))) {
    // `npm run synth` shows where the graph goes: an S3 object of its own, in no Lambda's package.
    console.warn(
      `Road graph (${stack.stackName}): ${relative(projectRoot, roadGraphFile) || roadGraphFile}, ${(graph.fileBytes / 1e6).toFixed(1)} MB, ` +
        `deployed as its own S3 asset (cdk.out/asset.${graph.asset.assetHash}.roadgraph), not in any Lambda package; fetched into /tmp on a cold start.`,
    );
  }
  if (notes.length > 0 && !flag(context('quietNotes'))) {
    console.warn(notes.map((note) => `Note (${stack.stackName}): ${note}`).join('\n'));
  }
  return stack;
}

/**
 * The road-engine Lambdas fetch the built road graph, which is generated (not in git). Building
 * it here, when it is missing or older than its GeoJSON source, lets the CDK CLI's own commands
 * (`npx cdk synth`, `npx cdk deploy`) work on a fresh clone, not only `npm run synth`.
 */
function ensureRoadGraphBuilt(file: string): void {
  loadRoadGraph(file);
}
