import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** The widths every screen is checked at (ARCHITECTURE §6): a phone, a common laptop, a wide monitor. */
export const RESPONSIVE_WIDTHS = [390, 1280, 1920] as const;

interface TextBox {
  node: number;
  left: number;
  top: number;
  right: number;
  bottom: number;
  text: string;
  path: string;
}

/**
 * Visible text boxes of the page, each clipped by the boxes of ancestors that clip their overflow (a truncated cell,
 * a table scrolling in its own box), and the pairs that overlap by more than a few pixels each way.
 */
async function overlappingText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const boxes: TextBox[] = [];
    const clips = new Map<Element, DOMRect | null>();
    const clipOf = (el: Element): DOMRect | null => {
      if (!clips.has(el)) {
        const s = getComputedStyle(el);
        clips.set(
          el,
          s.overflowX !== 'visible' || s.overflowY !== 'visible' ? el.getBoundingClientRect() : null,
        );
      }
      return clips.get(el) ?? null;
    };
    const describe = (el: Element) => {
      const parts: string[] = [];
      for (let e: Element | null = el; e && parts.length < 4; e = e.parentElement) {
        parts.unshift(`${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}`);
      }
      return parts.join('>');
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    let index = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode(), index++) {
      const text = node.textContent?.trim();
      const el = node.parentElement;
      if (!text || !el || el.closest('[aria-hidden="true"], script, style, template')) continue;
      // A closed <details> keeps its content laid out (Chromium hides it with content-visibility), but nothing shows.
      const closed = el.closest('details:not([open])');
      if (closed && !el.closest('summary')?.parentElement?.isSameNode(closed)) continue;
      const style = getComputedStyle(el);
      if (style.visibility !== 'visible' || Number(style.opacity) === 0) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of Array.from(range.getClientRects())) {
        let box = { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
        for (let a: Element | null = el; a && a !== document.body; a = a.parentElement) {
          const clip = clipOf(a);
          if (!clip) continue;
          box = {
            left: Math.max(box.left, clip.left),
            top: Math.max(box.top, clip.top),
            right: Math.min(box.right, clip.right),
            bottom: Math.min(box.bottom, clip.bottom),
          };
        }
        box = {
          left: Math.max(box.left, 0),
          top: Math.max(box.top, 0),
          right: Math.min(box.right, innerWidth),
          bottom: Math.min(box.bottom, innerHeight),
        };
        // Fully clipped, off screen or screen-reader-only text (1 px) is not drawn.
        if (box.right - box.left <= 2 || box.bottom - box.top <= 2) continue;
        boxes.push({ ...box, node: index, text: text.slice(0, 40), path: describe(el) });
      }
    }
    const overlaps: string[] = [];
    boxes.sort((a, b) => a.top - b.top);
    for (let i = 0; i < boxes.length; i++) {
      const a = boxes[i]!;
      for (let j = i + 1; j < boxes.length && boxes[j]!.top < a.bottom; j++) {
        const b = boxes[j]!;
        // One text's own pieces (a wrapped or truncated line) are not two texts.
        if (a.node === b.node) continue;
        const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (w > 3 && h > 3) overlaps.push(`"${a.text}" (${a.path}) overlaps "${b.text}" (${b.path})`);
      }
    }
    return overlaps;
  });
}

/**
 * The responsive check of a screen, one line per screen:
 *   await expectResponsive(page, '/health', (p) => p.getByRole('table', { name: 'Health checks' }));
 * At 390, 1280 and 1920 px wide it asserts that the page does not scroll sideways (tables scroll in their own box),
 * that no two texts are drawn over each other, and that the main data is visible and starts inside the window. The
 * address is loaded once, at the phone's width (what a phone gets from the server), and the window then widened, as
 * a desktop window is resized: a load per width cost the e2e phase two page loads per screen. The page must be
 * signed in already.
 */
export async function expectResponsive(
  page: Page,
  path: string,
  main: (page: Page) => Locator,
): Promise<void> {
  for (const [index, width] of RESPONSIVE_WIDTHS.entries()) {
    await page.setViewportSize({ width, height: 900 });
    if (index === 0) await page.goto(path);
    // A widened window runs the layout's transitions (the sidebar's width): measured once they have ended.
    else
      await page.evaluate(() =>
        Promise.all(
          document
            .getAnimations()
            // A pulsing skeleton or a spinner never ends.
            .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
            .map((animation) => animation.finished.catch(() => undefined)),
        ),
      );
    const data = main(page).first();
    await expect(data, `main data at ${width} px`).toBeVisible();
    const scroll = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      window: window.innerWidth,
    }));
    expect(scroll.page, `${path} scrolls sideways at ${width} px`).toBeLessThanOrEqual(scroll.window);
    expect(await overlappingText(page), `${path}: overlapping text at ${width} px`).toEqual([]);
    const box = await data.boundingBox();
    expect(
      box && box.x >= 0 && box.x < width && box.width > 0,
      `${path}: main data inside the window at ${width} px`,
    ).toBe(true);
  }
}
