import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_MESSAGES, UPLOAD_LIMITS, type AdminDesign } from '@shop/contracts';
import { renderWithProviders } from '../../../test/render';
import { DesignReviewForm } from './design-review-form';

const design: AdminDesign = {
  id: 7,
  slug: 'kitchen',
  admin_title: 'Kitchen',
  title: 'Kitchen',
  user: { id: 3, name: 'Ann Lee' },
  status: 'pending',
  created_at: '2026-01-01T00:00:00.000Z',
  selected_tab: 'haveDesign',
  name: 'Ann Lee',
  email: 'ann@example.com',
  company_name: '',
  zip_code: '10001',
  phone: '555 0100',
  description: null,
  design_file_url: null,
  design_file_name: null,
  design_file_mime: null,
  design_preferences: '{}',
  comments: null,
  recommendation_notes: null,
  recommendation_files_urls: [],
  recommendation_files: [],
};

const png = (name: string) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])], name, {
    type: 'image/png',
  });

describe('DesignReviewForm', () => {
  it('says so when more recommendation files are picked than a save takes, and keeps the first ones', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DesignReviewForm design={design} onSaved={vi.fn()} />, { dataRouter: true });
    const picker = screen.getByLabelText('Add recommendation files');
    const max = UPLOAD_LIMITS.maxRecommendationFiles;
    await user.upload(
      picker,
      Array.from({ length: max + 2 }, (_, i) => png(`plan-${i + 1}.png`)),
    );
    const message = ADMIN_MESSAGES.recommendationFilesTooMany(max);
    await waitFor(() => expect(picker).toHaveAccessibleDescription(message));
    expect(screen.getAllByRole('button', { name: /^Remove plan-/ })).toHaveLength(max);
    expect(screen.queryByText(`plan-${max + 1}.png`, { exact: false })).not.toBeInTheDocument();

    // Within the limit, nothing is said.
    await user.click(screen.getByRole('button', { name: 'Remove plan-1.png' }));
    await waitFor(() => expect(picker).not.toHaveAccessibleDescription(message));
  });
});
