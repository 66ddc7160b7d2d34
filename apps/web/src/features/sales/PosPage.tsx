import { formatMoney, PAYMENT_LABELS, PAYMENT_METHODS, saleTotals } from '@duka/shared';
import {
  Alert,
  Button,
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
  Title,
} from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../api/client.ts';
import { useProcessSale } from '../../api/sales.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { withLeadingZero } from '../profile/phone.ts';
import { CartTable } from './CartTable.tsx';
import { useCart } from './cart.ts';
import { ItemPicker } from './ItemPicker.tsx';

type AfterSale = 'receipt' | 'invoice' | 'stay';
const DEFAULT_CUSTOMER = { name: 'Anonymous', phone: '0700000000', email: 'customer@example.com', address: 'Unknown' };

// New Sale (part 2 §2.7). Totals shown here are a preview; the server prices every line from its batch.
export function PosPage() {
  const navigate = useNavigate();
  const cart = useCart();
  const processSale = useProcessSale();
  const [afterSale, setAfterSale] = useLocalStorage<AfterSale>({ key: 'posAfterSave', defaultValue: 'receipt' });
  const [customer, setCustomer] = useState(DEFAULT_CUSTOMER);
  const [discount, setDiscount] = useState<number | string>(0);
  const [payment, setPayment] = useState<string>('CASH');
  const [notice, setNotice] = useState('');
  const [status, setStatus] = useState<{ ok?: string; error?: string }>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  // One key per cart: a retried submit of the same cart cannot make a second sale.
  const saleKey = useRef<string>(undefined);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);
  useEffect(() => {
    if (cart.lines) saleKey.current = undefined;
  }, [cart.lines]);

  const percent = Math.min(100, Math.max(0, Number(discount) || 0));
  const totals = saleTotals(
    cart.lines.map((l) => ({ quantity: l.quantity, unit_price: l.salePrice })),
    percent,
  );
  const isInvoice = afterSale === 'invoice';

  const submit = async () => {
    setStatus({});
    setFieldErrors({});
    saleKey.current ??= crypto.randomUUID();
    try {
      const answer = await processSale.mutateAsync({
        customerName: customer.name,
        customerPhone: customer.phone,
        customerEmail: isInvoice ? customer.email : undefined,
        customerAddress: isInvoice ? customer.address : undefined,
        items: cart.lines.map((l) => ({
          batchNumber: l.batchNumber,
          quantity: l.quantity,
          productId: l.productId,
          brandId: l.brandId,
          measurementId: l.measurementId,
        })),
        discount: percent,
        paymentMethod: payment as (typeof PAYMENT_METHODS)[number],
        notice: isInvoice ? notice : undefined,
        idempotencyKey: saleKey.current,
      });
      cart.clear();
      setCustomer(DEFAULT_CUSTOMER);
      setDiscount(0);
      setNotice('');
      setStatus({ ok: answer.message || 'Sale processed successfully!' });
      const target = afterSale === 'stay' ? '/salespos' : `/sales${afterSale}/${answer.data.id}`;
      redirect.current = setTimeout(() => navigate(target), 2000);
    } catch (err) {
      if (err instanceof ApiError) setFieldErrors(err.errors);
      setStatus({ error: errorMessage(err, 'An error occurred during submission.') });
    }
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
      {status.error && (
        <Alert color="red" mb="md" withCloseButton onClose={() => setStatus({})} role="alert">
          {status.error}
        </Alert>
      )}
      <Stack>
        <Paper p="md" withBorder>
          <SimpleGrid cols={{ base: 1, sm: isInvoice ? 4 : 2 }}>
            <TextInput
              label="Customer Name"
              value={customer.name}
              onChange={(e) => setCustomer({ ...customer, name: e.currentTarget.value })}
              error={field('customerName')}
            />
            <TextInput
              label="Customer Phone"
              inputMode="numeric"
              maxLength={18}
              value={customer.phone}
              onChange={(e) => setCustomer({ ...customer, phone: withLeadingZero(e.currentTarget.value) })}
              error={field('customerPhone')}
            />
            {isInvoice && (
              <>
                <TextInput
                  label="Customer Email"
                  value={customer.email}
                  onChange={(e) => setCustomer({ ...customer, email: e.currentTarget.value })}
                  error={field('customerEmail')}
                />
                <TextInput
                  label="Customer Address"
                  value={customer.address}
                  onChange={(e) => setCustomer({ ...customer, address: e.currentTarget.value })}
                  error={field('customerAddress')}
                />
              </>
            )}
          </SimpleGrid>
        </Paper>
        <Paper p="md" withBorder>
          <ItemPicker onAdd={cart.add} />
        </Paper>
        <CartTable lines={cart.lines} onRemove={cart.remove} />
        <Paper p="md" withBorder>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Stack>
              <Group grow>
                <NumberInput
                  label="Discount (%)"
                  min={0}
                  max={100}
                  decimalScale={2}
                  clampBehavior="strict"
                  value={discount}
                  onChange={setDiscount}
                  error={field('discount')}
                />
                <Select
                  label="Payment Method"
                  data={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_LABELS[m] }))}
                  value={payment}
                  onChange={(v) => setPayment(v ?? 'CASH')}
                  allowDeselect={false}
                  error={field('paymentMethod')}
                />
              </Group>
              {isInvoice && (
                <Textarea
                  label="Notice"
                  value={notice}
                  onChange={(e) => setNotice(e.currentTarget.value)}
                  autosize
                  minRows={2}
                />
              )}
              <Radio.Group label="After Save Action" value={afterSale} onChange={(v) => setAfterSale(v as AfterSale)}>
                <Group mt={4}>
                  <Radio value="receipt" label="Print receipt" />
                  <Radio value="invoice" label="Print invoice" />
                  <Radio value="stay" label="Stay on POS" />
                </Group>
              </Radio.Group>
            </Stack>
            <Stack gap={4} align="flex-end" data-testid="pos-totals">
              <Text>Subtotal: UGX {formatMoney(totals.subtotal)}</Text>
              <Text>Discount: UGX {formatMoney(totals.discount_amount)}</Text>
              <Title order={3}>Total: UGX {formatMoney(totals.total_amount)}</Title>
            </Stack>
          </SimpleGrid>
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={cart.clear} disabled={cart.lines.length === 0 || processSale.isPending}>
              Clear Cart
            </Button>
            <Button
              onClick={submit}
              disabled={cart.lines.length === 0 || processSale.isPending}
              loading={processSale.isPending}
            >
              Process Sale
            </Button>
          </Group>
          {processSale.isPending && (
            <Text ta="right" c="dimmed" mt="xs">
              Processing sale...
            </Text>
          )}
        </Paper>
      </Stack>
    </>
  );
}
