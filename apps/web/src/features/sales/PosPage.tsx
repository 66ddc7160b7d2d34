import {
  ACCOUNT_PAYMENT,
  formatMoney,
  PAYMENT_LABELS,
  PAYMENT_METHODS,
  type SalePaymentInput,
  saleTotals,
} from '@duka/shared';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Collapse,
  Fieldset,
  Grid,
  Group,
  NumberInput,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMe } from '../../api/auth.ts';
import { ApiError, errorMessage } from '../../api/client.ts';
import { useChosenCustomer, useRefreshCustomerSearch } from '../../api/customers-pos.ts';
import { usePermissions } from '../../api/permissions.ts';
import { NoSaleAnswer, useBusinessInfoKeptWhenIdle, useProcessSale, useRefreshPosSearch } from '../../api/sales.ts';
import { confirmAction } from '../../components/confirm.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { LocalCopyAge } from '../../offline/LocalCopyAge.tsx';
import { queueOfflineSale } from '../../offline/offline-sale.ts';
import { useOnceTrue } from '../../platform/use-once-true.ts';
import { useStoredState } from '../../platform/use-stored-state.ts';
import { withLeadingZero } from '../profile/phone.ts';
import { CartTable } from './CartTable.tsx';
import { AddCustomerButton, ChosenCustomer, CustomerSearchField } from './CustomerPicker.tsx';
import { useCart } from './cart.ts';
import { ItemPicker } from './ItemPicker.tsx';
import { KeyHelp } from './KeyHelp.tsx';
import { ParkedCartsMenu } from './ParkedCartsMenu.tsx';
import { PaymentDialog } from './PaymentDialog.tsx';
import { PendingSaleBanner } from './PendingSaleBanner.tsx';
import classes from './PosPage.module.css';
import { PosSearch } from './PosSearch.tsx';
import { useParkedCarts } from './parked-carts.ts';
import type { AccountTender } from './payments.ts';
import { type AfterSale, mayBeRecorded, type PendingSale, serverUnreachable, usePendingSale } from './pending-sale.ts';
import { EMPTY_DRAFT, usePosDraft } from './pos-draft.ts';
import { usePosKeys } from './pos-keys.ts';
import { PRINT_ON_OPEN } from './sale-document.tsx';
import { useSelectOnFocus } from './select-on-focus.ts';
import { useFillHeight } from './use-fill-height.ts';

