import { formatMoney, formatQuantity, inLargestUnits, type PosSearchHit } from '@duka/shared';
import { Alert, Button, Group, Loader, Paper, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue, useMergedRef } from '@mantine/hooks';
import { type Ref, useEffect, useRef, useState } from 'react';
import { useFetchPosSearch, usePosSearch } from '../../api/sales.ts';
import { useOnceTrue } from '../../platform/use-once-true.ts';
import { afterNextPaint } from '../../platform/when-idle.ts';
import { CameraScanDialog } from './CameraScanDialog.tsx';
import { type CartLine, lineFromHit } from './cart.ts';
import classes from './PosSearch.module.css';

interface Props {
  onAdd: (line: CartLine) => void;
  /** `+`/`-` typed into the empty box change the last line's quantity instead. */
  onStep: (delta: 1 | -1) => void;
  inputRef: Ref<HTMLInputElement>;
}

/** A code as a scanner types it: letters and digits with at least one digit, no spaces. */
const looksLikeCode = (q: string) => /^[A-Za-z0-9]{6,}$/.test(q) && /\d/.test(q);

/** The units a hit may be sold in besides its base (the first). */
const otherUnits = (hit: PosSearchHit) => (hit.units ?? []).slice(1);
const hasUnits = (hit: PosSearchHit) => otherUnits(hit).length > 0;

/** Stock on hand in the largest whole units first ("3 Tonnes + 7 Bags"); a plain number without other units. */
const stockOfHit = (hit: PosSearchHit) =>
  hasUnits(hit)
    ? inLargestUnits(
        hit.balance,
        hit.measurement,
        otherUnits(hit).map((u) => ({ ...u, measurement_id: u.id })),
      )
    : formatQuantity(hit.balance);

/** The hit Enter means: the product whose barcode, SKU or batch number is exactly the text, else the best match. */
const exactHit = (hits: PosSearchHit[], q: string) =>
  hits.find((h) => h.barcode === q) ??
  hits.find((h) => h.sku?.toLowerCase() === q.toLowerCase()) ??
  hits.find((h) => h.batch_number === q.toUpperCase());

