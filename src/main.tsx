import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { startAuth } from './features/auth/auth-session';
import { completeGoogleRedirect } from './features/auth/google-sign-in';
import { startConnectivityToasts } from './features/connectivity/connectivity-toasts';
import { AppThemeProvider } from './features/theme/AppThemeProvider';
import { registerServiceWorker } from './lib/sw-register';
import { router } from './router';

startConnectivityToasts();
startAuth();
void completeGoogleRedirect();
registerServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppThemeProvider>
      <RouterProvider router={router} />
    </AppThemeProvider>
  </StrictMode>,
);
