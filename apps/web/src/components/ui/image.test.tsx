import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Image } from './image';

describe('Image', () => {
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
});
