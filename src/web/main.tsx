import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
// The DOM build of RouterProvider honours flushSync, which URL-kept form fields rely on.
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider.tsx';
import { routes } from './app/routes.tsx';
import { createQueryClient } from './lib/query-client.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProvider queryClient={createQueryClient()}>
      <RouterProvider router={createBrowserRouter(routes)} />
    </AppProvider>
  </StrictMode>,
);