// New Sale. Totals shown here are a preview; the server prices every line from its batch.
// Laid out for speed: search and cart on the left, customer, totals and Process Sale on the right, all on
// one laptop screen; on a phone they stack in that order.
export function PosPage() {
  const navigate = useNavigate();
  const cart = useCart();
  const { draft, update, setCustomer, setAccount, reset: resetDraft } = usePosDraft();
  const { pending, keep, forget } = usePendingSale();
  const processSale = useProcessSale();
  const me = useMe();
  // Asked while online, so a receipt printed offline carries the shop's details too.
  useBusinessInfoKeptWhenIdle();
  const refreshSearch = useRefreshPosSearch();
  const refreshCustomers = useRefreshCustomerSearch();
  const [afterSale, setAfterSale] = useStoredState<AfterSale>('posAfterSave', 'receipt');
  const [status, setStatus] = useState<{ ok?: string; error?: string; noAnswer?: string }>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  // A sale on account the server refused for going past the customer's credit: its payments, to send again with a
  // reason by a holder of the override.
  const [creditRefusal, setCreditRefusal] = useState<{ payments: SalePaymentInput[] }>();
  const [overrideReason, setOverrideReason] = useState('');
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  const searchInput = useRef<HTMLInputElement>(null);
  const cartBox = useRef<HTMLDivElement>(null);
  const [isByHand, setByHand] = useStoredState('posBatchByHand', true);
  useFillHeight(cartBox, [isByHand, status, pending]);
  useEffect(() => () => clearTimeout(redirect.current), []);

  const { customer, discount, notice, deliverLater } = draft;
  const { can } = usePermissions();
  // The chosen customer as they are now: their balance may have moved since they were chosen.
  const account = useChosenCustomer(draft.account);
  const accountTender: AccountTender | undefined =
    account && can('customerCreditSale')
      ? { name: account.name, available: account.available_credit, canOverride: can('customerCreditOverride') }
      : undefined;
  // "On account" needs a customer and the key to sell on credit: without them the till's method is cash again.
  const payment = draft.payment === ACCOUNT_PAYMENT && !accountTender ? 'CASH' : draft.payment;
  const paymentChoices: SalePaymentInput['method'][] = accountTender
    ? [...PAYMENT_METHODS, ACCOUNT_PAYMENT]
    : [...PAYMENT_METHODS];
  const percent = Math.min(100, Math.max(0, Number(discount) || 0));
  // Said under the field rather than changed behind the cashier's back; no sale goes with it until corrected.
  const discountError = Number(discount) > 100 ? 'Discount is at most 100 %' : undefined;
  const isDiscountValid = !discountError;
  // The 0 shown is replaced by what the cashier types, not joined to it ("0150").
  const selectDiscountOnFocus = useSelectOnFocus<HTMLInputElement>();
  const totals = saleTotals(
    cart.lines.map((l) => ({ quantity: l.quantity, unit_price: l.salePrice })),
    percent,
  );
  const isInvoice = afterSale === 'invoice';
  // While a sale waits for its answer, nothing that would make another sale can be touched.
  const isLocked = processSale.isPending || Boolean(pending);

  // Offline: the sale goes to the outbox under its key, the local balances go down and the receipt,
  // marked not yet sent, comes from the outbox; the shell sends it when the connection returns.
  const keepOffline = async (sale: PendingSale) => {
    if (!me.data) {
      setStatus({ noAnswer: 'Offline, and the signed-in cashier is not known: the sale is kept to send again.' });
      return;
    }
    const key = await queueOfflineSale(sale.body, sale.lines ?? [], me.data, sale.customer);
    // Searches already answered still show the balances and credit from before this sale.
    refreshSearch();
    refreshCustomers();
    forget();
    cart.clear();
    resetDraft();
    setStatus({ ok: 'No connection: the sale is kept on this computer and will be sent when the connection returns.' });
    if (sale.afterSale !== 'stay') navigate(`/salesofflinereceipt/${key}`, { state: PRINT_ON_OPEN });
  };

  const send = async (sale: PendingSale) => {
    setStatus({});
    setFieldErrors({});
    setCreditRefusal(undefined);
    if (!navigator.onLine) return keepOffline(sale);
    try {
      const answer = await processSale.mutateAsync(sale.body);
      forget();
      cart.clear();
      resetDraft();
      setStatus({ ok: answer.message || 'Sale processed successfully!' });
      // A receipt or invoice chosen as the After Save Action prints as soon as it opens.
      clearTimeout(redirect.current);
      redirect.current = setTimeout(
        () =>
          sale.afterSale === 'stay'
            ? navigate('/salespos')
            : navigate(`/sales${sale.afterSale}/${answer.data.id}`, { state: PRINT_ON_OPEN }),
        2000,
      );
    } catch (err) {
      // The server cannot be reached: the same key goes out from the outbox later (a replay if it did arrive).
      if (await serverUnreachable(err)) return keepOffline(sale);
      if (mayBeRecorded(err)) {
        setStatus({ noAnswer: noAnswerReason(err) });
        return;
      }
      forget();
      if (err instanceof ApiError) setFieldErrors(err.errors);
      // Past the customer's credit (the server names what is available): an override holder may send it again with
      // a reason.
      if (err instanceof ApiError && err.status === 422 && typeof err.body.available === 'number') {
        setCreditRefusal({ payments: sale.body.payments ?? [] });
        setOverrideReason('');
      }
      setStatus({ error: errorMessage(err, 'An error occurred during submission.') });
    }
  };

  // From the payment step, the payments taken (and the reason to go past the customer's credit, if given); from
  // Process Sale, one payment of the total by the chosen method. A customer of the debt book names the sale's customer.
  const submit = (payments?: SalePaymentInput[], creditOverrideReason?: string) => {
    const sale: PendingSale = {
      afterSale,
      lines: cart.lines.map((l) => ({
        name: l.product,
        brand: l.brand,
        measurement: l.measurement,
        measurement_plural: l.measurementPlural,
        quantity: l.quantity,
        unit_price: l.salePrice,
      })),
      ...(account && {
        customer: { customer_number: account.customer_number, name: account.name, phone_number: account.phone_number },
      }),
      body: {
        customerName: account?.name ?? customer.name,
        customerPhone: account?.phone_number ?? customer.phone,
        customer_id: account?.id,
        credit_override_reason: creditOverrideReason || undefined,
        customerEmail: isInvoice ? customer.email : undefined,
        customerAddress: isInvoice ? customer.address : undefined,
        items: cart.lines.map((l) => ({
          batchNumber: l.batchNumber,
          quantity: l.quantity,
          productId: l.productId,
          // A line without a brand says none: the server checks the brand only when one is named.
          brandId: l.brandId ?? undefined,
          measurementId: l.measurementId,
        })),
        discount: percent,
        ...(payments ? { payments } : { paymentMethod: payment as (typeof PAYMENT_METHODS)[number] }),
        notice: isInvoice ? notice : undefined,
        ...(deliverLater && { deliver_later: true }),
        idempotencyKey: crypto.randomUUID(),
      },
    };
    // Kept before it leaves: a reply lost from here on can only ever be answered by sending this same sale again.
    keep(sale);
    void send(sale);
  };

  const chooseAccount = (chosen: typeof account) => {
    setAccount(chosen);
    setCreditRefusal(undefined);
  };
  // What "+ New" starts from: the walk-in name and phone typed so far, not the defaults.
  const walkIn = {
    name: customer.name === EMPTY_DRAFT.customer.name ? '' : customer.name,
    phone_number: customer.phone === EMPTY_DRAFT.customer.phone ? '' : customer.phone,
  };

  const canSell = cart.lines.length > 0 && !isLocked && isDiscountValid;
  const [isPaying, { open: openPayment, close: closePayment }] = useDisclosure(false);
  // The payment dialog is put in the page the first time it opens, not in the task that opens the till, and stays.
  const paymentShownOnce = useOnceTrue(isPaying);
  usePosKeys({ onPay: () => canSell && openPayment(), onStep: cart.stepLast, onUnit: cart.cycleUnit });

  // Hold and recall: the cart and its customer set aside; a recall sets aside the cart in hand first.
  const { parked, park: keepParked, take } = useParkedCarts();
  const park = () => {
    keepParked(cart.lines, draft);
    cart.clear();
    resetDraft();
    setStatus({ ok: `Cart parked for ${account?.name ?? customer.name}. Recall it from Parked carts.` });
    searchInput.current?.focus();
  };
  const recall = (id: string) => {
    const found = take(id);
    if (!found) return;
    if (cart.lines.length > 0) keepParked(cart.lines, draft);
    cart.replace(found.lines);
    update(found.draft);
    setStatus({});
    searchInput.current?.focus();
  };

  const clearCart = async () => {
    if (await confirmAction('Remove every item from the cart?', { confirmLabel: 'Clear Cart' })) cart.clear();
  };

  const field = (name: string) => fieldErrors[name]?.[0];
  return (
    <>
      <PageHeader title="New Sale" trail={[{ label: 'Sales' }, { label: 'POS' }]} />
      {status.ok && (
        <Alert color="green" mb="md">
          {status.ok}
        </Alert>
      )}
      {pending && !processSale.isPending && (
        <PendingSaleBanner
          sale={pending}
          reason={status.noAnswer}
          onSend={() => void send(pending)}
          onDiscard={() => {
            forget();
            setStatus({});
          }}
        />
      )}
      {status.error && (
        <Alert color="red" mb="md" withCloseButton onClose={() => setStatus({})} role="alert">
          {status.error}
          {creditRefusal && can('customerCreditOverride') && (
            <Group mt="xs" align="flex-end" gap="xs">
              <TextInput
                label="Reason to go past the credit limit"
                value={overrideReason}
                onChange={(e) => setOverrideReason(e.currentTarget.value)}
                maxLength={500}
                style={{ flex: 1 }}
              />
              <Button
                color="orange"
                disabled={!overrideReason.trim() || isLocked}
                onClick={() => submit(creditRefusal.payments, overrideReason.trim())}
              >
                Sell past the limit
              </Button>
            </Group>
          )}
        </Alert>
      )}
      <Fieldset variant="unstyled" disabled={isLocked} className={classes.page}>
        <Grid gutter="md">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="sm">
              <Paper p="sm" withBorder>
                <Stack gap="xs">
                  <PosSearch onAdd={cart.add} onStep={cart.stepLast} inputRef={searchInput} />
                  <KeyHelp />
                  <LocalCopyAge />
                  <Group justify="space-between">
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      aria-expanded={isByHand}
                      onClick={() => setByHand(!isByHand)}
                    >
                      {isByHand ? 'Hide choosing batch by hand' : 'Choose batch by hand'}
                    </Button>
                  </Group>
                  <Collapse in={isByHand}>
                    <ItemPicker onAdd={cart.add} />
                  </Collapse>
                </Stack>
              </Paper>
              <Box ref={cartBox} className={classes.cart} aria-label="Cart" role="region">
                <CartTable
                  lines={cart.lines}
                  onQuantity={cart.setQuantity}
                  onRemove={cart.remove}
                  onBatch={cart.setBatch}
                  onUnit={cart.setUnit}
                />
              </Box>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper p="sm" withBorder className={classes.side}>
              <Stack gap="xs">
                <SimpleGrid cols={2} spacing="xs">
                  {account ? (
                    <div className={classes.wide}>
                      <ChosenCustomer customer={account} onClear={() => chooseAccount(null)} />
                      {field('customer_id') && (
                        <Text c="red" size="sm">
                          {field('customer_id')}
                        </Text>
                      )}
                    </div>
                  ) : (
                    <>
                      <CustomerSearchField
                        label="Customer Name"
                        value={customer.name}
                        onValueChange={(name) => setCustomer({ name })}
                        onChoose={chooseAccount}
                        error={field('customerName')}
                        rightSection={<AddCustomerButton start={walkIn} onAdded={chooseAccount} />}
                        rightSectionWidth={52}
                      />
                      <CustomerSearchField
                        label="Customer Phone"
                        inputMode="numeric"
                        maxLength={18}
                        value={customer.phone}
                        onValueChange={(phone) => setCustomer({ phone: withLeadingZero(phone) })}
                        onChoose={chooseAccount}
                        error={field('customerPhone')}
                      />
                    </>
                  )}
                  {isInvoice && (
                    <>
                      <TextInput
                        label="Customer Email"
                        value={customer.email}
                        onChange={(e) => setCustomer({ email: e.currentTarget.value })}
                        error={field('customerEmail')}
                      />
                      <TextInput
                        label="Customer Address"
                        value={customer.address}
                        onChange={(e) => setCustomer({ address: e.currentTarget.value })}
                        error={field('customerAddress')}
                      />
                    </>
                  )}
                  <NumberInput
                    {...selectDiscountOnFocus}
                    label="Discount (%)"
                    min={0}
                    max={100}
                    decimalScale={2}
                    clampBehavior="none"
                    allowNegative={false}
                    value={discount}
                    onChange={(v) => update({ discount: v })}
                    error={discountError ?? field('discount')}
                  />
                  <Select
                    label="Payment Method"
                    data={paymentChoices.map((m) => ({ value: m, label: PAYMENT_LABELS[m] }))}
                    value={payment}
                    onChange={(v) => update({ payment: v ?? 'CASH' })}
                    allowDeselect={false}
                    error={field('paymentMethod')}
                  />
                </SimpleGrid>
                {isInvoice && (
                  <Textarea
                    label="Notice"
                    value={notice}
                    onChange={(e) => update({ notice: e.currentTarget.value })}
                    autosize
                    minRows={1}
                  />
                )}
                <Radio.Group label="After Save Action" value={afterSale} onChange={(v) => setAfterSale(v as AfterSale)}>
                  <Group mt={4} gap="sm">
                    <Radio value="receipt" label="Print receipt" />
                    <Radio value="invoice" label="Print invoice" />
                    <Radio value="stay" label="Stay on POS" />
                  </Group>
                </Radio.Group>
                {/* On a phone this is a bar fixed at the bottom of the screen (PosPage.module.css). */}
                <div className={classes.checkout}>
                  <Stack gap={0} align="flex-end" data-testid="pos-totals">
                    <Text size="sm" className={classes.breakdown}>
                      Subtotal: UGX {formatMoney(totals.subtotal)}
                    </Text>
                    <Text size="sm" className={classes.breakdown}>
                      Discount: UGX {formatMoney(totals.discount_amount)}
                    </Text>
                    <Text fz={{ base: 20, md: 34 }} fw={800} lh={1.2} data-testid="pos-total">
                      Total: UGX {formatMoney(totals.total_amount)}
                    </Text>
                  </Stack>
                  <Button
                    size="lg"
                    className={classes.process}
                    // On account goes through the payment step, which checks the customer's credit.
                    onClick={() => (payment === ACCOUNT_PAYMENT ? openPayment() : submit())}
                    disabled={cart.lines.length === 0 || !isDiscountValid}
                    loading={processSale.isPending}
                  >
                    Process Sale
                  </Button>
                </div>
                {processSale.isPending && (
                  <Text ta="right" c="dark.3" size="sm">
                    Processing sale...
                  </Text>
                )}
                {/* Each button keeps its whole label: a row too narrow for them all wraps. */}
                <Group gap="xs">
                  <Button
                    size="lg"
                    variant="light"
                    className={classes.action}
                    onClick={openPayment}
                    disabled={!canSell}
                  >
                    Take payment (F9)
                  </Button>
                </Group>
                <Group gap="xs">
                  <Button
                    variant="default"
                    className={classes.action}
                    onClick={park}
                    disabled={cart.lines.length === 0}
                  >
                    Park cart
                  </Button>
                  <ParkedCartsMenu parked={parked} onRecall={recall} className={classes.action} />
                  <Button
                    variant="default"
                    className={classes.action}
                    onClick={clearCart}
                    disabled={cart.lines.length === 0}
                  >
                    Clear Cart
                  </Button>
                  {/* On a row the buttons already take, so the panel stays one screen high: the goods are paid for and
                      leave the stock now, and wait in the yard for delivery notes. */}
                  <Checkbox
                    label="Deliver later"
                    title="The goods stay in the yard, collected later against delivery notes"
                    checked={deliverLater}
                    onChange={(e) => update({ deliverLater: e.currentTarget.checked })}
                  />
                </Group>
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>
      </Fieldset>
      {paymentShownOnce && (
        <PaymentDialog
          opened={isPaying}
          total={totals.total_amount}
          itemCount={cart.lines.length}
          payment={payment}
          account={accountTender}
          onClose={closePayment}
          onConfirm={(payments, reason) => {
            closePayment();
            submit(payments, reason);
          }}
        />
      )}
    </>
  );
}

const noAnswerReason = (err: unknown) => {
  if (err instanceof NoSaleAnswer) return err.message;
  if (err instanceof ApiError && err.status > 0) return `The server did not confirm the sale: ${err.message}`;
  return 'No answer came back from the server.';
};
