/**
 * Issue 17: what the payments feature uses of the invoices feature, re-exported through a service
 * module (tools/eslint-boundaries.js). Added by the payments helper as agreed in the contract.
 */
export { loadInvoiceActor } from './invoice-actor';
export { loadInvoiceDocument, renderInvoicePdf } from './invoice-pdf';
export { enqueueInvoiceDocuments } from './invoice-documents.job';
export { issueInvoices } from './invoice-issue';
export { findInvoice, findSettings, insertInvoices, type NewInvoice } from './invoices.queries';
