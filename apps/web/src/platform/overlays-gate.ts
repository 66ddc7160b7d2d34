import { screenShownAnyway } from './screen-shown.ts';

// The dialogs and notices (app/Overlays.tsx, their own chunk) are mounted once the signed-in screen has shown
// (screen-shown.ts), and stay from then on, after a sign-out too: mounted with the first signed-in render, their code
// was fetched before the screen had painted, and on a slow phone network a signed-in reload's screen waited for those
// requests' bytes and round trips. What they show is opened by a click or by the session check, minutes later; a
// notice shown before is kept and appears then.
let markMounted = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** Called by the overlays once mounted: a dialog opened from then on is shown, none is lost before. */
export const overlaysShown = () => markMounted();

/**
 * Resolves once a dialog opened with `modals.*` is shown: a dialog opened before the overlays' chunk has mounted is an
 * event no one hears. A dialog asked for before the screen has shown brings the overlays (and the work waiting for
 * the screen) at once.
 */
export function whenOverlaysShown(): Promise<void> {
  screenShownAnyway();
  return mounted;
}
