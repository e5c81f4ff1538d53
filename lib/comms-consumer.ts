import { Duration, Stack, Validations } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { LambdaSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { ProjectFunction } from './project-function';

/** A model that Amazon Bedrock serves in ap-southeast-2; override with `-c bedrockModelId=…`. */
export const DEFAULT_BEDROCK_MODEL_ID = 'anthropic.claude-3-haiku-20240307-v1:0';

export interface CommsConsumerProps {
  readonly stage: string;
  readonly table: ITableV2;
  readonly eventsTopic: ITopic;
  readonly feedsBucket: IBucket;
  readonly environment: Record<string, string>;
}

/**
 * The communications subscriber of the events topic: regenerates the open feeds (GeoJSON, WZDx,
 * Waze CIFS) in the feeds bucket on every closure change, and writes social posts with Amazon
 * Bedrock when a content task is generated.
 */
export class CommsConsumer extends Construct {
  readonly fn: ProjectFunction;
  readonly deadLetters: Queue;

  constructor(scope: Construct, id: string, props: CommsConsumerProps) {
    super(scope, id);
    const modelId = String(this.node.tryGetContext('bedrockModelId') ?? DEFAULT_BEDROCK_MODEL_ID);
    const queue = new Queue(this, 'DeadLetters', { enforceSSL: true, encryption: QueueEncryption.SQS_MANAGED, retentionPeriod: Duration.days(14) });
    Validations.of(queue.node.defaultChild!).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This queue is itself the dead-letter queue of the communications consumer: failed feed regenerations and post writing land here for inspection and redrive.',
    });
    const fn = new ProjectFunction(this, 'Function', {
      entry: 'lambdas/events/comms.ts',
      stage: props.stage,
      service: 'events-comms',
      description: 'Regenerates the open feeds and writes social posts for domain events',
      // Bedrock writes one post per closure (up to 26) in sequence.
      timeout: Duration.minutes(3),
      environment: { ...props.environment, CONTENT_WRITER: 'bedrock', BEDROCK_MODEL_ID: modelId },
      deadLetterQueue: queue,
    })
      .bindTable(props.table, 'readwrite')
      .bindBucket(props.feedsBucket, 'FEEDS_BUCKET', 'readwrite');
    // The one model, in this region (a foundation model id, or an inference profile of this account).
    const { region, account } = Stack.of(this);
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['bedrock:InvokeModel'],
        resources: [`arn:aws:bedrock:${region}::foundation-model/${modelId}`, `arn:aws:bedrock:${region}:${account}:inference-profile/${modelId}`],
      }),
    );
    props.eventsTopic.addSubscription(new LambdaSubscription(fn, { deadLetterQueue: queue }));
    this.fn = fn;
    this.deadLetters = queue;
  }
}
