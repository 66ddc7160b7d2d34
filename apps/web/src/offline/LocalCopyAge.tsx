import { formatTime, shopTimeZone } from '@duka/shared';
import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { type CopyTime, onCatalogueChange, readCopyStamp } from './catalogue.ts';

// How old the till's local copy is: offline, the cashier sells from it and should know how fresh it is.
export function LocalCopyAge() {
  const [stamp, setStamp] = useState<CopyTime>();
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const read = () => {
      setNow(Date.now());
      void readCopyStamp().then(setStamp);
    };
    read();
    const timer = setInterval(read, 30_000);
    const unsubscribe = onCatalogueChange(read);
    return () => {
      clearInterval(timer);
      unsubscribe();
    };
  }, []);
  if (!stamp)
    return (
      <Text size="xs" c="dimmed">
        No local copy yet: selling offline needs one visit online.
      </Text>
    );
  const minutes = Math.max(0, Math.round((now - new Date(stamp.taken_at).getTime()) / 60_000));
  return (
    <Text size="xs" c="dimmed" data-testid="local-copy-age">
      Local copy from {clockTime(stamp)} ({minutes < 1 ? 'just now' : `${minutes} min old`})
    </Text>
  );
}

/** The copy's time on the shop's clock: as its worker wrote it, unless the shop's zone has changed since. */
const clockTime = (stamp: CopyTime) =>
  stamp.taken_at_time && stamp.taken_at_zone === shopTimeZone() ? stamp.taken_at_time : formatTime(stamp.taken_at);
