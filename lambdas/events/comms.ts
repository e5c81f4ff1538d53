// The communications consumer of domain events
// (docs/architecture.md#domain-events-and-their-consumers): every closure change regenerates the
// open feeds of its LGA and of all LGAs, and contentTask.generate writes a task's posts. In AWS an
// SNS subscription of the events topic; locally the runtime's in-process sink invokes it.
import { Logger } from '@aws-lambda-powertools/logger';
import type { SNSEvent } from 'aws-lambda';
import type { DomainEvent } from '../adapters/platform/events';
import { configuredWriter } from '../adapters/comms/bedrock-writer';
import { regenerateFeeds } from '../adapters/comms/feeds';
import { runGeneration } from '../adapters/comms/generation';
import { GENERATE_EVENT } from '../core/comms/tasks';

const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'road-closures-comms' });


export async function handleCommsEvent(event: DomainEvent): Promise<void> {
  const detail = event.detail as { lgaCode?: string; taskId?: string };
  if (event.type.startsWith('closure.') && detail.lgaCode) {
    const written = await regenerateFeeds(detail.lgaCode);
    logger.info('feeds regenerated', { eventId: event.id, lgaCode: detail.lgaCode, ...written });
  } else if (event.type === GENERATE_EVENT && detail.taskId) {
    const writer = configuredWriter();
    const task = await runGeneration(detail.taskId, writer);
    logger.info('content task written', { eventId: event.id, taskId: detail.taskId, writer: writer.name, error: task?.error });
  }
}

export const handler = async (event: SNSEvent): Promise<void> => {
  for (const record of event.Records ?? []) await handleCommsEvent(JSON.parse(record.Sns.Message) as DomainEvent);
};
