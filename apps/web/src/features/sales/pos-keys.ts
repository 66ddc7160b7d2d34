import { useEffect, useRef } from 'react';

interface Keys {
  /** F9 or Ctrl+Enter: the payment step. */
  onPay: () => void;
  /** `+`/`-` outside a text field: the last line's quantity. */
  onStep: (delta: 1 | -1) => void;
}

const isEditable = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

// The till's keys on the whole page. Keys typed into a field stay with the field, except F9 and Ctrl+Enter, which
// mean "take payment" wherever the cashier is. An open dialog keeps its own keys (Esc closes it, Enter confirms).
export function usePosKeys(keys: Keys) {
  const latest = useRef(keys);
  latest.current = keys;
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (document.querySelector('[role="dialog"]')) return;
      if (e.key === 'F9' || (e.key === 'Enter' && (e.ctrlKey || e.metaKey))) {
        e.preventDefault();
        latest.current.onPay();
      } else if ((e.key === '+' || e.key === '-') && !isEditable(e.target) && !e.ctrlKey && !e.metaKey) {
        e.preventDefault();
        latest.current.onStep(e.key === '+' ? 1 : -1);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
