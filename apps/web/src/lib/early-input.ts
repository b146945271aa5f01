type TextField = HTMLInputElement | HTMLTextAreaElement;

/**
 * Writes a field's value as typing does, so that React's change handler sees it. React may have attached with the
 * typed text still in the field (and taken it as the field's known value, so the same text again would be no
 * change): the field is emptied through its own setter first, which React follows, then given the text the way
 * the browser gives typed text, which React reads as a change.
 */
function typeInto(field: TextField, value: string): void {
  const prototype =
    field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  field.value = '';
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * A server-rendered page is on screen before React has attached to it, and until then it does not answer: a
 * visitor on a slow connection who taps a button would lose the tap (or, on a form's button, send the form the
 * browser's way), and what they type would be cleared when React attaches. From the moment the app's code runs
 * until the page answers, clicks on buttons and form submissions are held (their default prevented, hidden from
 * the page) and made again, in order, once it answers; text typed into fields is typed again into the page's
 * state. Links are left alone: they work without the app.
 */
export function holdEarlyInput(doc: Document = document): { release: () => void } {
  const held: (() => void)[] = [];
  const typed = new Map<TextField, string>();
  const onInput = (event: Event) => {
    const field = event.target;
    if (field instanceof HTMLTextAreaElement || (field instanceof HTMLInputElement && field.type !== 'file'))
      typed.set(field, field.value);
  };
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button) return;
    event.preventDefault();
    event.stopPropagation();
    held.push(() => {
      if (button.isConnected && !button.disabled) button.click();
    });
  };
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    event.preventDefault();
    event.stopPropagation();
    held.push(() => {
      if (form.isConnected) form.requestSubmit();
    });
  };
  doc.addEventListener('input', onInput, true);
  doc.addEventListener('click', onClick, true);
  doc.addEventListener('submit', onSubmit, true);
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      doc.removeEventListener('input', onInput, true);
      doc.removeEventListener('click', onClick, true);
      doc.removeEventListener('submit', onSubmit, true);
      // The text first, so that a held click (a search's button) sends what was typed.
      for (const [field, value] of typed) if (field.isConnected) typeInto(field, value);
      for (const replay of held.splice(0)) replay();
    },
  };
}
