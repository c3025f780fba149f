import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProvider } from './app/provider';
import { AppRoutes, preloadStartScreen } from './app/router';
import { UpdateToast } from './features/install/components/update-toast';
import { registerServiceWorker } from './features/install/service-worker';
import { getAuth } from './lib/auth-store';
import { createQueryClient } from './lib/query-client';
import './styles/global.css';

registerServiceWorker();
// Without a stored sign-in every protected address ends on /login, which is in the main chunk. Once the boot
// screen is painted (a frame, then a task), so that these downloads never count against the first paint.
if (getAuth()) requestAnimationFrame(() => setTimeout(() => preloadStartScreen(window.location.pathname)));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider queryClient={createQueryClient()}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <UpdateToast />
    </AppProvider>
  </StrictMode>,
);
