import { describe, expect, it } from 'vitest';
import { hasPastedImage } from './pasted-image';

const transfer = (items: { kind: string; type: string }[], files: { type: string }[] = []) =>
  ({ items, files }) as unknown as DataTransfer;

describe('pasted images', () => {
  it('finds an image file among pasted items or files', () => {
    expect(hasPastedImage(transfer([{ kind: 'file', type: 'image/png' }]))).toBe(true);
    expect(hasPastedImage(transfer([], [{ type: 'image/jpeg' }]))).toBe(true);
  });
  it('lets text, HTML and other files pass', () => {
    expect(
      hasPastedImage(
        transfer([
          { kind: 'string', type: 'text/plain' },
          { kind: 'string', type: 'text/html' },
        ]),
      ),
    ).toBe(false);
    expect(hasPastedImage(transfer([{ kind: 'file', type: 'application/pdf' }]))).toBe(false);
    expect(hasPastedImage(null)).toBe(false);
  });
});
