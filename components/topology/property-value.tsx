import type { FormattedProperty } from '@/lib/topology/properties';
import { cn } from '@/lib/utils';

/** A component property's value: its text, as a link in a new tab when the property carries a safe one. */
export function PropertyValue({
  property,
  className,
}: {
  property: Pick<FormattedProperty, 'text' | 'href'>;
  /** Extra classes of the link. */
  className?: string;
}) {
  if (!property.href) return property.text;
  return (
    <a
      href={property.href}
      target="_blank"
      rel="noopener noreferrer"
      className={cn('text-primary hover:underline', className)}
    >
      {property.text}
    </a>
  );
}
