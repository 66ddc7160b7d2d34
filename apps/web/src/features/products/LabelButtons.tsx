import { Button } from '@mantine/core';
import { api } from '../../api/client.ts';
import { datedName, downloadFile } from '../../api/download.ts';
import type { RowTools } from '../../components/list/ListPage.tsx';

type Chosen = { product_ids: number[] } | { without_barcode: true };

// Barcode labels: the server first gives each chosen product without a barcode one, then the A4 sheet
// of labels downloads as a PDF; the list reloads with the new barcodes.
export function LabelButtons({ selectedIds, tools }: { selectedIds: number[]; tools: RowTools }) {
  const print = (chosen: Chosen, question?: string) =>
    tools.run(async () => {
      const answer = await api<{ message: string; data: { id: number }[] }>('POST', '/productbarcodeassign', chosen);
      const ids = answer.data.map((p) => p.id).join(',');
      await downloadFile(`/productlabelspdf?product_ids=${ids}`, datedName('product_labels', 'pdf'));
      return answer;
    }, question);
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
