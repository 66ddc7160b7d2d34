import { useEffect, useState } from 'react';

/** Runs `task` when the browser has nothing else to do (at the latest after `timeout` ms). Returns the cancel. */
export function whenIdle(task: () => void, timeout = 1_000): () => void {
  if ('requestIdleCallback' in window) {
    const id = requestIdleCallback(task, { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 200);
  return () => clearTimeout(id);
}

/**
 * Runs `task` just after the browser's next paint: a frame's callback runs before the paint, a timer it sets once the
 * paint is done. Returns the cancel.
 */
export function afterNextPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * False until the browser has been idle once since the component mounted: for what a screen shows beside its main
 * content (a notice, the menu's links), so that it neither delays the screen's first paint nor its requests
 * compete with the screen's own on a slow phone.
 */
export function useIdleReached(): boolean {
  const [isReached, setReached] = useState(false);
  useEffect(() => whenIdle(() => setReached(true)), []);
  return isReached;
}
