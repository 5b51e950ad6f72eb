import { previewInfo } from '@/lib/preview';

/**
 * The thin strip naming a preview deployment (label and commit) above every page. Server-rendered text only: no
 * client code, so it costs no first-load JavaScript. Nothing is rendered outside preview mode.
 */
export function PreviewBanner() {
  const preview = previewInfo();
  if (!preview) return null;
  const text = `Preview deployment ${preview.label}${preview.commit ? ` at commit ${preview.commit}` : ''}: demo data, fresh at every deployment`;
  return (
    <section
      aria-label="Preview deployment"
      data-testid="preview-banner"
      title={text}
      className="border-b border-amber-300 bg-amber-100 px-4 py-1 text-xs leading-5 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
    >
      <p className="truncate">
        Preview <strong className="font-semibold">{preview.label}</strong>
        {preview.commit ? (
          <>
            {' · commit '}
            <code className="font-mono">{preview.commit}</code>
          </>
        ) : null}
        <span className="hidden sm:inline"> · demo data, fresh at every deployment</span>
      </p>
    </section>
  );
}
