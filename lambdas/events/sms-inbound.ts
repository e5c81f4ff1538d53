// Replies to text alerts (AWS End User Messaging two-way SMS publishes them to an SNS topic; locally
// the /dev/sms stand-in's reply form). STOP (and the carriers' other opt-out words) stops every
// text to that number; START lets them go again. The person's settings show which.
import { Logger } from '@aws-lambda-powertools/logger';
import type { SNSEvent } from 'aws-lambda';
import { optInNumber, optOutNumber } from '../adapters/alerts/sms-optouts';
import { normalizeAuMobile, START_WORDS, STOP_WORDS } from '../core/alerts/sms';

const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'road-closures-sms-inbound' });

interface InboundSms {
  originationNumber?: string;
  messageBody?: string;
}

export async function handleReply(reply: InboundSms): Promise<'stopped' | 'started' | 'ignored'> {
  const number = normalizeAuMobile(reply.originationNumber ?? '');
  const word = (reply.messageBody ?? '').trim().toUpperCase().split(/\s+/)[0] ?? '';
  if (!number) return 'ignored';
  if (STOP_WORDS.has(word)) {
    await optOutNumber(number);
    return 'stopped';
  }
  if (START_WORDS.has(word)) {
    await optInNumber(number);
    return 'started';
  }
  return 'ignored';
}

export const handler = async (event: SNSEvent): Promise<{ stopped: number; started: number }> => {
  const counts = { stopped: 0, started: 0 };
  for (const record of event.Records ?? []) {
    let reply: InboundSms;
    try {
      reply = JSON.parse(record.Sns.Message) as InboundSms;
    } catch {
      continue;
    }
    const outcome = await handleReply(reply);
    if (outcome !== 'ignored') counts[outcome]++;
  }
  logger.info('sms replies', counts);
  return counts;
};
