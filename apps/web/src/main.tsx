import '@mantine/core/styles.css';
import './app/print.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/router.tsx';
import { contrastVariables, theme } from './app/theme.ts';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={contrastVariables}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);

// The service worker's code is not needed to show the first page: it comes once the page has loaded (issue 12).
window.addEventListener('load', () => {
  import('./offline/register-sw.ts').then(({ registerServiceWorker }) => registerServiceWorker());
});
