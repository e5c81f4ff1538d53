// Federated sign-in: the hosted UI domain, the Google / Facebook / Microsoft providers, the
// client's OAuth settings and what /config.json tells the web app, with and without context.
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { resourcesOfType, synthStage, type Synthesized } from './synth';

const synthTimeout = 120_000;
const siteUrl = 'https://closures.example.org';

const federationContext = {
  siteUrl,
  authDomainPrefix: 'road-closures-dev',
  googleClientId: 'google-client-id.apps.googleusercontent.com',
  googleClientSecretName: 'road-closures/google',
  facebookAppId: '1234567890',
  facebookAppSecretName: 'road-closures/facebook',
  microsoftClientId: '00000000-1111-2222-3333-444444444444',
  microsoftClientSecretName: 'road-closures/microsoft',
  microsoftTenant: 'contoso.onmicrosoft.com',
};

type Config = {
  Auth: { Cognito: { loginWith: { email: boolean; oauth?: Record<string, unknown> } } };
  app: { features: { socialProviders: string[] } };
};
const configOf = (synth: Synthesized) => synth.stack.resolve(synth.stack.webConfig()) as Config;

describe('with federation context', () => {
  let dev: Synthesized;
  beforeAll(() => {
    dev = synthStage('dev', federationContext);
  }, synthTimeout);

  it('creates the three providers with email and name mapped and secrets from Secrets Manager', () => {
    const providers = resourcesOfType(dev.json, 'AWS::Cognito::UserPoolIdentityProvider').map(([, r]) => r.Properties!);
    expect(providers.map((p) => p.ProviderName).sort()).toEqual(['Facebook', 'Google', 'Microsoft']);
    const byName = Object.fromEntries(providers.map((p) => [p.ProviderName, p]));

    expect(byName.Google.ProviderType).toBe('Google');
    expect(byName.Google.ProviderDetails.client_id).toBe(federationContext.googleClientId);
    expect(byName.Google.AttributeMapping).toMatchObject({ email: 'email', name: 'name' });
    expect(byName.Facebook.ProviderType).toBe('Facebook');
    expect(byName.Facebook.ProviderDetails.client_id).toBe('1234567890');
    expect(byName.Facebook.AttributeMapping).toMatchObject({ email: 'email', name: 'name' });
    expect(byName.Microsoft.ProviderType).toBe('OIDC');
    expect(byName.Microsoft.ProviderDetails.oidc_issuer).toBe('https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0');
    expect(byName.Microsoft.ProviderDetails.authorize_scopes).toBe('openid email profile');
    expect(byName.Microsoft.AttributeMapping).toMatchObject({ email: 'email', name: 'name' });
    // Whose email is trusted: Google's own claim, Microsoft's verified-domain claim.
    expect(byName.Google.AttributeMapping).toMatchObject({ email_verified: 'email_verified' });
    expect(byName.Microsoft.AttributeMapping).toMatchObject({ email_verified: 'xms_edov' });

    // Secrets are dynamic references resolved by CloudFormation, never literal values.
    for (const [name, secret] of [['Google', 'road-closures/google'], ['Facebook', 'road-closures/facebook'], ['Microsoft', 'road-closures/microsoft']]) {
      expect(JSON.stringify(byName[name].ProviderDetails.client_secret)).toContain(`{{resolve:secretsmanager:${secret}:SecretString:::}}`);
    }
  });

  it('adds the hosted UI domain', () => {
    dev.template.hasResourceProperties('AWS::Cognito::UserPoolDomain', { Domain: 'road-closures-dev' });
  });

  it('turns on the authorization code flow for the site (and vite on dev) with the providers', () => {
    const [[clientId, client]] = resourcesOfType(dev.json, 'AWS::Cognito::UserPoolClient');
    const props = client.Properties!;
    expect(props.AllowedOAuthFlowsUserPoolClient).toBe(true);
    expect(props.AllowedOAuthFlows).toEqual(['code']);
    expect([...props.AllowedOAuthScopes].sort()).toEqual(['email', 'openid', 'profile']);
    expect(props.CallbackURLs).toEqual([`${siteUrl}/login`, 'http://localhost:5173/login']);
    expect(props.LogoutURLs).toEqual([`${siteUrl}/logout`, 'http://localhost:5173/logout']);
    expect(props.SupportedIdentityProviders).toEqual(['COGNITO', 'Google', 'Facebook', 'Microsoft']);
    // The client must not be created before the providers it names.
    const providerIds = resourcesOfType(dev.json, 'AWS::Cognito::UserPoolIdentityProvider').map(([id]) => id);
    expect((dev.json.Resources[clientId] as { DependsOn?: string[] }).DependsOn).toEqual(expect.arrayContaining(providerIds));
  });

  it('tells the web app about the hosted UI and the providers', () => {
    const config = configOf(dev);
    expect(config.Auth.Cognito.loginWith).toEqual({
      email: true,
      oauth: {
        domain: 'road-closures-dev.auth.ap-southeast-2.amazoncognito.com',
        scopes: ['openid', 'email', 'profile'],
        redirectSignIn: [`${siteUrl}/login`],
        redirectSignOut: [`${siteUrl}/logout`],
        responseType: 'code',
      },
    });
    expect(config.app.features.socialProviders).toEqual(['Google', 'Facebook', 'Microsoft']);
  });

  it('stays clean under cdk-nag', () => {
    expect(dev.findings).toEqual([]);
  });

  it("refuses administrators' hosted sign-ins: a pre-token-generation trigger that reads the table, and no native scope for OAuth clients", () => {
    const [[, pool]] = resourcesOfType(dev.json, 'AWS::Cognito::UserPool');
    const triggerRef = JSON.stringify(pool.Properties!.LambdaConfig.PreTokenGeneration);
    const [[fnId, fn]] = resourcesOfType(dev.json, 'AWS::Lambda::Function').filter(([id]) => id.includes('PreTokenGeneration'));
    expect(triggerRef).toContain(fnId);
    expect(fn.Properties!.Environment.Variables).toMatchObject({ ADMIN_MFA: 'required' });
    const actions = resourcesOfType(dev.json, 'AWS::IAM::Policy')
      .filter(([id]) => id.includes('PreTokenGeneration'))
      .flatMap(([, p]) => (p.Properties!.PolicyDocument.Statement as { Action: string | string[] }[]).flatMap((s) => [s.Action].flat()));
    expect(actions).toContain('dynamodb:GetItem');
    expect(actions).not.toContain('dynamodb:PutItem');
    // The API tells the app's own sign-in by this scope: a hosted sign-in must never be able to ask for it.
    const [[, client]] = resourcesOfType(dev.json, 'AWS::Cognito::UserPoolClient');
    expect(client.Properties!.AllowedOAuthScopes).not.toContain('aws.cognito.signin.user.admin');
  });
});

