import { formatMoney, formatQuantity, NO_BRAND_PARAM } from '@duka/shared';
import { Alert, Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import {
  useBatchesInStock,
  useBrandsOfBatch,
  useFetchPosSearch,
  useMeasurementsOfBrand,
  useProductsInStock,
  useSalePrice,
} from '../../api/sales.ts';
import { GroupedNumberInput } from '../../components/form/GroupedNumberInput.tsx';
import { useIdleReached } from '../../platform/when-idle.ts';
import type { CartLine } from './cart.ts';
import { useSelectOnFocus } from './select-on-focus.ts';

const options = (items: { id: number | null; name: string }[] | undefined) =>
  (items ?? []).map((i) => ({ value: i.id === null ? NO_BRAND_PARAM : String(i.id), label: i.name }));

// Product → batch (oldest with stock preselected) → brand → measurement → the server's price, then quantity and
// Add Cart. Choices with a single option are made by themselves, so a sale is typing a name, a number and Enter.
export function ItemPicker({ onAdd }: { onAdd: (line: CartLine) => void }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [productId, setProductId] = useState<number>();
  const [batchNumber, setBatchNumber] = useState<string>();
  // Undefined: not chosen yet; null: the batch's goods have no brand.
  const [brandId, setBrandId] = useState<number | null>();
  const [measurementId, setMeasurementId] = useState<number>();
  const [quantity, setQuantity] = useState<number | string>(1);
  const [error, setError] = useState<string>();
  const quantityInput = useRef<HTMLInputElement>(null);
  const productInput = useRef<HTMLInputElement>(null);
  const selectOnFocus = useSelectOnFocus();

  // The first products are asked once the till has painted (or a name is typed): the list is closed until then.
  const products = useProductsInStock(debounced, useIdleReached() || debounced !== '');
  const batches = useBatchesInStock(productId);
  const brands = useBrandsOfBatch(batchNumber);
  const measurements = useMeasurementsOfBrand(brandId, batchNumber);
  const price = useSalePrice({ productId, batchNumber, brandId, measurementId });
  const fetchPosSearch = useFetchPosSearch();
  const productName = products.data?.find((p) => p.id === productId)?.name ?? search;
  const balance = batches.data?.find((b) => b.batch_number === batchNumber)?.balance;

  useEffect(() => {
    if (batches.data?.[0] && !batchNumber) setBatchNumber(batches.data[0].batch_number);
  }, [batches.data, batchNumber]);
  useEffect(() => {
    if (brands.data?.length === 1 && brandId === undefined) setBrandId(brands.data[0]?.id);
  }, [brands.data, brandId]);
  useEffect(() => {
    if (measurements.data?.length === 1 && !measurementId) setMeasurementId(measurements.data[0]?.id);
  }, [measurements.data, measurementId]);
  useEffect(() => {
    if (price.data) quantityInput.current?.focus();
  }, [price.data]);

  const pickProduct = (id: number | undefined) => {
    setProductId(id);
    setBatchNumber(undefined);
    setBrandId(undefined);
    setMeasurementId(undefined);
  };
  const pickBatch = (value: string | undefined) => {
    setBatchNumber(value);
    setBrandId(undefined);
    setMeasurementId(undefined);
  };
  /** The units the batch may be sold in, as the search tells them of a batch number; none when it cannot. */
  const unitsOf = async (batch: string) => {
    try {
      return (await fetchPosSearch(batch)).find((h) => h.batch_number === batch)?.units ?? [];
    } catch {
      return [];
    }
  };
  const add = async () => {
    const qty = Number(quantity);
    const brand = brands.data?.find((b) => b.id === brandId);
    const measurement = measurements.data?.find((m) => m.id === measurementId);
    if (!productId || !batchNumber || !brand || !measurement || !price.data || !(qty > 0)) {
      setError('Please select a valid product, brand, and measurement before adding to cart.');
      return;
    }
    setError(undefined);
    const found = await unitsOf(batchNumber);
    // The batch's own unit is the base its other units count in.
    const units = found[0]?.id === measurement.id ? found : [];
    onAdd({
      productId,
      product: productName,
      batchNumber,
      brandId: brand.id,
      brand: brand.name,
      measurementId: measurement.id,
      measurement: measurement.name,
      measurementPlural: measurement.plural,
      quantity: qty,
      salePrice: price.data.salePrice,
      balance,
      basePrice: price.data.salePrice,
      units: units.map(({ price: _price, ...unit }) => unit),
    });
    pickProduct(undefined);
    setSearch('');
    setQuantity(1);
    // Ready for the next item without the mouse.
    productInput.current?.focus();
  };

  return (
    <>
      {error && (
        <Alert color="red" mb="sm" withCloseButton onClose={() => setError(undefined)}>
          {error}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <Select
          label="Product"
          placeholder="Type to search"
          ref={productInput}
          searchable
          data={options(products.data)}
          value={productId ? String(productId) : null}
          searchValue={search}
          onSearchChange={setSearch}
          onChange={(v) => pickProduct(v ? Number(v) : undefined)}
          nothingFoundMessage={products.isFetching ? 'Searching...' : 'No product in stock'}
          filter={({ options: all }) => all}
        />
        <Select
          label="Batch Number"
          data={(batches.data ?? []).map((b) => ({
            value: b.batch_number,
            label: `${b.batch_number} (${formatQuantity(b.balance)} left)`,
          }))}
          value={batchNumber ?? null}
          onChange={(v) => pickBatch(v ?? undefined)}
          disabled={!productId}
        />
        <Select
          label="Brand"
          data={options(brands.data)}
          value={brandId === undefined ? null : brandId === null ? NO_BRAND_PARAM : String(brandId)}
          onChange={(v) => {
            setBrandId(v === null ? undefined : v === NO_BRAND_PARAM ? null : Number(v));
            setMeasurementId(undefined);
          }}
          disabled={!batchNumber}
        />
        <Select
          label="Measurement"
          data={options(measurements.data)}
          value={measurementId ? String(measurementId) : null}
          onChange={(v) => setMeasurementId(v ? Number(v) : undefined)}
          disabled={brandId === undefined}
        />
      </SimpleGrid>
      <Group align="flex-end" mt="sm">
        <TextInput
          label="Sale Price (UGX)"
          // Set by the batch, never typed: filled and borderless, unlike the fields the cashier fills in.
          readOnly
          variant="filled"
          value={price.data ? formatMoney(price.data.salePrice) : ''}
          error={price.error ? errorMessage(price.error) : undefined}
          w={180}
        />
        <GroupedNumberInput
          {...selectOnFocus}
          ref={quantityInput}
          label={balance !== undefined ? `Quantity (${formatQuantity(balance)} in batch)` : 'Quantity'}
          min={0.001}
          decimalScale={3}
          value={quantity}
          onChange={setQuantity}
          error={
            balance !== undefined && Number(quantity) > balance
              ? `Only ${formatQuantity(balance)} in this batch`
              : undefined
          }
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void add();
            }
          }}
          w={200}
        />
        <Button onClick={() => void add()}>Add Cart</Button>
      </Group>
    </>
  );
}
