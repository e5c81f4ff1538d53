// The browser's install prompt (beforeinstallprompt), caught as soon as this module loads, and
// whether the app was installed from this page (appinstalled).
import { useCallback, useEffect, useState } from 'react';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let captured: BeforeInstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();

// Registered at module load: the browser fires the event once, possibly before any component mounts.
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    captured = event as BeforeInstallPromptEvent;
    listeners.forEach((l) => l());
  });
  window.addEventListener('appinstalled', () => {
    captured = null;
    installed = true;
    listeners.forEach((l) => l());
  });
}

export function useInstallPrompt(): { available: boolean; installed: boolean; install(): Promise<'accepted' | 'dismissed'> } {
  const [available, setAvailable] = useState(captured !== null);
  const [wasInstalled, setInstalled] = useState(installed);
  useEffect(() => {
    const update = () => {
      setAvailable(captured !== null);
      setInstalled(installed);
    };
    listeners.add(update);
    update();
    return () => {
      listeners.delete(update);
    };
  }, []);

  const install = useCallback(async () => {
    const event = captured;
    if (!event) throw new Error('Your browser has not offered to install this app');
    // The event can be used once, whatever happens.
    captured = null;
    listeners.forEach((l) => l());
    await event.prompt();
    const { outcome } = await event.userChoice;
    if (outcome === 'accepted') installed = true;
    listeners.forEach((l) => l());
    return outcome;
  }, []);

  return { available, installed: wasInstalled, install };
}
