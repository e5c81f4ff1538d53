import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

const noRotationReason =
  'Third-party credential: Stripe and VAPID keys are issued outside AWS and cannot be rotated by a Secrets Manager rotation Lambda; they are replaced by hand when the provider rotates them.';

/**
 * Stripe and Web Push (VAPID) credentials. The stack creates placeholders (a generated value
 * under `placeholder`, the expected fields empty) so no key is ever in the repository; an
 * operator fills them with `aws secretsmanager put-secret-value`.
 */
export class Secrets extends Construct {
  readonly stripe: Secret;
  readonly vapid: Secret;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.stripe = this.placeholder('Stripe', 'Stripe API key and webhook signing secret', {
      secretKey: '',
      webhookSigningSecret: '',
    });
    this.vapid = this.placeholder('Vapid', 'Web Push VAPID key pair and subject', {
      publicKey: '',
      privateKey: '',
      subject: '',
    });
  }

  private placeholder(id: string, description: string, fields: Record<string, string>): Secret {
    const secret = new Secret(this, id, {
      description: `${description} (JSON: ${Object.keys(fields).join(', ')})`,
      generateSecretString: {
        secretStringTemplate: JSON.stringify(fields),
        generateStringKey: 'placeholder',
      },
      // Losing a live Stripe key on a stack replacement would stop billing.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(secret.node.defaultChild!).acknowledge({ id: 'AwsSolutions-SMG4', reason: noRotationReason });
    return secret;
  }
}
