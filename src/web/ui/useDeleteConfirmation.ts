import { useReducer } from 'react';
import { errorMessage } from '../api/ApiError.js';
import type { NoticeSeverity } from './useNotice.js';

/** What the hook needs of a delete mutation (TanStack Query's useMutation of an id). */
export interface DeleteMutation {
  mutate(id: number, callbacks: DeleteCallbacks): void;
  isPending: boolean;
}

export interface DeleteCallbacks {
  onSuccess: (envelope: { message?: string | null }) => void;
  onError: (error: unknown) => void;
  onSettled: () => void;
}

/** The notices when the server's answer carries no message of its own. */
export interface DeleteTexts {
  /** e.g. "Tower deleted successfully". */
  deleted: string;
  /** e.g. "Failed to delete tower". */
  failed: string;
}

/** A deletion's outcome as notices; the confirmation closes either way. */
export function deleteCallbacks(show: (severity: NoticeSeverity, message: string) => void, texts: DeleteTexts, close: () => void): DeleteCallbacks {
  return {
    onSuccess: (envelope) => show('success', envelope.message ?? texts.deleted),
    onError: (error) => show('error', errorMessage(error, texts.failed)),
    onSettled: close,
  };
}

/** Which item the confirmation asks about, and whether it is open. */
export interface ConfirmationState<T> {
  /** Kept after closing, so the dialog's text does not change while it animates away. */
  item: T | null;
  open: boolean;
}

export type ConfirmationEvent<T> = { type: 'ask'; item: T } | { type: 'close' };

export function confirmationStep<T>(state: ConfirmationState<T>, event: ConfirmationEvent<T>): ConfirmationState<T> {
  return event.type === 'ask' ? { item: event.item, open: true } : { ...state, open: false };
}

/**
 * The delete confirmation of a list page: `ask(item)` opens it, confirming deletes the item and
 * shows the outcome as a notice, and it closes once the deletion is settled or on cancel. `dialog`
 * is spread onto ConfirmDialog.
 */
export function useDeleteConfirmation<T extends { id: number }>(
  remove: DeleteMutation,
  show: (severity: NoticeSeverity, message: string) => void,
  texts: DeleteTexts,
) {
  const [{ item, open }, dispatch] = useReducer(confirmationStep<T>, { item: null, open: false });
  const close = () => dispatch({ type: 'close' });
  return {
    /** The item asked about (still set while the dialog closes). */
    item,
    open,
    ask: (next: T) => dispatch({ type: 'ask', item: next }),
    dialog: {
      open,
      pending: remove.isPending,
      onConfirm: () => {
        if (item) remove.mutate(item.id, deleteCallbacks(show, texts, close));
      },
      onCancel: close,
    },
  };
}
