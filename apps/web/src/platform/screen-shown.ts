import { useSyncExternalStore } from 'react';
import { whenIdle } from './when-idle.ts';

// Whether the signed-in screen opened first has painted and the browser has been idle since. What that screen does
// not show (the dialogs' code, the backup banner's question, the offline copy's and outbox's code) waits for it:
// asked when only the frame had painted, on a slow phone network those requests shared the screen's bytes and round
// trips and put its largest paint later. The signed-in frame (app/Shell.tsx) is told of the paint, and at the latest
// a few seconds after it opened (a screen that paints no lazy page: access denied, its code not fetched). Once shown,
// it stays shown.
let isShown = false;
let isPending = false;
const listeners = new Set<() => void>();

function markShown() {
  if (isShown) return;
  isShown = true;
  for (const listener of [...listeners]) listener();
}

/** The screen has painted: the waiting work starts once the browser is idle. */
export function screenPainted(): void {
  if (isShown || isPending) return;
  isPending = true;
  whenIdle(markShown);
}

/** At the latest: the waiting work starts now, painted or not. */
export const screenShownAnyway = markShown;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const useScreenShown = () => useSyncExternalStore(subscribe, () => isShown);

/** Runs `task` once the screen has shown (at once if it has). Returns the cancel. */
export function whenScreenShown(task: () => void): () => void {
  if (isShown) {
    task();
    return () => {};
  }
  const listener = () => {
    listeners.delete(listener);
    task();
  };
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
