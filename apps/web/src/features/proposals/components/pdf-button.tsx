import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { downloadProposalPdf } from '../api/pdf';

/**
 * Download PDF: busy while the file is fetched (a press meanwhile starts no second download); a failure is said by
 * the API's usual messages.
 */
export function PdfButton({
  area,
  proposal,
}: {
  area: 'admin' | 'customer';
  proposal: { id: number; number: string; version: number };
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outline"
      loading={busy}
      loadingText="Download PDF"
      onClick={() => {
        if (busy) return;
        setBusy(true);
        void downloadProposalPdf(area, proposal)
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    >
      Download PDF
    </Button>
  );
}
