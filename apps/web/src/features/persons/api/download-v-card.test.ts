import { describe, expect, it } from 'vitest';
import { fileNameOf } from './download-v-card';

describe('fileNameOf (content-disposition)', () => {
  it('prefers the encoded filename*', () => {
    expect(fileNameOf(`attachment; filename="Mueller.vcf"; filename*=UTF-8''M%C3%BCller.vcf`)).toBe('Müller.vcf');
  });

  it('reads a quoted or bare filename', () => {
    expect(fileNameOf('attachment; filename="Anna Muster.vcf"')).toBe('Anna Muster.vcf');
    expect(fileNameOf('attachment; filename=anna.vcf')).toBe('anna.vcf');
  });

  it('answers null without a name', () => {
    expect(fileNameOf(null)).toBeNull();
    expect(fileNameOf('attachment')).toBeNull();
  });
});
