// CloudWatch RUM in the browser, only when /config.json carries app.rum (deployed with
// `-c rum=true`): queues commands on window.cwr and loads AWS's RUM web client, the way the
// console's snippet does, but from this module (the CSP allows no inline script). No cookies,
// no user ids; without app.rum nothing is loaded and nothing leaves the app.

export interface RumSettings {
  appMonitorId: string;
  identityPoolId: string;
  guestRoleArn: string;
  region: string;
  endpoint: string;
  clientUrl: string;
}

interface RumWindow {
  AwsRumClient?: { q: { c: string; p: unknown }[]; n: string; i: string; v: string; r: string; c: Record<string, unknown> };
  cwr?: (command: string, payload: unknown) => void;
}

/** The web client's configuration (CloudWatch RUM's snippet argument 6). */
export function rumClientConfig(settings: RumSettings): Record<string, unknown> {
  return {
    sessionSampleRate: 1,
    identityPoolId: settings.identityPoolId,
    guestRoleArn: settings.guestRoleArn,
    endpoint: settings.endpoint,
    telemetries: ['errors', 'performance', 'http'],
    allowCookies: false,
    // Resource URLs may carry presigned media links: not recorded.
    recordResourceUrl: false,
  };
}

/** Returns true when the RUM client was asked to load. */
export function startRum(settings: RumSettings | undefined, version: string, win: Window = window): boolean {
  if (!settings?.appMonitorId || !settings.clientUrl) return false;
  const w = win as unknown as RumWindow;
  if (w.AwsRumClient) return true;
  const client = { q: [] as { c: string; p: unknown }[], n: 'cwr', i: settings.appMonitorId, v: version, r: settings.region, c: rumClientConfig(settings) };
  w.AwsRumClient = client;
  w.cwr = (command, payload) => void client.q.push({ c: command, p: payload });
  const script = win.document.createElement('script');
  script.async = true;
  script.src = settings.clientUrl;
  script.crossOrigin = 'anonymous';
  win.document.head.appendChild(script);
  return true;
}
