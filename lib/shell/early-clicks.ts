/**
 * Clicks before hydration (issue 34): until React has hydrated the page, a button has no handler and a click on it
 * would be dropped silently. A small inline script, run as the HTML is parsed, takes such clicks instead: it marks
 * the control as waiting (`data-early-click`, aria-busy: the cursor and dimming of app/globals.css say "not ready")
 * and, once the console has hydrated, replays the latest one as the pointer sequence Radix and React listen to
 * (pointerdown opens a menu or select, mousedown a tab, click a dialog trigger). Links and form submissions are
 * left alone: they work before hydration by themselves.
 */

/** What counts as a control that does nothing before hydration. */
export const EARLY_CLICK_TARGETS =
  'button,[role="button"],[role="tab"],[role="menuitem"],[role="combobox"],[role="checkbox"],[role="switch"],[aria-haspopup]';

type EarlyClickWindow = Window &
  typeof globalThis & {
    __consoleHydrated?: () => void;
  };

/**
 * Installs the early-click catcher on `w`. Written as one self-contained function: its source is what the layout's
 * inline script runs (earlyClickScript), so it may reference nothing outside itself but its parameters.
 */
export function installEarlyClicks(w: EarlyClickWindow, targets: string): void {
  const d = w.document;
  const waiting: Element[] = [];
  const mark = (el: Element, on: boolean) => {
    if (on) {
      el.setAttribute('data-early-click', '');
      el.setAttribute('aria-busy', 'true');
    } else {
      el.removeAttribute('data-early-click');
      el.removeAttribute('aria-busy');
    }
  };
  const onClick = (event: MouseEvent) => {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    const target = event.target instanceof Element ? event.target : null;
    const control = target?.closest(targets);
    if (!control || control.closest('a[href]')) return;
    if ((control as HTMLButtonElement).disabled || control.getAttribute('aria-disabled') === 'true') return;
    if (control instanceof HTMLButtonElement && control.type === 'submit' && control.form) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    waiting.forEach((el) => mark(el, false));
    waiting.splice(0, waiting.length, control);
    mark(control, true);
  };
  d.addEventListener('click', onClick, true);
  w.__consoleHydrated = () => {
    d.removeEventListener('click', onClick, true);
    w.__consoleHydrated = undefined;
    const control = waiting.pop();
    if (!control) return;
    mark(control, false);
    if (!control.isConnected) return;
    const init = { bubbles: true, cancelable: true, composed: true, button: 0, view: w };
    const pointer = Object.assign({ pointerType: 'mouse', isPrimary: true }, init);
    const Pointer = w.PointerEvent ?? w.MouseEvent;
    control.dispatchEvent(new Pointer('pointerdown', pointer));
    control.dispatchEvent(new w.MouseEvent('mousedown', init));
    control.dispatchEvent(new Pointer('pointerup', pointer));
    control.dispatchEvent(new w.MouseEvent('mouseup', init));
    control.dispatchEvent(new w.MouseEvent('click', init));
  };
}

/** The inline script's text (the layout renders it with the request's CSP nonce). */
export function earlyClickScript(): string {
  return `(${installEarlyClicks.toString()})(window, ${JSON.stringify(EARLY_CLICK_TARGETS)});`;
}

/** Called once the console has hydrated: stops catching and replays the latest early click. */
export function consoleHydrated(w: Window = window): void {
  (w as Partial<EarlyClickWindow>).__consoleHydrated?.();
}
