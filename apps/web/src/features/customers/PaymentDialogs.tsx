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
import { type ReactNode, useState } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { ApiError, errorMessage } from '../../api/client.ts';
import { useReversePayment, useTakePayment } from '../../api/customers.ts';
import { applyServerErrors } from '../../components/apply-server-errors.ts';
import { DialogFormActions } from '../../components/DialogForm.tsx';
import { FieldDayInput } from '../../components/dates/FieldDayInput.tsx';
import { AmountInput } from '../../components/form/AmountInput.tsx';
import { FieldSelect } from '../../components/form/FieldSelect.tsx';
import { PRINT_ON_OPEN } from '../sales/sale-document.tsx';

// A payment to a customer's account and the reversal of one, each in a dialog that ends on what was recorded and the
// offer to print its 80 mm receipt. The payment's fields, the last step and the reversal's dialog serve the payments
// to suppliers too.

/** What a payment or reversal answered: its number and the account's balance after it. */
export interface Recorded {
  id: number;
  payment_number: string;
  balance: number;
}

/** A balance in words: what the customer owes, or the advance the shop holds for them (a negative balance). */
const balanceWords = (balance: number, when: string) =>
  balance < 0 ? `Advance held ${when}: UGX ${formatMoney(-balance)}` : `Balance ${when}: UGX ${formatMoney(balance)}`;

/**
 * A payment dialog's last step: the record, the balance after it (in `balance`'s words) and, with `receiptTo`, its
 * receipt to print.
 */
export function RecordedStep({
  what,
  recorded,
  balance,
  receiptTo,
  onClose,
}: {
  what: string;
  recorded: Recorded;
  balance: string;
  receiptTo?: string;
  onClose: () => void;
}) {
  return (
    <Stack>
      <Alert color="green" role="status">
        {what} {recorded.payment_number} recorded.
      </Alert>
      <Text data-testid="balance-after">{balance}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        {receiptTo && (
          <Button component={Link} to={receiptTo} state={PRINT_ON_OPEN}>
            Print receipt
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** The customer's receipt of a payment or reversal, and the balance after it. */
const CustomerRecorded = ({ what, recorded, onClose }: { what: string; recorded: Recorded; onClose: () => void }) => (
  <RecordedStep
    what={what}
    recorded={recorded}
    balance={balanceWords(recorded.balance, 'now')}
    receiptTo={`/customerpaymentreceipt/${recorded.id}`}
    onClose={onClose}
  />
);

/**
 * A payment's amount, method, reference (Mobile Money's transaction id is required) and day, today unless told; the
 * form holds them as `amount`, `method`, `reference` and `payment_date`.
 */
export function PaymentFields({ form, today }: { form: UseFormReturn<any, any, any>; today: string }) {
  const errors = form.formState.errors;
  const message = (field: string) => errors[field]?.message as string | undefined;
  return (
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
        error={message('reference')}
      />
      <FieldDayInput
        control={form.control}
        name="payment_date"
        label="Payment date"
        maxDate={today}
        tooLate="The payment date cannot be in the future."
      />
    </SimpleGrid>
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
        <CustomerRecorded what="Payment" recorded={recorded} onClose={onClose} />
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
            <PaymentFields form={form} today={today} />
            <DialogFormActions onCancel={onClose} saving={pay.isPending} saveLabel="Record payment" />
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** The payment a reversal undoes: its id, number and amount. */
export interface ReversedPayment {
  id: number;
  reference: string;
  credit: number;
}

/** Reverse a customer's payment, with the reason: the sales it settled are owed again. */
export function ReversePaymentDialog({ payment, onClose }: { payment: ReversedPayment; onClose: () => void }) {
  const reverse = useReversePayment();
  return (
    <ReverseDialog
      payment={payment}
      explanation={`A reversal is a new record that takes the payment of UGX ${formatMoney(payment.credit)} off the account: the sales it settled are owed again. The payment itself is kept.`}
      reverse={async (reason) => (await reverse.mutateAsync({ id: payment.id, reason })).data}
      pending={reverse.isPending}
      recordedStep={(recorded) => <CustomerRecorded what="Reversal" recorded={recorded} onClose={onClose} />}
      onClose={onClose}
    />
  );
}

/**
 * Reverse a payment, with the reason; a refusal (a reversal, or a payment reversed already) says why. `reverse` records
 * it; `recordedStep` is what the dialog ends on.
 */
export function ReverseDialog({
  payment,
  explanation,
  reverse,
  pending,
  recordedStep,
  onClose,
}: {
  payment: ReversedPayment;
  explanation: string;
  reverse: (reason: string) => Promise<Recorded>;
  pending: boolean;
  recordedStep: (recorded: Recorded) => ReactNode;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<{ title: string; message: string }>();
  const [recorded, setRecorded] = useState<Recorded>();
  const missing = reason.trim() === '';
  const submit = async () => {
    setTried(true);
    setRefusal(undefined);
    if (missing) return;
    try {
      setRecorded(await reverse(reason.trim()));
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
        recordedStep(recorded)
      ) : (
        <Stack>
          <Text size="sm">{explanation}</Text>
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
            <Button color="red" onClick={submit} loading={pending}>
              Reverse payment
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
