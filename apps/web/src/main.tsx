// The render-blocking CSS (what the sign-in page shows) is the entry's, boot.ts.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { meQuery } from './api/auth.ts';
import { permissionsQuery } from './api/permissions.ts';
import { brandingQuery } from './api/settings.ts';
import { AppRouter, askOpenedScreenEarly, preloadOpenedScreen, preloadShell } from './app/router.tsx';
import { contrastVariables, theme } from './app/theme.ts';
import { readToken } from './platform/session-storage.ts';
import { whenIdle } from './platform/when-idle.ts';

/** How long after `load` the service worker waits (the offline specs wait 30 s for it to take the page). */
const SERVICE_WORKER_DELAY_MS = 3_000;

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

type PostTask = (task: () => void, options: { priority: 'user-blocking' }) => unknown;
const { scheduler } = globalThis as { scheduler?: { postTask?: PostTask } };
/**
 * Runs `task` in a task of its own, ahead of the first render's. Each early request and preload gets one: together
 * they were one task of 100-180 ms on a CPU four times slower (matching the address against every route, the preload
 * links, and some 20 ms for each request the browser starts), which a slow phone's user waits through.
 */
const runSoon = (task: () => void) =>
  scheduler?.postTask ? void scheduler.postTask(task, { priority: 'user-blocking' }) : setTimeout(task, 0);

/**
 * A signed-in reload asks who is signed in and what they may do, and fetches the shell's and the screen's chunks, at
 * once instead of after the first render: every signed-in screen waits for all of them. The chunks first: asked in a
 * task that follows the answers' arrival, Lighthouse's simulation of a slow phone network made them wait for those
 * answers.
 */
function askEarly() {
  runSoon(preloadShell);
  runSoon(preloadOpenedScreen);
  // Every page shows the shop's name and logo: asked by the first render, it was the last request a signed-in reload
  // waited for on a slow phone network (Lighthouse's simulation), asked after the largest script had come.
  runSoon(() => void queryClient.prefetchQuery(brandingQuery()));
  if (!readToken()) return;
  runSoon(() => void queryClient.prefetchQuery(meQuery()));
  runSoon(() => void queryClient.prefetchQuery(permissionsQuery()));
  runSoon(() => askOpenedScreenEarly(queryClient));
}
askEarly();

const root = createRoot(document.getElementById('root') as HTMLElement);
const render = () =>
  root.render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={contrastVariables}>
        <QueryClientProvider client={queryClient}>
          <AppRouter />
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
// The first render at transition priority, which React splits into short slices, so it does not hold a slow phone's
// main thread in one long task: signed in, it shows only the loader while the shell's answers and chunks come; signed
// out, it is the sign-in page itself, whose render at once was one long task of some 50 ms on this machine's CPU (the
// page already shows its "Please wait" until then).
startTransition(render);

// The service worker's code is not needed to show the first page: it comes once the page has loaded and the
// first screen has had time to show. Installing, it fetches every file of the app (some 2.7 MB): on a
// slow phone that took the bandwidth of the screen's own chunks and questions, which a signed-in reload asks after
// the page's `load`.
const registerServiceWorker = () => import('./offline/register-sw.ts').then((module) => module.registerServiceWorker());
/**
 * The manifest that makes the app installable (served with the shop's name) comes at the same time: linked from
 * index.html, the browser fetched it and its 192 px icon with the page's first scripts, two requests and 6 KB that a
 * signed-in reload's screen waited behind on a slow phone network.
 */
function linkManifest() {
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = '/manifest.webmanifest';
  document.head.append(link);
}
const afterLoad = () =>
  setTimeout(
    () =>
      whenIdle(() => {
        linkManifest();
        void registerServiceWorker();
      }),
    SERVICE_WORKER_DELAY_MS,
  );
// The page may have loaded already: this file is imported by the entry (boot.ts), not loaded by index.html.
if (document.readyState === 'complete') afterLoad();
else window.addEventListener('load', afterLoad);
