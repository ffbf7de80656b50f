import { afterEach, describe, expect, it, vi } from 'vitest';
import { fileNameFromDisposition, MissingFileNameError } from '../../../../lib/file-download';
import { exportRegistrations } from './export-registrations';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the registrations export file name', () => {
  it('is read from the Content-Disposition header, the UTF-8 form first', () => {
    expect(fileNameFromDisposition('attachment; filename="registrations-apero-2026-05-01.xlsx"')).toBe(
      'registrations-apero-2026-05-01.xlsx',
    );
    expect(
      fileNameFromDisposition(`attachment; filename="a.xlsx"; filename*=UTF-8''Anmeldungen%20Ap%C3%A9ro.xlsx`),
    ).toBe('Anmeldungen Apéro.xlsx');
    expect(fileNameFromDisposition('attachment; filename=plain.xlsx')).toBe('plain.xlsx');
  });

  it('is missing without the header or without a name in it', () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition('attachment')).toBeNull();
  });

  it('makes the download fail when the server names no file (spec 02 §8)', async () => {
    const xlsx = new Response(new Uint8Array([80, 75, 3, 4]), {
      status: 200,
      headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => xlsx),
    );
    await expect(exportRegistrations('2b1f6c56-0d7a-4c39-8a3f-6a8b1d2e9f10')).rejects.toBeInstanceOf(
      MissingFileNameError,
    );
  });
});
