// Each function's IAM grants against what its handler really reaches. The local runtime has no
// IAM, so a missing grant would first show as AccessDenied in AWS; an extra one is access nobody
// reviewed. What a handler reaches is read from the adapters its bundle imports (esbuild's
// metafile), the same way the Lambda asset is built.
import { join } from 'node:path';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiDomains } from '../../lambdas/api/domains';
import { DEMO_PERSONA_ACTIONS, defaultDomainNeeds, domainNeeds, domainTableAccess, USER_POOL_ADMIN_ACTIONS } from '../../lib/api';
import { mediaActions, type MediaUse } from '../../lib/media-actions';
import { IDEMPOTENT_MUTATIONS } from '../../lambdas/core/idempotency';
import { GROUP_MIRROR_ACTIONS, logicalIdOf, ProjectFunction, projectRoot } from '../../lib/project-function';
import { resourcesOfType, synthStage, type Synthesized } from './synth';

type Access = 'table' | 'mediaBucket' | 'feedsBucket' | 'eventsTopic' | 'userPool' | 'mail' | 'secrets';

/** The adapter modules that talk to an AWS resource, and the access each needs. */
const adapterAccess: Record<string, Access> = {
  'lambdas/adapters/db/client.ts': 'table',
  'lambdas/adapters/media/bucket.ts': 'mediaBucket',
  // LGA boundaries uploads and bundles (/admin/lga-data), with their own S3 client.
  'lambdas/adapters/admin/lga-data.ts': 'feedsBucket',
  // The open feeds (GeoJSON, WZDx, Waze) written by the communications consumer.
  'lambdas/adapters/comms/feeds.ts': 'feedsBucket',
  // The boundaries of the current LGA data import, read by the point-in-LGA domains.
  'lambdas/adapters/foundation/lga-boundaries.ts': 'feedsBucket',
  // The feeds bucket's own S3 client, shared by the ones above.
  'lambdas/adapters/platform/feeds-bucket.ts': 'feedsBucket',
  'lambdas/adapters/platform/events.ts': 'eventsTopic',
  'lambdas/adapters/identity/cognito.ts': 'userPool',
  'lambdas/adapters/platform/mail.ts': 'mail',
  // Web Push reads the VAPID key pair, which lives in the vapid secret.
  'lambdas/adapters/notifications/push.ts': 'secrets',
  // Stripe's API key and webhook signing secret.
  'lambdas/adapters/billing/stripe-client.ts': 'secrets',
  // The keys that sign quote ids and unsubscribe links (adapters/platform/signing-key.ts).
  'lambdas/adapters/platform/signing-key.ts': 'secrets',
  // The Transport for NSW API key of the state's hazards feed.
  'lambdas/adapters/livetraffic/client.ts': 'secrets',
};

