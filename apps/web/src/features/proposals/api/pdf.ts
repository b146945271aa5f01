import { proposalPdfName } from '@shop/contracts';
import { ApiError } from '../../../lib/api-error';
import { handleApiError } from '../../../lib/api-error-handling';
import { adminSession, customerSession } from '../../../lib/sessions';
import { proposalPdfUrl } from './proposals-api';

/** Fetches the proposal's PDF with the session's token and hands it to the browser as a download. */
export async function downloadProposalPdf(
  area: 'admin' | 'customer',
  proposal: { id: number; number: string; version: number },
) {
  const kind = area === 'admin' ? 'admin' : 'customer';
  const token = (kind === 'admin' ? adminSession : customerSession).getState().token;
  const response = await fetch(proposalPdfUrl(area, proposal.id), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
  }).catch(() => null);
  if (!response || !response.ok) {
    const error = new ApiError(response?.status ?? 0, '', {}, token ? kind : null);
    handleApiError(error);
    throw error;
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = proposalPdfName(proposal.number, proposal.version);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
