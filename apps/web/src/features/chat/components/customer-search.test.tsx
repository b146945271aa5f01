import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { CustomerSearch } from './customer-search';

describe('the chat’s customer search', () => {
  it('says the search failed rather than that nobody was found, and finds them once it answers', async () => {
    let up = false;
    server.use(
      http.get('/api/search-users', () =>
        up
          ? HttpResponse.json({ users: [{ id: 7, name: 'Harper Quill', photo_url: null }] })
          : HttpResponse.json({ message: 'Server error' }, { status: 500 }),
      ),
    );
    const onPick = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<CustomerSearch onPick={onPick} />);
    await user.type(screen.getByLabelText('New conversation'), 'harp');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to search customers.');
    expect(screen.queryByText('No customers found.')).not.toBeInTheDocument();

    up = true;
    await user.type(screen.getByLabelText('New conversation'), 'e');
    await user.click(await screen.findByRole('button', { name: /Harper Quill/ }));
    expect(onPick).toHaveBeenCalledWith({ id: 7, name: 'Harper Quill', photo_url: null });
    // The pick empties the field and closes the results at once (not when the debounce catches up).
    expect(screen.getByLabelText('New conversation')).toHaveValue('');
    expect(screen.queryByRole('list', { name: 'Customers found' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when nobody matches', async () => {
    server.use(http.get('/api/search-users', () => HttpResponse.json({ users: [] })));
    const user = userEvent.setup();
    renderWithProviders(<CustomerSearch onPick={() => {}} />);
    await user.type(screen.getByLabelText('New conversation'), 'nobody');
    expect(await screen.findByText('No customers found.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
