import { ProgressBar } from '@/components/widgets/progress-bar';
import type { FormattedProperty } from '@/lib/topology/properties';
import { cn } from '@/lib/utils';

/**
 * A component property's value: its text, as a link in a new tab when the property carries a safe one, and a
 * progress bar under it when it is a percentage or has a max (spec 001 §9).
 */
export function PropertyValue({
  property,
  className,
}: {
  property: Pick<FormattedProperty, 'text' | 'href' | 'progress'> & { label?: string };
  /** Extra classes of the link. */
  className?: string;
}) {
  const text = property.href ? (
    <a
      href={property.href}
      target="_blank"
      rel="noopener noreferrer"
      className={cn('text-primary hover:underline', className)}
    >
      {property.text}
    </a>
  ) : (
    property.text
  );
  if (!property.progress) return text;
  return (
    <>
      {text}
      <ProgressBar
        value={property.progress.value}
        max={property.progress.max}
        label={property.label}
        className="mt-1"
      />
    </>
  );
}
