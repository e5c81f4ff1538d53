// The Stripe webhook endpoint: a Lambda function URL Stripe posts events to. Stripe cannot sign
// AWS requests, so the URL is public (auth NONE) and every request is authenticated by its
// Stripe-Signature (HMAC with the webhook signing secret from Secrets Manager) in the handler.
import { CfnOutput, Duration } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { FunctionUrlAuthType, type FunctionUrl } from 'aws-cdk-lib/aws-lambda';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import type { Api } from './api';
import { ProjectFunction } from './project-function';

export interface BillingWebhookProps {
  readonly stage: string;
  readonly table: ITableV2;
  readonly stripeSecret: ISecret;
  readonly eventsTopic: ITopic;
  readonly api: Api;
}

export class BillingWebhook extends Construct {
  readonly function: ProjectFunction;
  readonly url: FunctionUrl;

  constructor(scope: Construct, id: string, props: BillingWebhookProps) {
    super(scope, id);
    this.function = new ProjectFunction(this, 'StripeWebhook', {
      entry: 'lambdas/webhooks/stripe.ts',
      stage: props.stage,
      service: 'stripe-webhook',
      description: 'Stripe webhook: verifies the signature and applies each event once',
      timeout: Duration.seconds(15),
    })
      .bindTable(props.table, 'readwrite')
      .bindSecret(props.stripeSecret, 'STRIPE_SECRET_ARN')
      .bindTopic(props.eventsTopic, 'EVENTS_TOPIC_ARN');
    // Customer changes reach the admin list and the onboarding page live.
    props.api.grantInternalMutation(this.function, 'publishCustomerChanged');
    this.url = this.function.addFunctionUrl({ authType: FunctionUrlAuthType.NONE });
    new CfnOutput(this, 'StripeWebhookUrl', {
      value: this.url.url,
      description: 'Register as a Stripe webhook endpoint with the path stripe/webhook (docs/operations.md#stripe)',
    });
  }
}
