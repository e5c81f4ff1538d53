import '@aws-amplify/ui-react/styles.css';
import './styles/amplify-theme.css';
import './styles/global.css';
import './components/feedback.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPageFor } from './app/routes/preload-page';
import { loadRuntimeConfig } from './config/app-config';
import { installLocalWebSocketRewrite } from './config/local-websocket';
import { installAppUpdates } from './features/offline/app-update';
import { startConnectivityTracking } from './features/offline/connectivity';
import { hasStoredSession, loadAmplify, setAmplifyConfig } from './lib/amplify';
import { installGlobalErrorReporting } from './lib/error-reporting';
import { startRum } from './lib/rum';

function BootError({ message }: { message: string }) {
  return (
    <div className="boot-screen">
      <div className="panel" role="alert" style={{ maxWidth: 520 }}>
        <h1 style={{ marginTop: 0, fontSize: '1.4rem' }}>The app could not start</h1>
        <p>{message}</p>
        <button type="button" onClick={() => window.location.reload()}>Try again</button>
      </div>
    </div>
  );
}

/**
 * How long the first render waits for the opened page's code beyond /config.json. Rendered in the
 * same pass as the shell, the page shows as soon as it is in; rendered after the shell, React's
 * Suspense shows "Loading…" and reveals the page up to 300 ms later (its fallback throttle).
 */
const PAGE_CODE_WAIT_MS = 600;

async function boot() {
  const pageCode = preloadPageFor(window.location.pathname);
  startConnectivityTracking();
  installAppUpdates();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  const root = createRoot(container);
  try {
    const [config] = await Promise.all([loadRuntimeConfig(), Promise.race([pageCode, new Promise((resolve) => setTimeout(resolve, PAGE_CODE_WAIT_MS))])]);
    // Must happen before Amplify opens its first realtime socket.
    if (config.app.local) installLocalWebSocketRewrite();
    // Amplify itself loads only when needed (lib/amplify.ts); a returning signed-in user needs it now.
    setAmplifyConfig(config.amplify);
    if (hasStoredSession()) void loadAmplify();
    installGlobalErrorReporting(config.app.version);
    startRum(config.app.rum, config.app.version);
    root.render(
      <StrictMode>
        <App app={config.app} />
      </StrictMode>,
    );
  } catch (err) {
    root.render(<BootError message={(err as Error).message} />);
  }
}

void boot();
