// CloudWatch RUM is an option: without context `rum` nothing of it is deployed and /config.json
// has no app.rum; with -c rum=true there is one app monitor for the site, an identity pool whose
// guest role may only put RUM events into it, the CSP allows the client and its hosts, and
// cdk-nag stays clean.
import { beforeAll, describe, expect, it } from 'vitest';
import { resourcesOfType, synthStage, type Synthesized } from './synth';

const cspOf = (s: Synthesized) =>
  JSON.stringify(resourcesOfType(s.json, 'AWS::CloudFront::ResponseHeadersPolicy').map(([, r]) => r.Properties));
const webConfigOf = (s: Synthesized) => JSON.stringify(s.json.Outputs.WebConfig.Value);

describe('real-user monitoring (CloudWatch RUM)', () => {
  let off: Synthesized;
  let on: Synthesized;

  beforeAll(() => {
    off = synthStage('dev');
    on = synthStage('dev', { rum: 'true' });
  }, 180_000);

  it('is off by default: no app monitor, no identity pool, no RUM in /config.json or the CSP', () => {
    expect(resourcesOfType(off.json, 'AWS::RUM::AppMonitor')).toHaveLength(0);
    expect(resourcesOfType(off.json, 'AWS::Cognito::IdentityPool')).toHaveLength(0);
    expect(webConfigOf(off)).not.toContain('appMonitorId');
    expect(cspOf(off)).not.toContain('client.rum.');
    expect(off.stack.rum).toBeUndefined();
  });

  it('with -c rum=true adds one app monitor for the site, without cookies', () => {
    const monitors = resourcesOfType(on.json, 'AWS::RUM::AppMonitor').map(([, r]) => r.Properties!);
    expect(monitors).toHaveLength(1);
    expect(monitors[0]).toMatchObject({ Name: 'road-closures-dev', CwLogEnabled: false });
    expect(monitors[0].AppMonitorConfiguration).toMatchObject({ AllowCookies: false, Telemetries: ['errors', 'performance', 'http'] });
    expect(JSON.stringify(monitors[0].Domain)).toContain('DomainName');
  });

  it('gives guest identities a role that may only put RUM events into that monitor', () => {
    const pools = resourcesOfType(on.json, 'AWS::Cognito::IdentityPool').map(([, r]) => r.Properties!);
    expect(pools).toEqual([expect.objectContaining({ AllowUnauthenticatedIdentities: true })]);
    const roles = resourcesOfType(on.json, 'AWS::IAM::Role')
      .map(([, r]) => r.Properties!)
      .filter((r) => JSON.stringify(r.AssumeRolePolicyDocument).includes('cognito-identity.amazonaws.com'));
    expect(roles).toHaveLength(1);
    const trust = JSON.stringify(roles[0].AssumeRolePolicyDocument);
    expect(trust).toContain('unauthenticated');
    expect(trust).toContain('cognito-identity.amazonaws.com:aud');
    const statements = roles[0].Policies.flatMap((p: any) => p.PolicyDocument.Statement);
    expect(statements).toHaveLength(1);
    expect(statements[0].Action).toBe('rum:PutRumEvents');
    expect(JSON.stringify(statements[0].Resource)).toContain(':appmonitor/road-closures-dev');
    expect(resourcesOfType(on.json, 'AWS::Cognito::IdentityPoolRoleAttachment')).toHaveLength(1);
  });

  it('hands the web client its settings in /config.json and lets the CSP load and reach RUM', () => {
    const config = webConfigOf(on);
    for (const key of ['appMonitorId', 'identityPoolId', 'guestRoleArn', 'dataplane.rum.', 'cwr.js']) expect(config).toContain(key);
    const csp = cspOf(on);
    expect(csp).toContain("script-src 'self' https://client.rum.us-east-1.amazonaws.com");
    expect(csp).toContain('https://dataplane.rum.');
    expect(csp).toContain('https://cognito-identity.');
  });

  it('stays cdk-nag clean', () => {
    expect(on.findings).toEqual([]);
  });
});
