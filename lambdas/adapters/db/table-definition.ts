// The single table's key schema (docs/data.md#the-table), used to create the table in DynamoDB
// Local and in tests. lib/data.ts declares the same keys for AWS; test/cdk checks they agree.
import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

export const TABLE_KEYS = {
  partitionKey: 'pk',
  sortKey: 'sk',
  indexes: { gsi1: ['gsi1pk', 'gsi1sk'], gsi2: ['gsi2pk', 'gsi2sk'], gsi3: ['gsi3pk', 'gsi3sk'] },
  timeToLiveAttribute: 'expiresAt',
} as const;

export function createTableInput(tableName: string): CreateTableCommandInput {
  const attribute = (name: string) => ({ AttributeName: name, AttributeType: 'S' as const });
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: ['pk', 'sk', ...Object.values(TABLE_KEYS.indexes).flat()].map(attribute),
    KeySchema: [
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: Object.entries(TABLE_KEYS.indexes).map(([IndexName, [hash, range]]) => ({
      IndexName,
      KeySchema: [
        { AttributeName: hash, KeyType: 'HASH' as const },
        { AttributeName: range, KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: 'ALL' as const },
    })),
    StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
  };
}
