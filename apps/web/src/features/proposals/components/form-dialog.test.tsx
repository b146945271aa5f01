import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/form-field';
import { FormDialog } from './form-dialog';

function Harness({ withField }: { withField: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Change address</Button>
      <FormDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Change the address"
        onSubmit={(event) => event.preventDefault()}
        submitLabel="Save address"
        cancelLabel="Close"
      >
        {withField ? <TextAreaField label="Installation address" rows={3} /> : <p>Loading…</p>}
      </FormDialog>
    </>
  );
}

describe('FormDialog', () => {
  it('opens on its first field, so the keyboard can type at once; Escape returns to the opener', async () => {
    const user = userEvent.setup();
    render(<Harness withField />);
    const opener = screen.getByRole('button', { name: 'Change address' });
    await user.click(opener);
    expect(screen.getByRole('textbox', { name: 'Installation address' })).toHaveFocus();
    await user.keyboard('Unit 4, Dock Road');
    expect(screen.getByRole('textbox', { name: 'Installation address' })).toHaveValue('Unit 4, Dock Road');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('opens on its Close button while the form has no field yet', async () => {
    const user = userEvent.setup();
    render(<Harness withField={false} />);
    await user.click(screen.getByRole('button', { name: 'Change address' }));
    // The dialog's own Close (the cross), before the footer's Close.
    expect(screen.getAllByRole('button', { name: 'Close' })[0]).toHaveFocus();
  });
});
