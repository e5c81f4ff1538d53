import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { RoadClosuresStack } from './stack';

export const region = 'ap-southeast-2';

/**
 * Builds the stage named by context `stage` (default `dev`) and registers the cdk-nag
 * AwsSolutions pack as a validation plugin, so every synth (CLI or test) is checked the same way.
 */
export function buildApp(app: App): RoadClosuresStack {
  const stage = String(app.node.tryGetContext('stage') ?? 'dev');
  if (!/^[a-z][a-z0-9]{0,15}$/.test(stage)) {
    throw new Error(`Context "stage" must be lower-case letters and digits (got "${stage}")`);
  }
  const domainName = app.node.tryGetContext('domainName') as string | undefined;
  const certificateArn = app.node.tryGetContext('certificateArn') as string | undefined;
  if (Boolean(domainName) !== Boolean(certificateArn)) {
    throw new Error('Context "domainName" and "certificateArn" (ACM, us-east-1) go together');
  }

  const stack = new RoadClosuresStack(app, `RoadClosures-${stage}`, {
    stage,
    description: `Road closures for councils (${stage})`,
    env: { account: process.env.CDK_DEFAULT_ACCOUNT, region },
    customDomain: domainName && certificateArn ? { domainName, certificateArn } : undefined,
    terminationProtection: stage === 'prod',
  });
  // Acknowledgements are also written into the template metadata (cdk_nag), as an audit trail.
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { writeSuppressionsToCloudFormation: true }));
  return stack;
}
