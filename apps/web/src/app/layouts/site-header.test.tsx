import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { Link, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER_LABELS, CUSTOMER_MESSAGES } from '@shop/contracts';
import { registerNavigator } from '../../lib/navigation';
import { queryClient } from '../../lib/query-client';
import { adminSession, customerSession, signedInAdmin, signedInCustomer, useAdmin } from '../../lib/sessions';
import { clearToasts, getToasts } from '../../lib/toast';
import { testAdmin, testCustomer } from '../../test/accounts';
import { renderWithProviders } from '../../test/render';
import { answer } from '../../test/server';
import { SiteHeader } from './site-header';

/** The back-office's session in the same browser, which the customer's sign-out leaves alone. */
function AdminName() {
  const admin = useAdmin();
  return <p>{admin ? `Admin ${admin.name}` : 'No admin'}</p>;
}

const navigate = vi.fn();
beforeEach(() => registerNavigator(navigate));
afterEach(() => {
  navigate.mockReset();
  customerSession.clear();
  adminSession.clear();
  queryClient.clear();
  clearToasts();
});

describe('SiteHeader', () => {
  it('shows the account button’s face while the menu’s code loads, so nothing moves when the menu arrives', async () => {
    customerSession.signIn('customer-token', testCustomer, true);
    renderWithProviders(<SiteHeader />, { queryClient });

    // The first render: the menu (its own chunk) is not there yet, its button's picture, name and arrow are.
    expect(screen.queryByRole('button', { name: `Account menu for ${testCustomer.name}` })).toBeNull();
    const placeholder = screen.getByText(testCustomer.name).parentElement!;
    expect(placeholder.querySelectorAll('svg')).toHaveLength(1);
    const button = await screen.findByRole('button', { name: `Account menu for ${testCustomer.name}` });
    expect(button.className).toBe(placeholder.className);
    expect(button.textContent).toBe(placeholder.textContent);
    expect(screen.getAllByText(testCustomer.name)).toHaveLength(1);
  });

  it('signs the customer out: the account goes from the header and the cache, the admin’s session stays', async () => {
    const user = userEvent.setup();
    customerSession.signIn('customer-token', testCustomer, true);
    adminSession.signIn('admin-token', testAdmin);
    const logouts = answer('post', '/api/logout', () => HttpResponse.json({ message: 'Logged out' }));
    // Something the customer's session had read, which must not outlive it.
    queryClient.setQueryData(['notifications', 'customer'], ['Your proposal is ready']);
    renderWithProviders(
      <>
        <SiteHeader />
        <AdminName />
      </>,
      { queryClient },
    );

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByText(testCustomer.email)).toBeVisible();
    await user.click(screen.getByRole('button', { name: CUSTOMER_LABELS.logOut }));

    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login', undefined));
    expect(logouts).toHaveLength(1);
    expect(signedInCustomer()).toBeNull();
    expect(customerSession.getState().token).toBeNull();
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(screen.queryByText(testCustomer.email)).toBeNull();
    expect(screen.getAllByRole('link', { name: CUSTOMER_LABELS.login }).length).toBeGreaterThan(0);
    expect(getToasts().map((t) => t.message)).toEqual([CUSTOMER_MESSAGES.loggedOut]);
    await waitFor(() => expect(queryClient.getQueryData(['notifications', 'customer'])).toBeUndefined());
    expect(queryClient.getQueryData(['session', 'customer', 'customer-token'])).toBeUndefined();

    expect(signedInAdmin()).toEqual(testAdmin);
    expect(screen.getByText(`Admin ${testAdmin.name}`)).toBeVisible();
  });

  it('closes the mobile menu on any navigation: a link outside it, and the browser’s Back', async () => {
    const user = userEvent.setup();
    function Page() {
      const go = useNavigate();
      return (
        <>
          <SiteHeader />
          <Link to="/inventory">Browse Inventory</Link>
          <button type="button" onClick={() => void go(-1)}>
            Back
          </button>
        </>
      );
    }
    renderWithProviders(<Page />, { route: '/' });
    const toggle = screen.getByRole('button', { name: 'Open menu' });

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById('mobile-menu')).not.toBeNull();
    await user.click(screen.getByRole('link', { name: 'Browse Inventory' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById('mobile-menu')).toBeNull();

    await user.click(toggle);
    expect(document.getElementById('mobile-menu')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(document.getElementById('mobile-menu')).toBeNull();
    // Opened again on the page it came back to, it stays open until asked.
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });
});
