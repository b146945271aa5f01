import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';

export interface BusyRows {
  /** The rows with an action under way: their buttons ignore presses (useRowButtons). */
  busyIds: ReadonlySet<number>;
  /** Whether a row is busy now, already before the next render (a second click in the same frame). */
  isBusy: (id: number) => boolean;
  mark: (id: number, busy: boolean) => void;
}

/** Which rows of a list (or cards of a page) have an action under way. */
export function useBusyRows(): BusyRows {
  const [busyIds, setBusyIds] = useState<ReadonlySet<number>>(() => new Set());
  const now = useRef(new Set<number>());
  const isBusy = useCallback((id: number) => now.current.has(id), []);
  const mark = useCallback((id: number, busy: boolean) => {
    if (busy) now.current.add(id);
    else now.current.delete(id);
    setBusyIds(new Set(now.current));
  }, []);
  return { busyIds, isBusy, mark };
}

interface RowMutationOptions<Row, Result> {
  mutationFn: (row: Row) => Promise<Result>;
  onSuccess: (result: Result, row: Row) => unknown;
  onError: (error: Error, row: Row) => unknown;
}

/**
 * An action on one row of a list (activate, delete…): the row is busy while it runs, and a row that is
 * already busy is left alone. Returns the function that starts it.
 */
export function useRowMutation<Row extends { id: number }, Result>(
  rows: BusyRows,
  options: RowMutationOptions<Row, Result>,
): (row: Row) => void {
  const mutation = useMutation({
    ...options,
    onSettled: (_result, _error, row) => rows.mark(row.id, false),
  });
  return (row: Row) => {
    if (rows.isBusy(row.id)) return;
    rows.mark(row.id, true);
    mutation.mutate(row);
  };
}

/**
 * The props of a busy row's action buttons: while the row is busy they ignore presses but keep the keyboard's
 * focus (aria-disabled, not disabled, which would drop it to the page's body), and the one pressed spins.
 */
export function useRowButtons<Action extends string>(busy: boolean) {
  const [pressed, setPressed] = useState<Action | null>(null);
  return (action: Action, run: () => void) => ({
    onClick: () => {
      if (busy) return;
      setPressed(action);
      run();
    },
    loading: busy && pressed === action,
    'aria-disabled': busy || undefined,
  });
}
