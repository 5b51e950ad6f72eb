import { copyToClipboard } from '@/lib/clipboard';
import { errorMessageOf } from '@/components/widgets/toast';

describe('copyToClipboard', () => {
  const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
  afterEach(() => {
    if (original) Object.defineProperty(navigator, 'clipboard', original);
    else delete (navigator as unknown as Record<string, unknown>).clipboard;
  });
  function setClipboard(value: unknown) {
    Object.defineProperty(navigator, 'clipboard', { value, configurable: true });
  }
  it("reports 'Clipboard not available' without a clipboard", async () => {
    setClipboard(undefined);
    await expect(copyToClipboard('x')).resolves.toEqual({ ok: false, message: 'Clipboard not available' });
  });
  it("reports 'Failed to copy to clipboard' when writing fails", async () => {
    setClipboard({ writeText: jest.fn().mockRejectedValue(new Error('denied')) });
    const err = jest.spyOn(console, 'error').mockImplementation(() => {});
    await expect(copyToClipboard('x')).resolves.toEqual({
      ok: false,
      message: 'Failed to copy to clipboard',
    });
    err.mockRestore();
  });
  it("reports 'Copied to clipboard' by default, or the given success text", async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    setClipboard({ writeText });
    await expect(copyToClipboard('hello')).resolves.toEqual({ ok: true, message: 'Copied to clipboard' });
    expect(writeText).toHaveBeenCalledWith('hello');
    await expect(copyToClipboard('x', 'Copied id')).resolves.toEqual({ ok: true, message: 'Copied id' });
  });
});

describe('general error toast text', () => {
  it("takes the response's error, then its message, then 'An error occurred'", () => {
    expect(errorMessageOf({ response: { data: { error: 'E1', message: 'M1' } }, message: 'outer' })).toBe(
      'E1',
    );
    expect(errorMessageOf({ response: { data: { message: 'M1' } }, message: 'outer' })).toBe('M1');
    expect(errorMessageOf({ error: 'E2', message: 'M2' })).toBe('E2');
    expect(errorMessageOf({ message: 'M3' })).toBe('M3');
    expect(errorMessageOf(new Error('boom'))).toBe('boom');
    expect(errorMessageOf({ error: '', message: '' })).toBe('An error occurred');
    expect(errorMessageOf(undefined)).toBe('An error occurred');
    expect(errorMessageOf(42)).toBe('An error occurred');
    expect(errorMessageOf('plain text')).toBe('plain text');
  });
});
