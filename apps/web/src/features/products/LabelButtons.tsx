import { Button } from '@mantine/core';
import { type LabelChoice, printProductLabels } from '../../api/catalogue.ts';
import type { RowTools } from '../../components/list/ListPage.tsx';

// Barcode labels: the server first gives each chosen product without a barcode one, then the A4 sheet
// of labels downloads as a PDF; the list reloads with the new barcodes.
export function LabelButtons({ selectedIds, tools }: { selectedIds: number[]; tools: RowTools }) {
  const print = (chosen: LabelChoice, question?: string) => tools.run(() => printProductLabels(chosen), question);
  return (
    <>
      {selectedIds.length > 0 && (
        <Button variant="light" onClick={() => print({ product_ids: selectedIds })}>
          Print labels ({selectedIds.length})
        </Button>
      )}
      <Button
        variant="default"
        onClick={() =>
          print({ without_barcode: true }, 'Give every product without a barcode one and print their labels?')
        }
      >
        Labels for all without a barcode
      </Button>
    </>
  );
}
