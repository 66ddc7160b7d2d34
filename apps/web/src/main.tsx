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
import { formatDay, formatMoney } from '@duka/shared';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { meQuery } from './api/auth.ts';
import { permissionsQuery } from './app/permissions.ts';
import { askOpenedScreenEarly, preloadOpenedScreen, preloadShell, router } from './app/router.tsx';
import { readToken } from './app/session-storage.ts';
import { contrastVariables, theme } from './app/theme.ts';
import { whenIdle } from './app/when-idle.ts';

/** How long after `load` the service worker waits (the offline specs wait 30 s for it to take the page). */
const SERVICE_WORKER_DELAY_MS = 3_000;

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

/**
 * A signed-in reload asks who is signed in and what they may do, and fetches the shell's and the screen's chunks, at
 * once instead of after the first render: every signed-in screen waits for all of them (issue 12). Each in a task of
 * its own, ahead of the first render's, the questions first: the scripts' evaluation is one long task on a slow
 * phone, and inserting a preload link per chunk is itself some tens of milliseconds there, which the questions
 * (the longest wait, a server round trip) no longer wait behind.
 */
function askEarly() {
  if (!readToken()) return;
  void queryClient.prefetchQuery(meQuery());
  void queryClient.prefetchQuery(permissionsQuery());
  askOpenedScreenEarly(queryClient);
}
type PostTask = (task: () => void, options: { priority: 'user-blocking' }) => unknown;
const { scheduler } = globalThis as { scheduler?: { postTask?: PostTask } };
const runSoon = (task: () => void) =>
  scheduler?.postTask ? void scheduler.postTask(task, { priority: 'user-blocking' }) : setTimeout(task, 0);
runSoon(askEarly);
runSoon(preloadShell);
runSoon(preloadOpenedScreen);
/**
 * Builds the shared day and money formatters (format.ts keeps them once built). The first Intl formatter of a page
 * takes tens of milliseconds on a slow phone (the browser loads its calendar and number data): built in a task of
 * their own while the answers are on their way, not inside the render that shows the screen (issue 12), nor left to
 * an idle moment, of which there was often none before that render. The day formatter is built for the default
 * zone; the shop's own, if another, reuses the data loaded here.
 */
function warmFormatters() {
  formatDay(new Date());
  formatMoney(0);
}
if (readToken()) runSoon(warmFormatters);

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

// The service worker's code is not needed to show the first page: it comes once the page has loaded and the
// first screen has had time to show (issue 12). Installing, it fetches every file of the app (some 2.7 MB): on a
// slow phone that took the bandwidth of the screen's own chunks and questions, which a signed-in reload asks after
// the page's `load`.
const registerServiceWorker = () => import('./offline/register-sw.ts').then((module) => module.registerServiceWorker());
window.addEventListener('load', () => setTimeout(() => whenIdle(registerServiceWorker), SERVICE_WORKER_DELAY_MS));
