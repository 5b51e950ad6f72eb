/** Code editor sizes (spec 001 §9): very-small, small, medium, large, full; none is taller than min(1000px, 90vh). */
export const CODE_EDITOR_SIZES = ['very-small', 'small', 'medium', 'large', 'full'] as const;
export type CodeEditorSize = (typeof CODE_EDITOR_SIZES)[number];

export const CODE_EDITOR_MAX_HEIGHT = 'min(1000px, 90vh)';

export const CODE_EDITOR_HEIGHTS: Record<CodeEditorSize, string> = {
  'very-small': '6rem',
  small: '10rem',
  medium: '20rem',
  large: '36rem',
  full: CODE_EDITOR_MAX_HEIGHT,
};
