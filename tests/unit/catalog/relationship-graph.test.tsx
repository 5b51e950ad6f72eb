import { render, screen } from '@testing-library/react';
import { RelationshipGraph, type GraphItem } from '@/components/catalog/relationship-graph';
import { NODE_HEIGHT, NODE_WIDTH } from '@/lib/catalog/graph-layout';

/** Issue 37: the graph opens centred on the item, however far its column or row lies. */

jest.mock('next/navigation', () => jest.requireActual('../../helpers/next-navigation').nextNavigationMock);

const box = { width: 640, height: 480 };
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => box.width });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => box.height });
});

const item = (id: string, related: string, direction: GraphItem['direction']): GraphItem =>
  ({ id, name: id, type: 'Kubernetes::Pod', related_ids: [related], direction }) as GraphItem;

it('scrolls its box so that the item is in the middle', () => {
  const items = [
    item('a1', 'root', 'incoming'),
    item('a2', 'a1', 'incoming'),
    item('a3', 'a2', 'incoming'),
    ...Array.from({ length: 20 }, (_, i) => item(`pod-${String(i).padStart(2, '0')}`, 'root', 'outgoing')),
  ];
  render(<RelationshipGraph root={{ id: 'root', name: 'checkout' }} items={items} />);
  const scroller = screen.getByTestId('relationship-graph');
  const node = screen.getByRole('link', { name: /^checkout/ });
  // A node is a real link (it works before hydration), positioned by the group inside it.
  expect(node).toHaveAttribute('href', '/catalog/root');
  const transform = node.querySelector('g')?.getAttribute('transform') ?? '';
  const [, x, y] = /translate\(([\d.]+),([\d.]+)\)/.exec(transform)!.map(Number);
  expect(scroller.scrollLeft).toBeGreaterThan(0);
  expect(scroller.scrollTop).toBeGreaterThan(0);
  expect(x! - scroller.scrollLeft + NODE_WIDTH / 2).toBeCloseTo(box.width / 2, 0);
  expect(y! - scroller.scrollTop + NODE_HEIGHT / 2).toBeCloseTo(box.height / 2, 0);
});
