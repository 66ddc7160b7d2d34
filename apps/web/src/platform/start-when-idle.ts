import { whenIdle } from './when-idle.ts';

/**
 * Starts a task that runs in the background from code fetched first (`load` imports it and starts it, giving back its
 * stop function), once the browser is idle: the screen being opened neither waits for that code nor shares the
 * network with it before its first paint. Returns the stop function, which also works while the code is on its way.
 * A fetch that fails (the server restarting) is tried again every `retryMs` until it succeeds or the task is
 * stopped: the task, such as sending the sales made offline, must not stay unstarted until the next reload.
 */
export function startWhenIdle(load: () => Promise<() => void>, retryMs = 15_000): () => void {
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
  const cancelIdle = whenIdle(attempt);
  return () => {
    stopped = true;
    cancelIdle();
    clearTimeout(retry);
    stopTask?.();
  };
}
