import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { startOutbox } from './api/outbox';
import { queryClient } from './api/query-client';
import { completeGoogleRedirect, startAuth } from './features/auth/auth-session';
import { startConnectivityToasts } from './features/connectivity/connectivity-toasts';
import { AppThemeProvider } from './features/theme/AppThemeProvider';
import { captureInstallPrompt } from './lib/install-prompt';
import { registerServiceWorker } from './lib/sw-register';
import { router } from './router';

startConnectivityToasts();
startAuth();
void completeGoogleRedirect();
registerServiceWorker();
startOutbox();
captureInstallPrompt();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AppThemeProvider>
        <RouterProvider router={router} />
      </AppThemeProvider>
    </QueryClientProvider>
  </StrictMode>,
);
