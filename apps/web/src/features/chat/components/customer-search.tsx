import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { SEARCH_MAX_LENGTH } from '@shop/contracts';
import { TextField } from '../../../components/ui/form-field';
import { LoadError } from '../../../components/ui/lists/paged-list';
import { failureWithReason } from '../../../lib/api-error';
import { useDebounce } from '../../../lib/use-debounce';
import { chatKeys, searchChatUsers, type ChatCustomer } from '../api/chat-api';
import { ChatAvatar } from './chat-avatar';

/** Said in place of the customers found when the search could not be made (typing again searches again). */
const SEARCH_FAILED = 'Failed to search customers.';

/** Finds a customer by name or e-mail to start (or open) their conversation. */
export function CustomerSearch({ onPick }: { onPick: (customer: ChatCustomer) => void }) {
  const [query, setQuery] = useState('');
  const field = useRef<HTMLInputElement>(null);
  const debounced = useDebounce(query.trim());
  const { data, isFetching, error } = useQuery({
    queryKey: chatKeys.search(debounced),
    queryFn: ({ signal }) => searchChatUsers(debounced, signal),
    enabled: debounced.length > 0,
    staleTime: 30_000,
  });
  // An emptied field (a customer picked, or the text erased) closes the results at once, not after the debounce.
  const shown = debounced !== '' && query.trim() !== '';
  const users = shown ? (data?.users ?? []) : [];
  // Not "No customers found." when the search itself failed.
  const failed = !!error && !isFetching && users.length === 0;
  return (
    <div className="border-b border-slate-200 p-3">
      <TextField
        ref={field}
        type="search"
        label="New conversation"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        placeholder="Customer's name or e-mail…"
        autoComplete="off"
        maxLength={SEARCH_MAX_LENGTH.list}
      />
      {shown && failed && <LoadError message={failureWithReason(error, SEARCH_FAILED)} className="mt-2" />}
      {shown && !failed && (
        <ul
          className="mt-2 max-h-60 overflow-y-auto rounded-lg border border-slate-200"
          aria-label="Customers found"
          aria-busy={isFetching}
        >
          {users.length === 0 && !isFetching && (
            <li className="px-3 py-2 text-sm text-slate-600">No customers found.</li>
          )}
          {users.map((u) => (
            <li key={u.id}>
              <button
                type="button"
                className="flex w-full items-center gap-2 px-3 py-2 text-left text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-copper-600"
                onClick={() => {
                  // The results close with the button pressed: the focus stays in the search, not on the page, until
                  // the conversation picked takes it.
                  field.current?.focus();
                  setQuery('');
                  onPick(u);
                }}
              >
                <ChatAvatar name={u.name} photoUrl={u.photo_url} className="size-7" />
                <span className="truncate">{u.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
