// One DynamoDB client per process (reused across invocations; made again only if the endpoint
// changes, see client-per-endpoint.ts). Locally DYNAMODB_ENDPOINT points at DynamoDB Local; in AWS it is unset.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { clientPerEndpoint } from '../platform/client-per-endpoint';

export const dynamoClient: () => DynamoDBDocumentClient = clientPerEndpoint(
  () => process.env.DYNAMODB_ENDPOINT,
  (endpoint) => {
    const raw = new DynamoDBClient({
      region: process.env.AWS_REGION ?? 'ap-southeast-2',
      ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
    });
    return DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } });
  },
);

export function tableName(): string {
  const name = process.env.TABLE_NAME;
  if (!name) throw new Error('TABLE_NAME is not set');
  return name;
}
