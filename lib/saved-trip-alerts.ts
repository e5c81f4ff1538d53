// Saved-trip alerts (docs/alerts.md#saved-trips): a consumer of the domain events topic with the
// road engine. It routes the saved trips near each closure change again, and tells those the
// change blocks or frees in the app (published live), by Web Push, by mail and by text.
import { Duration, Validations } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { LambdaSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { LGA_BOUNDARY_FILES } from '../lambdas/api/domains';
import type { Alerts } from './alerts';
import type { Api } from './api';
import type { Mail } from './mail';
import { ProjectFunction } from './project-function';
import type { RoadGraphAsset } from './road-graph';

export interface SavedTripAlertsProps {
  readonly stage: string;
  readonly table: ITableV2;
  readonly eventsTopic: ITopic;
  readonly roadGraph: RoadGraphAsset;
  readonly vapidSecret: ISecret;
  readonly api: Api;
  readonly alerts: Alerts;
  readonly mail: Mail;
  readonly environment: Record<string, string>;
}

export class SavedTripAlerts extends Construct {
  readonly consumer: ProjectFunction;
  readonly deadLetters: Queue;

  constructor(scope: Construct, id: string, props: SavedTripAlertsProps) {
    super(scope, id);
    this.deadLetters = new Queue(this, 'DeadLetters', { enforceSSL: true, encryption: QueueEncryption.SQS_MANAGED, retentionPeriod: Duration.days(14) });
    Validations.of(this.deadLetters.node.defaultChild!).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This queue is itself the dead-letter queue of the saved-trip alert consumer.',
    });
    this.consumer = new ProjectFunction(this, 'ConsumerFunction', {
      entry: 'lambdas/events/saved-trip-alerts.ts',
      stage: props.stage,
      service: 'events-saved-trip-alerts',
      description: 'Routes the saved trips near a closure change again and alerts those it blocks or frees',
      ...props.roadGraph.sizing(1024),
      timeout: Duration.minutes(5),
      // A trip with a vehicle mass looks up the council of each unsealed road on its route.
      bundledFiles: [...LGA_BOUNDARY_FILES.files],
      environment: { ...props.environment, ...LGA_BOUNDARY_FILES.environment },
      deadLetterQueue: this.deadLetters,
    }).bindTable(props.table, 'readwrite');
    props.roadGraph.grantFetch(this.consumer);
    props.eventsTopic.addSubscription(new LambdaSubscription(this.consumer, { deadLetterQueue: this.deadLetters }));
    props.api.grantPublishNotification(this.consumer);
    this.consumer.bindSecret(props.vapidSecret, 'VAPID_SECRET_ARN');
    props.alerts.grantAlertMail(this.consumer, props.mail);
    props.alerts.grantSms(this.consumer);
  }
}
