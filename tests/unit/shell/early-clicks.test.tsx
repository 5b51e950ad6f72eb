import { act, fireEvent } from '@testing-library/react';
import type * as React from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { FilterSelect, valueOptions } from '@/components/list/filter-select';
import { SearchBox } from '@/components/list/search-box';
import { SEARCH_DEBOUNCE_MS } from '@/lib/constants';
import { consoleHydrated } from '@/lib/shell/console-hydrated';
import { earlyClickScript } from '@/lib/shell/early-clicks';

/** Runs the layout's inline script as the browser would: its text alone, in this window. */
function runInlineScript() {
  new Function(earlyClickScript())();
}

/** What React leaves on an element it has hydrated. */
function hydrate(el: Element) {
  (el as unknown as Record<string, unknown>)['__reactProps$abc123'] = {};
}

function mount(html: string) {
  document.body.innerHTML = html;
  const seen: string[] = [];
  for (const type of ['pointerdown', 'mousedown', 'click'])
    document.body.addEventListener(type, (e) => seen.push(`${type}:${(e.target as Element).id}`));
  return seen;
}
const byId = (id: string) => document.getElementById(id)!;

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  consoleHydrated();
  jest.advanceTimersByTime(11_000);
  jest.useRealTimers();
  document.body.innerHTML = '';
});

