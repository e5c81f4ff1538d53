// cognito-local for the user pool, behind a small proxy on the public Cognito port that bridges
// what cognito-local lacks and aws-amplify v6 uses (GetTokensFromRefreshToken, CUSTOM_AUTH), so
// the web client's code path is the one it takes against AWS.
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
  InitiateAuthCommand,
  SetUserPoolMfaConfigCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { PROJECT_ROOT } from './settings';
import { portAnswers, startProcess, waitFor, type ManagedProcess } from './processes';
import { appendToOutbox, watchCognitoDeliveries, type OutboxMessage } from './outbox';
import { createCustomAuthBridge } from './custom-auth';
import { SIGNING_KEY_ENV, type SigningKey } from './cognito-signing-key';
import { createLocalJWKSet, jwtVerify, type JWK } from 'jose';
import { invoke, TRIGGERS } from './lambdas';

export interface UserPoolIds {
  userPoolId: string;
  userPoolClientId: string;
}

export function cognitoClient(port: number): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    region: 'ap-southeast-2',
    endpoint: `http://127.0.0.1:${port}`,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

export async function startCognitoLocal(
  dataDir: string,
  ports: { cognito: number; cognitoInternal: number; web: number },
  onMail: (message: OutboxMessage) => void = () => undefined,
  invokeSecret: string,
  signingKey: SigningKey,
): Promise<ManagedProcess> {
  const home = path.join(dataDir, 'cognito');
  mkdirSync(path.join(home, '.cognito'), { recursive: true });
  // Triggers are invoked through the Lambda Invoke API that the local web server implements.
  const config = {
    LambdaClient: {
      endpoint: `http://127.0.0.1:${ports.web}`,
      region: 'ap-southeast-2',
      // The web server's invoke endpoint accepts only calls signed with this start's secret.
      credentials: { accessKeyId: invokeSecret, secretAccessKey: 'local' },
    },
    TriggerFunctions: { PostConfirmation: 'post-confirmation', PreSignUp: 'pre-sign-up' },
    TokenConfig: { IssuerDomain: `http://127.0.0.1:${ports.cognito}` },
    ServerConfig: { hostname: '127.0.0.1', port: ports.cognitoInternal },
  };
  writeFileSync(path.join(home, '.cognito', 'config.json'), JSON.stringify(config, null, 2));
  const proc = startProcess(
    'cognito-local',
    process.execPath,
    [path.join(PROJECT_ROOT, 'local', 'cognito-local-main.cjs')],
    { cwd: home, env: { ...process.env, PORT: String(ports.cognitoInternal), HOST: '127.0.0.1', [SIGNING_KEY_ENV]: JSON.stringify(signingKey) } },
  );
  watchCognitoDeliveries(proc.child.stdout!, (message) => {
    appendToOutbox(dataDir, message);
    onMail(message);
  });
  await waitFor(async () => {
    if (proc.child.exitCode !== null) throw new Error(`cognito-local exited: ${proc.output.slice(-5).join('\n')}`);
    return portAnswers(ports.cognitoInternal);
  }, 'cognito-local');
  return proc;
}

/** The pool and client are created once and their ids kept beside the data. */
export async function ensureUserPool(dataDir: string, port: number): Promise<UserPoolIds> {
  const client = cognitoClient(port);
  const idsFile = path.join(dataDir, 'cognito', 'pool.json');
  if (existsSync(idsFile)) {
    const ids = JSON.parse(readFileSync(idsFile, 'utf8')) as UserPoolIds;
    try {
      await client.send(new DescribeUserPoolCommand({ UserPoolId: ids.userPoolId }));
      await enableOptionalTotp(client, ids.userPoolId);
      return ids;
    } catch {
      // the pool is gone (data folder partly removed): make a new one
    }
  }
  const pool = await client.send(
    new CreateUserPoolCommand({
      PoolName: 'road-closures-local',
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Policies: { PasswordPolicy: { MinimumLength: 8 } },
    }),
  );
  const userPoolId = pool.UserPool!.Id!;
  const appClient = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'web',
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_CUSTOM_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_SRP_AUTH'],
    }),
  );
  for (const GroupName of ['admin', 'staff']) {
    await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName }));
  }
  await enableOptionalTotp(client, userPoolId);
  const ids = { userPoolId, userPoolClientId: appClient.UserPoolClient!.ClientId! };
  writeFileSync(idsFile, JSON.stringify(ids, null, 2));
  return ids;
}

/**
 * MFA as in AWS (lib/auth.ts): optional, TOTP only. cognito-local implements TOTP itself
 * (AssociateSoftwareToken, VerifySoftwareToken, SetUserMFAPreference and the
 * SOFTWARE_TOKEN_MFA challenge of password sign-in, RFC 6238 via otplib), so the web client's
 * Security screen and sign-in run the same code as against AWS. Set on every start so pools made
 * before this setting existed get it too.
 */
async function enableOptionalTotp(client: CognitoIdentityProviderClient, userPoolId: string): Promise<void> {
  await client.send(
    new SetUserPoolMfaConfigCommand({ UserPoolId: userPoolId, MfaConfiguration: 'OPTIONAL', SoftwareTokenMfaConfiguration: { Enabled: true } }),
  );
}

