import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CountBadge, collapsedBadgeCount, formatBadgeCount } from './badge';

describe('badge caps', () => {
  it('caps at 99+ above 99', () => {
    expect(formatBadgeCount(0)).toBe('0');
    expect(formatBadgeCount(99)).toBe('99');
    expect(formatBadgeCount(100)).toBe('99+');
  });

  it('caps at 9+ above 9 in the collapsed sidebar', () => {
    expect(collapsedBadgeCount(9)).toBe('9');
    expect(collapsedBadgeCount(10)).toBe('9+');
  });

  it('shows nothing for 0 and the full count to screen readers', () => {
    const { container, rerender } = render(<CountBadge count={0} label="unread messages" />);
    expect(container).toBeEmptyDOMElement();
    rerender(<CountBadge count={150} label="unread messages" />);
    expect(screen.getByText('99+')).toBeInTheDocument();
    expect(screen.getByText('150 unread messages')).toHaveClass('sr-only');
    rerender(<CountBadge count={1} label="unread notifications" />);
    expect(screen.getByText('1 unread notification')).toHaveClass('sr-only');
  });
});