/** The media bucket calls of lambdas/adapters/media/bucket.ts and the use each one is. */
const mediaCalls: Record<string, MediaUse> = {
  presignDownload: 'read',
  readObject: 'read',
  presignUpload: 'upload',
  writeObject: 'upload',
  untagObject: 'untag',
  deleteObjects: 'delete',
};
/** Writes to the table as our code spells them (ElectroDB entity writes, transactions, raw commands). */
const TABLE_WRITE = /\.(create|put|patch|update|upsert|delete|remove)\(|transaction\.write|\b(Put|Update|Delete|BatchWrite|TransactWrite)Command\b/;
/** What the resolver wrapper brings for keyed mutations only (the idempotency records). */
const IDEMPOTENCY_WRITE = /makeIdempotent|DynamoDBPersistenceLayer/;

interface Reach {
  access: Set<Access>;
  /** The table writes left in the tree-shaken bundle, idempotency records aside. */
  writesTable: boolean;
  mediaUses: Set<MediaUse>;
}

async function reachOfEntry(entry: string): Promise<Reach> {
  const result = await build({
    entryPoints: [join(projectRoot, entry)],
    absWorkingDir: projectRoot,
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
  });
  // Tree-shaken, unminified: a function still in the text is one the handler can reach.
  const text = result.outputFiles[0].text.replace(IDEMPOTENCY_WRITE, '');
  const mediaUses = new Set(Object.entries(mediaCalls).flatMap(([name, use]) => (new RegExp(`\\bfunction ${name}\\d*\\(`).test(text) ? [use] : [])));
  const access = new Set(Object.keys(result.metafile.inputs).flatMap((input) => (adapterAccess[input] ? [adapterAccess[input]] : [])));
  // The bucket module imported for a type or a helper, with none of its calls left, is no access.
  if (mediaUses.size === 0) access.delete('mediaBucket');
  return {
    access,
    writesTable: TABLE_WRITE.test(text),
    mediaUses,
  };
}

/** What a role's policies (its default policy and any separate one) give access to. */
function accessOfRole(dev: Synthesized, fn: ProjectFunction): { access: Set<Access>; statements: any[] } {
  const roleId = logicalIdOf(fn.role!);
  const statements = resourcesOfType(dev.json, 'AWS::IAM::Policy')
    .filter(([, policy]) => JSON.stringify(policy.Properties!.Roles).includes(`"${roleId}"`))
    .flatMap(([, policy]) => policy.Properties!.PolicyDocument.Statement as any[]);
  const ids = {
    table: logicalIdOf(dev.stack.data.table),
    media: logicalIdOf(dev.stack.media.mediaBucket),
    feeds: logicalIdOf(dev.stack.media.feedsBucket),
  };
  const access = new Set<Access>();
  for (const statement of statements) {
    const actions = [statement.Action].flat() as string[];
    const resources = JSON.stringify(statement.Resource);
    if (actions.some((a) => a.startsWith('dynamodb:')) && resources.includes(ids.table)) access.add('table');
    if (actions.some((a) => a.startsWith('s3:')) && resources.includes(ids.media)) access.add('mediaBucket');
    if (actions.some((a) => a.startsWith('s3:')) && resources.includes(ids.feeds)) access.add('feedsBucket');
    if (actions.includes('sns:Publish')) access.add('eventsTopic');
    if (actions.some((a) => a.startsWith('cognito-idp:'))) access.add('userPool');
    if (actions.includes('ses:SendEmail')) access.add('mail');
    if (actions.some((a) => a.startsWith('secretsmanager:'))) access.add('secrets');
  }
  return { access, statements };
}

describe('grants per function (dev stage)', () => {
  let dev: Synthesized;
  let functions: ProjectFunction[];
  const reached = new Map<string, Set<Access>>();
  const reach = new Map<string, Reach>();

  beforeAll(async () => {
    dev = synthStage('dev');
    functions = dev.stack.node.findAll().filter((c): c is ProjectFunction => c instanceof ProjectFunction);
    for (const entry of new Set(functions.map((fn) => fn.entry))) {
      reach.set(entry, await reachOfEntry(entry));
      reached.set(entry, reach.get(entry)!.access);
    }
  }, 120_000);

  it('finds every project function and reads its imports', () => {
    // API domains, six identity triggers, three schedules, the thumbnail maker, three event consumers, the fan-out worker, the Stripe webhook, the low-bandwidth pages,
    // and the alerts' consumer, sender, SES feedback handler, unsubscribe endpoint and SMS replies handler,
    // and the saved-trip alerts consumer.
    expect(functions).toHaveLength(Object.keys(apiDomains).length + 22);
    expect(reached.get('lambdas/schedules/livetraffic.ts')).toEqual(new Set(['table', 'feedsBucket', 'eventsTopic', 'secrets']));
    expect(reached.get('lambdas/events/email-alerts.ts')).toEqual(new Set(['table', 'mail', 'secrets', 'eventsTopic']));
    expect(reached.get('lambdas/events/alert-fanout.ts')).toEqual(new Set(['table', 'mail', 'secrets', 'eventsTopic']));
    expect(reached.get('lambdas/events/sms-inbound.ts')).toEqual(new Set(['table']));
    expect(reached.get('lambdas/events/mail-feedback.ts')).toEqual(new Set(['table']));
    expect(reached.get('lambdas/webhooks/unsubscribe.ts')).toEqual(new Set(['table', 'secrets']));
    expect(reached.get('lambdas/triggers/pre-token-generation.ts')).toEqual(new Set(['table']));
    expect(reached.get('lambdas/triggers/create-auth-challenge.ts')).toEqual(new Set(['table', 'mail']));
    expect(reached.get('lambdas/triggers/define-auth-challenge.ts')).toEqual(new Set());
    expect(reached.get('lambdas/events/push.ts')).toEqual(new Set(['table', 'secrets']));
    expect(reached.get('lambdas/events/comms.ts')).toEqual(new Set(['table', 'feedsBucket']));
  });

  it('grants every function what its handler reaches', () => {
    for (const fn of functions) {
      const { access } = accessOfRole(dev, fn);
      for (const need of reached.get(fn.entry)!) expect(access, `${fn.node.path} (${fn.entry}) reaches ${need}`).toContain(need);
    }
  });

  it('grants nothing beyond that, except to domains without a needs entry', () => {
    const defaultDomains = new Set(Object.keys(apiDomains).filter((domain) => !domainNeeds[domain]));
    const defaultEntries = new Set([...defaultDomains].map((domain) => apiDomains[domain].entry));
    for (const fn of functions) {
      if (defaultEntries.has(fn.entry)) continue;
      const { access } = accessOfRole(dev, fn);
      const needed = reached.get(fn.entry)!;
      for (const granted of access) expect(needed, `${fn.node.path} (${fn.entry}) is granted ${granted}`).toContain(granted);
    }
  });

  it('keeps no needs entry for a domain that no longer exists, and never mails from the default', () => {
    expect(Object.keys(apiDomains)).toEqual(expect.arrayContaining(Object.keys(domainNeeds)));
    expect(defaultDomainNeeds).not.toContain('mail');
  });

  it('gives the identity domain exactly its Cognito actions on the one pool, and the group mirror to the post-confirmation trigger', () => {
    const pool = { 'Fn::GetAtt': [logicalIdOf(dev.stack.auth.userPool), 'Arn'] };
    const identity = dev.stack.api.functions.find((fn) => fn.entry === apiDomains.identity.entry)!;
    const cognito = (fn: ProjectFunction) => accessOfRole(dev, fn).statements.filter((s) => JSON.stringify(s.Action).includes('cognito-idp:'));
    expect(cognito(identity)).toEqual([{ Action: [...USER_POOL_ADMIN_ACTIONS].sort(), Effect: 'Allow', Resource: pool }]);
    expect(cognito(dev.stack.auth.postConfirmation)).toEqual([{ Action: [...GROUP_MIRROR_ACTIONS].sort(), Effect: 'Allow', Resource: pool }]);
    expect(cognito(dev.stack.auth.preSignUp)).toEqual([
      { Action: ['cognito-idp:AdminLinkProviderForUser', 'cognito-idp:ListUsers'], Effect: 'Allow', Resource: pool },
    ]);
  });

  it('gives each API domain table writes only if its handler writes (or keeps idempotency records)', () => {
    const writeActions = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];
    const tableId = logicalIdOf(dev.stack.data.table);
    for (const [domain, spec] of Object.entries(apiDomains)) {
      const fn = dev.stack.api.functions.find((f) => f.entry === spec.entry)!;
      const granted = accessOfRole(dev, fn)
        .statements.filter((st) => JSON.stringify(st.Resource).includes(tableId))
        .flatMap((st) => [st.Action].flat() as string[]);
      const keyed = Object.values(spec.fields).flat().some((field) => IDEMPOTENT_MUTATIONS.includes(field!));
      const writes = reach.get(spec.entry)!.writesTable || keyed;
      expect({ domain, writes: writeActions.some((a) => granted.includes(a)) }).toEqual({ domain, writes });
      expect({ domain, access: domainTableAccess[domain] ?? 'readwrite' }).toEqual({ domain, access: writes ? 'readwrite' : 'read' });
    }
  });

  it('grants each function exactly the media bucket actions its handler uses', () => {
    const mediaId = logicalIdOf(dev.stack.media.mediaBucket);
    for (const fn of functions) {
      const objectActions = accessOfRole(dev, fn)
        .statements.filter((st) => JSON.stringify(st.Resource).includes(mediaId) && JSON.stringify(st.Resource).includes('/*'))
        .flatMap((st) => [st.Action].flat() as string[]);
      const used = reach.get(fn.entry)!.mediaUses;
      expect({ fn: fn.node.path, actions: [...objectActions].sort() }).toEqual({ fn: fn.node.path, actions: mediaActions([...used]).sort() });
    }
  });

  it('lets the identity domain make users and set passwords only where demo mode is on', () => {
    const cognitoActions = (synth: Synthesized) => {
      const identity = synth.stack.api.functions.find((fn) => fn.entry === apiDomains.identity.entry)!;
      return accessOfRole(synth, identity).statements.filter((st) => JSON.stringify(st.Action).includes('cognito-idp:')).flatMap((st) => [st.Action].flat() as string[]);
    };
    for (const action of DEMO_PERSONA_ACTIONS) expect(cognitoActions(dev)).not.toContain(action);
    const demo = synthStage('demo');
    expect(cognitoActions(demo)).toEqual(expect.arrayContaining([...DEMO_PERSONA_ACTIONS]));
  }, 120_000);

  it('leaves Amazon Location routing off, since no function is granted geo access', () => {
    // lambdas/adapters/directions/amazon-location.ts is bundled into directions but only called with
    // AMAZON_LOCATION_ROUTES=1; switching it on needs a geo-routes grant in lib/api.ts first.
    for (const [, fn] of resourcesOfType(dev.json, 'AWS::Lambda::Function')) {
      expect(fn.Properties?.Environment?.Variables?.AMAZON_LOCATION_ROUTES).toBeUndefined();
    }
    const actions = resourcesOfType(dev.json, 'AWS::IAM::Policy').flatMap(([, p]) =>
      (p.Properties!.PolicyDocument.Statement as any[]).flatMap((s) => [s.Action].flat()),
    );
    expect(actions.filter((a: string) => a.startsWith('geo'))).toEqual([]);
  });
});
