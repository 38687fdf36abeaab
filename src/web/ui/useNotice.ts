import { useCallback, useState } from 'react';

/** Snackbars and notices hide themselves after 6 s. */
export const NOTICE_AUTO_HIDE_MS = 6_000;

export type NoticeSeverity = 'success' | 'error' | 'info' | 'warning';

export interface Notice {
  severity: NoticeSeverity;
  message: string;
  /** Distinguishes two notices with the same text, so showing it again restarts the clock. */
  id: number;
}

/** The notice a screen's snackbar shows; see NoticeSnackbar. */
export function useNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  const show = useCallback((severity: NoticeSeverity, message: string) => {
    setNotice((previous) => ({ severity, message, id: (previous?.id ?? 0) + 1 }));
  }, []);
  const close = useCallback(() => setNotice(null), []);
  return { notice, show, close };
}