describe('without federation context', () => {
  let dev: Synthesized;
  beforeAll(() => {
    dev = synthStage('dev', { siteUrl });
  }, synthTimeout);

  it('has no providers, no domain and no OAuth on the client', () => {
    expect(resourcesOfType(dev.json, 'AWS::Cognito::UserPoolIdentityProvider')).toEqual([]);
    expect(resourcesOfType(dev.json, 'AWS::Cognito::UserPoolDomain')).toEqual([]);
    dev.template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      AllowedOAuthFlowsUserPoolClient: false,
      CallbackURLs: Match.absent(),
    });
    const config = configOf(dev);
    expect(config.Auth.Cognito.loginWith).toEqual({ email: true });
    expect(config.app.features.socialProviders).toEqual([]);
  });
});

describe('partial federation context', () => {
  it('Google only: one provider, prod has no localhost URL', () => {
    const prod = synthStage('prod', {
      siteUrl,
      authDomainPrefix: 'road-closures',
      googleClientId: 'g-id',
      googleClientSecretName: 'road-closures/google',
    });
    const providers = resourcesOfType(prod.json, 'AWS::Cognito::UserPoolIdentityProvider');
    expect(providers.map(([, r]) => r.Properties!.ProviderName)).toEqual(['Google']);
    prod.template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      CallbackURLs: [`${siteUrl}/login`],
      SupportedIdentityProviders: ['COGNITO', 'Google'],
    });
    expect(configOf(prod).app.features.socialProviders).toEqual(['Google']);
    expect(prod.findings).toEqual([]);
  }, synthTimeout);

  it('refuses a client id without its secret name, providers without a domain, and a domain without siteUrl', () => {
    expect(() => synthStage('dev', { siteUrl, authDomainPrefix: 'rc-dev', googleClientId: 'g-id' })).toThrow(/googleClientSecretName/);
    expect(() => synthStage('dev', { siteUrl, facebookAppId: '1', facebookAppSecretName: 's' })).toThrow(/authDomainPrefix/);
    expect(() => synthStage('dev', { authDomainPrefix: 'rc-dev', microsoftClientId: 'm', microsoftClientSecretName: 's' })).toThrow(/siteUrl/);
    expect(() => synthStage('dev', { siteUrl, authDomainPrefix: 'My_Domain' })).toThrow(/authDomainPrefix/);
  }, synthTimeout);
});
