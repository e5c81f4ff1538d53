// What keeps the API and its data standing in a storm, as deployed: request limits on AppSync,
// security headers on every response of the site, and data that survives a mistake.
import { beforeAll, describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { QUERY_DEPTH_LIMIT, RESOLVER_COUNT_LIMIT } from '../../lib/api-limits';
import { MEDIA_VERSION_DAYS } from '../../lib/media';
import { resourcesOfType, synthStage, WEB_FIXTURE, type Synthesized } from './synth';

describe('reliability settings of the dev stage', () => {
  let dev: Synthesized;
  beforeAll(() => {
    dev = synthStage('dev', { webDist: WEB_FIXTURE });
  }, 120_000);

  it('caps query depth and resolvers per request on AppSync with the limits the local AppSync applies', () => {
    dev.template.hasResourceProperties('AWS::AppSync::GraphQLApi', {
      QueryDepthLimit: QUERY_DEPTH_LIMIT,
      ResolverCountLimit: RESOLVER_COUNT_LIMIT,
    });
  });

  it('keeps the table with point-in-time recovery and deletion protection', () => {
    dev.template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      Replicas: [Match.objectLike({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true }, DeletionProtectionEnabled: true })],
    });
  });

  it('versions the media bucket and lets replaced or deleted photos go after a few days', () => {
    const media = resourcesOfType(dev.json, 'AWS::S3::Bucket').filter(([, b]) => b.Properties?.LoggingConfiguration?.LogFilePrefix === 's3/media/');
    expect(media).toHaveLength(1);
    const [, bucket] = media[0];
    expect(bucket.Properties!.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(bucket.Properties!.LifecycleConfiguration.Rules).toContainEqual(
      expect.objectContaining({ NoncurrentVersionExpiration: { NoncurrentDays: MEDIA_VERSION_DAYS }, ExpiredObjectDeleteMarker: true }),
    );
  });

  it("sends CSP, HSTS, nosniff and a referrer policy on every response, and frame-ancestors 'none' everywhere but the embed", () => {
    const distribution = resourcesOfType(dev.json, 'AWS::CloudFront::Distribution')[0][1].Properties!.DistributionConfig;
    const policies = new Map(resourcesOfType(dev.json, 'AWS::CloudFront::ResponseHeadersPolicy'));
    const policyOf = (behavior: { ResponseHeadersPolicyId: { Ref: string } }) => policies.get(behavior.ResponseHeadersPolicyId.Ref)!.Properties!.ResponseHeadersPolicyConfig;
    const behaviors = [distribution.DefaultCacheBehavior, ...(distribution.CacheBehaviors ?? [])];
    expect(behaviors.length).toBeGreaterThan(1);
    for (const behavior of behaviors) {
      const security = policyOf(behavior).SecurityHeadersConfig;
      const csp = JSON.stringify(security.ContentSecurityPolicy.ContentSecurityPolicy);
      expect(csp, behavior.PathPattern ?? 'default').toContain("default-src 'self'");
      expect(security.StrictTransportSecurity).toMatchObject({ AccessControlMaxAgeSec: expect.any(Number), IncludeSubdomains: true, Override: true });
      expect(security.StrictTransportSecurity.AccessControlMaxAgeSec).toBeGreaterThanOrEqual(31_536_000);
      expect(security.ContentTypeOptions).toEqual({ Override: true });
      expect(security.ReferrerPolicy).toEqual({ ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true });
      if (behavior.PathPattern === '/lga-embed') expect(csp).not.toContain("frame-ancestors 'none'");
      else {
        expect(csp, behavior.PathPattern ?? 'default').toContain("frame-ancestors 'none'");
        expect(security.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
      }
    }
  });
});
