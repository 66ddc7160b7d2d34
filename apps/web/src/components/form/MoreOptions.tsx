import { Button, Collapse } from '@mantine/core';
import { type ReactNode, useEffect, useId, useState } from 'react';

/**
 * Fields a shop owner seldom needs (a record's environment), folded under "More options" so the form shows only what
 * a first save needs. It opens by itself when one of its fields has an error, so a refusal is never hidden.
 */
export function MoreOptions({ hasError = false, children }: { hasError?: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  useEffect(() => {
    if (hasError) setOpen(true);
  }, [hasError]);
  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        mt="md"
        px={0}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? 'Fewer options' : 'More options'}
      </Button>
      {/* No animation: a field that slides open can be clicked while it is still moving. */}
      <Collapse in={open} id={id} transitionDuration={0}>
        {children}
      </Collapse>
    </>
  );
}
