/**
 * A CSV as an association brings it (issue 16): person, birthday, private e-mail and phone,
 * business company and address; unique per run (`tag`), so a run creates every row.
 */
export function importCsv(options: { rows: number; tag: string; clubName?: string }): Buffer {
  const header = [
    'Vorname',
    'Nachname',
    'Geburtstag',
    'Korrespondenzsprache',
    'E-Mail (privat)',
    'Telefon (privat)',
    'Firma (geschäftlich)',
    'Strasse (geschäftlich)',
    'PLZ (geschäftlich)',
    'Ort (geschäftlich)',
  ];
  if (options.clubName) header.push('Club', 'Mitgliedschaftstyp');
  const lines = [header.join(';')];
  for (let i = 0; i < options.rows; i++) {
    const day = String((i % 28) + 1).padStart(2, '0');
    const month = String((i % 12) + 1).padStart(2, '0');
    const cells = [
      `Vorname${i}`,
      `Import ${options.tag} ${i}`,
      `${day}.${month}.${1950 + (i % 50)}`,
      ['Deutsch', 'Français', 'Italiano', 'English'][i % 4]!,
      `import.${options.tag}.${i}@example.org`,
      `+41 31 ${String(100_0000 + i).slice(-7)}`,
      `Firma ${i % 500} AG`,
      `Bahnhofstrasse ${i % 200}`,
      String(1000 + (i % 8000)),
      'Bern',
    ];
    if (options.clubName) cells.push(options.clubName, 'Einzelmitglied');
    lines.push(cells.join(';'));
  }
  return Buffer.from(lines.join('\r\n'), 'utf8');
}
