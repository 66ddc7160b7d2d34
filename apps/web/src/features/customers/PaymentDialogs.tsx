import {
  type CustomerRecord,
  customerPaymentSchema,
  formatDay,
  formatMoney,
  PAYMENT_LABELS,
  PAYMENT_METHODS,
} from '@duka/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { ApiError, errorMessage } from '../../api/client.ts';
import { useReversePayment, useTakePayment } from '../../api/customers.ts';
import { applyServerErrors } from '../../components/apply-server-errors.ts';
import { AmountInput } from '../../components/form/AmountInput.tsx';
import { FieldSelect } from '../../components/form/FieldSelect.tsx';
import { PRINT_ON_OPEN } from '../sales/sale-document.tsx';

// A payment to a customer's account and the reversal of one, each in a dialog that ends on what was recorded and the
// offer to print its 80 mm receipt.

/** What a payment or reversal answered: its number and the customer's balance after it. */
interface Recorded {
  id: number;
  payment_number: string;
  balance: number;
}

/** A balance in words: what the customer owes, or the advance the shop holds for them (a negative balance). */
const balanceWords = (balance: number, when: string) =>
  balance < 0 ? `Advance held ${when}: UGX ${formatMoney(-balance)}` : `Balance ${when}: UGX ${formatMoney(balance)}`;

/** The dialog's last step: the record, the balance, and its receipt to print. */
function RecordedStep({ what, recorded, onClose }: { what: string; recorded: Recorded; onClose: () => void }) {
  return (
    <Stack>
      <Alert color="green" role="status">
        {what} {recorded.payment_number} recorded.
      </Alert>
      <Text data-testid="balance-after">{balanceWords(recorded.balance, 'now')}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        <Button component={Link} to={`/customerpaymentreceipt/${recorded.id}`} state={PRINT_ON_OPEN}>
          Print receipt
        </Button>
      </Group>
    </Stack>
  );
}

type PaymentValues = z.input<typeof customerPaymentSchema>;

/** Take a payment: amount, method, reference (Mobile Money's transaction id is required) and its day, today unless told. */
export function TakePaymentDialog({ customer, onClose }: { customer: CustomerRecord; onClose: () => void }) {
  const [failure, setFailure] = useState<string>();
  const [recorded, setRecorded] = useState<Recorded>();
  const pay = useTakePayment();
  const today = formatDay(new Date());
  const form = useForm<PaymentValues, unknown, z.output<typeof customerPaymentSchema>>({
    resolver: zodResolver(customerPaymentSchema),
    mode: 'onTouched',
    defaultValues: { customer_id: customer.id, reference: '', payment_date: today },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (body) => {
    setFailure(undefined);
    try {
      setRecorded((await pay.mutateAsync(body)).data);
    } catch (err) {
      applyServerErrors(err, form.setError);
      setFailure(errorMessage(err, 'The payment was not recorded. Please try again.'));
    }
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Take payment from ${customer.name}`}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {recorded ? (
        <RecordedStep what="Payment" recorded={recorded} onClose={onClose} />
      ) : (
        <form noValidate onSubmit={submit}>
          <Stack>
            <Text size="sm">
              {balanceWords(customer.balance, 'before this payment')}. The payment settles the oldest unpaid sales
              first; what is left is kept as an advance.
            </Text>
            {failure && (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <AmountInput form={form} name="amount" label="Amount (UGX)" decimalScale={0} data-autofocus />
              <FieldSelect
                control={form.control}
                name="method"
                label="Payment method"
                placeholder="Select payment method"
                data={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_LABELS[m] }))}
              />
              <TextInput
                label="Reference"
                description="Mobile Money: the transaction id from the SMS"
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                maxLength={100}
                {...form.register('reference')}
                error={errors.reference?.message}
              />
              <TextInput
                label="Payment date"
                type="date"
                max={today}
                {...form.register('payment_date')}
                error={errors.payment_date?.message}
              />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={pay.isPending}>
                Record payment
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** Reverse a payment, with the reason; a refusal (a reversal, or a payment reversed already) says why. */
export function ReversePaymentDialog({
  payment,
  onClose,
}: {
  payment: { id: number; reference: string; credit: number };
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<{ title: string; message: string }>();
  const [recorded, setRecorded] = useState<Recorded>();
  const reverse = useReversePayment();
  const missing = reason.trim() === '';
  const submit = async () => {
    setTried(true);
    setRefusal(undefined);
    if (missing) return;
    try {
      setRecorded((await reverse.mutateAsync({ id: payment.id, reason: reason.trim() })).data);
    } catch (err) {
      const refused = err instanceof ApiError && err.status === 409;
      setRefusal({
        title: refused ? 'This payment cannot be reversed' : 'The reversal was not recorded',
        message: err instanceof ApiError ? (err.field('reason') ?? err.message) : errorMessage(err),
      });
    }
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Reverse payment ${payment.reference}`}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {recorded ? (
        <RecordedStep what="Reversal" recorded={recorded} onClose={onClose} />
      ) : (
        <Stack>
          <Text size="sm">
            A reversal is a new record that takes the payment of UGX {formatMoney(payment.credit)} off the account: the
            sales it settled are owed again. The payment itself is kept.
          </Text>
          {refusal && (
            <Alert color="red" role="alert" title={refusal.title}>
              {refusal.message}
            </Alert>
          )}
          <Textarea
            label="Reason"
            data-autofocus
            autosize
            minRows={2}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={tried && missing ? 'Say why the payment is reversed.' : undefined}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button color="red" onClick={submit} loading={reverse.isPending}>
              Reverse payment
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
