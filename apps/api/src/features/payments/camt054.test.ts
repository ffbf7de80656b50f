import { describe, expect, it } from 'vitest';
import { camtXml } from './camt-test-support';
import { CAMT_WORKER_BYTES, CamtError, centimesOf, parseCamt054, readCamt054 } from './camt054';

const qrr = '210000000003139471430009017';
const scor = 'RF18539007547034';
const read = (xml: string) => parseCamt054(Buffer.from(xml, 'utf8'));
const problemOf = (xml: string) => {
  try {
    read(xml);
    return 'none';
  } catch (error) {
    return (error as CamtError).problem;
  }
};

describe('camt.054 reading (issue 17)', () => {
  it.each([4, 5, 6, 7, 8])('reads the credits of a camt.054.001.0%i', (version) => {
    const file = read(
      camtXml({
        version,
        entries: [
          { reference: qrr, amount: '120.00', debtorName: 'Anna Muster & Co', bookingDate: '2026-03-01' },
          [
            { reference: scor, amount: '50.5' },
            { reference: null, amount: '7.25' },
          ],
        ],
      }),
    );
    expect(file.version).toBe(version);
    expect(file.credits).toHaveLength(3);
    expect(file.credits[0]).toMatchObject({
      reference: qrr,
      referenceType: 'QRR',
      amountCents: 12000,
      currency: 'CHF',
      bookingDate: '2026-03-01',
      debtorName: 'Anna Muster & Co',
      accountIban: 'CH4431999123000889012',
    });
    expect(file.credits[1]).toMatchObject({ reference: scor, referenceType: 'SCOR', amountCents: 5050 });
    expect(file.credits[2]).toMatchObject({ reference: null, amountCents: 725, unstructuredText: 'Mitgliederbeitrag' });
    expect(new Set(file.credits.map((c) => c.idempotencyKey)).size).toBe(3);
  });

  it('gives the same keys to the same file, and other keys to another file', () => {
    const entries = [{ reference: qrr, amount: '10.00' }];
    const first = read(camtXml({ entries, fileRef: 'A' }));
    const again = read(camtXml({ entries, fileRef: 'A' }));
    const other = read(camtXml({ entries, fileRef: 'B' }));
    expect(again.credits[0]!.idempotencyKey).toBe(first.credits[0]!.idempotencyKey);
    expect(other.credits[0]!.idempotencyKey).not.toBe(first.credits[0]!.idempotencyKey);
  });

  it('leaves debits, reversals and entries not booked aside and counts them', () => {
    const file = read(
      camtXml({
        entries: [
          { reference: qrr, amount: '10.00' },
          { reference: qrr, amount: '10.00', indicator: 'DBIT' },
          { reference: qrr, amount: '10.00', isReversal: true },
          { reference: qrr, amount: '10.00', status: 'PDNG' },
        ],
      }),
    );
    expect(file.credits).toHaveLength(1);
    expect(file.skipped).toEqual({ debits: 1, reversals: 1, notBooked: 1 });
  });

  it('reads a reference written with spaces in groups', () => {
    const file = read(camtXml({ entries: [{ reference: 'RF18 5390 0754 7034', amount: '1.00' }] }));
    expect(file.credits[0]).toMatchObject({ reference: scor, referenceType: 'SCOR' });
  });

  it('refuses what is not XML, XML that is not camt.054 and other versions', () => {
    expect(problemOf('Datum;Betrag\n2026-03-01;10.00')).toBe('notXml');
    expect(problemOf('<Document><BkToCstmrDbtCdtNtfctn>')).toBe('notXml');
    expect(problemOf('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>')).toBe('notXml');
    expect(
      problemOf(
        '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt/></Document>',
      ),
    ).toBe('notCamt054');
    expect(problemOf(camtXml({ version: 8, entries: [] }).replace('camt.054.001.08', 'camt.054.001.02'))).toBe(
      'unsupportedVersion',
    );
    expect(problemOf(camtXml({ entries: [{ reference: qrr, amount: '-5.00' }] }))).toBe('invalidAmount');
  });

  it('counts amounts in centimes without rounding errors', () => {
    expect(centimesOf('0.1')).toBe(10);
    expect(centimesOf('1234567.89')).toBe(123456789);
    expect(centimesOf('5.00000')).toBe(500);
    expect(() => centimesOf('5.005')).toThrow(CamtError);
    expect(() => centimesOf('1e3')).toThrow(CamtError);
  });

  it('reads a large file in a worker thread with the same result, and refuses a broken one', async () => {
    const xml = camtXml({
      entries: Array.from({ length: 1500 }, (_, i) => ({ reference: i % 2 ? qrr : scor, amount: `${i + 1}.05` })),
    });
    const bytes = Buffer.from(xml, 'utf8');
    expect(bytes.length).toBeGreaterThan(CAMT_WORKER_BYTES);
    const file = await readCamt054(bytes);
    expect(file).toEqual(parseCamt054(bytes));
    expect(file.credits).toHaveLength(1500);
    await expect(readCamt054(bytes.subarray(0, bytes.length - 40))).rejects.toMatchObject({ problem: 'notXml' });
  });
});
