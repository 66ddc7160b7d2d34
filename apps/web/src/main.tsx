// The render-blocking CSS is what the sign-in page shows (issue 12): Mantine's globals and these components, in the
// `mantine` layer; everything else comes with the first lazy screen (app/all-styles.ts).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Image.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import './app/print.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { meQuery } from './api/auth.ts';
import { permissionsQuery } from './app/permissions.ts';
import { preloadOpenedScreen, router } from './app/router.tsx';
import { readToken } from './app/session-storage.ts';
import { contrastVariables, theme } from './app/theme.ts';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

/**
 * A signed-in reload fetches the shell's and the screen's chunks and asks who is signed in and what they may do at
 * once, instead of after the first render: every signed-in screen waits for all of them (issue 12). In a task of
 * its own, ahead of the first render's: the scripts' evaluation is one long task on a slow phone, and this work
 * (a link element per chunk, two requests) made it longer.
 */
function startEarly() {
  preloadOpenedScreen();
  if (readToken()) {
    void queryClient.prefetchQuery(meQuery());
    void queryClient.prefetchQuery(permissionsQuery());
  }
}
type PostTask = (task: () => void, options: { priority: 'user-blocking' }) => unknown;
const { scheduler } = globalThis as { scheduler?: { postTask?: PostTask } };
if (scheduler?.postTask) void scheduler.postTask(startEarly, { priority: 'user-blocking' });
else setTimeout(startEarly, 0);

const root = createRoot(document.getElementById('root') as HTMLElement);
const render = () =>
  root.render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={contrastVariables}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
// Signed in, the first render shows only the loader while the shell's answers and chunks come: at transition
// priority, which React splits into short slices, so it does not hold the phone's main thread in one long task
// (issue 12). Signed out, the first render is the sign-in page itself, rendered at once.
if (readToken()) startTransition(render);
else render();

// The service worker's code is not needed to show the first page: it comes once the page has loaded (issue 12).
window.addEventListener('load', () => {
  import('./offline/register-sw.ts').then(({ registerServiceWorker }) => registerServiceWorker());
});
