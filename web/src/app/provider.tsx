import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ToastProvider } from '../components/toast/toast-context';
import { AppConfigContext, type AppSettings } from '../config/app-config';
import { AuthProvider } from '../features/auth/auth-provider';
import { createQueryClient } from '../lib/api';

export function AppProvider({ app, children }: { app: AppSettings; children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppConfigContext.Provider value={app}>
      {/* The theme's tokens come from styles/amplify-theme.css (what Amplify's ThemeProvider would inject). */}
      <div data-amplify-theme="road-closures">
        <QueryClientProvider client={queryClient}>
          <ToastProvider>
            <AuthProvider>{children}</AuthProvider>
          </ToastProvider>
        </QueryClientProvider>
      </div>
    </AppConfigContext.Provider>
  );
}
