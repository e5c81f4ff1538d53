// Enquiries and feedback for platform administrators: the list, handling and email replies.
import { z } from 'zod';
import { notFound } from '../../core/errors';
import { requiredText } from '../../core/validation';
import { enquiryView } from './present';
import { getEnquiry, listEnquiries, markReplied, setEnquiryHandled } from '../../adapters/admin/enquiries';
import { sendMail } from '../../adapters/platform/mail';
import { field } from '../resolver';
import { nextToken, pageLimit, requireAdmin, withCursor } from './shared';

export const ENQUIRY_NOT_FOUND = 'Enquiry not found';

const enquiryId = z.string().uuid('Enquiry not found');

async function load(id: string) {
  const enquiry = await getEnquiry(id);
  if (!enquiry) throw notFound(ENQUIRY_NOT_FOUND);
  return enquiry;
}

export const enquiryFields = {
  enquiries: field({
    args: z.object({ limit: pageLimit.optional().nullable(), nextToken, kind: z.enum(['ENQUIRY', 'FEEDBACK']).optional().nullable() }).strict(),
    access: 'user',
    async resolve({ args, principal }) {
      await requireAdmin(principal);
      const page = await withCursor(() =>
        listEnquiries({ kind: args.kind ? (args.kind.toLowerCase() as 'enquiry' | 'feedback') : undefined, limit: args.limit ?? 25, cursor: args.nextToken }),
      );
      return { items: page.items.map(enquiryView), nextToken: page.nextToken ?? null };
    },
  }),

  markEnquiryHandled: field({
    args: z.object({ id: enquiryId, handled: z.boolean() }).strict(),
    access: 'user',
    async resolve({ args, principal }) {
      const p = await requireAdmin(principal);
      await load(args.id);
      await setEnquiryHandled(args.id, args.handled, p.email);
      return enquiryView(await load(args.id));
    },
  }),

  replyToEnquiry: field({
    args: z.object({ id: enquiryId, message: requiredText('Reply', 5000) }).strict(),
    access: 'user',
    async resolve({ args, principal }) {
      const p = await requireAdmin(principal);
      const enquiry = await load(args.id);
      const quoted = enquiry.message.split('\n').map((line) => `> ${line}`).join('\n');
      await sendMail({
        to: enquiry.email,
        subject: enquiry.kind === 'feedback' ? 'Re: your feedback on Road Closures' : 'Re: your enquiry to Road Closures',
        text: `Hello ${enquiry.name},\n\n${args.message}\n\n— ${p.displayName ?? 'The Road Closures team'}\n\n${quoted}`,
      });
      // Sent: the enquiry is handled now (if it was not already) and remembers the reply.
      if (!(await setEnquiryHandled(args.id, true, p.email, true))) await markReplied(args.id);
      return enquiryView(await load(args.id));
    },
  }),
};
