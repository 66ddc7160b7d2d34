import { formatTime } from '@duka/shared';
import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { onCatalogueChange, readCopyTakenAt } from './catalogue.ts';

// How old the till's local copy is: offline, the cashier sells from it and should know how fresh it is.
export function LocalCopyAge() {
  const [takenAt, setTakenAt] = useState<string>();
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const read = () => {
      setNow(Date.now());
      void readCopyTakenAt().then(setTakenAt);
    };
    read();
    const timer = setInterval(read, 30_000);
    const unsubscribe = onCatalogueChange(read);
    return () => {
      clearInterval(timer);
      unsubscribe();
    };
  }, []);
  if (!takenAt)
    return (
      <Text size="xs" c="dimmed">
        No local copy yet: selling offline needs one visit online.
      </Text>
    );
  const minutes = Math.max(0, Math.round((now - new Date(takenAt).getTime()) / 60_000));
  return (
    <Text size="xs" c="dimmed" data-testid="local-copy-age">
      Local copy from {formatTime(takenAt)} ({minutes < 1 ? 'just now' : `${minutes} min old`})
    </Text>
  );
}
