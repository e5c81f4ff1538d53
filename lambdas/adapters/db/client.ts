// One DynamoDB client per process (created at module scope, reused across invocations).
// Locally DYNAMODB_ENDPOINT points at DynamoDB Local; in AWS it is unset.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

let documentClient: DynamoDBDocumentClient | undefined;

export function dynamoClient(): DynamoDBDocumentClient {
  if (!documentClient) {
    const endpoint = process.env.DYNAMODB_ENDPOINT;
    const raw = new DynamoDBClient({
      region: process.env.AWS_REGION ?? 'ap-southeast-2',
      ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
    });
    documentClient = DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } });
  }
  return documentClient;
}

export function tableName(): string {
  const name = process.env.TABLE_NAME;
  if (!name) throw new Error('TABLE_NAME is not set');
  return name;
}
