import { act, fireEvent, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS } from '@shop/contracts';
import { InventorySearch } from './inventory-search';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const box = () => screen.getByRole('searchbox', { name: 'Search products' });
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('InventorySearch', () => {
  it('searches for the trimmed text once typing has stopped for the debounce time', () => {
    const onSearch = vi.fn();
    render(
      <StrictMode>
        <InventorySearch value="" onSearch={onSearch} />
      </StrictMode>,
    );
    type('d');
    wait(SEARCH_DEBOUNCE_MS - 1);
    type('desk ');
    wait(SEARCH_DEBOUNCE_MS - 1);
    expect(onSearch).not.toHaveBeenCalled();
    wait(1);
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('desk');
    expect(box()).toHaveValue('desk ');
  });

  it('clears at once, with the keyboard back in the box, and drops the search still waiting', () => {
    const onSearch = vi.fn();
    render(<InventorySearch value="chair" onSearch={onSearch} />);
    expect(box()).toHaveValue('chair');
    type('chairs');
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('');
    expect(box()).toHaveValue('');
    expect(box()).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
    wait(SEARCH_DEBOUNCE_MS * 2);
    expect(onSearch).toHaveBeenCalledTimes(1);

    // The same text typed again right after the clear is a search of its own.
    type('chairs');
    wait(SEARCH_DEBOUNCE_MS - 1);
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    type('chairs');
    wait(SEARCH_DEBOUNCE_MS);
    expect(onSearch.mock.calls).toEqual([[''], [''], ['chairs']]);
  });

  it('follows the URL (Back, Clear All) without searching, and drops a search typed before it moved', () => {
    const onSearch = vi.fn();
    const { rerender } = render(<InventorySearch value="chair" onSearch={onSearch} />);
    rerender(<InventorySearch value="desk" onSearch={onSearch} />);
    expect(box()).toHaveValue('desk');
    wait(SEARCH_DEBOUNCE_MS * 2);
    expect(onSearch).not.toHaveBeenCalled();

    // Typed, then Back before the search went out: the page Back went to stays as it is.
    type('desks');
    wait(SEARCH_DEBOUNCE_MS - 1);
    rerender(<InventorySearch value="" onSearch={onSearch} />);
    expect(box()).toHaveValue('');
    wait(SEARCH_DEBOUNCE_MS * 2);
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('keeps the keys typed before the URL reached the search it sent', () => {
    const onSearch = vi.fn();
    const { rerender } = render(<InventorySearch value="desk" onSearch={onSearch} />);
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    type('ch');
    // The URL reaches the cleared search only now: the box keeps what was typed since, and searches for it.
    rerender(<InventorySearch value="" onSearch={onSearch} />);
    expect(box()).toHaveValue('ch');
    type('chair');
    wait(SEARCH_DEBOUNCE_MS);
    expect(onSearch.mock.calls).toEqual([[''], ['chair']]);

    // The same for a typed search: the URL reaching 'chair' keeps the 's' typed after it went out.
    type('chairs');
    rerender(<InventorySearch value="chair" onSearch={onSearch} />);
    expect(box()).toHaveValue('chairs');
    wait(SEARCH_DEBOUNCE_MS);
    expect(onSearch.mock.calls).toEqual([[''], ['chair'], ['chairs']]);

    // Back to a search this box once sent is a change from outside, and the box follows it.
    rerender(<InventorySearch value="chairs" onSearch={onSearch} />);
    rerender(<InventorySearch value="chair" onSearch={onSearch} />);
    expect(box()).toHaveValue('chair');
    rerender(<InventorySearch value="" onSearch={onSearch} />);
    expect(box()).toHaveValue('');
  });

  it('sends nothing after it has gone', () => {
    const onSearch = vi.fn();
    const { unmount } = render(<InventorySearch value="" onSearch={onSearch} />);
    type('desk');
    unmount();
    wait(SEARCH_DEBOUNCE_MS * 2);
    expect(onSearch).not.toHaveBeenCalled();
  });
});
