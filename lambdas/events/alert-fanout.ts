// The alert sender (docs/alerts.md#send-rate-and-big-councils): each SQS message is one bounded
// batch of a closure event's mail and texts, handed on by the alert consumer (lambdas/events/alert-batches.ts). At
// most ALERT_SENDERS of these run at once, each keeping to its share of the SES and SMS rates. A
// batch that fails is reported alone and retried by SQS (then the dead-letter queue); its claims
// make the retry send only what did not go.
import { Logger } from '@aws-lambda-powertools/logger';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type { AlertBatch } from '../adapters/alerts/alert-queue';
import { sendAlertBatch } from './alert-batches';

const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'road-closures-alert-fanout' });

export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records ?? []) {
    try {
      await sendAlertBatch(JSON.parse(record.body) as AlertBatch);
    } catch (error) {
      logger.error('alert batch failed', { messageId: record.messageId, error: error as Error });
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
};
