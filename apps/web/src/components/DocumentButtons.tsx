import { Button } from '@mantine/core';
import { errorMessage } from '../api/client.ts';

/** A document's PDF from the server; a failed download is said through `onError` (the page's banner). */
export function DownloadPdfButton({
  download,
  onError,
}: {
  download: () => Promise<unknown>;
  onError: (message: string) => void;
}) {
  return (
    <Button
      variant="default"
      onClick={() => download().catch((e) => onError(errorMessage(e, 'The export failed. Please try again.')))}
    >
      Download PDF
    </Button>
  );
}

/** A message about a document, opened in WhatsApp to the phone in `href` (a wa.me link built by the feature). */
export function WhatsAppButton({ href }: { href: string }) {
  return (
    <Button component="a" href={href} target="_blank" rel="noopener noreferrer" color="green">
      Share on WhatsApp
    </Button>
  );
}
