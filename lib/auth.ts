import { Duration, RemovalPolicy, SecretValue, Stack, Validations } from 'aws-cdk-lib';
import {
  AccountRecovery,
  FeaturePlan,
  Mfa,
  OAuthScope,
  ProviderAttribute,
  StandardThreatProtectionMode,
  UserPool,
  UserPoolClient,
  UserPoolClientIdentityProvider,
  UserPoolDomain,
  UserPoolEmail,
  UserPoolIdentityProviderFacebook,
  UserPoolIdentityProviderGoogle,
  UserPoolIdentityProviderOidc,
  UserPoolOperation,
  type IUserPoolIdentityProvider,
} from 'aws-cdk-lib/aws-cognito';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Construct, type Node } from 'constructs';
import type { Mail } from './mail';
import { GROUP_MIRROR_ACTIONS, ProjectFunction } from './project-function';

export interface AuthProps {
  readonly stage: string;
  readonly table: ITableV2;
  readonly mail: Mail;
  /**
   * The site address for sign-in links (context `siteUrl`, or the custom domain). It cannot be
   * the distribution's own domain: the pool's triggers would then depend on the distribution,
   * whose CSP names the AppSync API, which depends on this pool. Without it, requesting an
   * email link fails with "SITE_URL is not set" (password sign-in is unaffected).
   */
  readonly siteUrl?: string;
  /** Cognito sends its own mail (codes, invitations) through the SES identity: only once verified. */
  readonly cognitoMailViaSes?: boolean;
  /** Hosted UI domain and federated providers; without it the client has no OAuth flow. */
  readonly federation?: FederationSettings;
}

/** The names the web app lists in `app.features.socialProviders` and passes to signInWithRedirect. */
export type SocialProviderName = 'Google' | 'Facebook' | 'Microsoft';

export interface FederationSettings {
  /** Cognito hosted UI domain prefix: https://{prefix}.auth.{region}.amazoncognito.com */
  readonly domainPrefix: string;
  /** Each secret is read from Secrets Manager by name at deploy time, never stored in the repo. */
  readonly google?: { readonly clientId: string; readonly clientSecretName: string };
  readonly facebook?: { readonly appId: string; readonly appSecretName: string };
  readonly microsoft?: { readonly clientId: string; readonly clientSecretName: string; readonly tenant: string };
}

/** The hosted UI settings /config.json hands to Amplify (Auth.Cognito.loginWith.oauth). */
export interface OAuthSettings {
  readonly domain: string;
  readonly scopes: string[];
  readonly redirectSignIn: string[];
  readonly redirectSignOut: string[];
}

const OAUTH_SCOPES = ['openid', 'email', 'profile'];
// The vite dev server (`npx vite --config web/vite.config.ts`, default port) against a dev stage's config.
const LOCAL_DEV_ORIGIN = 'http://localhost:5173';

/**
 * Reads the federation context keys (docs/operations.md#context-keys). Undefined when no
 * authDomainPrefix is set; a provider id without its secret name (or a provider without the
 * domain) is an error rather than a silently missing button.
 */
export function federationFromContext(node: Node): FederationSettings | undefined {
  const read = (key: string) => {
    const value = node.tryGetContext(key) as unknown;
    return value === undefined || value === null || value === '' ? undefined : String(value);
  };
  const pair = (idKey: string, secretKey: string) => {
    const id = read(idKey);
    const secretName = read(secretKey);
    if (Boolean(id) !== Boolean(secretName)) throw new Error(`Context "${idKey}" and "${secretKey}" (a Secrets Manager secret name) go together`);
    return id && secretName ? { id, secretName } : undefined;
  };
  const google = pair('googleClientId', 'googleClientSecretName');
  const facebook = pair('facebookAppId', 'facebookAppSecretName');
  const microsoft = pair('microsoftClientId', 'microsoftClientSecretName');
  const domainPrefix = read('authDomainPrefix');
  if (!domainPrefix) {
    if (google || facebook || microsoft) throw new Error('Federated sign-in needs the hosted UI: set context "authDomainPrefix"');
    return undefined;
  }
  if (!/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(domainPrefix) || /aws|amazon|cognito/.test(domainPrefix)) {
    throw new Error(`Context "authDomainPrefix" must be lower-case letters, digits and hyphens without aws/amazon/cognito (got "${domainPrefix}")`);
  }
  const tenant = read('microsoftTenant') ?? 'common';
  if (!/^[A-Za-z0-9.-]+$/.test(tenant)) throw new Error(`Context "microsoftTenant" must be a tenant id, domain or "common" (got "${tenant}")`);
  return {
    domainPrefix,
    google: google && { clientId: google.id, clientSecretName: google.secretName },
    facebook: facebook && { appId: facebook.id, appSecretName: facebook.secretName },
    microsoft: microsoft && { clientId: microsoft.id, clientSecretName: microsoft.secretName, tenant },
  };
}