/** Creates a confirmed user with a permanent password unless one exists; returns its sub. */
export async function ensureCognitoUser(
  port: number,
  userPoolId: string,
  user: { email: string; name: string; password: string; groups: string[] },
): Promise<{ sub: string; created: boolean }> {
  const client = cognitoClient(port);
  const subOf = (attributes?: { Name?: string; Value?: string }[]) => attributes?.find((a) => a.Name === 'sub')?.Value;
  try {
    const existing = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: user.email }));
    return { sub: subOf(existing.UserAttributes)!, created: false };
  } catch (error) {
    if ((error as Error).name !== 'UserNotFoundException') throw error;
  }
  const created = await client.send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: user.email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: user.email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'name', Value: user.name },
      ],
    }),
  );
  await client.send(
    new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: user.email, Password: user.password, Permanent: true }),
  );
  for (const GroupName of user.groups) {
    await client.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: user.email, GroupName }));
  }
  return { sub: subOf(created.User?.Attributes)!, created: true };
}

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'content-type, x-amz-target, x-amz-user-agent, cache-control, authorization',
  'access-control-allow-methods': 'POST, GET, OPTIONS',
  'access-control-expose-headers': 'x-amzn-requestid, x-amzn-errortype, x-amzn-errormessage, date',
};

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Answers GetTokensFromRefreshToken with cognito-local's InitiateAuth REFRESH_TOKEN_AUTH. */
async function bridgeRefresh(body: Buffer, internalPort: number): Promise<{ status: number; json: unknown; errorType?: string }> {
  const input = JSON.parse(body.toString() || '{}') as { ClientId?: string; RefreshToken?: string };
  try {
    const result = await cognitoClient(internalPort).send(
      new InitiateAuthCommand({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: input.ClientId,
        AuthParameters: { REFRESH_TOKEN: input.RefreshToken ?? '' },
      }),
    );
    // cognito-local does not rotate refresh tokens; hand the same one back as Cognito does
    // when rotation is off.
    return {
      status: 200,
      json: { AuthenticationResult: { ...result.AuthenticationResult, RefreshToken: input.RefreshToken } },
    };
  } catch (error) {
    const name = (error as Error).name || 'NotAuthorizedException';
    return { status: 400, json: { __type: name, message: (error as Error).message }, errorType: name };
  }
}

/**
 * cognito-local reads the user from an AccessToken (GetUser, UpdateUserAttributes, ChangePassword,
 * DeleteUser, ...) without checking its signature: the proxy checks it against this start's key
 * first, so a made-up token cannot act on someone's account.
 */
async function accessTokenRefused(body: string, trustedKey: JWK): Promise<boolean> {
  let token: unknown;
  try {
    token = (JSON.parse(body || '{}') as { AccessToken?: unknown }).AccessToken;
  } catch {
    return false;
  }
  if (token === undefined) return false;
  if (typeof token !== 'string') return true;
  try {
    await jwtVerify(token, createLocalJWKSet({ keys: [trustedKey] }), { algorithms: ['RS256'] });
    return false;
  } catch {
    return true;
  }
}

/** With dataDir, CUSTOM_AUTH (email link, demo personas) is bridged too: see local/custom-auth.ts. */
export function startCognitoProxy(publicPort: number, internalPort: number, trustedKey: JWK, dataDir?: string): Promise<http.Server> {
  const customAuth = dataDir
    ? createCustomAuthBridge({
        client: cognitoClient(internalPort),
        issuerDomain: `http://127.0.0.1:${publicPort}`,
        dataDir,
        invokeTrigger: (name, event) => invoke(TRIGGERS[name], event),
      })
    : undefined;
  const server = http.createServer(async (req, res) => {
    try {
      if (req.method === 'OPTIONS') {
        // Echo what the browser asks for: aws-amplify sends amz-sdk-* headers that change by version.
        const requested = req.headers['access-control-request-headers'];
        res.writeHead(204, { ...CORS_HEADERS, ...(requested ? { 'access-control-allow-headers': String(requested) } : {}) }).end();
        return;
      }
      const body = await readBody(req);
      const target = String(req.headers['x-amz-target'] ?? '');
      const bridged = await customAuth?.handle(target, body);
      if (bridged) {
        res.writeHead(bridged.status, {
          ...CORS_HEADERS,
          'content-type': 'application/x-amz-json-1.1',
          ...(bridged.errorType ? { 'x-amzn-errortype': bridged.errorType } : {}),
        });
        res.end(JSON.stringify(bridged.json));
        return;
      }
      if (target.endsWith('.GetTokensFromRefreshToken')) {
        const { status, json, errorType } = await bridgeRefresh(body, internalPort);
        res.writeHead(status, {
          ...CORS_HEADERS,
          'content-type': 'application/x-amz-json-1.1',
          ...(errorType ? { 'x-amzn-errortype': errorType } : {}),
        });
        res.end(JSON.stringify(json));
        return;
      }
      if (await accessTokenRefused(body.toString('utf8'), trustedKey)) {
        res.writeHead(400, { ...CORS_HEADERS, 'content-type': 'application/x-amz-json-1.1', 'x-amzn-errortype': 'NotAuthorizedException' });
        res.end(JSON.stringify({ __type: 'NotAuthorizedException', message: 'Invalid Access Token' }));
        return;
      }
      const upstream = await fetch(`http://127.0.0.1:${internalPort}${req.url ?? '/'}`, {
        method: req.method,
        headers: Object.fromEntries(
          Object.entries(req.headers).filter(([k, v]) => typeof v === 'string' && !['host', 'content-length', 'connection'].includes(k)),
        ) as Record<string, string>,
        body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
      });
      const headers: Record<string, string> = { ...CORS_HEADERS };
      upstream.headers.forEach((value, key) => {
        if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(key)) headers[key] = value;
      });
      Object.assign(headers, CORS_HEADERS);
      res.writeHead(upstream.status, headers);
      res.end(Buffer.from(await upstream.arrayBuffer()));
    } catch (error) {
      res.writeHead(502, { ...CORS_HEADERS, 'content-type': 'application/json' });
      res.end(JSON.stringify({ __type: 'InternalErrorException', message: (error as Error).message }));
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(publicPort, '127.0.0.1', () => resolve(server));
  });
}
