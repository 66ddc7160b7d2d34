import { Button, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { PageLoader } from '../components/PageLoader.tsx';

// Offline sales the server refused for good: a sale too old, a batch deleted meanwhile. They are no longer
// sent, so the sales after them go through, but they never vanish on their own: the cashier sees each with the
// server's reason and either sends it again or discards it, which the server notes in the activity log.

// The list, with the sale calls it makes, is fetched when the button is first pressed: the top bar shows on every
// screen, and most never have a refused sale.
const RefusedSalesList = lazy(() =>
  import('./RefusedSalesList.tsx').then((module) => ({ default: module.RefusedSalesList })),
);

/** The top bar's "N sales refused" button and the list it opens; nothing while none is refused. */
export function RefusedSalesButton({ count }: { count: number }) {
  const [opened, { open, close }] = useDisclosure(false);
  if (count === 0) return null;
  return (
    <>
      <Button size="compact-sm" color="red" variant="light" onClick={open}>
        {count} {count === 1 ? 'sale' : 'sales'} refused
      </Button>
      <Modal opened={opened} onClose={close} title="Sales the server refused" size="lg">
        <Suspense fallback={<PageLoader />}>
          <RefusedSalesList />
        </Suspense>
      </Modal>
    </>
  );
}
