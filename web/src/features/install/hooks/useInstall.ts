// The install offer of this device, live: the browser's prompt arriving or being used, the app
// being installed, display mode switching to standalone. One source for the menu and the card.
import { useCallback, useSyncExternalStore } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { useAppConfig } from '../../../config/app-config';
import { INSTALL_FAILED, installOffer, type InstallOffer } from '../install-offer';
import { useInstallPrompt } from './useInstallPrompt';

const STANDALONE = '(display-mode: standalone)';

function subscribeStandalone(onChange: () => void): () => void {
  const list = window.matchMedia(STANDALONE);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

function isStandalone(): boolean {
  return window.matchMedia(STANDALONE).matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

export function useInstall(): { offer: InstallOffer; install(): void } {
  const app = useAppConfig();
  const toast = useToast();
  const prompt = useInstallPrompt();
  const standalone = useSyncExternalStore(subscribeStandalone, isStandalone, () => false);
  const offer = installOffer({
    demo: app.demo,
    standalone: standalone || prompt.installed,
    promptAvailable: prompt.available,
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints,
  });
  const install = useCallback(() => {
    prompt.install().catch(() => toast.show({ kind: 'error', message: INSTALL_FAILED }));
  }, [prompt, toast]);
  return { offer, install };
}
