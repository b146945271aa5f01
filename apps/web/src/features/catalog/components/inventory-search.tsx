import { useEffect, useRef, useState } from 'react';
import { SEARCH_MAX_LENGTH } from '@shop/contracts';
import { CloseIcon } from '../../../components/ui/icons';
import { inputClasses } from '../../../components/ui/form-field';
import { useDebounce } from '../../../lib/use-debounce';

interface InventorySearchProps {
  /** The search in the URL. */
  value: string;
  /** Called 300 ms after typing stops, and at once when cleared. */
  onSearch: (value: string) => void;
}

/**
 * The inventory search box: debounced, with a clear button that puts focus back in the box; follows the URL when it
 * changes (back, Clear All).
 */
export function InventorySearch({ value, onSearch }: InventorySearchProps) {
  // The box's text, `typed` when the visitor typed it: a new entry per keystroke, so each one restarts the wait.
  // Text from the URL or the clear button is not typed: it replaces a search still waiting, which is never sent.
  const [entry, setEntry] = useState({ text: value, typed: false });
  const [syncedValue, setSyncedValue] = useState(value);
  // The search this box sent that the URL has not reached yet. The URL arrives a render or more later (the
  // router's navigation is a transition): reaching it is not a change from outside, and the keys typed meanwhile
  // stay in the box.
  const [sent, setSent] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  if (value !== syncedValue) {
    setSyncedValue(value);
    setSent(null);
    if (value !== sent) setEntry({ text: value, typed: false });
  }

  const settled = useDebounce(entry);
  const searched = useRef(settled);
  useEffect(() => {
    if (!settled.typed || settled === searched.current) return;
    searched.current = settled;
    const text = settled.text.trim();
    setSent(text);
    onSearch(text);
  }, [settled, onSearch]);

  const text = entry.text;
  const clear = () => {
    setEntry({ text: '', typed: false });
    setSent('');
    onSearch('');
    // The button goes away with the text: the keyboard stays in the box, ready for the next search.
    input.current?.focus();
  };

  return (
    <div className="relative w-full md:max-w-md">
      <label htmlFor="inventory-search" className="sr-only">
        Search products
      </label>
      <input
        ref={input}
        id="inventory-search"
        type="search"
        value={text}
        onChange={(e) => setEntry({ text: e.target.value, typed: true })}
        placeholder="Search products..."
        autoComplete="off"
        maxLength={SEARCH_MAX_LENGTH.storefront}
        className={`${inputClasses} border-slate-300 py-3 pr-11 [&::-webkit-search-cancel-button]:hidden`}
      />
      {text && (
        <button
          type="button"
          onClick={clear}
          aria-label="Clear search"
          className="absolute inset-y-0 right-1 my-auto flex size-9 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-navy-900"
        >
          <CloseIcon className="size-4" />
        </button>
      )}
    </div>
  );
}
