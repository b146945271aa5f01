import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Image } from './image';

describe('Image', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the source with the default alt text and lazy loading', () => {
    render(<Image src="/media/a.webp" width={300} height={200} />);
    const img = screen.getByRole('img', { name: 'Image' });
    expect(img).toHaveAttribute('src', '/media/a.webp');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width', '300');
  });

  it('switches to the placeholder when the image fails, and back when the source changes', () => {
    const { rerender } = render(<Image src="/media/broken.webp" alt="Desk" className="rounded" />);
    const img = screen.getByRole('img', { name: 'Desk' });
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', '/images/placeholder.jpg');
    expect(img).toHaveClass('rounded');
    rerender(<Image src="/media/new.webp" alt="Desk" />);
    expect(screen.getByRole('img', { name: 'Desk' })).toHaveAttribute('src', '/media/new.webp');
  });

  it('uses a custom placeholder and shows it for a missing source', () => {
    render(<Image src={null} alt="Chair" placeholder="/images/other.jpg" />);
    expect(screen.getByRole('img', { name: 'Chair' })).toHaveAttribute('src', '/images/other.jpg');
  });

  it('does not loop when the placeholder itself fails', () => {
    render(<Image src="/x.webp" alt="Lamp" />);
    const img = screen.getByRole('img', { name: 'Lamp' });
    fireEvent.error(img);
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', '/images/placeholder.jpg');
  });

  it('drops the srcset of broken variants when it falls back, so the placeholder is what shows', () => {
    render(<Image src="/media/broken.jpg" srcSet="/media/broken-400.webp 400w" sizes="50vw" alt="Cabinet" />);
    const img = screen.getByRole('img', { name: 'Cabinet' });
    expect(img).toHaveAttribute('srcset', '/media/broken-400.webp 400w');
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', '/images/placeholder.jpg');
    expect(img).not.toHaveAttribute('srcset');
    expect(img).not.toHaveAttribute('sizes');
  });

  it('falls back when the image had already failed before it mounted (server-rendered, then hydrated)', () => {
    vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(true);
    vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(0);
    render(<Image src="/media/gone.webp" alt="Shelf" />);
    expect(screen.getByRole('img', { name: 'Shelf' })).toHaveAttribute('src', '/images/placeholder.jpg');
  });

  it('keeps an image that loaded before it mounted', () => {
    vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(true);
    vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(640);
    render(<Image src="/media/fine.webp" alt="Bench" />);
    expect(screen.getByRole('img', { name: 'Bench' })).toHaveAttribute('src', '/media/fine.webp');
  });
});
