import { useCallback, useEffect, useState } from 'react';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let captured: BeforeInstallPromptEvent | null = null;
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
    listeners.forEach((l) => l());
  });
}

export function useInstallPrompt(): { available: boolean; install(): Promise<'accepted' | 'dismissed'> } {
  const [available, setAvailable] = useState(captured !== null);
  useEffect(() => {
    const update = () => setAvailable(captured !== null);
    listeners.add(update);
    update();
    return () => {
      listeners.delete(update);
    };
  }, []);

  const install = useCallback(async () => {
    const event = captured;
    if (!event) throw new Error('Your browser has not offered to install this app');
    await event.prompt();
    const { outcome } = await event.userChoice;
    captured = null;
    listeners.forEach((l) => l());
    return outcome;
  }, []);

  return { available, install };
}
