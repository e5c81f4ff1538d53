// Least privilege and hardening in the synthesized prod stage: the anonymous directions function
// only reads the table, the CSP lets the app reach its own media bucket only, unattached uploads
// expire, and prod's app client has no password flow without SRP.
import { beforeAll, describe, expect, it } from 'vitest';
import { resourcesOfType, synthStage, type Synthesized } from './synth';

let prod: Synthesized;
beforeAll(() => {
  prod = synthStage('prod');
}, 180_000);

const WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem', 'dynamodb:*'];

describe('least privilege', () => {
  it('the directions function reads the table and writes nothing', () => {
    const policies = resourcesOfType(prod.json, 'AWS::IAM::Policy').filter(([id]) => /DirectionsFunction/.test(id));
    expect(policies.length).toBeGreaterThan(0);
    const actions = policies.flatMap(([, p]) => (p.Properties!.PolicyDocument.Statement as { Action: string | string[] }[]).flatMap((s) => [s.Action].flat()));
    expect(actions).toContain('dynamodb:Query');
    for (const write of WRITE_ACTIONS) expect(actions).not.toContain(write);
  });

  it('the CSP names the media bucket, not every bucket of the region', () => {
    const [[, policy]] = resourcesOfType(prod.json, 'AWS::CloudFront::ResponseHeadersPolicy').filter(([, p]) => JSON.stringify(p).includes('connect-src'));
    const csp = JSON.stringify(policy.Properties);
    expect(csp).toContain('road-closures-prod-media-');
    expect(csp).not.toContain('*.s3.');
  });
});

describe('unattached uploads', () => {
  it('expire through a lifecycle rule on the tag set at upload', () => {
    const buckets = resourcesOfType(prod.json, 'AWS::S3::Bucket').map(([, b]) => b.Properties!);
    const media = buckets.find((b) => JSON.stringify(b.BucketName ?? '').includes('-media-'));
    expect(media).toBeDefined();
    expect(media!.LifecycleConfiguration.Rules).toEqual(
      expect.arrayContaining([expect.objectContaining({ Prefix: 'media/', TagFilters: [{ Key: 'unattached', Value: 'true' }], ExpirationInDays: 2, Status: 'Enabled' })]),
    );
  });
});

describe('sign-in', () => {
  it('offers no password flow without SRP (the web app uses SRP); TOTP is optional for everyone', () => {
    const [[, client]] = resourcesOfType(prod.json, 'AWS::Cognito::UserPoolClient');
    expect(client.Properties!.ExplicitAuthFlows).not.toContain('ALLOW_USER_PASSWORD_AUTH');
    expect(client.Properties!.ExplicitAuthFlows).toContain('ALLOW_USER_SRP_AUTH');
    const [[, pool]] = resourcesOfType(prod.json, 'AWS::Cognito::UserPool');
    expect(pool.Properties!.MfaConfiguration).toBe('OPTIONAL');
    expect(pool.Properties!.EnabledMfas).toEqual(['SOFTWARE_TOKEN_MFA']);
  });

  it('requires an authenticator app of administrators in every function, the sign-in triggers included', () => {
    const functions = resourcesOfType(prod.json, 'AWS::Lambda::Function').map(([id, f]) => [id, f.Properties?.Environment?.Variables ?? {}] as const);
    const ours = functions.filter(([, env]) => 'STAGE' in env);
    expect(ours.length).toBeGreaterThan(10);
    for (const [id, env] of ours) expect({ id, mfa: env.ADMIN_MFA }).toEqual({ id, mfa: 'required' });
    const triggers = ours.filter(([id]) => /CreateAuthChallenge|VerifyAuthChallenge/.test(id));
    expect(triggers).toHaveLength(2);
  });
});
