import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { testAdminDesign } from '../../../test/designs';
import { renderWithProviders } from '../../../test/render';
import { AddCommentDialog } from './admin-design-actions';

const design = testAdminDesign(7);

describe('AddCommentDialog', () => {
  it('marks the comment, which the route requires, as required', () => {
    renderWithProviders(<AddCommentDialog design={design} onClose={vi.fn()} />, { dataRouter: true });
    const comment = screen.getByRole('textbox', { name: /^Comment/ });
    expect(comment).toBeRequired();
    // The visible mark beside the label.
    expect(screen.getByText('Comment').closest('label')).toHaveTextContent(/^Comment\s*\*$/);
  });
});
