import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { CUSTOMER_MESSAGES, type CustomerDesignList } from '@shop/contracts';
import { getToasts } from '../../../lib/toast';
import { renderWithProviders } from '../../../test/render';
import { answer } from '../../../test/server';
import DesignStatusPage from './design-status-page';

const list: CustomerDesignList = { data: [], current_page: 1, last_page: 1, per_page: 10, total: 0 };

describe('My design submissions', () => {
  it('says so when Refresh fails, keeping what was shown', async () => {
    const user = userEvent.setup();
    let up = true;
    answer('get', '/api/user/design-submissions', () =>
      up ? HttpResponse.json(list) : HttpResponse.json({ message: 'Server error' }, { status: 500 }),
    );
    renderWithProviders(<DesignStatusPage />, { route: '/user/design-status' });
    expect(await screen.findByText(CUSTOMER_MESSAGES.noDesigns)).toBeInTheDocument();
    up = false;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() =>
      expect(getToasts().map((t) => t.message)).toContain(CUSTOMER_MESSAGES.designListFailed),
    );
    expect(screen.getByText(CUSTOMER_MESSAGES.noDesigns)).toBeInTheDocument();
  });
});
