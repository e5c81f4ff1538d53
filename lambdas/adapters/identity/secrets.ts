// One-time sign-in secrets (email links, demo persona tokens), kept in the user's partition as
// USER#{uid} / SIGNIN#{kind}: only a SHA-256 hash, with a TTL. One per kind and user: a new link
// replaces the previous one. Living in the user's partition, account deletion removes them too.
import { Entity } from 'electrodb';
import { dynamoClient, tableName } from '../db/client';
import { SERVICE, nowSeconds } from '../db/entities/common';
import { secretAccepts, type SecretKind } from '../../core/identity/email-link';

const SignInSecretEntity = new Entity(
  {
    model: { entity: 'signInSecret', version: '1', service: SERVICE },
    attributes: {
      uid: { type: 'string', required: true, readOnly: true },
      kind: { type: ['link', 'demo'] as const, required: true, readOnly: true },
      hash: { type: 'string', required: true },
      createdAt: { type: 'number', required: true, default: () => nowSeconds() },
      /** Checked on every use; DynamoDB's TTL only tidies up later. */
      expiresAt: { type: 'number', required: true },
    },
    indexes: {
      byUser: {
        pk: { field: 'pk', composite: ['uid'], casing: 'none', template: 'USER#${uid}' },
        sk: { field: 'sk', composite: ['kind'], casing: 'none', template: 'SIGNIN#${kind}' },
      },
    },
  },
  { table: 'placeholder' },
);

/** Not part of db()'s service (it is no entity of docs/data.md's service), so bound here, to the same table. */
function secrets() {
  SignInSecretEntity.setClient(dynamoClient());
  SignInSecretEntity.setTableName(tableName());
  return SignInSecretEntity;
}

export async function storeSecret(uid: string, kind: SecretKind, hash: string, ttlSeconds: number): Promise<void> {
  const now = nowSeconds();
  await secrets().put({ uid, kind, hash, createdAt: now, expiresAt: now + ttlSeconds }).go();
}

export async function getSecret(uid: string, kind: SecretKind) {
  const { data } = await secrets().get({ uid, kind }).go();
  return data ?? undefined;
}

/**
 * Accepts the answer at most once: the delete is conditional on the very hash that matched, so
 * two concurrent uses of one link cannot both succeed.
 */
export async function consumeSecret(uid: string, kind: SecretKind, answer: string): Promise<boolean> {
  const stored = await getSecret(uid, kind);
  if (!stored || !secretAccepts(stored, answer, nowSeconds())) return false;
  try {
    await secrets()
      .delete({ uid, kind })
      .where(({ hash }, { eq }) => eq(hash, stored.hash))
      .go();
    return true;
  } catch (error) {
    if (/conditional request failed/i.test((error as Error).message)) return false;
    throw error;
  }
}
