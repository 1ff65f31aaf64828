import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HeldIconsProvider } from './app/held-icons.tsx';
import { AppProvider } from './app/provider.tsx';
import { AppRoutes, preloadPageOf } from './app/routes.tsx';
import { createQueryClient } from './lib/query-client.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

function render(container: HTMLElement) {
  // With no <Router> around it, wouter follows the browser's address bar.
  createRoot(container).render(
    <StrictMode>
      <AppProvider queryClient={createQueryClient()}>
        <HeldIconsProvider>
          <AppRoutes />
        </HeldIconsProvider>
      </AppProvider>
    </StrictMode>,
  );
}

// The first page's code is in hand before the first render, so it shows with the navbar at once
// (its data was already requested by the HTML). If it cannot be loaded, the page's own lazy
// loading tries again.
void preloadPageOf(window.location.pathname)
  .catch(() => undefined)
  .finally(() => render(root));
