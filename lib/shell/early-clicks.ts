/**
 * Clicks before hydration (issue 34): until React has hydrated the page, a button has no handler and a click on it
 * would be dropped silently. A small inline script, run as the HTML is parsed, takes such clicks instead: it marks
 * the control as waiting (`data-early-click`, aria-busy: the cursor and dimming of app/globals.css say "not ready")
 * and, once the console has hydrated, replays the latest one as the pointer sequence Radix and React listen to
 * (pointerdown opens a menu or select, mousedown a tab, click a dialog trigger). Links and form submissions are
 * left alone: they work before hydration by themselves. Text typed and options chosen before hydration are handed
 * to React the same way once their field is hydrated (React would otherwise put its own state back).
 */

/**
 * What counts as a control that does nothing before hydration (tr[data-openable]: a table kit row that opens
 * something, outside its link, which works by itself).
 */
export const EARLY_CLICK_TARGETS =
  'button,[role="button"],[role="tab"],[role="menuitem"],[role="combobox"],[role="checkbox"],[role="switch"],[aria-haspopup],tr[data-openable]';

type EarlyClickWindow = Window &
  typeof globalThis & {
    __consoleHydrated?: () => void;
  };

/**
 * Installs the early-click catcher on `w`. Written as one self-contained function: its source is what the layout's
 * inline script runs (earlyClickScript), so it may reference nothing outside itself but its parameters.
 *
 * A control counts as ready one task after the console hydrated (Next's router effects have run by then; a click
 * that navigates earlier is dropped) and once React has hydrated it (React keeps its props on the element,
 * `__reactProps$…`) — the shell hydrates before a page's streamed parts, so "the console hydrated" alone is not
 * enough. Props alone are not either: React sets them while it renders and, until it commits, stops a click on
 * that part in its capture listener. So a click on a ready control passes but is watched, a held click is replayed
 * once its control is ready, and either is held (again) when it did not reach its control. When React replaced
 * the server's element (a hydration mismatch re-renders a part), the click goes to the element that took its place
 * (same tag, label and text). Ten seconds after the console hydrated the catcher stops, and a control still not
 * ready (not React's) gets its click anyway.
 */
