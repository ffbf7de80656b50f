import ExcelJS from 'exceljs';
import { InvoiceState } from '@bpw/domain/enums/invoice';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedPerson, createClub, createPerson, injectAs, isoDay, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestInvoice } from './payments-test-support';

describe('invoice lists (issue 17): filters, sorts, paging, totals per year, xlsx export', () => {
  let t: TestApp;
  let clubA: string;
  let clubB: string;
  let manager: CreatedPerson;
  let otherManager: CreatedPerson;
  let member: CreatedPerson;
  let admin: CreatedPerson;
  const ids: Record<string, string> = {};
  const as = async (person: CreatedPerson) =>
    injectAs(t.app, (await signIn(t.app, person.username, person.password)).token);
  const list = async (person: CreatedPerson, query: string) => (await as(person))({ url: `/api/v1/invoice?${query}` });

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    clubA = (await createClub(db)).id;
    clubB = (await createClub(db)).id;
    manager = await createPerson(db, { clubId: clubA, type: 'finance', languageCode: 'en' });
    otherManager = await createPerson(db, { clubId: clubB, type: 'database' });
    member = await createPerson(db, { clubId: clubA });
    admin = await createPerson(db, { isAdmin: true });
    const make = (key: string, options: Parameters<typeof createTestInvoice>[1]) =>
      createTestInvoice(db, options).then((invoice) => {
        ids[key] = invoice.id;
        return invoice;
      });
    await make('zeller2025', {
      clubId: clubA,
      lastname: 'Zeller',
      issueDate: '2025-01-10',
      dueDate: '2025-02-09',
      totalCentimes: 9000,
    });
    await make('ammann2026', {
      clubId: clubA,
      lastname: 'Ammann',
      issueDate: '2026-01-15',
      dueDate: isoDay(-5),
      totalCentimes: 12000,
    });
    await make('meier2026', {
      clubId: clubA,
      lastname: 'Meier',
      issueDate: '2026-01-15',
      dueDate: isoDay(20),
      totalCentimes: 15000,
    });
    await make('keller2026', {
      clubId: clubA,
      lastname: 'Keller',
      issueDate: '2026-01-15',
      dueDate: isoDay(-40),
      totalCentimes: 8000,
    });
    await make('otherClub', { clubId: clubB, lastname: 'Anderswo', issueDate: '2026-01-15', totalCentimes: 5000 });
    await t.database.db.execute(
      sql`UPDATE invoices SET state = ${InvoiceState.paid}, paid_centimes = total_centimes WHERE id = ${ids.zeller2025}`,
    );
    await t.database.db.execute(
      sql`UPDATE invoices SET state = ${InvoiceState.partlyPaid}, paid_centimes = 3000 WHERE id = ${ids.keller2026}`,
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the invoices of her club, newest number first, paged on the server', async () => {
    const res = await list(manager, 'PerPage=2');
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(4);
    expect(res.json().items.map((i: { id: string }) => i.id)).toEqual([ids.keller2026, ids.meier2026]);
    const page2 = await list(manager, 'PerPage=2&Page=1');
    expect(page2.json().items.map((i: { id: string }) => i.id)).toEqual([ids.ammann2026, ids.zeller2025]);
    expect(page2.json().items[0]).toMatchObject({
      clubId: clubA,
      recipientName: 'Anna Ammann',
      totalCentimes: 12000,
      openCentimes: 12000,
      isOverdue: true,
      state: InvoiceState.issued,
    });
  });

  it('filters by year, state, overdue and name or number', async () => {
    const names = async (query: string) =>
      (await list(manager, query)).json().items.map((i: { recipientName: string }) => i.recipientName);
    expect(await names('Year=2025')).toEqual(['Anna Zeller']);
    expect(await names(`State=${InvoiceState.partlyPaid}&State=${InvoiceState.paid}&SortBy=name`)).toEqual([
      'Anna Keller',
      'Anna Zeller',
    ]);
    expect(await names('Overdue=true&SortBy=dueDate')).toEqual(['Anna Keller', 'Anna Ammann']);
    expect(await names('Overdue=false&SortBy=name')).toEqual(['Anna Meier', 'Anna Zeller']);
    expect(await names('Search=meie')).toEqual(['Anna Meier']);
    const number = (await list(manager, 'Search=Zeller')).json().items[0].number as string;
    expect(await names(`Search=${number}`)).toEqual(['Anna Zeller']);
    expect(await names('Search=%25')).toEqual([]);
  });

  it('sorts by every offered key in both directions', async () => {
    for (const key of ['number', 'name', 'dueDate', 'issueDate', 'total', 'state']) {
      const asc = (await list(manager, `SortBy=${key}&SortDesc=false`)).json().items.map((i: { id: string }) => i.id);
      const desc = (await list(manager, `SortBy=${key}&SortDesc=true`)).json().items.map((i: { id: string }) => i.id);
      expect(asc, key).toHaveLength(4);
      expect(desc, key).toEqual([...asc].reverse());
    }
    const totals = (await list(manager, 'SortBy=total'))
      .json()
      .items.map((i: { totalCentimes: number }) => i.totalCentimes);
    expect(totals).toEqual([8000, 9000, 12000, 15000]);
  });

  it("shows a club's invoices to its managers and admins only", async () => {
    expect((await list(otherManager, `ClubId=${clubA}`)).statusCode).toBe(403);
    expect((await list(otherManager, '')).json().items.map((i: { id: string }) => i.id)).toEqual([ids.otherClub]);
    expect((await list(member, '')).statusCode).toBe(403);
    expect((await list(admin, '')).json().total).toBeGreaterThanOrEqual(5);
    expect((await list(admin, `ClubId=${clubB}`)).json().total).toBe(1);
    expect((await t.app.inject({ url: '/api/v1/invoice' })).statusCode).toBe(401);
    expect((await list(manager, 'SortBy=amount')).statusCode).toBe(400);
  });

  it('sums per year what was invoiced, paid, is open and overdue', async () => {
    const res = await (await as(manager))({ url: '/api/v1/invoice-totals' });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      {
        year: 2026,
        invoiceCount: 3,
        totalCentimes: 35000,
        paidCentimes: 3000,
        openCentimes: 32000,
        overdueCentimes: 17000,
      },
      { year: 2025, invoiceCount: 1, totalCentimes: 9000, paidCentimes: 9000, openCentimes: 0, overdueCentimes: 0 },
    ]);
    expect((await (await as(member))({ url: '/api/v1/invoice-totals' })).statusCode).toBe(403);
  });

  it('exports the filtered list as xlsx in her language', async () => {
    const res = await (await as(manager))({ url: '/api/v1/invoice-export?Year=2026&SortBy=name' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Number');
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(2).getCell(3).value).toBe('Anna Ammann');
    expect(sheet.getRow(2).getCell(7).value).toBe(120);
    expect(sheet.getRow(3).getCell(10).value).toBe('Partly paid');
    expect((await (await as(member))({ url: '/api/v1/invoice-export' })).statusCode).toBe(403);
  });
});
