// The private photo originals (docs/drfa.md#photo-evidence, docs/security.md): kept under the media
// bucket's originals/ prefix, which is private, encrypted, TLS-only, never a CloudFront origin,
// kept 7 years (gone in 2 days while nothing references them), beside staff zips kept a day; only
// the functions that need them can write there, and the synthesized stack has no cdk-nag findings.
import { beforeAll, describe, expect, it } from 'vitest';
import { ORIGINAL_RETENTION_DAYS } from '../../lambdas/core/drfa/photos';
import { logicalIdOf } from '../../lib/project-function';
import { resourcesOfType, synthStage, type Synthesized } from './synth';

let prod: Synthesized;
beforeAll(() => {
  prod = synthStage('prod');
}, 180_000);

const mediaBucketOf = (s: Synthesized) => {
  const id = logicalIdOf(s.stack.media.mediaBucket);
  return { id, props: s.json.Resources[id].Properties! };
};

describe('private photo originals', () => {
  it('are kept 7 years under originals/, and expire in 2 days while unattached', () => {
    const rules = mediaBucketOf(prod).props.LifecycleConfiguration.Rules;
    expect(ORIGINAL_RETENTION_DAYS).toBeGreaterThanOrEqual(7 * 365);
    expect(rules).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Prefix: 'originals/', ExpirationInDays: ORIGINAL_RETENTION_DAYS, Status: 'Enabled' }),
        expect.objectContaining({ Prefix: 'originals/', TagFilters: [{ Key: 'unattached', Value: 'true' }], ExpirationInDays: 2, Status: 'Enabled' }),
        expect.objectContaining({ Prefix: 'exports/photos/', ExpirationInDays: 1, Status: 'Enabled' }),
      ]),
    );
  });

  it('sit in a bucket that blocks public access, is encrypted and refuses plain HTTP', () => {
    const { id, props } = mediaBucketOf(prod);
    expect(props.PublicAccessBlockConfiguration).toEqual({ BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true });
    expect(props.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm).toMatch(/AES256|aws:kms/);
    const [[, policy]] = resourcesOfType(prod.json, 'AWS::S3::BucketPolicy').filter(([, p]) => JSON.stringify(p.Properties!.Bucket).includes(id));
    const statements = policy.Properties!.PolicyDocument.Statement as { Effect: string; Condition?: Record<string, Record<string, unknown>>; Principal?: unknown }[];
    expect(statements.some((st) => st.Effect === 'Deny' && st.Condition?.Bool?.['aws:SecureTransport'] === 'false')).toBe(true);
    // No statement lets anyone (or CloudFront) in: only the deny above.
    expect(statements.filter((st) => st.Effect === 'Allow')).toEqual([]);
  });

  it('are served by no CloudFront behaviour (the media bucket is no origin)', () => {
    const { id } = mediaBucketOf(prod);
    for (const [, distribution] of resourcesOfType(prod.json, 'AWS::CloudFront::Distribution')) {
      for (const origin of distribution.Properties!.DistributionConfig.Origins as { DomainName: unknown }[]) {
        expect(JSON.stringify(origin.DomainName)).not.toContain(id);
      }
    }
  });

  it('leave cdk-nag nothing to report', () => {
    expect(prod.findings).toEqual([]);
  });
});
