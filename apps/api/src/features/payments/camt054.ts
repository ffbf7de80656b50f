import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { classifyReference } from '@bpw/domain/invoice-reference';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * Reads a bank's camt.054 (ISO 20022 Bank-to-Customer Debit/Credit Notification, versions
 * .001.04 to .001.08; Swiss banks deliver .08 since SPS 2022, .04 is being phased out). Pure:
 * bytes in, credits out. Every credit (CRDT) transaction detail of a booked entry becomes one
 * credit with its structured reference (QRR or SCOR), amount in centimes and a booking key
 * from the bank's own references, so the same file read twice gives the same keys
 * (docs/decisions/invoices.md "Payments").
 */

export type CamtReferenceType = 'QRR' | 'SCOR';

export type CamtCredit = {
  /** Unique per credit across files: the bank's references (see bookingKeyOf). */
  idempotencyKey: string;
  /** The structured reference without spaces, upper case; null when the credit has none. */
  reference: string | null;
  referenceType: CamtReferenceType | null;
  amountCents: number;
  currency: string;
  /** YYYY-MM-DD: the entry's booking date, else its value date, else the file's date; null: none given. */
  bookingDate: string | null;
  /** The payer's name as the bank gives it (shown in the list of unmatched credits). */
  debtorName: string | null;
  /** The bank's reference of the transaction, else of the entry (AcctSvcrRef). */
  accountServicerRef: string | null;
  endToEndId: string | null;
  /** The unstructured remittance text (Ustrd), for the person who assigns by hand. */
  unstructuredText: string | null;
  /** The account credited (the notification's IBAN). */
  accountIban: string | null;
  valueDate: string | null;
};

export type CamtFile = {
  /** 4 .. 8 */
  version: number;
  messageId: string | null;
  credits: CamtCredit[];
  /** Entries left aside: debits, reversals, entries not booked (pending, information). */
  skipped: { debits: number; reversals: number; notBooked: number };
};

export type CamtProblem = 'notXml' | 'notCamt054' | 'unsupportedVersion' | 'invalidAmount';

/** The file cannot be read as a camt.054: nothing of it is stored. */
export class CamtError extends Error {
  constructor(readonly problem: CamtProblem) {
    super(`camt.054: ${problem}`);
    this.name = 'CamtError';
  }
}

export const CAMT_VERSIONS = [4, 5, 6, 7, 8] as const;

const NAMESPACE = /urn:iso:std:iso:20022:tech:xsd:camt\.054\.001\.(\d{2})/;

// Elements that may repeat in some version: always arrays, so one and many read the same.
const REPEATED = new Set(['Ntfctn', 'Ntry', 'NtryDtls', 'TxDtls', 'Strd', 'Ustrd']);

const parserOptions = {
  // Attributes are not read: the currency is the account's (Acct/Ccy), which is what the
  // entries are booked in; skipping them halves the parse time of a large file.
  ignoreAttributes: true,
  removeNSPrefix: true,
  // Values stay text: references with leading zeros and amounts must not become numbers.
  parseTagValue: false,
  trimValues: true,
  // A bank file declares no entities (a DOCTYPE is refused); the five XML ones are decoded below.
  processEntities: false,
};
const parser = new XMLParser({ ...parserOptions, isArray: (name) => REPEATED.has(name) });

/** Above this size the XML is validated and parsed in a worker thread, so other requests go on. */
export const CAMT_WORKER_BYTES = 256 * 1024;

/**
 * The worker's code (CommonJS, evaluated): the same validation and parser options as in-thread.
 * Its answer is the parsed document, or `null` when the XML is not well-formed.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { XMLParser, XMLValidator } = require(workerData.parserPath);
const { xml, options, repeated } = workerData;
const names = new Set(repeated);
let document = null;
try {
  if (XMLValidator.validate(xml) === true)
    document = new XMLParser({ ...options, isArray: (name) => names.has(name) }).parse(xml);
} catch {}
parentPort.postMessage(JSON.stringify(document));
`;
const parserPath = createRequire(import.meta.url).resolve('fast-xml-parser');

function parseInWorker(xml: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { xml, options: parserOptions, repeated: [...REPEATED], parserPath },
    });
    // JSON text crosses the thread faster than the structured clone of a large object tree.
    worker.once('message', (json: string) => {
      resolve(JSON.parse(json));
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`camt parser worker exited with ${code}`));
    });
  });
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decodeEntities = (text: string) =>
  text.includes('&')
    ? text.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (_, name: string) =>
        name.startsWith('#x')
          ? String.fromCodePoint(parseInt(name.slice(2), 16))
          : name.startsWith('#')
            ? String.fromCodePoint(Number(name.slice(1)))
            : XML_ENTITIES[name]!,
      )
    : text;

type Node = Record<string, unknown>;
const asNode = (value: unknown): Node | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : undefined;
const asList = (value: unknown): Node[] =>
  (Array.isArray(value) ? (value as unknown[]) : value === undefined ? [] : [value]).flatMap((v) => {
    const node = asNode(v);
    return node ? [node] : [];
  });
/** The text of an element, its XML entities decoded. */
const textOf = (value: unknown): string | undefined =>
  typeof value === 'string' ? decodeEntities(value.trim()) || undefined : undefined;
