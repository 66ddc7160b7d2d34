import { useMediaQuery } from '@mantine/hooks';
import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * On a laptop the cart scrolls inside itself and ends at the bottom of the window, so the page never scrolls and the
 * totals beside it stay in view (10 lines at 1366×768). On a phone the page stacks and scrolls as usual.
 * `deps` are what moves the cart's top (the hand-picked batch panel opening, a message above it).
 */
export function useFillHeight(ref: RefObject<HTMLElement | null>, deps: unknown[], bottomGap = 56) {
  const isWide = useMediaQuery('(min-width: 62em)');
  const [height, setHeight] = useState<number>();
  useLayoutEffect(() => {
    if (!isWide) {
      setHeight(undefined);
      return;
    }
    const measure = () => {
      const top = ref.current?.getBoundingClientRect().top ?? 0;
      setHeight(Math.max(180, Math.floor(window.innerHeight - top - bottomGap)));
    };
    measure();
    // The panel above animates open or shut: measure again once it has settled.
    const settle = setTimeout(measure, 250);
    window.addEventListener('resize', measure);
    return () => {
      clearTimeout(settle);
      window.removeEventListener('resize', measure);
    };
  }, [isWide, bottomGap, ref, ...deps]);
  return height;
}
