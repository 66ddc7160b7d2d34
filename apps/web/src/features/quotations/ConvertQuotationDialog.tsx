import { type CustomerChoice, formatMoney, type QuotationShown, type SalePaymentInput } from '@duka/shared';
import { Checkbox, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { useCustomerSearch } from '../../api/customers-pos.ts';
import { usePermissions } from '../../api/permissions.ts';
import { useConvertQuotation } from '../../api/quotations.ts';
import { ChosenCustomer, CustomerSearchField } from '../sales/CustomerPicker.tsx';
import { PaymentDialog } from '../sales/PaymentDialog.tsx';
import type { AccountTender } from '../sales/payments.ts';
import { PRINT_ON_OPEN } from '../sales/sale-document.tsx';

/**
 * A quotation made into a sale: the POS's payment step (cash, mobile money with its transaction id, the rest on the
 * customer's account within their credit), the goods left in the yard to collect later, and for an expired quotation
 * today's prices. The sale's receipt opens as at the POS, or the delivery screen when the goods are collected later.
 * One key for as long as the dialog is open: a sale whose answer was lost is answered again, never made twice.
 */
export function ConvertQuotationDialog({ quotation, onClose }: { quotation: QuotationShown; onClose: () => void }) {
  const navigate = useNavigate();
  const { can } = usePermissions();
  const convert = useConvertQuotation();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [deliverLater, setDeliverLater] = useState(false);
  const [reprice, setReprice] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  // The quotation's own customer as they are now (their balance moves), or one chosen here for a walk-in quotation.
  const own = useCustomerSearch(quotation.customer.customer_number ?? '').data?.find(
    (c) => c.id === quotation.customer.id,
  );
  const [picked, setPicked] = useState<CustomerChoice | null>(null);
  const customer = quotation.customer.id !== null ? own : picked;
  const mayCredit = can('customerCreditSale');
  const account: AccountTender | undefined =
    customer && mayCredit
      ? { name: customer.name, available: customer.available_credit, canOverride: can('customerCreditOverride') }
      : undefined;
  const isExpired = quotation.status === 'EXPIRED';

  const confirm = async (payments: SalePaymentInput[], overrideReason?: string) => {
    setRefusal(undefined);
    try {
      const answer = await convert.mutateAsync({
        id: quotation.id,
        body: {
          payments,
          customer_id: picked?.id,
          deliver_later: deliverLater,
          reprice: isExpired && reprice,
          credit_override_reason: overrideReason,
          idempotencyKey,
        },
      });
      const saleId = answer.data.sale_id;
      if (deliverLater) navigate(`/deliverynotecreate?sale_id=${saleId}`, { state: { notice: answer.message } });
      else navigate(`/salesreceipt/${saleId}`, { state: PRINT_ON_OPEN });
    } catch (err) {
      setRefusal(errorMessage(err, 'The sale was not made. Please try again.'));
    }
  };

  return (
    <PaymentDialog
      opened
      total={quotation.total_amount}
      itemCount={quotation.lines.length}
      payment="CASH"
      account={account}
      onConfirm={(payments, reason) => void confirm(payments, reason)}
      onClose={onClose}
      wording={{
        title: `Convert ${quotation.quotation_number} to a sale`,
        caption: `${quotation.lines.length} ${quotation.lines.length === 1 ? 'line' : 'lines'} quoted to ${quotation.customer.name}`,
        confirm: 'Make the sale',
      }}
      refusal={refusal}
      busy={convert.isPending}
    >
      <Stack gap="xs">
        {quotation.customer.id === null && mayCredit && <WalkInAccount picked={picked} onPick={setPicked} />}
        <Checkbox
          label="Deliver later"
          description="The goods stay in the yard, taken from stock now, and are collected against delivery notes"
          checked={deliverLater}
          onChange={(e) => setDeliverLater(e.currentTarget.checked)}
        />
        {isExpired && (
          <Checkbox
            label="Re-price at today's prices"
            description={`The quotation expired on ${quotation.valid_until}: it sells only at today's prices, so the total may differ from UGX ${formatMoney(quotation.total_amount)}`}
            checked={reprice}
            onChange={(e) => setReprice(e.currentTarget.checked)}
          />
        )}
      </Stack>
    </PaymentDialog>
  );
}

/** A walk-in quotation's sale may still go on a customer's account: the debt book's customer it goes on. */
function WalkInAccount({
  picked,
  onPick,
}: {
  picked: CustomerChoice | null;
  onPick: (customer: CustomerChoice | null) => void;
}) {
  const [text, setText] = useState('');
  if (picked) return <ChosenCustomer customer={picked} onClear={() => onPick(null)} />;
  return (
    <>
      <CustomerSearchField
        label="Customer account (to put part of the sale on account)"
        value={text}
        onValueChange={setText}
        onChoose={onPick}
      />
      <Text size="xs" c="dimmed">
        Leave it empty for a sale paid in full now.
      </Text>
    </>
  );
}
