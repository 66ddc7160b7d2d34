import { useEffect, useState } from 'react';
import { type OutboxCounts, subscribe } from './outbox.ts';

// The connection as the shell shows it: the browser's own online/offline state and the outbox's counts.

export function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, []);
  return online;
}

export function useOutboxCounts(): OutboxCounts {
  const [n, setN] = useState<OutboxCounts>({ waiting: 0, refused: 0 });
  useEffect(() => subscribe(setN), []);
  return n;
}
