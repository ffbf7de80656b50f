/**
 * camt.054 files as Swiss banks write them (SPS 2022 for .08, the older Swiss .04 layout), for
 * the tests and the benchmark: one notification, entries with a booking date and the bank's
 * reference, a batch entry with several transaction details, QRR or SCOR references.
 */
export type TestCredit = {
  reference?: string | null;
  referenceType?: 'QRR' | 'SCOR';
  amount: string;
  bookingDate?: string;
  bankRef?: string;
  debtorName?: string;
  indicator?: 'CRDT' | 'DBIT';
  isReversal?: boolean;
  status?: 'BOOK' | 'PDNG';
};

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function transactionXml(version: number, credit: TestCredit, index: number): string {
  const reference = credit.reference
    ? `<RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry>${
        (credit.referenceType ?? (credit.reference.startsWith('RF') ? 'SCOR' : 'QRR')) === 'QRR'
          ? '<Prtry>QRR</Prtry>'
          : '<Cd>SCOR</Cd>'
      }</CdOrPrtry></Tp><Ref>${credit.reference}</Ref></CdtrRefInf></Strd></RmtInf>`
    : '<RmtInf><Ustrd>Mitgliederbeitrag</Ustrd></RmtInf>';
  const debtor = credit.debtorName
    ? version >= 7
      ? `<RltdPties><Dbtr><Pty><Nm>${escape(credit.debtorName)}</Nm></Pty></Dbtr></RltdPties>`
      : `<RltdPties><Dbtr><Nm>${escape(credit.debtorName)}</Nm></Dbtr></RltdPties>`
    : '';
  return `<TxDtls><Refs><AcctSvcrRef>${credit.bankRef ?? `TX-${index}`}</AcctSvcrRef><EndToEndId>NOTPROVIDED</EndToEndId></Refs>
<Amt Ccy="CHF">${credit.amount}</Amt><CdtDbtInd>${credit.indicator ?? 'CRDT'}</CdtDbtInd>
<AmtDtls><TxAmt><Amt Ccy="CHF">${credit.amount}</Amt></TxAmt></AmtDtls>${debtor}${reference}</TxDtls>`;
}

function entryXml(version: number, credits: readonly TestCredit[], index: number, entryRef: string): string {
  const first = credits[0]!;
  const total = credits.reduce((sum, c) => sum + Math.round(Number(c.amount) * 100), 0);
  const status = first.status ?? 'BOOK';
  const date = first.bookingDate ?? '2026-03-02';
  return `<Ntry><NtryRef>${index}</NtryRef><Amt Ccy="CHF">${(total / 100).toFixed(2)}</Amt>
<CdtDbtInd>${first.indicator ?? 'CRDT'}</CdtDbtInd>${first.isReversal ? '<RvslInd>true</RvslInd>' : ''}
<Sts>${version >= 7 ? `<Cd>${status}</Cd>` : status}</Sts>
<BookgDt><Dt>${date}</Dt></BookgDt><ValDt><Dt>${date}</Dt></ValDt><AcctSvcrRef>${entryRef}</AcctSvcrRef>
<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>VCOM</SubFmlyCd></Fmly></Domn></BkTxCd>
<NtryDtls>${credits.length > 1 ? `<Btch><NbOfTxs>${credits.length}</NbOfTxs></Btch>` : ''}${credits
    .map((c, i) => transactionXml(version, c, index * 1000 + i))
    .join('\n')}</NtryDtls></Ntry>`;
}

/**
 * A camt.054 of the given version. Each element of `entries` is one entry: a single credit, or a
 * list of credits booked together (a batch entry). `fileRef` makes the bank references unique
 * per file (the same `fileRef` gives the same references: the same file again).
 */
export function camtXml(options: {
  version?: number;
  entries: ReadonlyArray<TestCredit | readonly TestCredit[]>;
  fileRef?: string;
  iban?: string;
}): string {
  const version = options.version ?? 8;
  const fileRef = options.fileRef ?? 'F1';
  const entries = options.entries
    .map((e, i) => entryXml(version, Array.isArray(e) ? e : [e as TestCredit], i + 1, `${fileRef}-E${i + 1}`))
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.0${version}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<BkToCstmrDbtCdtNtfctn>
<GrpHdr><MsgId>${fileRef}-MSG</MsgId><CreDtTm>2026-03-02T18:00:00</CreDtTm></GrpHdr>
<Ntfctn><Id>${fileRef}-N1</Id><CreDtTm>2026-03-02T18:00:00</CreDtTm>
<Acct><Id><IBAN>${options.iban ?? 'CH4431999123000889012'}</IBAN></Id><Ccy>CHF</Ccy></Acct>
${entries}
</Ntfctn>
</BkToCstmrDbtCdtNtfctn>
</Document>
`;
}
