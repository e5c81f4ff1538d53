import { createBrowserRouter } from 'react-router-dom';
import { RouteGate } from '../features/routing/components/RouteGate';
import { ROUTES } from '../features/routing/route-table';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error';
import { PAGES } from './routes/page-registry';

export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      children: ROUTES.map((def) => {
        const Page = def.page ? PAGES[def.page] : null;
        return {
          path: def.path,
          element: (
            <RouteGate def={def}>
              {Page && <Page def={def} />}
            </RouteGate>
          ),
        };
      }),
    },
  ]);
}
