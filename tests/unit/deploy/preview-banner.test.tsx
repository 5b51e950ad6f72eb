import { render, screen } from '@testing-library/react';
import { PreviewBanner } from '@/components/shell/preview-banner';
import { saveEnv } from '../../helpers/saved-env';

const env = process.env as Record<string, string | undefined>;
const saved = saveEnv('PREVIEW', 'PREVIEW_LABEL', 'PREVIEW_COMMIT');

afterEach(() => saved.restore());

describe('PreviewBanner', () => {
  it('renders nothing outside preview mode', () => {
    delete env.PREVIEW;
    delete env.PREVIEW_LABEL;
    const { container } = render(<PreviewBanner />);
    expect(container).toBeEmptyDOMElement();
  });

  it('names the preview and its commit in a labelled region', () => {
    env.PREVIEW = '1';
    env.PREVIEW_LABEL = 'PR 412';
    env.PREVIEW_COMMIT = '0123456789abcdef0123456789abcdef01234567';
    render(<PreviewBanner />);
    const region = screen.getByRole('region', { name: 'Preview deployment' });
    expect(region).toHaveTextContent('Preview PR 412 · commit 0123456');
    expect(region).toHaveAttribute(
      'title',
      'Preview deployment PR 412 at commit 0123456: demo data, fresh at every deployment',
    );
  });

  it('escapes whatever the label contains', () => {
    env.PREVIEW = '1';
    env.PREVIEW_LABEL = '<img src=x onerror=alert(1)>';
    delete env.PREVIEW_COMMIT;
    const { container } = render(<PreviewBanner />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('region', { name: 'Preview deployment' })).toHaveTextContent(
      '<img src=x onerror=alert(1)>',
    );
  });
});
