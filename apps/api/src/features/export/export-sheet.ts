import type { Actor } from '@bpw/domain/actor';
import type { ExportFormat } from '@bpw/domain/enums/export-format';
import type { Locale } from '@bpw/domain/enums/language';
import { hideManagerFields, managerOnlyPersonFields } from '@bpw/domain/permissions';
import { translate } from '../../platform/i18n';
import type { XlsxRow, XlsxSheetSpec } from '../../platform/xlsx/xlsx-writer';
import { type ExportPerson, columnsFor } from './export-columns';

/**
 * A row's scope for the person rules, from what the row already holds (no query per person):
 * her primary club and the clubs of her relations active today, as `findPersonAccess` has them.
 */
const exportedPersonScope = (person: ExportPerson) => ({
  id: person.id,
  primaryClubId: person.primaryClubId,
  clubIds: (person.relations ?? []).map(([clubId]) => clubId),
});

/**
 * The sheet of an export: its name and columns, headers in the exporting user's language, and
 * each person's cells as the exporter may see her (docs/decisions/export-visibility.md). Built
 * the same on the API's thread and on the export's own thread (export-sheet.worker.ts).
 */
export function exportSheet(
  format: ExportFormat,
  locale: Locale,
  actor: Actor,
): { spec: XlsxSheetSpec; toRow: (person: ExportPerson) => XlsxRow } {
  const columns = columnsFor(format, locale);
  const hidesFields = columns.some((column) => (managerOnlyPersonFields as readonly string[]).includes(column.key));
  return {
    spec: {
      name: translate(locale, 'export.sheet'),
      columns: columns.map((column) => ({
        header: translate(locale, `export.column.${column.key}`),
        width: column.width,
      })),
    },
    toRow: (person) => {
      if (hidesFields) hideManagerFields(actor, exportedPersonScope(person), person);
      return columns.map((column) => column.value(person));
    },
  };
}
