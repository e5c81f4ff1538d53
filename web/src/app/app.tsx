import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import type { AppSettings } from '../config/app-config';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

export function App({ app }: { app: AppSettings }) {
  const [router] = useState(createAppRouter);
  return (
    <AppProvider app={app}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
