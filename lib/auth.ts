import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import {
  AccountRecovery,
  FeaturePlan,
  Mfa,
  StandardThreatProtectionMode,
  UserPool,
  UserPoolClient,
  UserPoolEmail,
  UserPoolOperation,
} from 'aws-cdk-lib/aws-cognito';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
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
}

/**
 * The Cognito user pool. The user's DynamoDB record is the source of truth for roles; the
 * `admin` and `staff` groups only mirror it (DESIGN.md §2).
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

    this.client = this.userPool.addClient('WebClient', {
      generateSecret: false,
      // CDK adds ALLOW_REFRESH_TOKEN_AUTH to any explicit flow list.
      authFlows: { userPassword: true, userSrp: true, custom: true },
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      // The hosted UI is enabled together with the federated providers; until then no OAuth
      // flow (and no placeholder callback URL) is exposed.
      disableOAuth: true,
    });

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
  }
}
