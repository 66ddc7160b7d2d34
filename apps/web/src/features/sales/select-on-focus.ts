import { type FocusEvent, type KeyboardEvent, type MouseEvent, useRef } from 'react';

// A quantity typed into the field replaces the one shown (the default 1 or the line's quantity) instead of joining
// it: typing 5 must sell 5, not 15. Focus selects the content; the browser would then put the caret where the mouse
// lands, so the click that gives focus — or the first click on a field the POS focused for the cashier — keeps the
// selection. Later clicks place the caret as usual.
export function useSelectOnFocus<T extends HTMLInputElement>() {
  const keepSelection = useRef(false);
  return {
    onFocusCapture: (e: FocusEvent<T>) => {
      e.currentTarget.select();
      keepSelection.current = true;
    },
    onMouseDown: (e: MouseEvent<T>) => {
      const input = e.currentTarget;
      if (document.activeElement === input && !keepSelection.current) return;
      e.preventDefault();
      input.focus();
      input.select();
      keepSelection.current = false;
    },
    onKeyDownCapture: (_e: KeyboardEvent<T>) => {
      keepSelection.current = false;
    },
    onBlurCapture: () => {
      keepSelection.current = false;
    },
  };
}
