/**
 * A server-rendered page is on screen before React has attached to it, and until then its buttons do nothing: a
 * visitor on a slow connection who taps one would lose the tap (or, on a form's button, send the form the
 * browser's way). From the moment the app's code runs until the page answers, clicks on buttons and form
 * submissions are held (their default prevented, hidden from the page) and made again, in order, once it
 * answers. Links are left alone: they work without the app.
 */
export function holdEarlyClicks(doc: Document = document): { release: () => void } {
  const held: (() => void)[] = [];
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
  doc.addEventListener('click', onClick, true);
  doc.addEventListener('submit', onSubmit, true);
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      doc.removeEventListener('click', onClick, true);
      doc.removeEventListener('submit', onSubmit, true);
      for (const replay of held.splice(0)) replay();
    },
  };
}
