import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider.tsx';
import { AppRoutes } from './app/routes.tsx';
import { createQueryClient } from './lib/query-client.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// With no <Router> around it, wouter follows the browser's address bar.
createRoot(root).render(
  <StrictMode>
    <AppProvider queryClient={createQueryClient()}>
      <AppRoutes />
    </AppProvider>
  </StrictMode>,
);
