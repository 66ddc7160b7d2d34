import { useSyncExternalStore } from 'react';

// Whether the dialogs and notices (app/Overlays.tsx, their own chunk) are wanted yet. The signed-in frame asks for
// them once its screen has painted (Shell.tsx), and they stay from then on, after a sign-out too: mounted with
// the first signed-in render, their code was fetched before the screen had painted, and on a slow phone network a
// signed-in reload's screen waited for those requests' bytes and round trips. What they show is opened by a click
// or by the session check, minutes later; a notice shown before is kept and appears then.
let isWanted = false;
const listeners = new Set<() => void>();
let markShown = () => {};
const shown = new Promise<void>((resolve) => {
  markShown = resolve;
});

export function wantOverlays() {
  if (isWanted) return;
  isWanted = true;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const useOverlaysWanted = () => useSyncExternalStore(subscribe, () => isWanted);

/** Called by the overlays once mounted: a dialog opened from then on is shown, none is lost before. */
export const overlaysShown = () => markShown();

/**
 * Resolves once a dialog opened with `modals.*` is shown: a dialog opened before the overlays' chunk has mounted is an
 * event no one hears. Asks for the overlays if they are not wanted yet.
 */
export function whenOverlaysShown(): Promise<void> {
  wantOverlays();
  return shown;
}
