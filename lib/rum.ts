// Real-user monitoring in AWS, an option: `cdk deploy -c rum=true` adds a CloudWatch RUM app
// monitor for the site, the Cognito identity pool whose guest identities may do nothing but put
// RUM events into that monitor, and the values the web client reads from /config.json (app.rum).
// Without the switch nothing of this is deployed and the app loads no RUM code; the page-view
// counters (recordPageView) stay the product's own, privacy-respecting analytics either way.
import { Stack, Validations } from 'aws-cdk-lib';
import { CfnIdentityPool, CfnIdentityPoolRoleAttachment } from 'aws-cdk-lib/aws-cognito';
import { FederatedPrincipal, PolicyDocument, PolicyStatement, Role } from 'aws-cdk-lib/aws-iam';
import { CfnAppMonitor } from 'aws-cdk-lib/aws-rum';
import { Construct } from 'constructs';

/** The RUM web client the app loads from AWS's CDN (pinned; the CSP allows this host only when RUM is on). */
export const RUM_CLIENT_URL = 'https://client.rum.us-east-1.amazonaws.com/1.19.0/cwr.js';

/** Context `rum`: true, 'true' or '1' switches real-user monitoring on. */
export function rumEnabled(scope: Construct): boolean {
  const value = scope.node.tryGetContext('rum') as unknown;
  return value === true || value === 'true' || value === '1';
}

/** What the site's CSP adds when RUM is on: the client script and the hosts it sends to. */
export function rumCspSources(region: string): { script: string; connect: string } {
  return {
    script: new URL(RUM_CLIENT_URL).origin,
    connect: [`https://dataplane.rum.${region}.amazonaws.com`, `https://cognito-identity.${region}.amazonaws.com`, `https://sts.${region}.amazonaws.com`].join(' '),
  };
}

/** /config.json's app.rum: everything the web client needs (all public by design). */
export interface RumWebConfig {
  readonly appMonitorId: string;
  readonly identityPoolId: string;
  readonly guestRoleArn: string;
  readonly region: string;
  readonly endpoint: string;
  readonly clientUrl: string;
}

export interface RealUserMonitoringProps {
  readonly stage: string;
  /** The site's host name (custom domain or the CloudFront domain), without https://. */
  readonly domain: string;
}

export class RealUserMonitoring extends Construct {
  readonly appMonitor: CfnAppMonitor;
  readonly identityPool: CfnIdentityPool;
  readonly guestRole: Role;
  readonly webConfig: RumWebConfig;

  constructor(scope: Construct, id: string, props: RealUserMonitoringProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const name = `road-closures-${props.stage}`;

    // Guest identities only: the RUM web client gets short-lived credentials through the basic flow.
    this.identityPool = new CfnIdentityPool(this, 'IdentityPool', {
      identityPoolName: `road_closures_rum_${props.stage}`,
      allowUnauthenticatedIdentities: true,
      allowClassicFlow: true,
    });
    const appMonitorArn = stack.formatArn({ service: 'rum', resource: 'appmonitor', resourceName: name });
    this.guestRole = new Role(this, 'GuestRole', {
      description: 'Browsers of the road-closure app: put CloudWatch RUM events into its app monitor, nothing else',
      assumedBy: new FederatedPrincipal(
        'cognito-identity.amazonaws.com',
        {
          StringEquals: { 'cognito-identity.amazonaws.com:aud': this.identityPool.ref },
          'ForAnyValue:StringLike': { 'cognito-identity.amazonaws.com:amr': 'unauthenticated' },
        },
        'sts:AssumeRoleWithWebIdentity',
      ),
      inlinePolicies: {
        PutRumEvents: new PolicyDocument({ statements: [new PolicyStatement({ actions: ['rum:PutRumEvents'], resources: [appMonitorArn] })] }),
      },
    });
    new CfnIdentityPoolRoleAttachment(this, 'Roles', {
      identityPoolId: this.identityPool.ref,
      roles: { unauthenticated: this.guestRole.roleArn },
    });

    this.appMonitor = new CfnAppMonitor(this, 'AppMonitor', {
      name,
      domain: props.domain,
      // Aggregates stay in RUM; no copy of the raw events in CloudWatch Logs.
      cwLogEnabled: false,
      appMonitorConfiguration: {
        // No cookies and no user ids: sessions are not followed across visits.
        allowCookies: false,
        enableXRay: false,
        sessionSampleRate: 1,
        telemetries: ['errors', 'performance', 'http'],
        identityPoolId: this.identityPool.ref,
        guestRoleArn: this.guestRole.roleArn,
      },
    });

    this.webConfig = {
      appMonitorId: this.appMonitor.attrId,
      identityPoolId: this.identityPool.ref,
      guestRoleArn: this.guestRole.roleArn,
      region: stack.region,
      endpoint: `https://dataplane.rum.${stack.region}.amazonaws.com`,
      clientUrl: RUM_CLIENT_URL,
    };

    Validations.of(this.identityPool).acknowledge({
      id: 'AwsSolutions-COG7',
      reason: 'Real-user monitoring is anonymous by design: guest identities may only call rum:PutRumEvents on this one app monitor (GuestRole).',
    });
  }
}
