import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FieldShell, GroupInput } from './form-field';

function Sizes({ error, type }: { error?: string; type: 'radio' | 'checkbox' }) {
  return (
    <FieldShell id="size" group label="Size" error={error} hint="Pick the size of your team.">
      {['Small', 'Large'].map((option) => (
        <label key={option}>
          <GroupInput type={type} name="size" value={option} />
          {option}
        </label>
      ))}
    </FieldShell>
  );
}

describe('FieldShell group', () => {
  it.each(['radio', 'checkbox'] as const)(
    'marks each %s of an invalid group invalid, its error describing the group',
    (type) => {
      render(<Sizes type={type} error="Choose a size." />);
      expect(screen.getByRole('group', { name: 'Size' })).toHaveAccessibleDescription('Choose a size.');
      const inputs = screen.getAllByRole(type);
      expect(inputs).toHaveLength(2);
      for (const input of inputs) expect(input).toHaveAttribute('aria-invalid', 'true');
    },
  );

  it.each(['radio', 'checkbox'] as const)('leaves each %s of a valid group without aria-invalid', (type) => {
    const { rerender } = render(<Sizes type={type} error="Choose a size." />);
    rerender(<Sizes type={type} />);
    expect(screen.getByRole('group', { name: 'Size' })).toHaveAccessibleDescription(
      'Pick the size of your team.',
    );
    for (const input of screen.getAllByRole(type)) expect(input).not.toHaveAttribute('aria-invalid');
  });
});
