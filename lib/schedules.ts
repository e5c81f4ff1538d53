import { Duration, Stack, Validations } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { LGA_BOUNDARY_FILES } from '../lambdas/api/domains';
import { logicalIdOf, ProjectFunction } from './project-function';
import type { RoadGraphAsset } from './road-graph';

export interface SchedulesProps {
  readonly stage: string;
  readonly table: ITableV2;
  readonly eventsTopic: ITopic;
  /** Configuration every handler reads (bucket names, user pool id). */
  readonly environment: Record<string, string>;
  /** Where the state hazards' public file is written (feeds/livetraffic/hazards.json). */
  readonly feedsBucket: IBucket;
  /** The Live Traffic NSW API key (JSON {apiKey}). */
  readonly liveTrafficSecret: ISecret;
  /** The road graph the API's road-engine domains fetch; the state hazards import fetches it too. */
  readonly roadGraph?: RoadGraphAsset;
}

interface Job {
  readonly id: string;
  readonly entry: string;
  readonly every: Duration;
  readonly description: string;
  /** The importer of the state's hazards: the road engine, the LGA boundaries, the feeds bucket and its API key. */
  readonly stateFeed?: true;
  /** Rewrites the open feeds, whose end dates move with the clock. */
  readonly writesFeeds?: true;
}

/**
 * Reopening reminders every 15 minutes; archiving and expiry every hour; the state's hazards every
 * 5 minutes (docs/architecture.md#schedules, docs/state-hazards.md).
 */
const jobs: Job[] = [
  {
    id: 'Reminders',
    entry: 'lambdas/schedules/reminders.ts',
    every: Duration.minutes(15),
    description: 'Reminders for scheduled, overdue and stale closures',
  },
  {
    id: 'Hourly',
    entry: 'lambdas/schedules/hourly.ts',
    every: Duration.hours(1),
    description: 'Archives closures reopened over 24 h ago, expires announcements and rewrites the open feeds',
    writesFeeds: true,
  },
  {
    id: 'StateHazards',
    entry: 'lambdas/schedules/livetraffic.ts',
    every: Duration.minutes(5),
    description: "Imports the state's hazards from the Live Traffic NSW API",
    stateFeed: true,
  },
];

export class Schedules extends Construct {
  readonly functions: ProjectFunction[] = [];
  /** The reminders job, which also publishes its reminders live (see Api.grantPublishNotification). */
  readonly reminders: ProjectFunction;
  /** Each job's dead-letter queue, by job id (diagnostics shows their depth). */
  readonly deadLetters: Record<string, Queue> = {};

  constructor(scope: Construct, id: string, props: SchedulesProps) {
    super(scope, id);
    for (const job of jobs) {
      const fn = new ProjectFunction(this, `${job.id}Function`, {
        entry: job.entry,
        stage: props.stage,
        service: 'schedules',
        description: job.description,
        timeout: Duration.minutes(2),
        ...(job.stateFeed && props.roadGraph ? props.roadGraph.sizing(1024) : {}),
        environment: { ...props.environment, ...(job.stateFeed ? LGA_BOUNDARY_FILES.environment : {}) },
        bundledFiles: job.stateFeed ? [...LGA_BOUNDARY_FILES.files] : undefined,
      })
        .bindTable(props.table, 'readwrite')
        .bindTopic(props.eventsTopic, 'EVENTS_TOPIC_ARN');
      if (job.writesFeeds) fn.bindBucket(props.feedsBucket, 'FEEDS_BUCKET', 'readwrite');
      if (job.stateFeed) {
        fn.bindBucket(props.feedsBucket, 'FEEDS_BUCKET', 'readwrite').bindSecret(props.liveTrafficSecret, 'LIVE_TRAFFIC_SECRET_ARN');
        props.roadGraph?.grantFetch(fn);
      }
      this.functions.push(fn);

      const deadLetters = new Queue(this, `${job.id}DeadLetters`, {
        enforceSSL: true,
        encryption: QueueEncryption.SQS_MANAGED,
        retentionPeriod: Duration.days(14),
      });
      this.deadLetters[job.id] = deadLetters;
      Validations.of(deadLetters.node.defaultChild!).acknowledge({
        id: 'AwsSolutions-SQS3',
        reason: `This queue is itself the dead-letter queue of the ${job.id} schedule target (set on the schedule, where cdk-nag does not look for it).`,
      });

      // A role per schedule, here, instead of the stack-level role the target would create.
      const role = new Role(this, `${job.id}SchedulerRole`, {
        assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
          conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
        }),
        description: `Lets EventBridge Scheduler run the ${job.id} job`,
      });
      Validations.of(role).acknowledge({
        id: `AwsSolutions-IAM5[Resource::<${logicalIdOf(fn)}.Arn>:*]`,
        reason: `The scheduler may invoke versions and aliases of the ${job.id} function only; the wildcard is the qualifier of that one function ARN.`,
      });

      new Schedule(this, `${job.id}Schedule`, {
        description: job.description,
        schedule: ScheduleExpression.rate(job.every),
        target: new LambdaInvoke(fn, {
          role,
          deadLetterQueue: deadLetters,
          retryAttempts: 2,
          // A missed run is superseded by the next one, so do not retry past the interval.
          maxEventAge: job.every,
        }),
      });
    }
    this.reminders = this.functions.find((fn) => fn.entry === 'lambdas/schedules/reminders.ts')!;
  }
}
