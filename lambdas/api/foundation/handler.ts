// Foundation fields: who am I, the LGAs, the LGA data bundle, enquiries and client errors.
import { z } from 'zod';
import { isStaff } from '../../core/access';
import { canRequestAccess } from '../../core/identity/request-access';
import { requestAccessFacts } from '../../adapters/identity/request-access';
import { forbidden, notFound } from '../../core/errors';
import { boundedText, email, lgaCode, requiredText } from '../../core/validation';
import { db } from '../../adapters/db/db';
import { createEnquiry } from '../../adapters/admin/enquiries';
import { recordClientError } from '../../adapters/admin/client-errors';
import { routePattern } from '../../core/admin/diagnostics';
import { enquiryView } from '../admin/present';
import { getLga, latestLgaDataImport, listLgas } from '../../adapters/foundation/lgas';
import { publishEvent } from '../../adapters/platform/events';
import { createResolverHandler, field } from '../resolver';

const noArgs = z.object({}).strict();

const EnquiryInput = z
  .object({
    name: requiredText('Name', 200),
    email,
    organisation: boundedText(200).optional().nullable(),
    lgaCode: lgaCode.optional().nullable(),
    message: requiredText('Message', 5000),
    kind: z.enum(['ENQUIRY', 'FEEDBACK']).optional().nullable(),
    page: boundedText(200).optional().nullable(),
    release: boundedText(100).optional().nullable(),
  })
  .strict();

const ClientErrorInput = z
  .object({
    message: requiredText('Message', 2000),
    stack: boundedText(10_000).optional().nullable(),
    url: boundedText(2000).optional().nullable(),
    userAgent: boundedText(500).optional().nullable(),
    release: boundedText(100).optional().nullable(),
  })
  .strict();

const orUndefined = <T>(value: T | null | undefined) => value ?? undefined;

export const handler = createResolverHandler({
  me: field({
    args: noArgs,
    access: 'user',
    async resolve({ principal }) {
      const p = await principal();
      // Only someone without an assignment can be offered the button: skip the lookups otherwise.
      const askable = !p.admin && !p.emailUnverified && p.managed.length === 0;
      const [profile, facts] = await Promise.all([
        db().entities.user.get({ uid: p.uid }).go(),
        askable ? requestAccessFacts(p.uid, p.email) : undefined,
      ]);
      return {
        uid: p.uid,
        email: p.email,
        displayName: p.displayName ?? null,
        preferredName: profile.data?.preferredName ?? null,
        admin: p.admin,
        staff: isStaff(p),
        managed: p.managed,
        lgaCode: p.lgaCode ?? null,
        acceptedTermsAt: profile.data?.acceptedTermsAt ?? null,
        adminMfaRequired: p.adminMfaSetupNeeded === true,
        canRequestAccess: facts ? canRequestAccess(p, facts) : false,
      };
    },
  }),

  lgas: field({ args: noArgs, access: 'public', resolve: () => listLgas() }),

  lga: field({
    args: z.object({ code: lgaCode }).strict(),
    access: 'public',
    async resolve({ args }) {
      return (await getLga(args.code)) ?? null;
    },
  }),

  lgaDataImport: field({
    args: noArgs,
    access: 'public',
    async resolve() {
      const latest = await latestLgaDataImport();
      if (!latest) throw notFound('No LGA data imports configured on the server');
      // The bundle is served from the site's own origin (CloudFront /feeds/* in AWS, the local server locally).
      const base = process.env.SITE_URL ?? '';
      return { timestamp: latest.timestamp, downloadUrl: `${base}/${latest.objectKey}`, lgaCount: latest.lgaCount };
    },
  }),

  submitEnquiry: field({
    args: z.object({ input: EnquiryInput }).strict(),
    access: 'public',
    // Anyone may write to the team, signed in or not.
    async authorize() {},
    async resolve({ args, caller }) {
      const { input } = args;
      const data = await createEnquiry({
        kind: input.kind === 'FEEDBACK' ? 'feedback' : 'enquiry',
        name: input.name,
        email: input.email,
        organisation: orUndefined(input.organisation),
        lgaCode: orUndefined(input.lgaCode),
        message: input.message,
        // Feedback says where it was sent from: the route pattern, never a URL with ids.
        page: input.page ? routePattern(input.page) : undefined,
        release: orUndefined(input.release),
        uid: caller?.uid,
      });
      await publishEvent('enquiry.submitted', { enquiryId: data.id }, caller?.uid);
      return enquiryView(data);
    },
  }),

  reportClientError: field({
    args: z.object({ input: ClientErrorInput }).strict(),
    access: 'public',
    async resolve({ args }) {
      await recordClientError({
        message: args.input.message,
        stack: orUndefined(args.input.stack),
        url: orUndefined(args.input.url),
        userAgent: orUndefined(args.input.userAgent),
        release: orUndefined(args.input.release),
      });
      return true;
    },
  }),

  // Subscribe-time authorization: only platform administrators watch enquiries arrive.
  onEnquirySubmitted: field({
    args: noArgs,
    access: 'user',
    async resolve({ principal }) {
      if (!(await principal()).admin) throw forbidden();
      return null;
    },
  }),
});