// The POS search box: name, brand, barcode, SKU or batch number; Enter or a click adds one unit of the
// oldest batch with stock. A scanner types the code and Enter faster than the results show, so Enter asks the server
// for exactly the text typed and the box is emptied at once, ready for the next scan. A code read by the camera
// (Scan) takes the same path as a scanner's code and Enter.
export function PosSearch({ onAdd, onStep, inputRef }: Props) {
  const [text, setText] = useState('');
  const [scanning, setScanning] = useState(false);
  // The camera's dialog is put in the page the first time it opens, not in the task that shows the till.
  const scannedOnce = useOnceTrue(scanning);
  const ownInput = useRef<HTMLInputElement>(null);
  const input = useMergedRef(inputRef, ownInput);
  // Focused once the till has painted, unless the cashier has put the cursor in another field meanwhile. Focusing
  // makes the browser lay out the whole page at once: inside React's commit (autoFocus), or in an effect React runs in
  // the same task, it added some 400 ms of a 6x-slowed CPU to the task that mounts the till (bench/measurements.md).
  useEffect(
    () =>
      afterNextPaint(() => {
        const focused = document.activeElement;
        const isField =
          focused instanceof HTMLElement && (focused.isContentEditable || focused.matches('input, textarea, select'));
        if (!isField || focused === ownInput.current) ownInput.current?.focus();
      }),
    [],
  );
  // Short: the server answers quickly, so this pause is much of a keystroke's wait for its results on screen, a
  // wait the POS has a target for (bench/measurements.md, POS search).
  const [debounced] = useDebouncedValue(text.trim(), 50);
  const [active, setActive] = useState(-1);
  const [message, setMessage] = useState<string>();
  const search = usePosSearch(debounced);
  const fetchNow = useFetchPosSearch();
  const shown = text.trim() ? (search.data ?? []) : [];

  const add = (hit: PosSearchHit) => {
    onAdd(lineFromHit(hit));
    setMessage(undefined);
  };

  /** Enter (typed, a scanner's or the camera's code): the highlighted result, else an exact code or the best match. */
  const choose = async (q: string, picked = active) => {
    if (!q) return;
    const isCurrent = debounced === q && search.data && !search.isPlaceholderData;
    setText('');
    setActive(-1);
    let hits: PosSearchHit[];
    try {
      hits = isCurrent && search.data ? search.data : await fetchNow(q);
    } catch {
      setMessage(`The search for "${q}" failed. Check the connection and try again; the cart is unchanged.`);
      setText((now) => now || q);
      return;
    }
    const hit = picked >= 0 && isCurrent ? hits[picked] : (exactHit(hits, q) ?? hits[0]);
    if (hit) return add(hit);
    setMessage(
      looksLikeCode(q)
        ? `Unknown barcode ${q}: no item in stock has it. The cart is unchanged.`
        : `Nothing in stock matches "${q}". The cart is unchanged.`,
    );
    // Typed by hand: give the text back to correct it (unless the next scan has already begun).
    if (!looksLikeCode(q)) setText((now) => now || q);
  };

  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="nowrap" className={classes.searchRow}>
        <TextInput
          ref={input}
          className={classes.searchBox}
          label="Find item"
          description="Name, brand, barcode, SKU or batch number — or scan"
          placeholder="Type or scan, then Enter"
          autoComplete="off"
          value={text}
          rightSection={search.isFetching && text.trim() ? <Loader size="xs" /> : null}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setActive(-1);
            setMessage(undefined);
          }}
          onKeyDown={(e) => {
            if ((e.key === '+' || e.key === '-') && text === '') {
              e.preventDefault();
              onStep(e.key === '+' ? 1 : -1);
            } else if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey) {
              e.preventDefault();
              void choose(text.trim());
            } else if (e.key === 'ArrowDown' && shown.length) {
              e.preventDefault();
              setActive((i) => Math.min(shown.length - 1, i + 1));
            } else if (e.key === 'ArrowUp' && shown.length) {
              e.preventDefault();
              setActive((i) => Math.max(0, i - 1));
            }
          }}
        />
        <Button variant="default" onClick={() => setScanning(true)}>
          Scan
        </Button>
      </Group>
      {scannedOnce && (
        <CameraScanDialog
          opened={scanning}
          onClose={() => setScanning(false)}
          onClosed={() => ownInput.current?.focus()}
          onCode={(code) => void choose(code, -1)}
        />
      )}
      {message && (
        <Alert color="orange" role="alert" withCloseButton onClose={() => setMessage(undefined)} py="xs">
          {message}
        </Alert>
      )}
      {text.trim() !== '' && (
        <Paper withBorder>
          <ScrollArea.Autosize mah={240} type="auto">
            {shown.length === 0 ? (
              <Text c="dimmed" size="sm" p="xs">
                {search.isFetching ? 'Searching...' : 'Nothing in stock matches yet.'}
              </Text>
            ) : (
              <ul className={classes.results} aria-label="Search results">
                {shown.map((hit, i) => (
                  <li key={hit.batch_number}>
                    <UnstyledButton
                      className={classes.result}
                      data-active={i === active || (active < 0 && i === 0) || undefined}
                      onMouseDown={(e) => e.preventDefault()}
                      // The line clicked, even while the list still shows the text before (its answer is due).
                      onClick={() => {
                        setText('');
                        setActive(-1);
                        add(hit);
                      }}
                    >
                      <Group justify="space-between" wrap="nowrap" gap="xs">
                        <div className={classes.grow}>
                          <Text fw={600} size="sm" truncate>
                            {hit.name}
                          </Text>
                          <Text size="xs" c="dark.3" truncate>
                            {hit.brand.name} · {hit.measurement.name}
                            {hit.barcode ? ` · ${hit.barcode}` : ''}
                          </Text>
                          {hasUnits(hit) && (
                            <Text size="xs" c="dark.3" truncate data-testid="hit-units">
                              {otherUnits(hit)
                                .map((u) => `${u.name} UGX ${formatMoney(u.price)}`)
                                .join(' · ')}
                            </Text>
                          )}
                        </div>
                        <div className={classes.figures}>
                          <Text size="sm" fw={600}>
                            UGX {formatMoney(hit.sale_price)}
                            {hasUnits(hit) ? ` / ${hit.measurement.name}` : ''}
                          </Text>
                          <Text size="xs" c="dark.3">
                            {stockOfHit(hit)} in stock
                          </Text>
                        </div>
                      </Group>
                    </UnstyledButton>
                  </li>
                ))}
              </ul>
            )}
          </ScrollArea.Autosize>
        </Paper>
      )}
    </Stack>
  );
}
