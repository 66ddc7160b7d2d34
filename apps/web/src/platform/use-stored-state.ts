// A value kept in the browser's local storage as JSON (the till's cart and draft, a setting), so a reload or a power
// cut loses none of it. It is read when the component first renders and written only when it is set. Mantine's
// useLocalStorage read each value again once mounted and wrote it back, with a new object each time: in the task that
// opens the till, that was a second render of the whole page and a storage write per value (bench/measurements.md).
import { useCallback, useEffect, useState } from 'react';

/** The page's own event when a value is set, so every component showing the same key follows it. */
const STORED = 'duka-stored-state';

type Stored<T> = { key: string; value: T };

function read<T>(key: string, defaultValue: T): T {
  try {
    const stored = localStorage.getItem(key);
    return stored === null ? defaultValue : (JSON.parse(stored) as T);
  } catch {
    // Blocked storage, or a value that is not JSON: the default, as on a first visit.
    return defaultValue;
  }
}

function write(key: string, value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Blocked or full storage: the value lives on in the page until a reload.
  }
}

/** The state of `key` and its setter and remover; another tab's change to the key is followed too. */
export function useStoredState<T>(key: string, defaultValue: T) {
  const [value, setValue] = useState(() => read(key, defaultValue));

  useEffect(() => {
    const fromPage = (event: Event) => {
      const { detail } = event as CustomEvent<Stored<T>>;
      if (detail.key === key) setValue(detail.value);
    };
    const fromOtherTab = (event: StorageEvent) => {
      if (event.storageArea === localStorage && event.key === key) setValue(read(key, defaultValue));
    };
    window.addEventListener(STORED, fromPage);
    window.addEventListener('storage', fromOtherTab);
    return () => {
      window.removeEventListener(STORED, fromPage);
      window.removeEventListener('storage', fromOtherTab);
    };
    // The default is read only when another tab removes the key: a new object each render must not re-subscribe.
  }, [key]);

  const set = useCallback(
    (next: T | ((current: T) => T)) =>
      setValue((current) => {
        const value = next instanceof Function ? next(current) : next;
        write(key, value);
        // After this update: the other components showing the key are not set while this one renders.
        queueMicrotask(() => window.dispatchEvent(new CustomEvent<Stored<T>>(STORED, { detail: { key, value } })));
        return value;
      }),
    [key],
  );

  const remove = useCallback(() => {
    try {
      localStorage.removeItem(key);
    } catch {}
    setValue(defaultValue);
    window.dispatchEvent(new CustomEvent<Stored<T>>(STORED, { detail: { key, value: defaultValue } }));
    // The default of the first render, as useState keeps its first value.
  }, [key]);

  return [value, set, remove] as const;
}
