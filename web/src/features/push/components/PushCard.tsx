// Dashboard card: this device's push notifications. Permission is requested by the button only.
import { useAppConfig } from '../../../config/app-config';
import { usePush } from '../hooks/usePush';
import { HelpPopover } from '../../help/components/HelpPopover';

export function PushCard() {
  const app = useAppConfig();
  const push = usePush();
  // Demo mode has no real accounts to push to; without VAPID keys the deployment cannot push.
  if (app.demo || !app.features.push) return null;
  const { state } = push;
  const blocked = state.kind === 'unsupported' || state.kind === 'denied';
  return (
    <div className="panel push-card" data-testid="push-card" style={{ marginBottom: 20 }}>
      <h2 style={{ marginBottom: 4 }}>Push notifications</h2>
      <p className="muted" style={{ marginTop: 0 }}>
        {state.kind === 'on'
          ? 'This device shows a notification when a closure or council you follow changes, even when the app is closed.'
          : 'Get a notification on this device when a closure or council you follow changes, even when the app is closed.'}
        <HelpPopover topic="Push notifications" page="subscriptions">
          Push works per device: turn it on on each phone or computer you use. Your browser asks for permission once; if you
          blocked it, allow notifications for this site in the browser's settings.
        </HelpPopover>
      </p>
      {state.kind === 'denied' && <p role="status" data-testid="push-denied-help">{state.help}</p>}
      <button
        type="button"
        className="nav-cta"
        disabled={blocked || push.busy}
        title={blocked ? state.reason : undefined}
        style={blocked || push.busy ? { opacity: 0.55, cursor: 'not-allowed' } : undefined}
        onClick={() => (state.kind === 'on' ? push.disable() : push.enable())}
      >
        {state.kind === 'on' ? 'Disable Push Notifications' : 'Enable Push Notifications'}
      </button>
      {blocked && <p className="muted" data-testid="push-reason">{state.reason}</p>}
    </div>
  );
}
