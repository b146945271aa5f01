import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { downloadProposalPdf } from '../api/pdf';

/**
 * Download PDF: busy while the file is fetched (a press meanwhile starts no second download); a failure is said by
 * the API's usual messages.
 */
export function PdfButton({ area, id, number }: { area: 'admin' | 'customer'; id: number; number: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outline"
      loading={busy}
      loadingText="Download PDF"
      onClick={() => {
        if (busy) return;
        setBusy(true);
        void downloadProposalPdf(area, id, number)
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    >
      Download PDF
    </Button>
  );
}
