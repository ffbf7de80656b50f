import { defineEnum, type EnumValue } from './enum-helpers';

/** Issue 17: an invoice's state (docs/decisions/invoices.md). */
export const InvoiceState = { draft: 0, issued: 1, partlyPaid: 2, paid: 3, cancelled: 4 } as const;
export type InvoiceState = EnumValue<typeof InvoiceState>;

export const invoiceStateEnum = defineEnum('invoiceState', InvoiceState);
export const {
  values: invoiceStateValues,
  schema: invoiceStateSchema,
  labelKey: invoiceStateLabelKey,
} = invoiceStateEnum;

/** The states in which an invoice is still to be paid (reminders, the Overdue filter). */
export const openInvoiceStates = [InvoiceState.issued, InvoiceState.partlyPaid] as const;

/** Issue 17: how an invoice reaches its recipient: by e-mail, or printed (printed courier). */
export const InvoiceDelivery = { mail: 0, print: 10 } as const;
export type InvoiceDelivery = EnumValue<typeof InvoiceDelivery>;

export const invoiceDeliveryEnum = defineEnum('invoiceDelivery', InvoiceDelivery);
export const {
  values: invoiceDeliveryValues,
  schema: invoiceDeliverySchema,
  labelKey: invoiceDeliveryLabelKey,
} = invoiceDeliveryEnum;
