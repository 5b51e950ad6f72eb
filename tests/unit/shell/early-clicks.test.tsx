import { fireEvent } from '@testing-library/react';
import { consoleHydrated, earlyClickScript } from '@/lib/shell/early-clicks';

/** Runs the layout's inline script as the browser would: its text alone, in this window. */
function runInlineScript() {
  new Function(earlyClickScript())();
}

function mount(html: string) {
  document.body.innerHTML = html;
  const seen: string[] = [];
  for (const type of ['pointerdown', 'mousedown', 'click'])
    document.body.addEventListener(type, (e) => seen.push(`${type}:${(e.target as Element).id}`));
  return seen;
}

afterEach(() => {
  consoleHydrated();
  document.body.innerHTML = '';
});

describe('clicks before hydration (issue 34)', () => {
  it('holds a click on a button, shows it waiting, and replays it as a pointer sequence once hydrated', () => {
    const seen = mount('<button type="button" id="add">Add Connection</button>');
    runInlineScript();
    const button = document.getElementById('add')!;
    fireEvent.click(button);
    expect(seen).toEqual([]);
    expect(button).toHaveAttribute('data-early-click');
    expect(button).toHaveAttribute('aria-busy', 'true');
    consoleHydrated();
    expect(seen).toEqual(['pointerdown:add', 'mousedown:add', 'click:add']);
    expect(button).not.toHaveAttribute('data-early-click');
    expect(button).not.toHaveAttribute('aria-busy');
  });

  it('replays only the latest of several early clicks, and nothing after hydration is held', () => {
    const seen = mount('<button id="a">A</button><div role="tab" id="b"><span id="inner">B</span></div>');
    runInlineScript();
    fireEvent.click(document.getElementById('a')!);
    fireEvent.click(document.getElementById('inner')!);
    expect(document.getElementById('a')).not.toHaveAttribute('data-early-click');
    consoleHydrated();
    expect(seen).toEqual(['pointerdown:b', 'mousedown:b', 'click:b']);
    fireEvent.click(document.getElementById('a')!);
    expect(seen.at(-1)).toBe('click:a');
  });

  it('leaves links, form submissions, modified clicks and disabled controls alone', () => {
    const seen = mount(
      '<a href="#x" id="link"><button id="in-link">x</button></a><form><button id="submit">Save</button></form>' +
        '<button id="disabled" disabled>Off</button><button id="plain">Plain</button>',
    );
    runInlineScript();
    fireEvent.click(document.getElementById('in-link')!);
    fireEvent.click(document.getElementById('submit')!);
    fireEvent.click(document.getElementById('plain')!, { ctrlKey: true });
    expect(seen).toEqual(['click:in-link', 'click:submit', 'click:plain']);
    fireEvent.click(document.getElementById('disabled')!);
    expect(document.getElementById('disabled')).not.toHaveAttribute('data-early-click');
    consoleHydrated();
    // Nothing was held, so nothing is replayed (the disabled button's event passed through: jsdom dispatches it).
    expect(seen).toEqual(['click:in-link', 'click:submit', 'click:plain', 'click:disabled']);
  });

  it('drops a held click whose control left the page before hydration', () => {
    const seen = mount('<button id="gone">Gone</button>');
    runInlineScript();
    fireEvent.click(document.getElementById('gone')!);
    document.body.innerHTML = '';
    consoleHydrated();
    expect(seen).toEqual([]);
  });
});
