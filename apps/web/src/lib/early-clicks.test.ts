import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdEarlyClicks } from './early-clicks';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('holdEarlyClicks', () => {
  it('holds a click on a button until released, then makes it once', () => {
    document.body.innerHTML = '<div><button type="button"><span>Play video</span></button></div>';
    const button = document.querySelector('button')!;
    const onClick = vi.fn();
    button.addEventListener('click', onClick);
    const hold = holdEarlyClicks();
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
    const hold = holdEarlyClicks();
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
    const hold = holdEarlyClicks();
    document.querySelector('a')!.click();
    expect(onLink).toHaveBeenCalledTimes(1);
    gone!.click();
    off!.click();
    gone!.remove();
    off!.disabled = true;
    hold.release();
    expect(onClick).not.toHaveBeenCalled();
  });
});
