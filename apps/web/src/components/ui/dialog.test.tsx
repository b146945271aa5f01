import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { Dialog } from './dialog';
import { firstFieldInError, MessageDialogsProvider, useMessageDialogs } from './message-dialogs';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Success!"
        description="Changes saved successfully."
        footer={<Button onClick={() => setOpen(false)}>OK</Button>}
      />
    </>
  );
}

describe('Dialog', () => {
  it('is a titled modal that keeps focus inside and closes on Escape', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Success!' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveAccessibleDescription('Changes saved successfully.');
    const close = screen.getByRole('button', { name: 'Close' });
    const ok = screen.getByRole('button', { name: 'OK' });
    expect(close).toHaveFocus();
    await user.tab();
    expect(ok).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(ok).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('returns focus into the first dialog after a stacked one closes, and Escape closes the top one', async () => {
    const user = userEvent.setup();
    render(<Stacked />);
    const opener = screen.getByRole('button', { name: 'Edit' });
    await user.click(opener);
    const save = screen.getByRole('button', { name: 'Save' });
    await user.click(save);
    const error = screen.getByRole('alertdialog', { name: 'Error' });
    expect(within(error).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit product' })).toBeInTheDocument();
    expect(save).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it("after a 'Validation Error' message, focus goes to the first field in error", async () => {
    const user = userEvent.setup();
    render(
      <MessageDialogsProvider>
        <ValidationHarness />
      </MessageDialogsProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alertdialog', { name: 'Validation Error' });
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('textbox', { name: 'Price' })).toHaveFocus();
  });
});

function ValidationHarness() {
  const dialogs = useMessageDialogs();
  const [invalid, setInvalid] = useState(false);
  return (
    <form>
      <label>
        Name <input />
      </label>
      <label>
        Price <input aria-invalid={invalid || undefined} />
      </label>
      <Button
        onClick={() => {
          setInvalid(true);
          void dialogs.alert({
            title: 'Validation Error',
            message: 'Please fix the errors.',
            returnFocusTo: firstFieldInError,
          });
        }}
      >
        Save
      </Button>
    </form>
  );
}

function Stacked() {
  const [edit, setEdit] = useState(false);
  const [error, setError] = useState(false);
  return (
    <>
      <Button onClick={() => setEdit(true)}>Edit</Button>
      <Dialog open={edit} onClose={() => setEdit(false)} title="Edit product" dismissible>
        <Button onClick={() => setError(true)}>Save</Button>
        <Dialog open={error} onClose={() => setError(false)} title="Error" role="alertdialog">
          <p>Try again.</p>
        </Dialog>
      </Dialog>
    </>
  );
}

/** A row whose Delete button goes with it once its dialog confirms. */
function DeletedRow() {
  const [open, setOpen] = useState(false);
  const [deleted, setDeleted] = useState(false);
  return (
    <main id="main-content" tabIndex={-1}>
      {!deleted && <Button onClick={() => setOpen(true)}>Delete</Button>}
      <Dialog open={open} onClose={() => setOpen(false)} title="Delete the row?">
        <Button
          onClick={() => {
            setDeleted(true);
            setOpen(false);
          }}
        >
          Confirm
        </Button>
      </Dialog>
    </main>
  );
}

describe('Dialog whose opener is gone', () => {
  it('returns focus to the main content, not nowhere', async () => {
    const user = userEvent.setup();
    render(<DeletedRow />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();
  });
});

function Confirming({ destructive }: { destructive: boolean }) {
  const dialogs = useMessageDialogs();
  const [answer, setAnswer] = useState<string>('none');
  return (
    <>
      <Button
        onClick={() =>
          void dialogs
            .confirm({
              title: 'Delete the desk?',
              message: 'It cannot be undone.',
              confirmLabel: 'Delete',
              destructive,
            })
            .then((yes) => setAnswer(yes ? 'yes' : 'no'))
        }
      >
        Ask
      </Button>
      <p>answer: {answer}</p>
    </>
  );
}

describe('a confirmation', () => {
  it.each([
    {
      what: 'opens on Cancel when what it confirms is destructive, so Enter does not delete',
      destructive: true,
      focused: 'Cancel',
      answer: 'no',
    },
    { what: 'opens on its confirm button otherwise', destructive: false, focused: 'Delete', answer: 'yes' },
  ])('$what', async ({ destructive, focused, answer }) => {
    const user = userEvent.setup();
    render(
      <MessageDialogsProvider>
        <Confirming destructive={destructive} />
      </MessageDialogsProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Delete the desk?' });
    expect(within(ask).getByRole('button', { name: focused })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText(`answer: ${answer}`)).toBeInTheDocument();
  });
});