describe('clicks before hydration (issue 34)', () => {
  it('holds a click on a control React has not hydrated, shows it waiting, and replays it once it is', () => {
    const seen = mount('<button type="button" id="add">Add Connection</button>');
    runInlineScript();
    fireEvent.click(byId('add'));
    expect(seen).toEqual([]);
    expect(byId('add')).toHaveAttribute('data-early-click');
    expect(byId('add')).toHaveAttribute('aria-busy', 'true');
    jest.advanceTimersByTime(500);
    expect(seen).toEqual([]);
    hydrate(byId('add'));
    consoleHydrated();
    jest.advanceTimersByTime(50);
    expect(seen).toEqual(['pointerdown:add', 'mousedown:add', 'click:add']);
    expect(byId('add')).not.toHaveAttribute('data-early-click');
    expect(byId('add')).not.toHaveAttribute('aria-busy');
  });

  it('holds a click on a table row that opens something (data-openable) as on a button, not one on its link', () => {
    const seen = mount(
      '<table><tbody><tr data-openable id="row"><td><a href="#web-1" id="link">web-1</a></td><td id="cell">ok</td></tr></tbody></table>',
    );
    runInlineScript();
    fireEvent.click(byId('link'));
    expect(seen).toEqual(['click:link']);
    seen.length = 0;
    fireEvent.click(byId('cell'));
    expect(seen).toEqual([]);
    hydrate(byId('row'));
    consoleHydrated();
    jest.advanceTimersByTime(50);
    expect(seen).toEqual(['pointerdown:row', 'mousedown:row', 'click:row']);
  });

  it('holds a click on a control React has rendered until one task after the console hydrated (the router is ready then)', () => {
    const seen = mount('<table><tbody><tr data-openable id="row"><td>web-1</td></tr></tbody></table>');
    runInlineScript();
    hydrate(byId('row'));
    fireEvent.click(byId('row'));
    jest.advanceTimersByTime(500);
    expect(seen).toEqual([]);
    consoleHydrated();
    expect(seen).toEqual([]);
    jest.advanceTimersByTime(0);
    expect(seen).toEqual(['pointerdown:row', 'mousedown:row', 'click:row']);
  });

  it('lets clicks on hydrated controls through untouched', () => {
    const seen = mount('<button id="ready">Ready</button>');
    runInlineScript();
    hydrate(byId('ready'));
    consoleHydrated();
    jest.advanceTimersByTime(0);
    fireEvent.click(byId('ready'));
    expect(seen).toEqual(['click:ready']);
    expect(byId('ready')).not.toHaveAttribute('data-early-click');
  });

  it('replays only the latest of several early clicks', () => {
    const seen = mount('<button id="a">A</button><div role="tab" id="b"><span id="inner">B</span></div>');
    runInlineScript();
    fireEvent.click(byId('a'));
    fireEvent.click(byId('inner'));
    expect(byId('a')).not.toHaveAttribute('data-early-click');
    hydrate(byId('a'));
    hydrate(byId('b'));
    consoleHydrated();
    jest.advanceTimersByTime(0);
    expect(seen).toEqual(['pointerdown:b', 'mousedown:b', 'click:b']);
  });

  it('gives the click to the element React put in place of the server’s (same tag, label and text)', () => {
    const seen = mount('<main><button aria-label="Add" id="old">+</button></main>');
    runInlineScript();
    fireEvent.click(byId('old'));
    document.querySelector('main')!.innerHTML = '<button aria-label="Add" id="new">+</button>';
    hydrate(byId('new'));
    consoleHydrated();
    jest.advanceTimersByTime(50);
    expect(seen).toEqual(['pointerdown:new', 'mousedown:new', 'click:new']);
  });

  it('drops a held click whose control left the page with no successor', () => {
    const seen = mount('<div id="box"><button id="gone">Gone</button></div>');
    runInlineScript();
    fireEvent.click(byId('gone'));
    byId('box').innerHTML = '';
    jest.advanceTimersByTime(50);
    expect(seen).toEqual([]);
  });

  it('ten seconds after the console hydrated, gives a control that never became React’s its click and stops', () => {
    const seen = mount('<button id="plain">Plain</button>');
    runInlineScript();
    fireEvent.click(byId('plain'));
    consoleHydrated();
    jest.advanceTimersByTime(9_900);
    expect(seen).toEqual([]);
    jest.advanceTimersByTime(200);
    expect(seen).toEqual(['pointerdown:plain', 'mousedown:plain', 'click:plain']);
    fireEvent.click(byId('plain'));
    expect(seen.at(-1)).toBe('click:plain');
    expect(byId('plain')).not.toHaveAttribute('data-early-click');
  });

  it('leaves links, form submissions, modified clicks and disabled controls alone', () => {
    const seen = mount(
      '<a href="#x" id="link"><button id="in-link">x</button></a><form><button id="submit">Save</button></form>' +
        '<button id="disabled" disabled>Off</button><button id="plain">Plain</button>',
    );
    runInlineScript();
    fireEvent.click(byId('in-link'));
    fireEvent.click(byId('submit'));
    fireEvent.click(byId('plain'), { ctrlKey: true });
    fireEvent.click(byId('disabled'));
    expect(document.querySelector('[data-early-click]')).toBeNull();
    // Nothing was held (jsdom dispatches the disabled button's click; a browser would not).
    expect(seen).toEqual(['click:in-link', 'click:submit', 'click:plain', 'click:disabled']);
  });

  it('replays again while React stops the click (its part is rendered, not committed), and holds a passed-on click React stopped', () => {
    const seen = mount('<button type="button" id="add">Add Rule</button>');
    runInlineScript();
    // React's capture listener on the document: it stops a click on a part it cannot finish hydrating yet.
    let blocked = true;
    document.addEventListener('click', (e) => blocked && e.stopPropagation(), true);
    hydrate(byId('add'));
    consoleHydrated();
    jest.advanceTimersByTime(0);
    fireEvent.click(byId('add'));
    expect(seen).toEqual([]);
    jest.advanceTimersByTime(0);
    expect(byId('add')).toHaveAttribute('data-early-click');
    jest.advanceTimersByTime(200);
    expect(seen.filter((e) => e.startsWith('click'))).toEqual([]);
    blocked = false;
    jest.advanceTimersByTime(50);
    expect(seen.filter((e) => e.startsWith('click'))).toEqual(['click:add']);
    expect(byId('add')).not.toHaveAttribute('data-early-click');
    jest.advanceTimersByTime(500);
    expect(seen.filter((e) => e.startsWith('click'))).toEqual(['click:add']);
  });
});

