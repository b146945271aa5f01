import { screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { DashboardStats } from '@shop/contracts';
import { createQueryClient } from '../../../lib/query-client';
import { renderWithProviders } from '../../../test/render';
import { answer } from '../../../test/server';
import AdminDashboardPage from './admin-dashboard-page';

const stats = (pendingApprovals: number): DashboardStats => ({
  totalUsers: 12,
  userGrowth: 0,
  activeDesigns: 30,
  designGrowth: 0,
  pendingApprovals,
  inventoryItems: 52,
  inventoryGrowth: 0,
});

describe('AdminDashboardPage', () => {
  it('reads its figures again each time it opens, as the other screens change them', async () => {
    let pending = 4;
    const reads = answer('get', '/api/admin/dashboard-stats', () => HttpResponse.json(stats(pending)));
    // The app's own client: data stays fresh for 30 s unless a query says otherwise.
    const queryClient = createQueryClient();
    const first = renderWithProviders(<AdminDashboardPage />, { queryClient });
    expect(await screen.findByText('4')).toBeInTheDocument();
    first.unmount();

    // A design is approved on another screen; the admin comes back within seconds.
    pending = 3;
    renderWithProviders(<AdminDashboardPage />, { queryClient });
    expect(await screen.findByText('3')).toBeInTheDocument();
    expect(reads).toHaveLength(2);
  });
});
