// Text messages out: AWS End User Messaging SMS (the pinpoint-sms-voice-v2 API) from the
// configured sender id, paced under the configured rate. Locally the runtime hands in its SMS
// stand-in (the /dev/sms outbox) and nothing leaves the machine.
import { PinpointSMSVoiceV2Client, SendTextMessageCommand } from '@aws-sdk/client-pinpoint-sms-voice-v2';
import { isDemoMode } from '../../core/identity/demo';
import { pacer, type Pacer } from '../../core/alerts/send-rate';
import { alertSenders } from '../../core/alerts/batches';

export type LocalSmsSink = (message: { to: string; body: string; sentAt: number }) => void;
let localSink: LocalSmsSink | undefined;
let client: PinpointSMSVoiceV2Client | undefined;
let pace: Pacer | undefined;

export function deliverSmsLocally(sink: LocalSmsSink | undefined): void {
  localSink = sink;
}

/** Texts per second, kept under the account's End User Messaging rate. */
export const smsSendRate = (env: Record<string, string | undefined> = process.env): number => {
  const rate = Number(env.SMS_SEND_RATE ?? '20');
  return Number.isFinite(rate) && rate > 0 ? rate : 20;
};

export async function sendSms(to: string, body: string): Promise<'sent' | 'demo'> {
  // Each of the senders that may run at once keeps to its share of the account's rate.
  pace ??= pacer(smsSendRate() / alertSenders());
  await pace.next();
  if (localSink) {
    localSink({ to, body, sentAt: Math.floor(Date.now() / 1000) });
    return 'sent';
  }
  if (isDemoMode()) return 'demo';
  const origination = process.env.SMS_ORIGINATION_IDENTITY;
  if (!origination) throw new Error('SMS_ORIGINATION_IDENTITY is not set');
  client ??= new PinpointSMSVoiceV2Client({});
  await client.send(
    new SendTextMessageCommand({
      DestinationPhoneNumber: to,
      OriginationIdentity: origination,
      MessageBody: body,
      MessageType: 'TRANSACTIONAL',
      ConfigurationSetName: process.env.SMS_CONFIGURATION_SET || undefined,
    }),
  );
  return 'sent';
}
