// Domain events (docs/architecture.md#domain-events-and-their-consumers): SNS in AWS; locally an
// in-process sink that the local runtime sets, which hands each event to the same consumer
// handlers.
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { randomUUID } from 'node:crypto';

export interface DomainEvent<T = Record<string, unknown>> {
  id: string;
  type: string;
  occurredAt: number;
  actor?: string;
  detail: T;
}

type LocalSink = (event: DomainEvent) => void;
let localSink: LocalSink | undefined;
let sns: SNSClient | undefined;

/** Used by local/ only: deliver events in process instead of through SNS. */
export function setLocalEventSink(sink: LocalSink | undefined): void {
  localSink = sink;
}

export async function publishEvent<T extends Record<string, unknown>>(
  type: string,
  detail: T,
  actor?: string,
): Promise<DomainEvent<T>> {
  const event: DomainEvent<T> = { id: randomUUID(), type, occurredAt: Math.floor(Date.now() / 1000), actor, detail };
  if (localSink) {
    localSink(event);
    return event;
  }
  const topicArn = process.env.EVENTS_TOPIC_ARN;
  if (!topicArn) throw new Error('EVENTS_TOPIC_ARN is not set');
  sns ??= new SNSClient({});
  await sns.send(
    new PublishCommand({
      TopicArn: topicArn,
      Message: JSON.stringify(event),
      MessageAttributes: { type: { DataType: 'String', StringValue: type } },
    }),
  );
  return event;
}
