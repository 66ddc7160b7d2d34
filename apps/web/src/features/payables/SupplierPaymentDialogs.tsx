import { formatDay, formatMoney, supplierPaymentSchema } from '@duka/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Checkbox, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../../api/client.ts';
import { usePaySupplier, useReverseSupplierPayment } from '../../api/payables.ts';
import { applyServerErrors } from '../../components/apply-server-errors.ts';
import { DialogFormActions } from '../../components/DialogForm.tsx';
import {
  PaymentFields,
  type Recorded,
  RecordedStep,
  ReverseDialog,
  type ReversedPayment,
} from '../customers/PaymentDialogs.tsx';

// A payment to a supplier and the reversal of one, in the dialogs the customers' payments use: each ends on what was
// recorded and what the shop owes the supplier after it.

/** The supplier paid: who, and what the shop owes them now. */
export interface PaidSupplier {
  id: number;
  name: string;
  balance: number;
}

const owedWords = (supplier: PaidSupplier, balance: number, when: string) =>
  `Owed to ${supplier.name} ${when}: UGX ${formatMoney(balance)}`;

type PaymentValues = z.input<typeof supplierPaymentSchema>;

/**
 * Pay a supplier: amount, method, reference, day (today unless told), and, for cash, whether it came out of the
 * till's drawer, which the payer's cash-up then counts as paid out. The server refuses more than is owed, naming it.
 */
export function PaySupplierDialog({ supplier, onClose }: { supplier: PaidSupplier; onClose: () => void }) {
  const [failure, setFailure] = useState<string>();
  const [recorded, setRecorded] = useState<Recorded>();
  const pay = usePaySupplier();
  const today = formatDay(new Date());
  const form = useForm<PaymentValues, unknown, z.output<typeof supplierPaymentSchema>>({
    resolver: zodResolver(supplierPaymentSchema),
    mode: 'onTouched',
    defaultValues: { supplier_id: supplier.id, reference: '', payment_date: today, from_till: false },
  });
  const isCash = form.watch('method') === 'CASH';
  // Only cash comes out of the till: choosing another method takes the tick away with the box.
  useEffect(() => {
    if (!isCash) form.setValue('from_till', false);
  }, [isCash, form]);
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
      title={`Pay ${supplier.name}`}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {recorded ? (
        <RecordedStep
          what="Payment"
          recorded={recorded}
          balance={owedWords(supplier, recorded.balance, 'now')}
          onClose={onClose}
        />
      ) : (
        <form noValidate onSubmit={submit}>
          <Stack>
            <Text size="sm">
              {owedWords(supplier, supplier.balance, 'before this payment')}. The payment pays the oldest unpaid bills
              first, and cannot be more than is owed.
            </Text>
            {failure && (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            )}
            <PaymentFields form={form} today={today} />
            {isCash && (
              <Controller
                control={form.control}
                name="from_till"
                render={({ field, fieldState }) => (
                  <Checkbox
                    label="Paid from the till"
                    description="The cash came out of your till's drawer: your cash-up counts it as paid out."
                    checked={field.value === true}
                    onChange={(e) => field.onChange(e.currentTarget.checked)}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                  />
                )}
              />
            )}
            <DialogFormActions onCancel={onClose} saving={pay.isPending} saveLabel="Record payment" />
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** Reverse a payment to a supplier, with the reason: the bills it paid are owed again. */
export function ReverseSupplierPaymentDialog({
  supplier,
  payment,
  onClose,
}: {
  supplier: PaidSupplier;
  payment: ReversedPayment;
  onClose: () => void;
}) {
  const reverse = useReverseSupplierPayment();
  return (
    <ReverseDialog
      payment={payment}
      explanation={`A reversal is a new record that puts the payment of UGX ${formatMoney(payment.credit)} back on the account: the bills it paid are owed again. The payment itself is kept.`}
      reverse={async (reason) => (await reverse.mutateAsync({ id: payment.id, reason })).data}
      pending={reverse.isPending}
      recordedStep={(recorded) => (
        <RecordedStep
          what="Reversal"
          recorded={recorded}
          balance={owedWords(supplier, recorded.balance, 'now')}
          onClose={onClose}
        />
      )}
      onClose={onClose}
    />
  );
}
