import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import {
  AccountRecovery,
  FeaturePlan,
  Mfa,
  StandardThreatProtectionMode,
  UserPool,
  UserPoolClient,
  UserPoolOperation,
} from 'aws-cdk-lib/aws-cognito';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { ProjectFunction } from './project-function';

export interface AuthProps {
  readonly stage: string;
  readonly table: ITableV2;
}

/**
 * The Cognito user pool. The user's DynamoDB record is the source of truth for roles; the
 * `admin` and `staff` groups only mirror it (DESIGN.md §2).
 */
export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;
  readonly postConfirmation: ProjectFunction;

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

    // Only the table: the pool references this function as its trigger, so nothing the function
    // references may depend on the pool. USER_POOL_ID would be a direct cycle (the event carries
    // userPoolId), and the bucket names an indirect one (media bucket CORS -> distribution ->
    // CSP -> AppSync API -> user pool).
    this.postConfirmation = new ProjectFunction(this, 'PostConfirmation', {
      entry: 'lambdas/triggers/post-confirmation.ts',
      stage: props.stage,
      service: 'auth',
      description: 'Creates the profile item of a newly confirmed user',
    }).bindTable(props.table, 'readwrite');
    this.userPool.addTrigger(UserPoolOperation.POST_CONFIRMATION, this.postConfirmation);
  }
}
