import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, Billing, StreamViewType, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';

export interface DataProps {
  readonly stage: string;
}

/**
 * The single table (docs/data.md#the-table): generic keys, three generic GSIs whose access patterns
 * the entity declarations name, TTL for notifications, and a stream for change consumers.
 */
export class Data extends Construct {
  readonly table: TableV2;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);
    const key = (name: string) => ({ name, type: AttributeType.STRING });

    this.table = new TableV2(this, 'Table', {
      partitionKey: key('pk'),
      sortKey: key('sk'),
      globalSecondaryIndexes: [
        { indexName: 'gsi1', partitionKey: key('gsi1pk'), sortKey: key('gsi1sk') },
        { indexName: 'gsi2', partitionKey: key('gsi2pk'), sortKey: key('gsi2sk') },
        // The public map's fine (precision-5) index; sparse like gsi2's map keys (lambdas/core/closures/map-index.ts).
        { indexName: 'gsi3', partitionKey: key('gsi3pk'), sortKey: key('gsi3sk') },
      ],
      billing: Billing.onDemand(),
      timeToLiveAttribute: 'expiresAt',
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      dynamoStream: StreamViewType.NEW_AND_OLD_IMAGES,
      // On every stage: the table is the product's only copy of closures, reports and accounts.
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }
}
