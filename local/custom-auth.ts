// CUSTOM_AUTH for the local user pool. cognito-local has no custom authentication flow, so the
// Cognito proxy hands these calls here:
//   InitiateAuth (AuthFlow CUSTOM_AUTH) and RespondToAuthChallenge (CUSTOM_CHALLENGE) run the
//   project's own define/create/verify trigger handlers in process, with the events Cognito sends
//   them, keeping each sign-in's state server-side behind an opaque Session as Cognito does;
//   when define says issue tokens, tokens are minted with cognito-local's own token generator and
//   signing key, so they carry the same claims, kid and issuer and its JWKS verifies them.
// Refresh: cognito-local only refreshes tokens it stored itself (per user, in memory and its data
// file, with no API to add one), so the refresh tokens issued here are recorded (hashed) in
// <data>/cognito/custom-auth-refresh.json and refreshed here too; the proxy asks this bridge
// first and passes every other refresh token on to cognito-local. Restarts keep them.
import {
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  DescribeUserPoolClientCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  type CognitoIdentityProviderClient,
  type UserPoolClientType,
} from '@aws-sdk/client-cognito-identity-provider';
import { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator.js';
import type { Context as CognitoLocalContext } from 'cognito-local/lib/services/context.js';
import type { Triggers } from 'cognito-local/lib/services/triggers/index.js';
import type { AppClient } from 'cognito-local/lib/services/appClient.js';
import type { User } from 'cognito-local/lib/services/userPoolService.js';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { decodeJwt } from 'jose';

export interface BridgeResponse {
  status: number;
  json: unknown;
  errorType?: string;
}

export type TriggerInvoker = (name: 'define-auth-challenge' | 'create-auth-challenge' | 'verify-auth-challenge', event: unknown) => Promise<unknown>;

export interface CustomAuthBridgeOptions {
  /** Admin client on cognito-local's own port. */
  client: CognitoIdentityProviderClient;
  /** TokenConfig.IssuerDomain of cognito-local: tokens name `${issuerDomain}/${userPoolId}`. */
  issuerDomain: string;
  /** Where the refresh tokens issued here are recorded. */
  dataDir: string;
  invokeTrigger: TriggerInvoker;
  /** Cognito's default AuthSessionValidity: 3 minutes per sign-in round. */
  sessionMinutes?: number;
}

interface SessionEntry {
  challengeName: string;
  challengeResult: boolean;
  challengeMetadata?: string;
}

interface SignInState {
  clientId: string;
  userPoolId: string;
  userName: string;
  userNotFound: boolean;
  userAttributes: Record<string, string>;
  session: SessionEntry[];
  privateChallengeParameters: Record<string, string>;
  /** What create said about the challenge now open; define sees it in the session next round. */
  challengeMetadata?: string;
  expiresAt: number;
}

interface RefreshRecord {
  userPoolId: string;
  clientId: string;
  username: string;
  expiresAt: number;
}

const fail = (name: string, message: string): BridgeResponse => ({ status: 400, json: { __type: name, message }, errorType: name });
const ok = (json: unknown): BridgeResponse => ({ status: 200, json });
const INCORRECT = () => fail('NotAuthorizedException', 'Incorrect username or password.');
const SESSION_EXPIRED = () => fail('NotAuthorizedException', 'Invalid session for the user, session is expired.');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Thrown by a trigger: Cognito reports it as UserLambdaValidationException. */
class TriggerFailure extends Error {}

// cognito-local's generator logs through its context; nothing here needs those lines.
const quietContext = {
  logger: { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined, child: () => quietContext.logger },
} as unknown as CognitoLocalContext;
const noTriggers = { enabled: () => false } as unknown as Triggers;

export function createCustomAuthBridge(options: CustomAuthBridgeOptions) {
  const { client } = options;
  const sessionMs = (options.sessionMinutes ?? 3) * 60_000;
  const generator = new JwtTokenGenerator({ get: () => new Date() }, noTriggers, { IssuerDomain: options.issuerDomain });
  const signIns = new Map<string, SignInState>();
  const appClients = new Map<string, UserPoolClientType>();
  const refreshFile = path.join(options.dataDir, 'cognito', 'custom-auth-refresh.json');

  const readRefreshRecords = (): Record<string, RefreshRecord> =>
    existsSync(refreshFile) ? (JSON.parse(readFileSync(refreshFile, 'utf8')) as Record<string, RefreshRecord>) : {};
  const writeRefreshRecords = (records: Record<string, RefreshRecord>) => {
    const now = Date.now() / 1000;
    const live = Object.fromEntries(Object.entries(records).filter(([, r]) => r.expiresAt > now));
    writeFileSync(refreshFile, JSON.stringify(live, null, 2));
  };

  async function appClient(clientId: string | undefined): Promise<UserPoolClientType | undefined> {
    if (!clientId) return undefined;
    const cached = appClients.get(clientId);
    if (cached) return cached;
    const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
    for (const pool of pools.UserPools ?? []) {
      const clients = await client.send(new ListUserPoolClientsCommand({ UserPoolId: pool.Id!, MaxResults: 60 }));
      if (clients.UserPoolClients?.some((c) => c.ClientId === clientId)) {
        const described = await client.send(new DescribeUserPoolClientCommand({ UserPoolId: pool.Id!, ClientId: clientId }));
        appClients.set(clientId, described.UserPoolClient!);
        return described.UserPoolClient;
      }
    }
    return undefined;
  }

  async function findUser(userPoolId: string, username: string) {
    try {
      return await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }));
    } catch (error) {
      if ((error as Error).name === 'UserNotFoundException') return undefined;
      throw error;
    }
  }

  async function mintTokens(pool: UserPoolClientType, username: string, withRefresh: boolean) {
    const user = await findUser(pool.UserPoolId!, username);
    if (!user) return { error: fail('NotAuthorizedException', 'User does not exist.') };
    if (user.Enabled === false) return { error: fail('NotAuthorizedException', 'User is disabled.') };
    const groups = await client.send(new AdminListGroupsForUserCommand({ UserPoolId: pool.UserPoolId!, Username: user.Username! }));
    const tokens = await generator.generate(
      quietContext,
      { Username: user.Username!, Attributes: user.UserAttributes ?? [] } as unknown as User,
      (groups.Groups ?? []).map((g) => g.GroupName!).sort(),
      pool as unknown as AppClient,
      undefined,
      withRefresh ? 'Authentication' : 'RefreshTokens',
    );
    if (withRefresh) {
      const records = readRefreshRecords();
      records[sha256(tokens.RefreshToken)] = {
        userPoolId: pool.UserPoolId!,
        clientId: pool.ClientId!,
        username: user.Username!,
        expiresAt: decodeJwt(tokens.RefreshToken).exp ?? 0,
      };
      writeRefreshRecords(records);
    }
    const expiresIn = (decodeJwt(tokens.AccessToken).exp ?? 0) - Math.floor(Date.now() / 1000);
    return {
      result: {
        AccessToken: tokens.AccessToken,
        IdToken: tokens.IdToken,
        ...(withRefresh ? { RefreshToken: tokens.RefreshToken } : {}),
        ExpiresIn: expiresIn,
        TokenType: 'Bearer',
      },
    };
  }

  async function runTrigger<T extends { response: Record<string, unknown> }>(
    name: Parameters<TriggerInvoker>[0],
    triggerSource: string,
    state: SignInState,
    request: Record<string, unknown>,
    clientMetadata?: Record<string, string>,
  ): Promise<T> {
    const event = {
      version: '1',
      region: 'ap-southeast-2',
      userPoolId: state.userPoolId,
      userName: state.userName,
      callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: state.clientId },
      triggerSource,
      request: {
        userAttributes: state.userAttributes,
        ...request,
        ...(clientMetadata ? { clientMetadata } : {}),
        userNotFound: state.userNotFound,
      },
      response: {},
    };
    try {
      return (await options.invokeTrigger(name, event)) as T;
    } catch (error) {
      const label = triggerSource.split('_')[0];
      throw new TriggerFailure(`${label} failed with error ${(error as Error).message}.`);
    }
  }

  function forgetAbandonedSignIns() {
    const now = Date.now();
    for (const [id, state] of signIns) if (state.expiresAt < now) signIns.delete(id);
  }

  /** define → (tokens | failure | create → a new Session). Shared by both calls. */
  async function nextStep(state: SignInState, pool: UserPoolClientType, clientMetadata?: Record<string, string>): Promise<BridgeResponse> {
    const defined = await runTrigger<{ response: { issueTokens?: boolean; failAuthentication?: boolean; challengeName?: string } }>(
      'define-auth-challenge',
      'DefineAuthChallenge_Authentication',
      state,
      { session: state.session },
      clientMetadata,
    );
    if (defined.response.failAuthentication) return INCORRECT();
    if (defined.response.issueTokens) {
      if (state.userNotFound) return INCORRECT();
      const { result, error } = await mintTokens(pool, state.userName, true);
      return error ?? ok({ ChallengeParameters: {}, AuthenticationResult: result });
    }
    if (defined.response.challengeName !== 'CUSTOM_CHALLENGE') return INCORRECT();
    const created = await runTrigger<{
      response: { publicChallengeParameters?: Record<string, string>; privateChallengeParameters?: Record<string, string>; challengeMetadata?: string };
    }>('create-auth-challenge', 'CreateAuthChallenge_Authentication', state, { challengeName: 'CUSTOM_CHALLENGE', session: state.session }, clientMetadata);
    forgetAbandonedSignIns();
    // Cognito hands out a new Session string every round; the old one is spent.
    const sessionId = randomBytes(48).toString('base64url');
    signIns.set(sessionId, {
      ...state,
      privateChallengeParameters: created.response.privateChallengeParameters ?? {},
      challengeMetadata: created.response.challengeMetadata,
      expiresAt: Date.now() + sessionMs,
    });
    return ok({
      ChallengeName: 'CUSTOM_CHALLENGE',
      Session: sessionId,
      ChallengeParameters: { ...(created.response.publicChallengeParameters ?? {}), USERNAME: state.userName },
    });
  }

  async function initiate(body: Record<string, any>): Promise<BridgeResponse> {
    const pool = await appClient(body.ClientId);
    if (!pool) return fail('ResourceNotFoundException', `User pool client ${body.ClientId} does not exist.`);
    if (!(pool.ExplicitAuthFlows ?? []).includes('ALLOW_CUSTOM_AUTH')) {
      return fail('InvalidParameterException', 'Custom auth flow is not enabled for this client.');
    }
    const given = String(body.AuthParameters?.USERNAME ?? '').trim();
    if (!given) return fail('InvalidParameterException', 'Missing required parameter USERNAME');
    const user = await findUser(pool.UserPoolId!, given.includes('@') ? given.toLowerCase() : given);
    if (user?.Enabled === false) return fail('NotAuthorizedException', 'User is disabled.');
    if (user?.UserStatus === 'UNCONFIRMED') return fail('UserNotConfirmedException', 'User is not confirmed.');
    const state: SignInState = {
      clientId: pool.ClientId!,
      userPoolId: pool.UserPoolId!,
      // An unknown user gets a stable stand-in name, as Cognito's user-existence protection does.
      userName: user?.Username ?? sha256(given.toLowerCase()).slice(0, 36),
      userNotFound: !user,
      userAttributes: Object.fromEntries((user?.UserAttributes ?? []).map((a) => [a.Name!, a.Value ?? ''])),
      // CUSTOM_WITH_SRP starts with an SRP round, which this flow does not take (define fails it).
      session: body.AuthParameters?.SRP_A ? [{ challengeName: 'SRP_A', challengeResult: true }] : [],
      privateChallengeParameters: {},
      expiresAt: 0,
    };
    // InitiateAuth does not pass ClientMetadata to the challenge triggers (Cognito documents this).
    return nextStep(state, pool);
  }

  async function respond(body: Record<string, any>): Promise<BridgeResponse> {
    const state = signIns.get(String(body.Session ?? ''));
    signIns.delete(String(body.Session ?? ''));
    if (!state || state.expiresAt < Date.now() || state.clientId !== body.ClientId) return SESSION_EXPIRED();
    const answer = body.ChallengeResponses?.ANSWER;
    if (typeof answer !== 'string') return fail('InvalidParameterException', 'Missing required parameter ANSWER');
    const pool = await appClient(state.clientId);
    if (!pool) return SESSION_EXPIRED();
    const clientMetadata = body.ClientMetadata as Record<string, string> | undefined;
    const verified = await runTrigger<{ response: { answerCorrect?: boolean } }>(
      'verify-auth-challenge',
      'VerifyAuthChallengeResponse_Authentication',
      state,
      { privateChallengeParameters: state.privateChallengeParameters, challengeAnswer: answer },
      clientMetadata,
    );
    state.session = [
      ...state.session,
      { challengeName: 'CUSTOM_CHALLENGE', challengeResult: verified.response.answerCorrect === true, challengeMetadata: state.challengeMetadata },
    ];
    return nextStep(state, pool, clientMetadata);
  }

  /** Refreshes a token this bridge issued; undefined for any other token (cognito-local's). */
  async function refresh(clientId: string | undefined, refreshToken: string | undefined, rotate: boolean): Promise<BridgeResponse | undefined> {
    if (!refreshToken) return undefined;
    const record = readRefreshRecords()[sha256(refreshToken)];
    if (!record) return undefined;
    if (record.expiresAt < Date.now() / 1000 || record.clientId !== clientId) {
      return fail('NotAuthorizedException', 'Invalid Refresh Token');
    }
    const pool = await appClient(clientId);
    if (!pool) return fail('NotAuthorizedException', 'Invalid Refresh Token');
    const { result, error } = await mintTokens(pool, record.username, false);
    if (error) return error;
    // Like Cognito with rotation off: GetTokensFromRefreshToken hands the same token back,
    // InitiateAuth REFRESH_TOKEN_AUTH returns none.
    return ok({ ChallengeParameters: {}, AuthenticationResult: { ...result, ...(rotate ? { RefreshToken: refreshToken } : {}) } });
  }

  function revoke(refreshToken: string | undefined): BridgeResponse | undefined {
    if (!refreshToken) return undefined;
    const records = readRefreshRecords();
    const key = sha256(refreshToken);
    if (!records[key]) return undefined;
    delete records[key];
    writeRefreshRecords(records);
    return ok({});
  }

  return {
    /** Answers the call when it is this bridge's to answer; undefined passes it to cognito-local. */
    async handle(target: string, rawBody: Buffer): Promise<BridgeResponse | undefined> {
      const operation = target.split('.').pop();
      if (!['InitiateAuth', 'RespondToAuthChallenge', 'GetTokensFromRefreshToken', 'RevokeToken'].includes(operation ?? '')) return undefined;
      const body = JSON.parse(rawBody.toString() || '{}') as Record<string, any>;
      try {
        if (operation === 'InitiateAuth' && body.AuthFlow === 'CUSTOM_AUTH') return await initiate(body);
        if (operation === 'InitiateAuth' && (body.AuthFlow === 'REFRESH_TOKEN_AUTH' || body.AuthFlow === 'REFRESH_TOKEN')) {
          return await refresh(body.ClientId, body.AuthParameters?.REFRESH_TOKEN, false);
        }
        if (operation === 'RespondToAuthChallenge' && body.ChallengeName === 'CUSTOM_CHALLENGE') return await respond(body);
        if (operation === 'GetTokensFromRefreshToken') return await refresh(body.ClientId, body.RefreshToken, true);
        if (operation === 'RevokeToken') return revoke(body.Token);
        return undefined;
      } catch (error) {
        if (error instanceof TriggerFailure) return fail('UserLambdaValidationException', error.message);
        throw error;
      }
    },
  };
}

export type CustomAuthBridge = ReturnType<typeof createCustomAuthBridge>;
