/**
 * Formula injection (OWASP "CSV injection"): a text starting with = + - @ (or a tab or carriage
 * return) could be read as a formula once a spreadsheet edits or re-saves it, so it gets a
 * leading apostrophe. Phone-like texts ("+41 31 000 00 00", "-", "-3.5") stay as they are: digits,
 * spaces and ()./- make no formula that could call a function, and a phone number with an
 * apostrophe would be a defect. The xlsx writer applies it to every text cell, headers included.
 */
const formulaStart = /^[=+\-@\t\r]/;
const phoneLike = /^[+-][\d\s()./-]*$/;

export const neutralizeFormula = (text: string): string =>
  formulaStart.test(text) && !phoneLike.test(text) ? `'${text}` : text;
