import { type RefObject, useLayoutEffect } from 'react';

/** Wide enough for the till's two columns: the cart scrolls inside itself from there. */
const WIDE = '(min-width: 62em)';

/**
 * On a laptop the cart scrolls inside itself and ends at the bottom of the window, so the page never scrolls and the
 * totals beside it stay in view (10 lines at 1366×768). On a phone the page stacks and scrolls as usual.
 * `deps` are what moves the cart's top (the hand-picked batch panel opening, a message above it).
 *
 * The height is written on the box itself, not kept in the till's state: the width read into state and the height
 * measured into it each rendered the whole till once more as it opened (some 500 components, in the task that
 * shows it; bench/measurements.md).
 */
export function useFillHeight(ref: RefObject<HTMLElement | null>, deps: unknown[], bottomGap = 56) {
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const wide = window.matchMedia(WIDE);
    const measure = () => {
      box.style.maxHeight = wide.matches
        ? `${Math.max(180, Math.floor(window.innerHeight - box.getBoundingClientRect().top - bottomGap))}px`
        : '';
    };
    measure();
    // The panel above animates open or shut: measure again once it has settled.
    const settle = setTimeout(measure, 250);
    window.addEventListener('resize', measure);
    wide.addEventListener('change', measure);
    return () => {
      clearTimeout(settle);
      window.removeEventListener('resize', measure);
      wide.removeEventListener('change', measure);
    };
  }, [bottomGap, ref, ...deps]);
}
