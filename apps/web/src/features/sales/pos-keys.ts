import { useEffect, useRef } from 'react';
import { CART_LINE_ATTRIBUTE } from './cart.ts';

interface Keys {
  /** F9 or Ctrl+Enter: the payment step. */
  onPay: () => void;
  /** `+`/`-` outside a text field: the last line's quantity. */
  onStep: (delta: 1 | -1) => void;
  /** Alt+U anywhere: the next unit of the cart line the focus is in, else of the last line. */
  onUnit: (index?: number) => void;
}

/** The cart line the focus is in (its quantity, unit or batch), if any. */
const focusedLine = (target: EventTarget | null) => {
  const row = target instanceof Element ? target.closest(`[${CART_LINE_ATTRIBUTE}]`) : null;
  return row ? Number(row.getAttribute(CART_LINE_ATTRIBUTE)) : undefined;
};

const isEditable = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

// The till's keys on the whole page. Keys typed into a field stay with the field, except F9 and Ctrl+Enter, which
// mean "take payment" wherever the cashier is, and Alt+U, the next unit of a cart line. An open dialog keeps its own keys (Esc closes it, Enter confirms).
export function usePosKeys(keys: Keys) {
  const latest = useRef(keys);
  latest.current = keys;
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (document.querySelector('[role="dialog"]')) return;
      if (e.key === 'F9' || (e.key === 'Enter' && (e.ctrlKey || e.metaKey))) {
        e.preventDefault();
        latest.current.onPay();
      } else if (e.altKey && e.code === 'KeyU' && !e.ctrlKey && !e.metaKey) {
        // By the key's place, not its letter: Alt+U types another character on some layouts.
        e.preventDefault();
        latest.current.onUnit(focusedLine(e.target));
      } else if ((e.key === '+' || e.key === '-') && !isEditable(e.target) && !e.ctrlKey && !e.metaKey) {
        e.preventDefault();
        latest.current.onStep(e.key === '+' ? 1 : -1);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
