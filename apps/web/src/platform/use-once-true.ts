import { useState } from 'react';

/** True from the first render `condition` is true, on: for what is built the first time it shows and then kept. */
export function useOnceTrue(condition: boolean): boolean {
  const [once, setOnce] = useState(condition);
  if (condition && !once) setOnce(true);
  return once || condition;
}
