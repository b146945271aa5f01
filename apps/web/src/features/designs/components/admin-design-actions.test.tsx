import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminDesign } from '@shop/contracts';
import { renderWithProviders } from '../../../test/render';
import { AddCommentDialog } from './admin-design-actions';

const design = { id: 7, admin_title: 'Kitchen', comments: null, status: 'pending' } as AdminDesign;

describe('AddCommentDialog', () => {
  it('marks the comment, which the route requires, as required', () => {
    renderWithProviders(<AddCommentDialog design={design} onClose={vi.fn()} />, { dataRouter: true });
    const comment = screen.getByRole('textbox', { name: /^Comment/ });
    expect(comment).toBeRequired();
    // The visible mark beside the label.
    expect(screen.getByText('Comment').closest('label')).toHaveTextContent(/^Comment\s*\*$/);
  });
});
