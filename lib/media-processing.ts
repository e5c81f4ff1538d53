import { Duration, Stack, Validations } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { EventType, type Bucket } from 'aws-cdk-lib/aws-s3';
import { LambdaDestination } from 'aws-cdk-lib/aws-s3-notifications';
import { Construct } from 'constructs';
import { mediaActions } from './media-actions';
import { ProjectFunction } from './project-function';

export interface MediaProcessingProps {
  readonly stage: string;
  readonly table: ITableV2;
  readonly mediaBucket: Bucket;
}

/**
 * Thumbnails for uploaded photos: S3 ObjectCreated under media/ invokes the thumbnail handler
 * (locally the same handler runs from s3rver's event). The handler ignores its own output.
 */
export class MediaProcessing extends Construct {
  readonly thumbnailFunction: ProjectFunction;

  constructor(scope: Construct, id: string, props: MediaProcessingProps) {
    super(scope, id);
    this.thumbnailFunction = new ProjectFunction(this, 'Thumbnail', {
      entry: 'lambdas/media/thumbnail.ts',
      stage: props.stage,
      service: 'media-thumbnail',
      description: 'Checks each uploaded photo by its bytes, strips its metadata and makes a 400 px WebP thumbnail',
      memorySize: 1024,
      timeout: Duration.seconds(30),
      nativeModules: ['sharp'],
    })
      .bindTable(props.table, 'readwrite')
      .bindBucket(props.mediaBucket, 'MEDIA_BUCKET', mediaActions(['read', 'upload', 'delete']));

    props.mediaBucket.addEventNotification(EventType.OBJECT_CREATED, new LambdaDestination(this.thumbnailFunction), {
      prefix: 'media/',
    });
    // CDK configures bucket notifications through its own singleton custom-resource function.
    const notificationsHandler = Stack.of(this).node.children.find((child) => child.node.id.startsWith('BucketNotificationsHandler'));
    if (notificationsHandler) {
      const reason =
        "CDK's BucketNotificationsHandler singleton runs only at deployment, to write the media bucket's notification configuration; its role and policy are CDK's own.";
      for (const id of [
        'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        'AwsSolutions-IAM5[Resource::*]',
        'AwsSolutions-L1',
      ]) Validations.of(notificationsHandler).acknowledge({ id, reason });
    }
  }
}
