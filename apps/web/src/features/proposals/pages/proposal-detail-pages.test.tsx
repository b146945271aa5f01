import { screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { answer } from '../../../test/server';
import { PROPOSAL_FAILURES } from '../messages';
import AdminProposalDetailPage from './admin-proposal-detail-page';
import UserProposalDetailPage from './user-proposal-detail-page';

describe.each([
  ['AdminProposalDetailPage', AdminProposalDetailPage, '/admin/proposals', '/api/admin/proposals'],
  ['UserProposalDetailPage', UserProposalDetailPage, '/user/proposals', '/api/user/proposals'],
] as [string, ComponentType, string, string][])('%s', (_name, Page, pages, api) => {
  /** The page at {pages}/{id}, its id read from the address as the app's route reads it. */
  const renderAt = (id: string) =>
    renderWithProviders(<Page />, { route: `${pages}/${id}`, path: `${pages}/:id`, dataRouter: true });

  it.each(['abc', '0', '-3', '1e3', '12abc', '99999999999'])(
    'says proposal %s does not exist without asking the server',
    async (id) => {
      const asked = answer('get', `${api}/:id`, () =>
        HttpResponse.json({ message: 'Not found' }, { status: 404 }),
      );
      renderAt(id);
      expect(await screen.findByText(PROPOSAL_FAILURES.proposalNotFound)).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Proposal' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to Proposals' })).toHaveAttribute('href', pages);
      // Nothing to try again: the address names no proposal.
      expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
      expect(asked).toHaveLength(0);
    },
  );

  it('asks the server for a well-formed id, and says so when it has no such proposal', async () => {
    const asked = answer('get', `${api}/:id`, () =>
      HttpResponse.json({ message: 'Not found' }, { status: 404 }),
    );
    renderAt('42');
    expect(await screen.findByText(PROPOSAL_FAILURES.proposalNotFound)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(asked.map((r) => r.url.pathname)).toEqual([`${api}/42`]);
  });
});
