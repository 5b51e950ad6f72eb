import { clsx, type ClassValue } from 'clsx';
import { mergeClassNames } from '@/lib/class-merge';

export function cn(...inputs: ClassValue[]) {
  return mergeClassNames(clsx(inputs));
}
