// The billing wiring: the Stripe webhook as a public function URL (authenticated by Stripe's
// signature in the handler), the Stripe secret given by ARN only, the one internal mutation it may
// call, and cdk-nag clean.
import { beforeAll, describe, expect, it } from 'vitest';
import { apiDomains } from '../../lambdas/api/domains';
import { logicalIdOf, type ProjectFunction } from '../../lib/project-function';
import { resourcesOfType, synthStage, type Synthesized } from './synth';

describe('billing wiring (dev stage)', () => {
  let dev: Synthesized;
  let webhook: ProjectFunction;

  const statementsOf = (fn: ProjectFunction): any[] =>
    resourcesOfType(dev.json, 'AWS::IAM::Policy')
      .filter(([, policy]) => JSON.stringify(policy.Properties!.Roles).includes(`"${logicalIdOf(fn.role!)}"`))
      .flatMap(([, policy]) => policy.Properties!.PolicyDocument.Statement as any[]);

  beforeAll(() => {
    dev = synthStage('dev');
    webhook = dev.stack.billingWebhook.function;
  }, 120_000);

  it('exposes the webhook on a function URL and outputs it for registration with Stripe', () => {
    const urls = resourcesOfType(dev.json, 'AWS::Lambda::Url').map(([, r]) => r.Properties!);
    // Two function URLs are open to the internet, each checking what it is sent itself: the
    // webhook's (Stripe signs it) and alert mail's one-click unsubscribe (its links are HMAC-signed,
    // docs/alerts.md). Others, such as the text pages', answer CloudFront alone (AWS_IAM).
    const open = urls.filter((u) => u.AuthType === 'NONE').map((u) => (u.TargetFunctionArn as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0]);
    expect(open).toHaveLength(2);
    expect(open).toContain(logicalIdOf(webhook));
    expect(open.filter((id) => id !== logicalIdOf(webhook))).toEqual([expect.stringMatching(/^AlertsUnsubscribe/)]);
    expect(Object.keys(dev.json.Outputs).some((key) => key.includes('StripeWebhookUrl'))).toBe(true);
  });

  it('gives the webhook the Stripe secret by ARN, never by value, and only publishCustomerChanged on the API', () => {
    const variables = dev.json.Resources[logicalIdOf(webhook)].Properties!.Environment.Variables;
    expect(variables.STRIPE_SECRET_ARN).toBeDefined();
    expect(JSON.stringify(variables)).not.toMatch(/sk_(live|test)_/);
    const appsync = statementsOf(webhook).filter((s) => JSON.stringify(s.Action).includes('appsync:'));
    expect(appsync).toHaveLength(1);
    expect(JSON.stringify(appsync[0].Resource)).toContain('/types/Mutation/fields/publishCustomerChanged');
    expect(statementsOf(webhook).some((s) => [s.Action].flat().some((a: string) => a.startsWith('secretsmanager:')))).toBe(true);
  });

  it('lets the billing resolvers read the Stripe secret but not the VAPID one', () => {
    const billing = dev.stack.api.functions.find((fn) => fn.entry === apiDomains.billing.entry)!;
    const variables = dev.json.Resources[logicalIdOf(billing)].Properties!.Environment.Variables;
    expect(variables.STRIPE_SECRET_ARN).toBeDefined();
    expect(variables.VAPID_SECRET_ARN).toBeUndefined();
  });

  it('gives the billing resolvers, and only them, the quote signing key by ARN with read access to that secret', () => {
    const billing = dev.stack.api.functions.find((fn) => fn.entry === apiDomains.billing.entry)!;
    const secretId = logicalIdOf(dev.stack.secrets.quote);
    const variables = dev.json.Resources[logicalIdOf(billing)].Properties!.Environment.Variables;
    expect(variables.QUOTE_SECRET_ARN).toEqual({ Ref: secretId });
    expect(variables.QUOTE_SIGNING_KEY).toBeUndefined();
    const reads = statementsOf(billing).filter((s) => [s.Action].flat().includes('secretsmanager:GetSecretValue'));
    expect(reads.some((s) => JSON.stringify(s.Resource).includes(secretId))).toBe(true);
    const others = resourcesOfType(dev.json, 'AWS::Lambda::Function').filter(([id]) => id !== logicalIdOf(billing));
    for (const [, fn] of others) expect(JSON.stringify(fn.Properties?.Environment ?? {})).not.toContain('QUOTE_SECRET_ARN');
    const secret = dev.json.Resources[secretId].Properties!;
    expect(secret.GenerateSecretString).toMatchObject({ GenerateStringKey: 'key', PasswordLength: 64 });
  });

  it('has no unacknowledged cdk-nag finding', () => {
    expect(dev.findings).toEqual([]);
  });
});
