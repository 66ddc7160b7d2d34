import { whenScreenShown } from './screen-shown.ts';

/**
 * Starts a task that runs in the background from code fetched first (`load` imports it and starts it, giving back its
 * stop function), once the screen being opened has shown (screen-shown.ts): it neither waits for that code nor shares
 * the network with it before its largest paint. Returns the stop function, which also works while the code is on its
 * way. A fetch that fails (the server restarting) is tried again every `retryMs` until it succeeds or the task is
 * stopped: the task, such as sending the sales made offline, must not stay unstarted until the next reload.
 */
export function startAfterScreen(load: () => Promise<() => void>, retryMs = 15_000): () => void {
  let stopTask: (() => void) | undefined;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const attempt = () => {
    load().then(
      (stop) => {
        if (stopped) stop();
        else stopTask = stop;
      },
      () => {
        if (!stopped) retry = setTimeout(attempt, retryMs);
      },
    );
  };
  const cancelWait = whenScreenShown(attempt);
  return () => {
    stopped = true;
    cancelWait();
    clearTimeout(retry);
    stopTask?.();
  };
}
