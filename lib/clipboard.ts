/** Clipboard helper (no React): the caller shows the returned message as a toast. */
export const CLIPBOARD_NOT_AVAILABLE = 'Clipboard not available';
export const CLIPBOARD_COPY_FAILED = 'Failed to copy to clipboard';
export const CLIPBOARD_COPIED = 'Copied to clipboard';

export interface CopyResult {
  ok: boolean;
  message: string;
}

/**
 * Copy text with the async Clipboard API.
 * - no clipboard (insecure context, old browser, SSR): 'Clipboard not available'
 * - write rejected: 'Failed to copy to clipboard'
 * - success: `successMessage` (default 'Copied to clipboard')
 */
export async function copyToClipboard(
  text: string,
  successMessage: string = CLIPBOARD_COPIED,
): Promise<CopyResult> {
  const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
  if (!clipboard || typeof clipboard.writeText !== 'function') {
    return { ok: false, message: CLIPBOARD_NOT_AVAILABLE };
  }
  try {
    await clipboard.writeText(text);
    return { ok: true, message: successMessage };
  } catch (err) {
    console.error(CLIPBOARD_COPY_FAILED, err);
    return { ok: false, message: CLIPBOARD_COPY_FAILED };
  }
}
