import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useHashScroll } from './use-hash-scroll';

const scrolled: string[] = [];

function Page() {
  useHashScroll();
  return (
    <>
      <section id="submit-design">Submit a design</section>
      <section id="café">Café corner</section>
    </>
  );
}

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/', Component: Page }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  scrolled.length = 0;
  vi.restoreAllMocks();
});

function recordScrolls() {
  vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
    scrolled.push(this.id);
  });
}

describe('useHashScroll', () => {
  it('scrolls to the element the hash names, an escaped name included, and again when only the hash changes', async () => {
    recordScrolls();
    const router = renderAt('/#submit-design');
    expect(await screen.findByText('Submit a design')).toBeInTheDocument();
    expect(scrolled).toEqual(['submit-design']);
    await act(() => router.navigate('/#caf%C3%A9'));
    expect(scrolled).toEqual(['submit-design', 'café']);
  });

  it('takes a hash with a broken escape as naming nothing: the page draws, nothing scrolls', async () => {
    recordScrolls();
    renderAt('/#%E0%A4%A');
    expect(await screen.findByText('Submit a design')).toBeInTheDocument();
    expect(scrolled).toEqual([]);
  });
});
