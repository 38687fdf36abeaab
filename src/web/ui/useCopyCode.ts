import { useCallback, useState } from 'react';
import { useTimedMessage } from './useTimedMessage.js';
import { copyText } from './copyText.js';

/** Copying shows this for 2 s. */
export const COPY_CONFIRMATION = 'Code copied to clipboard!';
export const COPY_CONFIRMATION_MS = 2_000;
export const COPY_FAILED = 'Could not copy automatically. Select the code and press Ctrl+C (⌘C on a Mac).';

/** Copies a named block of code and tracks the 2 s confirmation (and which block it is for). */
export function useCopyCode() {
  const [confirmation, showConfirmation] = useTimedMessage(COPY_CONFIRMATION_MS);
  const [lastCopied, setLastCopied] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ id: number } | null>(null);

  const copy = useCallback(
    async (name: string, code: string) => {
      try {
        await copyText(code);
        setFailure(null);
        setLastCopied(name);
        showConfirmation(COPY_CONFIRMATION);
      } catch {
        setFailure((previous) => ({ id: (previous?.id ?? 0) + 1 }));
      }
    },
    [showConfirmation],
  );

  return {
    copy,
    /** The confirmation while it shows, else null. */
    confirmation,
    /** The block whose code was just copied, while the confirmation shows. */
    copiedName: confirmation ? lastCopied : null,
    failure,
    dismissFailure: useCallback(() => setFailure(null), []),
  };
}

export type CopyCodeState = ReturnType<typeof useCopyCode>;
