// How much mail the app sends, so it cannot be turned into a mail cannon: per sender (a signed-in
// user inviting managers), per recipient (sign-in links to one address) and overall, per hour.
export const MAIL_LIMITS = {
  /** Mails one signed-in user may cause in an hour (manager invitations). */
  perSender: 20,
  /** Mails one address may receive in an hour (sign-in links arrive at most every 30 s anyway). */
  perRecipient: 6,
  /** Mails the whole app sends in an hour. */
  overall: 1000,
} as const;

export const HOUR_SECONDS = 3600;

export interface MailCounter {
  name: string;
  limit: number;
}

/** The counters one mail takes a slot of; names hold no raw address (a hash is passed in). */
export function mailCounters(recipientHash: string, senderUid?: string): MailCounter[] {
  return [
    { name: `mail-to#${recipientHash}`, limit: MAIL_LIMITS.perRecipient },
    ...(senderUid ? [{ name: `mail-from#${senderUid}`, limit: MAIL_LIMITS.perSender }] : []),
    { name: 'mail-all', limit: MAIL_LIMITS.overall },
  ];
}
