import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProvider } from './app/provider';
import { AppRoutes } from './app/router';
import { UpdateToast } from './features/install/components/update-toast';
import { registerServiceWorker } from './features/install/service-worker';
import { createQueryClient } from './lib/query-client';
import './styles/global.css';

registerServiceWorker();

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