describe('typing and choosing before hydration (issue 34)', () => {
  /** Real React: the server's HTML, the script, what the person does before hydration, then hydration. */
  function hydrateAfter(element: React.ReactElement, before: (container: HTMLElement) => void) {
    const container = document.createElement('div');
    container.innerHTML = renderToString(element);
    document.body.appendChild(container);
    runInlineScript();
    before(container);
    act(() => {
      hydrateRoot(container, element);
    });
    act(() => {
      consoleHydrated();
      jest.advanceTimersByTime(0);
    });
    return container;
  }
  // As a person does: the browser sets the value (past React's watch of the field), then fires the event.
  const type = (field: HTMLInputElement | HTMLSelectElement, value: string) => {
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')!.set!.call(field, value);
    field.dispatchEvent(new Event(field.tagName === 'SELECT' ? 'change' : 'input', { bubbles: true }));
  };

  it('searches text typed into a search box before hydration, and keeps it in the box', () => {
    const reported: string[] = [];
    const box = <SearchBox label="Search things" value="" onChange={(text) => reported.push(text)} />;
    const container = hydrateAfter(box, (c) => type(c.querySelector('input')!, 'pay'));
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(reported).toEqual(['pay']);
    expect(container.querySelector('input')).toHaveValue('pay');
  });

  it('hands a filter chosen before hydration to onChange, and nothing when nothing was chosen', () => {
    const chosen: string[] = [];
    const filter = (
      <FilterSelect
        label="Status"
        value="open"
        options={valueOptions(['open', 'closed'])}
        onChange={(v) => chosen.push(v)}
      />
    );
    const container = hydrateAfter(filter, (c) => type(c.querySelector('select')!, 'closed'));
    expect(chosen).toEqual(['closed']);
    container.remove();
    hydrateAfter(filter, () => undefined);
    expect(chosen).toEqual(['closed']);
  });

  it('hands the value again while React stops the event (its part is rendered, not committed)', () => {
    mount('<input type="search" id="box" />');
    runInlineScript();
    const box = byId('box') as HTMLInputElement;
    type(box, 'pay');
    let blocked = true;
    document.addEventListener('input', (e) => blocked && e.stopPropagation(), true);
    const received: string[] = [];
    box.addEventListener('input', () => received.push(box.value));
    hydrate(box);
    consoleHydrated();
    jest.advanceTimersByTime(0);
    jest.advanceTimersByTime(200);
    expect(received).toEqual([]);
    blocked = false;
    jest.advanceTimersByTime(50);
    expect(received).toEqual(['pay']);
    jest.advanceTimersByTime(500);
    expect(received).toEqual(['pay']);
  });

  it('hands over a value React stopped on a field it has rendered but not committed', () => {
    mount(
      '<select id="sev"><option value="">All</option><option value="critical">Critical</option></select>',
    );
    runInlineScript();
    const select = byId('sev') as HTMLSelectElement;
    hydrate(select);
    consoleHydrated();
    jest.advanceTimersByTime(0);
    let blocked = true;
    document.addEventListener('change', (e) => blocked && e.stopPropagation(), true);
    const received: string[] = [];
    select.addEventListener('change', () => received.push(select.value));
    type(select, 'critical');
    jest.advanceTimersByTime(100);
    expect(received).toEqual([]);
    blocked = false;
    jest.advanceTimersByTime(50);
    expect(received).toEqual(['critical']);
  });

  it('leaves a field React has hydrated to React', () => {
    const reported: string[] = [];
    const box = <SearchBox label="Search things" value="" onChange={(text) => reported.push(text)} />;
    const container = hydrateAfter(box, () => undefined);
    act(() => type(container.querySelector('input')!, 'db'));
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(reported).toEqual(['db']);
  });
});

describe('table rows before hydration (issue 34)', () => {
  it('sends a click elsewhere on a row to its link, and a modified or middle one to a new tab', () => {
    const seen = mount(
      '<table><tbody><tr data-openable id="row"><td><a href="/incidents/1" data-row-link id="link">INC-1</a></td><td id="cell">open</td></tr></tbody></table>',
    );
    const opened = jest.spyOn(window, 'open').mockImplementation(() => null);
    runInlineScript();
    fireEvent.click(byId('cell'), { ctrlKey: true });
    fireEvent(byId('cell'), new MouseEvent('auxclick', { bubbles: true, cancelable: true, button: 1 }));
    expect(opened.mock.calls.map((call) => call.slice(1))).toEqual([
      ['_blank', 'noopener'],
      ['_blank', 'noopener'],
    ]);
    expect(opened.mock.calls.every(([url]) => String(url).endsWith('/incidents/1'))).toBe(true);
    // A right click is the browser's menu, not the row.
    fireEvent(byId('cell'), new MouseEvent('auxclick', { bubbles: true, cancelable: true, button: 2 }));
    expect(opened).toHaveBeenCalledTimes(2);
    fireEvent.click(byId('cell'));
    expect(seen).toEqual(['click:link']);
    expect(byId('row')).not.toHaveAttribute('data-early-click');
    opened.mockRestore();
  });
});
