// The fan-out worker (AWS only): each SQS message holds one event and up to 200 of its
// deliveries, queued by the notification consumer (notify.ts) for a big audience. Writes are
// idempotent per (event, user), so a message delivered twice writes nothing new; a message that
// fails is reported alone and retried by SQS, then lands in the dead-letter queue.
import { Logger } from '@aws-lambda-powertools/logger';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type { FanoutMessage } from '../adapters/notifications/fanout';
import { deliver } from './notify';

const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'road-closures-notify-fanout' });

export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records ?? []) {
    try {
      const message = JSON.parse(record.body) as FanoutMessage;
      await deliver(message.event, message.deliveries);
    } catch (error) {
      logger.error('fan-out message failed', { messageId: record.messageId, error: error as Error });
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
};