/**
 * The Cognito user pool. The user's DynamoDB record is the source of truth for roles; the
 * `admin` and `staff` groups only mirror it (docs/decisions/0006-roles-from-the-database.md).
 */
export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;
  readonly postConfirmation: ProjectFunction;
  /** Email-link sign-in (CUSTOM_AUTH): define, create and verify the challenge. */
  readonly defineAuthChallenge: ProjectFunction;
  readonly createAuthChallenge: ProjectFunction;
  readonly verifyAuthChallenge: ProjectFunction;
  /** Links a first federated sign-in to the existing account with the same verified email. */
  readonly preSignUp: ProjectFunction;
  /** Issues no tokens to an administrator signing in through Google, Microsoft or Facebook (no second factor there). */
  readonly preTokenGeneration: ProjectFunction;
  /** In the order the providers were created; empty without federation. */
  readonly socialProviders: SocialProviderName[] = [];
  readonly domain?: UserPoolDomain;
  /** For /config.json; undefined without federation. */
  readonly oauth?: OAuthSettings;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);
    const prod = props.stage === 'prod';

    this.userPool = new UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      passwordPolicy: {
        minLength: 8,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      // Threat protection (compromised credentials, adaptive authentication) needs the Plus
      // plan, billed per monthly active user: worth it where the residents are.
      featurePlan: prod ? FeaturePlan.PLUS : FeaturePlan.ESSENTIALS,
      standardThreatProtectionMode: prod ? StandardThreatProtectionMode.FULL_FUNCTION : undefined,
      deletionProtection: prod,
      removalPolicy: RemovalPolicy.RETAIN,
      // Cognito's own sender is capped at 50 messages a day: enough for test stages, not for residents.
      ...(props.cognitoMailViaSes
        ? {
            email: UserPoolEmail.withSES({
              fromEmail: props.mail.fromAddress,
              fromName: 'Road Closures',
              sesRegion: Stack.of(this).region,
              sesVerifiedDomain: props.mail.domain,
            }),
          }
        : {}),
    });
    Validations.of(this.userPool.node.defaultChild!).acknowledge({
      id: 'AwsSolutions-COG2',
      reason:
        'Residents sign in with an email link (CUSTOM_AUTH) or a federated provider, which a required second factor would break; MFA is optional and staff can enrol TOTP.',
    });
    if (!prod) {
      Validations.of(this.userPool.node.defaultChild!).acknowledge({
        id: 'AwsSolutions-COG8',
        reason:
          'Non-production stages have only test users; the Plus plan (per-MAU billing) with threat protection is switched on for the prod stage.',
      });
    }

    this.userPool.addGroup('AdminGroup', {
      groupName: 'admin',
      description: 'Platform administrators (mirrors the user record)',
      precedence: 0,
    });
    this.userPool.addGroup('StaffGroup', {
      groupName: 'staff',
      description: 'Council staff with a role in at least one LGA (mirrors the user record)',
      precedence: 10,
    });

    const providers = props.federation ? this.addProviders(props.federation) : [];
    const oauthUrls = props.federation ? this.oauthUrls(props) : undefined;

    this.client = this.userPool.addClient('WebClient', {
      generateSecret: false,
      // CDK adds ALLOW_REFRESH_TOKEN_AUTH to any explicit flow list.
      // The web app signs in with SRP on every AWS stage (lib/web-config.ts), so password sign-in
      // without SRP is off; only the local runtime's own pool (cognito-local has no SRP) has it.
      authFlows: { userPassword: false, userSrp: true, custom: true },
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      // The hosted UI is enabled together with the federated providers; until then no OAuth
      // flow (and no placeholder callback URL) is exposed.
      ...(oauthUrls
        ? {
            // Native accounts keep signing in through the SDK (password, email link); COGNITO
            // only decides whether the hosted UI also offers its own form.
            supportedIdentityProviders: [
              UserPoolClientIdentityProvider.COGNITO,
              ...this.socialProviders.map((name) => UserPoolClientIdentityProvider.custom(name)),
            ],
            oAuth: {
              flows: { authorizationCodeGrant: true },
              scopes: [OAuthScope.OPENID, OAuthScope.EMAIL, OAuthScope.PROFILE],
              callbackUrls: oauthUrls.callbackUrls,
              logoutUrls: oauthUrls.logoutUrls,
            },
          }
        : { disableOAuth: true }),
    });
    // The client may only name a provider once it exists.
    for (const provider of providers) this.client.node.addDependency(provider);
    if (props.federation && oauthUrls) {
      this.domain = this.userPool.addDomain('HostedUiDomain', {
        cognitoDomain: { domainPrefix: props.federation.domainPrefix },
      });
      this.oauth = {
        domain: `${props.federation.domainPrefix}.auth.${Stack.of(this).region}.amazoncognito.com`,
        scopes: OAUTH_SCOPES,
        redirectSignIn: [`${props.siteUrl}/login`],
        redirectSignOut: [`${props.siteUrl}/logout`],
      };
    }

    // A trigger references nothing that depends on the pool. USER_POOL_ID would be a direct
    // cycle (the event carries userPoolId), and the bucket names an indirect one (media bucket
    // CORS -> distribution -> CSP -> AppSync API -> user pool). Pool actions go through
    // allowOnOwnUserPool for the same reason.
    const trigger = (id: string, entry: string, description: string) =>
      new ProjectFunction(this, id, { entry, stage: props.stage, service: 'auth', description });

    this.postConfirmation = trigger(
      'PostConfirmation',
      'lambdas/triggers/post-confirmation.ts',
      'Creates the profile item of a newly confirmed user and mirrors its groups',
    )
      .bindTable(props.table, 'readwrite')
      .allowOnOwnUserPool(this.userPool, GROUP_MIRROR_ACTIONS);
    this.userPool.addTrigger(UserPoolOperation.POST_CONFIRMATION, this.postConfirmation);

    this.defineAuthChallenge = trigger(
      'DefineAuthChallenge',
      'lambdas/triggers/define-auth-challenge.ts',
      'Decides the next round of an email-link or demo-persona sign-in',
    );
    this.userPool.addTrigger(UserPoolOperation.DEFINE_AUTH_CHALLENGE, this.defineAuthChallenge);

    this.createAuthChallenge = trigger(
      'CreateAuthChallenge',
      'lambdas/triggers/create-auth-challenge.ts',
      'Emails a one-time sign-in link when one is asked for',
    ).bindTable(props.table, 'readwrite');
    props.mail.grantSend(this.createAuthChallenge);
    if (props.siteUrl) this.createAuthChallenge.addEnvironment('SITE_URL', props.siteUrl);
    this.userPool.addTrigger(UserPoolOperation.CREATE_AUTH_CHALLENGE, this.createAuthChallenge);

    this.verifyAuthChallenge = trigger(
      'VerifyAuthChallenge',
      'lambdas/triggers/verify-auth-challenge.ts',
      'Accepts a sign-in link secret or demo persona token once',
    ).bindTable(props.table, 'readwrite');
    this.userPool.addTrigger(UserPoolOperation.VERIFY_AUTH_CHALLENGE_RESPONSE, this.verifyAuthChallenge);

    this.preSignUp = trigger(
      'PreSignUp',
      'lambdas/triggers/pre-sign-up.ts',
      'Links a first federated sign-in to the existing account with that verified email',
    ).allowOnOwnUserPool(this.userPool, ['cognito-idp:ListUsers', 'cognito-idp:AdminLinkProviderForUser']);
    this.userPool.addTrigger(UserPoolOperation.PRE_SIGN_UP, this.preSignUp);
    // Cognito asks federated users for no second factor: where administrators must use an
    // authenticator app (ADMIN_MFA, every stage but demo) their hosted-UI sign-ins get no tokens.
    this.preTokenGeneration = trigger(
      'PreTokenGeneration',
      'lambdas/triggers/pre-token-generation.ts',
      'Refuses tokens to an administrator signing in through Google, Microsoft or Facebook',
    ).bindTable(props.table, 'read');
    this.userPool.addTrigger(UserPoolOperation.PRE_TOKEN_GENERATION, this.preTokenGeneration);
    // Both triggers decide whether a Microsoft sign-in's email is trusted; a pinned tenant is.
    const microsoftTenant = props.federation?.microsoft?.tenant;
    if (microsoftTenant) for (const fn of [this.preSignUp, this.postConfirmation]) fn.addEnvironment('MICROSOFT_TENANT', microsoftTenant);
  }

  /** Callback and logout URLs of the app client: the site's /login and /logout, plus vite's origin on dev. */
  private oauthUrls(props: AuthProps): { callbackUrls: string[]; logoutUrls: string[] } {
    // The sign-in triggers' reason applies here too: the distribution's domain would be a cycle.
    if (!props.siteUrl) throw new Error('Federated sign-in needs context "siteUrl" (or a custom domain) for its callback URLs');
    const origins = [props.siteUrl, ...(props.stage === 'dev' ? [LOCAL_DEV_ORIGIN] : [])];
    return {
      callbackUrls: origins.map((origin) => `${origin}/login`),
      logoutUrls: origins.map((origin) => `${origin}/logout`),
    };
  }

  private addProviders(federation: FederationSettings): IUserPoolIdentityProvider[] {
    const userPool = this.userPool;
    const secret = (name: string) => SecretValue.secretsManager(name);
    const providers: IUserPoolIdentityProvider[] = [];
    if (federation.google) {
      providers.push(
        new UserPoolIdentityProviderGoogle(this, 'Google', {
          userPool,
          clientId: federation.google.clientId,
          clientSecretValue: secret(federation.google.clientSecretName),
          scopes: OAUTH_SCOPES,
          attributeMapping: {
            email: ProviderAttribute.GOOGLE_EMAIL,
            fullname: ProviderAttribute.GOOGLE_NAME,
            custom: { email_verified: ProviderAttribute.other('email_verified') },
          },
        }),
      );
      this.socialProviders.push('Google');
    }
    if (federation.facebook) {
      providers.push(
        new UserPoolIdentityProviderFacebook(this, 'Facebook', {
          userPool,
          clientId: federation.facebook.appId,
          // The construct takes a string: this renders a {{resolve:secretsmanager:...}} reference
          // that CloudFormation fills in, so the secret never appears in the template.
          clientSecret: secret(federation.facebook.appSecretName).unsafeUnwrap(),
          scopes: ['public_profile', 'email'],
          attributeMapping: { email: ProviderAttribute.FACEBOOK_EMAIL, fullname: ProviderAttribute.FACEBOOK_NAME },
        }),
      );
      this.socialProviders.push('Facebook');
    }
    if (federation.microsoft) {
      providers.push(
        new UserPoolIdentityProviderOidc(this, 'Microsoft', {
          userPool,
          // The web app passes { custom: 'Microsoft' } to signInWithRedirect: the names must match.
          name: 'Microsoft',
          clientId: federation.microsoft.clientId,
          clientSecret: secret(federation.microsoft.clientSecretName).unsafeUnwrap(),
          issuerUrl: `https://login.microsoftonline.com/${federation.microsoft.tenant}/v2.0`,
          scopes: OAUTH_SCOPES,
          // Microsoft's `email` is whatever a tenant owner typed in; `xms_edov` (an optional claim
          // the app registration must emit) says the tenant verified the address's domain. The
          // pre-sign-up and post-confirmation triggers trust the email only with it or a pinned tenant.
          attributeMapping: {
            email: ProviderAttribute.other('email'),
            fullname: ProviderAttribute.other('name'),
            custom: { email_verified: ProviderAttribute.other('xms_edov') },
          },
        }),
      );
      this.socialProviders.push('Microsoft');
    }
    return providers;
  }
}