const path = (node: unknown, ...names: string[]): unknown =>
  names.reduce<unknown>((current, name) => asNode(current)?.[name], node);

/** "1234.5" -> 123450; more than two decimals that are not zero, a sign or a non-number: invalid. */
export function centimesOf(text: string | undefined): number {
  const match = text === undefined ? null : /^(\d{1,13})(?:\.(\d{1,5}))?$/.exec(text);
  if (!match) throw new CamtError('invalidAmount');
  const fraction = (match[2] ?? '').padEnd(5, '0');
  if (!/^\d{2}0{3}$/.test(fraction)) throw new CamtError('invalidAmount');
  return Number(match[1]) * 100 + Number(fraction.slice(0, 2));
}

const dateOf = (node: unknown): string | undefined => {
  const text = textOf(path(node, 'Dt')) ?? textOf(path(node, 'DtTm'));
  return text && /^\d{4}-\d{2}-\d{2}/.test(text) ? text.slice(0, 10) : undefined;
};

function referenceOf(tx: Node): { reference: string | null; referenceType: CamtReferenceType | null } {
  for (const structured of asList(path(tx, 'RmtInf', 'Strd'))) {
    const info = asNode(structured['CdtrRefInf']);
    const raw = textOf(info?.['Ref']);
    if (!raw) continue;
    // The domain's rule (check digits); a reference that fails it can match no invoice.
    const classified = classifyReference(raw);
    return classified
      ? { reference: classified.reference, referenceType: classified.type }
      : { reference: raw.replace(/\s+/g, '').toUpperCase(), referenceType: null };
  }
  return { reference: null, referenceType: null };
}

const unstructuredOf = (tx: Node) => {
  const lines = (asNode(tx['RmtInf'])?.['Ustrd'] as unknown[] | undefined) ?? [];
  const text = lines
    .map(textOf)
    .filter((t): t is string => t !== undefined)
    .join(' ');
  return text ? text.slice(0, 500) : null;
};

/** v04-v06 name the payer in RltdPties/Dbtr/Nm, v07-v08 in RltdPties/Dbtr/Pty/Nm. */
const debtorNameOf = (tx: Node) =>
  textOf(path(tx, 'RltdPties', 'Dbtr', 'Pty', 'Nm')) ?? textOf(path(tx, 'RltdPties', 'Dbtr', 'Nm')) ?? null;

/** v04-v06: `<Sts>BOOK</Sts>`; v07 on: `<Sts><Cd>BOOK</Cd></Sts>`. An entry without a status counts as booked. */
const statusOf = (entry: Node) => textOf(entry['Sts']) ?? textOf(path(entry, 'Sts', 'Cd')) ?? 'BOOK';

/**
 * The key a credit is booked under once: the account, the bank's reference of the entry and of the
 * transaction (AcctSvcrRef, else the entry reference / transaction id / end-to-end id), the
 * structured reference, the amount and the booking date. Only when the bank gives neither an
 * entry nor a transaction reference does the position in the entry count as well.
 */
function bookingKeyOf(parts: {
  account: string;
  entryRef: string;
  txRef: string;
  reference: string | null;
  amountCents: number;
  bookingDate: string | null;
  position: number;
}): string {
  const position = parts.entryRef || parts.txRef ? '' : String(parts.position);
  const text = [
    parts.account,
    parts.entryRef,
    parts.txRef,
    parts.reference ?? '',
    parts.amountCents,
    parts.bookingDate ?? '',
    position,
  ].join('|');
  return createHash('sha256').update(text).digest('hex');
}

/** The file's text; throws CamtError when it is no XML or declares a document type. */
function xmlOf(bytes: Buffer): string {
  const xml = bytes.toString('utf8').replace(/^\uFEFF/, '');
  // A bank file has no document type declaration: refusing one keeps entity tricks out.
  if (!xml.trimStart().startsWith('<') || /<!DOCTYPE/i.test(xml)) throw new CamtError('notXml');
  return xml;
}

function parseInThread(xml: string): unknown {
  if (XMLValidator.validate(xml) !== true) return null;
  try {
    return parser.parse(xml);
  } catch {
    return null;
  }
}

/** Parses the file in this thread; throws CamtError when it is not a readable camt.054 of a supported version. */
export function parseCamt054(bytes: Buffer): CamtFile {
  const xml = xmlOf(bytes);
  return drain(readParsed(xml, parseInThread(xml)));
}

