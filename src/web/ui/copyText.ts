/**
 * Puts text on the clipboard: the asynchronous Clipboard API where the browser offers it (secure
 * pages), else the older select-and-copy command. Rejects when neither works, so the caller can
 * ask the user to copy by hand.
 */
export async function copyText(text: string): Promise<void> {
  if (typeof navigator.clipboard?.writeText === 'function') {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Refused (no permission, page not focused): try the older way below.
    }
  }
  if (!copyBySelecting(text)) throw new Error('The browser did not allow copying to the clipboard.');
}

/** Selects the text in an off-screen text area and runs the copy command. */
function copyBySelecting(text: string): boolean {
  const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const textarea = document.createElement('textarea');
  textarea.value = text;
  textarea.setAttribute('readonly', '');
  textarea.setAttribute('aria-hidden', 'true');
  Object.assign(textarea.style, { position: 'fixed', top: '0', left: '0', width: '1px', height: '1px', opacity: '0' });
  document.body.append(textarea);
  textarea.select();
  textarea.setSelectionRange(0, text.length);
  let copied: boolean;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  } finally {
    textarea.remove();
    previouslyFocused?.focus();
  }
  return copied;
}
