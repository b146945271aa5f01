import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessageText, splitLinks } from './message-text';

describe('splitLinks', () => {
  it('makes http and https addresses links and leaves the sentence around them', () => {
    expect(splitLinks('See https://example.com/plan?id=7. Thanks')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/plan?id=7', href: 'https://example.com/plan?id=7' },
      { kind: 'text', text: '. Thanks' },
    ]);
    expect(splitLinks('(at http://example.com/a)')).toEqual([
      { kind: 'text', text: '(at ' },
      { kind: 'link', text: 'http://example.com/a', href: 'http://example.com/a' },
      { kind: 'text', text: ')' },
    ]);
    expect(splitLinks('www.example.com')).toEqual([
      { kind: 'link', text: 'www.example.com', href: 'https://www.example.com/' },
    ]);
  });

  it('never links other schemes', () => {
    for (const text of [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'ftp://example.com',
      'mailto:a@b.c',
    ]) {
      expect(splitLinks(text)).toEqual([{ kind: 'text', text }]);
    }
  });
});

describe('MessageText', () => {
  it('renders markup as text and links with a safe rel, in a new tab', () => {
    const { container } = render(
      <MessageText text={'<img src=x onerror=alert(1)> https://example.com'} own={false} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
    const link = screen.getByRole('link', { name: 'https://example.com' });
    expect(link.getAttribute('href')).toBe('https://example.com/');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.getAttribute('target')).toBe('_blank');
  });
});