/**
 * As parseCamt054, but a file above CAMT_WORKER_BYTES is validated and parsed in a worker
 * thread: 10,000 credits take seconds to parse, and the event loop must not wait for them.
 */
export async function readCamt054(bytes: Buffer): Promise<CamtFile> {
  const xml = xmlOf(bytes);
  if (bytes.length <= CAMT_WORKER_BYTES) return drain(readParsed(xml, parseInThread(xml)));
  const reading = readParsed(xml, await parseInWorker(xml));
  // Reading the credits of a parsed document takes a while too: other requests go on between entries.
  for (let step = reading.next(), entries = 0; ; step = reading.next()) {
    if (step.done) return step.value;
    if (++entries % ENTRIES_PER_TURN === 0) await nextTurn();
  }
}

const ENTRIES_PER_TURN = 200;
const drain = <T>(reading: Generator<void, T>): T => {
  for (let step = reading.next(); ; step = reading.next()) if (step.done) return step.value;
};

/** The credits of a parsed document (`null`: the XML was not well-formed); pauses after each entry. */
function* readParsed(xml: string, parsed: unknown): Generator<void, CamtFile> {
  if (parsed === null) throw new CamtError('notXml');
  const namespace = NAMESPACE.exec(xml.slice(0, 2000));
  const document = asNode(asNode(parsed)?.['Document']);
  const notification = asNode(document?.['BkToCstmrDbtCdtNtfctn']);
  if (!notification || !namespace) throw new CamtError('notCamt054');
  const version = Number(namespace[1]);
  if (!(CAMT_VERSIONS as readonly number[]).includes(version)) throw new CamtError('unsupportedVersion');
  const created = textOf(path(notification, 'GrpHdr', 'CreDtTm'));
  const fileDate = created && /^\d{4}-\d{2}-\d{2}/.test(created) ? created.slice(0, 10) : null;
  const credits: CamtCredit[] = [];
  const skipped = { debits: 0, reversals: 0, notBooked: 0 };
  for (const ntfctn of asList(notification['Ntfctn'])) {
    const account =
      textOf(path(ntfctn, 'Acct', 'Id', 'IBAN')) ?? textOf(path(ntfctn, 'Acct', 'Id', 'Othr', 'Id')) ?? '';
    const currency = textOf(path(ntfctn, 'Acct', 'Ccy')) ?? 'CHF';
    for (const entry of asList(ntfctn['Ntry'])) {
      yield;
      if (statusOf(entry) !== 'BOOK') {
        skipped.notBooked++;
        continue;
      }
      if (textOf(entry['RvslInd']) === 'true') {
        skipped.reversals++;
        continue;
      }
      const entryIndicator = textOf(entry['CdtDbtInd']);
      const entryRef = textOf(entry['AcctSvcrRef']) ?? textOf(entry['NtryRef']) ?? '';
      const bookingDate = dateOf(entry['BookgDt']) ?? dateOf(entry['ValDt']) ?? fileDate;
      const details = asList(entry['NtryDtls']).flatMap((d) => asList(d['TxDtls']));
      // An entry without transaction details is one credit of the entry's amount.
      const transactions = details.length > 0 ? details : [{} as Node];
      transactions.forEach((tx, position) => {
        const indicator = textOf(tx['CdtDbtInd']) ?? entryIndicator;
        if (indicator !== 'CRDT') {
          skipped.debits++;
          return;
        }
        const amountNode =
          tx['Amt'] ?? path(tx, 'AmtDtls', 'TxAmt', 'Amt') ?? (transactions.length === 1 ? entry['Amt'] : undefined);
        const amountCents = centimesOf(textOf(amountNode));
        const refs = asNode(tx['Refs']);
        const endToEnd = textOf(refs?.['EndToEndId']);
        const txRef =
          textOf(refs?.['AcctSvcrRef']) ??
          textOf(refs?.['TxId']) ??
          (endToEnd && endToEnd !== 'NOTPROVIDED' ? endToEnd : undefined) ??
          '';
        const { reference, referenceType } = referenceOf(tx);
        credits.push({
          idempotencyKey: bookingKeyOf({ account, entryRef, txRef, reference, amountCents, bookingDate, position }),
          reference,
          referenceType,
          amountCents,
          currency,
          bookingDate,
          debtorName: debtorNameOf(tx),
          accountServicerRef: textOf(refs?.['AcctSvcrRef']) ?? (textOf(entry['AcctSvcrRef']) || null),
          endToEndId: endToEnd && endToEnd !== 'NOTPROVIDED' ? endToEnd.slice(0, 200) : null,
          unstructuredText: unstructuredOf(tx),
          accountIban: account || null,
          valueDate: dateOf(entry['ValDt']) ?? null,
        });
      });
    }
  }
  return { version, messageId: textOf(path(notification, 'GrpHdr', 'MsgId')) ?? null, credits, skipped };
}
