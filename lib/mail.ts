import { CfnOutput, Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import type { ProjectFunction } from './project-function';

/** The sender when no mail domain is configured: nothing can be verified for it, so SES refuses to send. */
export const PLACEHOLDER_MAIL_DOMAIN = 'example.com';

export interface MailProps {
  /** Domain the app sends from (context `mailDomain`); the stack creates its SES identity. */
  readonly mailDomain?: string;
}

/**
 * Outgoing mail (sign-in links, manager invitations) through SES v2. With a mail domain the
 * stack creates the domain identity with Easy DKIM and outputs the three CNAME records to publish;
 * SES sends once they are in DNS (and, outside the SES sandbox, to any recipient).
 */
export class Mail extends Construct {
  readonly domain: string;
  readonly fromAddress: string;
  /** The identity SES authorizes a send against: the domain of the From address. */
  readonly identityArn: string;
  readonly identity?: EmailIdentity;

  constructor(scope: Construct, id: string, props: MailProps) {
    super(scope, id);
    this.domain = props.mailDomain ?? PLACEHOLDER_MAIL_DOMAIN;
    this.fromAddress = `no-reply@${this.domain}`;
    if (props.mailDomain) {
      this.identity = new EmailIdentity(this, 'Identity', { identity: Identity.domain(props.mailDomain) });
      this.identityArn = this.identity.emailIdentityArn;
      const identity = this.identity;
      const records = ([1, 2, 3] as const).map((n) => ({
        name: identity[`dkimDnsTokenName${n}`],
        type: 'CNAME',
        value: identity[`dkimDnsTokenValue${n}`],
      }));
      new CfnOutput(this, 'DkimRecords', {
        description: `DNS records that verify ${props.mailDomain} for SES (Easy DKIM)`,
        value: Stack.of(this).toJsonString(records),
      });
    } else {
      this.identityArn = Stack.of(this).formatArn({ service: 'ses', resource: 'identity', resourceName: this.domain });
    }
  }

  /** ses:SendEmail from this identity only, and the sender under MAIL_FROM. */
  grantSend(fn: ProjectFunction): void {
    fn.addToRolePolicy(new PolicyStatement({ actions: ['ses:SendEmail'], resources: [this.identityArn] }));
    fn.addEnvironment('MAIL_FROM', this.fromAddress);
  }
}
