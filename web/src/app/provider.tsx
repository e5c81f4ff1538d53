import { ThemeProvider } from '@aws-amplify/ui-react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ToastProvider } from '../components/toast/toast-context';
import { AppConfigContext, type AppSettings } from '../config/app-config';
import { AuthProvider } from '../features/auth/auth-provider';
import { createQueryClient } from '../lib/api';
import { theme } from '../styles/theme';

export function AppProvider({ app, children }: { app: AppSettings; children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppConfigContext.Provider value={app}>
      <ThemeProvider theme={theme}>
        <QueryClientProvider client={queryClient}>
          <ToastProvider>
            <AuthProvider>{children}</AuthProvider>
          </ToastProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </AppConfigContext.Provider>
  );
}