export function installEarlyClicks(w: EarlyClickWindow, targets: string): void {
  const d = w.document;
  let held: { control: Element; tag: string; label: string | null; text: string | null } | null = null;
  let stopAt = Infinity;
  let hydrated = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  const ready = (el: Element) => hydrated && Object.keys(el).some((key) => key.startsWith('__reactProps$'));
  const mark = (el: Element, on: boolean) => {
    if (on) {
      el.setAttribute('data-early-click', '');
      el.setAttribute('aria-busy', 'true');
    } else {
      el.removeAttribute('data-early-click');
      el.removeAttribute('aria-busy');
    }
  };
  // Watches whether the next click reaches `el` (React stops one on a part it has rendered but not committed); the
  // returned function stops watching and answers.
  const watch = (el: Element, type = 'click') => {
    let reached = false;
    const seen = () => {
      reached = true;
    };
    el.addEventListener(type, seen, true);
    return () => {
      el.removeEventListener(type, seen, true);
      return reached;
    };
  };
  // While the catcher dispatches its own events, its listeners let them pass.
  let replaying = false;
  const replay = (control: Element) => {
    const init = { bubbles: true, cancelable: true, composed: true, button: 0, view: w };
    const pointer = Object.assign({ pointerType: 'mouse', isPrimary: true }, init);
    const Pointer = w.PointerEvent ?? w.MouseEvent;
    control.dispatchEvent(new Pointer('pointerdown', pointer));
    control.dispatchEvent(new w.MouseEvent('mousedown', init));
    control.dispatchEvent(new Pointer('pointerup', pointer));
    control.dispatchEvent(new w.MouseEvent('mouseup', init));
    const reached = watch(control);
    control.dispatchEvent(new w.MouseEvent('click', init));
    return reached();
  };
  const current = (): Element | null => {
    if (!held) return null;
    if (held.control.isConnected) return held.control;
    const { tag, label, text } = held;
    for (const el of Array.from(d.querySelectorAll(targets)))
      if (el.tagName === tag && el.getAttribute('aria-label') === label && el.textContent === text) return el;
    return null;
  };
  // A held click is replayed once its control is ready, and again at the next tick while React still stops it.
  const tick = () => {
    replaying = true;
    try {
      step();
    } finally {
      replaying = false;
    }
  };
  // Values typed or chosen before hydration: React leaves a field alone while it hydrates, then its first render puts
  // its own state back. Each field changed early is handed to React once it is ready, as the change it was: a value
  // set past React's watch of the field (so React sees it as new) and the event React listens to.
  const entered = new Map<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement, string>();
  // Answers whether the event reached the field: React stops it on a part it has rendered but not committed, and
  // the value is then handed again at the next tick.
  const hand = (field: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement, value: string) => {
    const type = field.tagName === 'SELECT' ? 'change' : 'input';
    const native = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
    field.value = value === '' ? ' ' : '';
    if (native) native.call(field, value);
    else field.value = value;
    const reached = watch(field, type);
    field.dispatchEvent(new w.Event(type, { bubbles: true }));
    return reached();
  };
  const onEntry = (event: Event) => {
    const field = event.target;
    if (
      replaying ||
      !(
        field instanceof w.HTMLInputElement ||
        field instanceof w.HTMLSelectElement ||
        field instanceof w.HTMLTextAreaElement
      ) ||
      (field instanceof w.HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio'))
    )
      return;
    const keep = () => {
      entered.set(field, field.value);
      timer ??= setInterval(tick, 50);
    };
    if (!ready(field)) return keep();
    // The event goes on; should React stop it (the field's part is not committed yet), it is handed over after all.
    const reached = watch(field, event.type);
    setTimeout(() => {
      if (!reached()) keep();
    }, 0);
  };
  const step = () => {
    const over = Date.now() >= stopAt;
    for (const [field, value] of entered) {
      if (!field.isConnected) entered.delete(field);
      else if ((ready(field) || over) && (hand(field, value) || over)) entered.delete(field);
    }
    const control = current();
    if (held && (!control || ready(control) || over)) {
      mark(held.control, false);
      if (!control) held = null;
      else if (replay(control) || over) {
        mark(control, false);
        held = null;
      } else {
        held.control = control;
        mark(control, true);
      }
    }
    if (!held && !entered.size) {
      clearInterval(timer);
      timer = undefined;
    }
    if (over) {
      d.removeEventListener('click', onClick, true);
      d.removeEventListener('auxclick', onClick, true);
      d.removeEventListener('input', onEntry, true);
      d.removeEventListener('change', onEntry, true);
    }
  };
  const hold = (control: Element) => {
    if (held) mark(held.control, false);
    held = {
      control,
      tag: control.tagName,
      label: control.getAttribute('aria-label'),
      text: control.textContent,
    };
    mark(control, true);
    timer ??= setInterval(tick, 50);
  };
  const onClick = (event: MouseEvent) => {
    if (replaying) return;
    if (Date.now() >= stopAt) return tick();
    const target = event.target instanceof Element ? event.target : null;
    const control = target?.closest(targets);
    // A link works by itself, also one inside a control (a table row's link).
    if (!control || target?.closest('a[href]')) return;
    const modified = event.ctrlKey || event.metaKey || event.shiftKey || event.altKey || event.button === 1;
    // A table row that opens something is its link: before hydration a click elsewhere on it goes to the link (a
    // page load), a modified or middle one opens the link's address in a new tab.
    // A modified one is the catcher's while it listens: React may hold it back on a row it has not committed.
    const rowLink =
      event.button <= 1 &&
      control.matches('tr[data-openable]') &&
      (modified || !ready(control)) &&
      control.querySelector('a[data-row-link]');
    if (rowLink instanceof w.HTMLAnchorElement) {
      event.preventDefault();
      event.stopImmediatePropagation();
      if (modified) w.open(rowLink.href, '_blank', 'noopener');
      else rowLink.click();
      return;
    }
    if (event.button !== 0 || modified) return;
    if ((control as HTMLButtonElement).disabled || control.getAttribute('aria-disabled') === 'true') return;
    if (control instanceof HTMLButtonElement && control.type === 'submit' && control.form) return;
    if (ready(control)) {
      // The click goes on; should React stop it (the control's part is not committed yet), it is held after all.
      const reached = watch(control);
      setTimeout(() => {
        if (!reached() && !held) hold(control);
      }, 0);
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    hold(control);
  };
  d.addEventListener('click', onClick, true);
  d.addEventListener('auxclick', onClick, true);
  d.addEventListener('input', onEntry, true);
  d.addEventListener('change', onEntry, true);
  w.__consoleHydrated = () => {
    w.__consoleHydrated = undefined;
    stopAt = Date.now() + 10_000;
    setTimeout(tick, 10_000);
    setTimeout(() => {
      hydrated = true;
      tick();
    }, 0);
  };
}

/** The inline script's text (the layout renders it with the request's CSP nonce). */
export function earlyClickScript(): string {
  return `(${installEarlyClicks.toString()})(window, ${JSON.stringify(EARLY_CLICK_TARGETS)});`;
}
