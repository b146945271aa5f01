import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdEarlyInput } from './early-input';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('holdEarlyInput', () => {
  it('holds a click on a button until released, then makes it once', () => {
    document.body.innerHTML = '<div><button type="button"><span>Play video</span></button></div>';
    const button = document.querySelector('button')!;
    const onClick = vi.fn();
    button.addEventListener('click', onClick);
    const hold = holdEarlyInput();
    button.querySelector('span')!.click();
    expect(onClick).not.toHaveBeenCalled();
    hold.release();
    expect(onClick).toHaveBeenCalledTimes(1);
    // Once released, clicks go straight through.
    button.click();
    expect(onClick).toHaveBeenCalledTimes(2);
    hold.release();
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('keeps a form from being sent the browser way, and sends it through the page once released', () => {
    document.body.innerHTML =
      '<form><input name="email" value="a@example.com"><button type="submit">Subscribe</button></form>';
    const form = document.querySelector('form')!;
    const submitted: boolean[] = [];
    // The page's own handler, attached later (as React does on hydration), prevents the browser's submission.
    const hold = holdEarlyInput();
    document.querySelector('button')!.click();
    form.addEventListener('submit', (event) => {
      submitted.push(event.defaultPrevented);
      event.preventDefault();
    });
    expect(submitted).toEqual([]);
    hold.release();
    expect(submitted).toEqual([false]);
  });

  it('leaves links alone and drops a click on a button that is gone or disabled by then', () => {
    document.body.innerHTML =
      '<a href="#next">Next</a><button type="button">Gone</button><button type="button">Off</button>';
    const [gone, off] = [...document.querySelectorAll('button')];
    const onClick = vi.fn();
    off!.addEventListener('click', onClick);
    const onLink = vi.fn((event: Event) => event.preventDefault());
    document.querySelector('a')!.addEventListener('click', onLink);
    const hold = holdEarlyInput();
    document.querySelector('a')!.click();
    expect(onLink).toHaveBeenCalledTimes(1);
    gone!.click();
    off!.click();
    gone!.remove();
    off!.disabled = true;
    hold.release();
    expect(onClick).not.toHaveBeenCalled();
  });

  it('types the text typed before release into the page again, as an input event', () => {
    document.body.innerHTML = '<input type="search" aria-label="Search products"><textarea></textarea>';
    const search = document.querySelector('input')!;
    const notes = document.querySelector('textarea')!;
    const hold = holdEarlyInput();
    search.value = 'desk';
    search.dispatchEvent(new Event('input', { bubbles: true }));
    notes.value = 'Two floors';
    notes.dispatchEvent(new Event('input', { bubbles: true }));
    // Attaching clears the fields (a controlled field takes the page's empty state); the page listens from now.
    search.value = '';
    notes.value = '';
    const seen: string[] = [];
    document.addEventListener('input', (event) => seen.push((event.target as HTMLInputElement).value));
    hold.release();
    expect(search.value).toBe('desk');
    expect(notes.value).toBe('Two floors');
    expect(seen).toEqual(['desk', 'Two floors']);
  });
});
