// The body of /config.json in AWS: the object aws-amplify v6's Amplify.configure takes plus the
// app section, the same shape local/stack.ts serves (the shared contract). Values may be
// CloudFormation tokens: the stack output renders them with toJsonString, the web deployment
// with Source.jsonData, which fills them in at deploy time.
import type { RumWebConfig } from './rum';
import { MAP_STYLE_PATHS } from './map-styles';

export interface WebConfigInput {
  readonly userPoolId: string;
  readonly userPoolClientId: string;
  readonly graphqlUrl: string;
  readonly region: string;
  /** The public API key: every browser receives it in /config.json, by design. */
  readonly apiKey: string;
  readonly stage: string;
  readonly demo: boolean;
  readonly version: string;
  /** The hosted UI (lib/auth.ts); without it Amplify gets no oauth section. */
  readonly oauth?: { readonly domain: string; readonly scopes: string[]; readonly redirectSignIn: string[]; readonly redirectSignOut: string[] };
  /** Federated providers the login page enables ('Google', 'Facebook', 'Microsoft'). */
  readonly socialProviders?: readonly string[];
  /** The base map style URL (Web.mapStyleUrl); the pre-built /map-style.json when not given. */
  readonly mapStyle?: string;
  /** Every base layer's style URL (Web.mapStyleUrls); the pre-built styles when not given. */
  readonly mapStyles?: Readonly<Record<string, string>>;
  /** CloudWatch RUM (context rum=true); absent, the web app loads no RUM client. */
  readonly rum?: RumWebConfig;
}

export function webConfig(input: WebConfigInput): Record<string, unknown> {
  return {
    Auth: {
      Cognito: {
        userPoolId: input.userPoolId,
        userPoolClientId: input.userPoolClientId,
        loginWith: {
          email: true,
          ...(input.oauth
            ? {
                oauth: {
                  domain: input.oauth.domain,
                  scopes: [...input.oauth.scopes],
                  redirectSignIn: [...input.oauth.redirectSignIn],
                  redirectSignOut: [...input.oauth.redirectSignOut],
                  responseType: 'code',
                },
              }
            : {}),
        },
      },
    },
    API: {
      GraphQL: {
        endpoint: input.graphqlUrl,
        region: input.region,
        defaultAuthMode: 'apiKey',
        apiKey: input.apiKey,
      },
    },
    app: {
      stage: input.stage,
      local: false,
      demo: input.demo,
      version: input.version,
      mapStyle: input.mapStyle ?? '/map-style.json',
      mapStyles: { ...(input.mapStyles ?? MAP_STYLE_PATHS) },
      // SRP keeps the password off the wire; locally cognito-local only speaks USER_PASSWORD_AUTH.
      authFlowType: 'USER_SRP_AUTH',
      features: { push: false, socialProviders: [...(input.socialProviders ?? [])] },
      ...(input.rum ? { rum: { ...input.rum } } : {}),
    },
  };
}
