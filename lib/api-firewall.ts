import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

export interface ApiFirewallProps {
  /** ARN of the regional resource to protect (the AppSync API). */
  readonly resourceArn: string;
  /** Requests per IP in any five-minute window before the IP is blocked. */
  readonly requestsPerFiveMinutes?: number;
}

/** Regional WAF in front of the API: per-IP rate limit plus the AWS common rule set. */
export class ApiFirewall extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: ApiFirewallProps) {
    super(scope, id);
    const visibility = (metricName: string) => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName,
    });

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('api'),
      rules: [
        {
          name: 'RateLimitPerIp',
          priority: 0,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              aggregateKeyType: 'IP',
              limit: props.requestsPerFiveMinutes ?? 1000,
              evaluationWindowSec: 300,
            },
          },
          visibilityConfig: visibility('api-rate-limit'),
        },
        {
          name: 'AwsCommonRuleSet',
          priority: 1,
          overrideAction: { none: {} },
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: 'AWSManagedRulesCommonRuleSet',
              // Closure geometries (snapped LineStrings) and client error stacks exceed the
              // rule set's 8 KB body limit; AppSync's own request size limit still applies.
              ruleActionOverrides: [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }],
            },
          },
          visibilityConfig: visibility('api-common-rules'),
        },
      ],
    });

    new CfnWebACLAssociation(this, 'Association', {
      resourceArn: props.resourceArn,
      webAclArn: this.webAcl.attrArn,
    });
  }
}
