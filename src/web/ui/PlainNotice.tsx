import { useEffect } from 'react';
import { PlainIcon } from './plainIcons.js';
import { NOTICE_AUTO_HIDE_MS, type Notice } from './useNotice.js';

/**
 * NoticeSnackbar for the public pages, without MUI: the notice at the bottom of the screen, read
 * out as an alert, hidden after NOTICE_AUTO_HIDE_MS or by its close button. A new notice (a new id)
 * restarts the clock.
 */
export function PlainNotice({ notice, onClose }: { notice: Notice | null; onClose: () => void }) {
  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(onClose, NOTICE_AUTO_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [notice, onClose]);
  if (!notice) return null;
  return (
    <div key={notice.id} className={`plain-notice plain-notice-${notice.severity}`} role="alert">
      <span>{notice.message}</span>
      <button type="button" className="plain-icon-button plain-small" aria-label="Close" onClick={onClose}>
        <PlainIcon name="close" size={20} />
      </button>
    </div>
  );
}
