import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminProduct } from '@shop/contracts';
import { renderWithProviders } from '../../../test/render';
import { ProductsList } from './products-list';

const product: AdminProduct = {
  id: 4,
  name: 'Oak Table',
  slug: 'oak-table',
  sku: 'OAK-1',
  description: '',
  category_id: null,
  category_name: null,
  price: '900.00',
  stock_quantity: 2,
  status: true,
  photo_url: null,
  gallery_urls: [],
  gallery: [],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

/** The list as the page holds it: a pressed row stays busy (its action never ends here). */
function List({ onToggle, onDelete }: { onToggle: () => void; onDelete: () => void }) {
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  return (
    <>
      <ProductsList
        products={[product]}
        firstRow={1}
        busyIds={busy}
        onToggle={(p) => {
          onToggle();
          setBusy(new Set([p.id]));
        }}
        onDelete={(p) => {
          onDelete();
          setBusy(new Set([p.id]));
        }}
      />
    </>
  );
}

describe('ProductsList', () => {
  it.each([
    ['Deactivate Oak Table', 'toggle'],
    ['Delete Oak Table', 'delete'],
  ] as const)(
    'keeps the focus on %s while its action runs, and takes no second press',
    async (name, action) => {
      const user = userEvent.setup();
      const onToggle = vi.fn();
      const onDelete = vi.fn();
      renderWithProviders(<List onToggle={onToggle} onDelete={onDelete} />);
      // The table and the mobile cards both hold the row (CSS picks one).
      const button = screen.getAllByRole('button', { name })[0]!;
      button.focus();
      await user.keyboard('{Enter}');
      // A browser drops the focus of a button that becomes disabled to <body> (jsdom keeps it): it must not be.
      expect(button).not.toBeDisabled();
      expect(button).toHaveFocus();
      expect(button).toHaveAttribute('aria-busy', 'true');
      await user.keyboard('{Enter}');
      const pressed = action === 'toggle' ? onToggle : onDelete;
      expect(pressed).toHaveBeenCalledTimes(1);
      // The row's other action waits too, still reachable.
      const other = screen.getAllByRole('button', {
        name: action === 'toggle' ? 'Delete Oak Table' : 'Deactivate Oak Table',
      })[0]!;
      expect(other).toHaveAttribute('aria-disabled', 'true');
      expect(other).not.toBeDisabled();
      await user.click(other);
      expect(onToggle.mock.calls.length + onDelete.mock.calls.length).toBe(1);
    },
  );
});
