import { CustomFieldMode, CustomFieldType } from '@bpw/domain/enums/custom-field';
import type { LanguageCode } from '@bpw/domain/enums/language';
import type { Venue } from './demo-places';

/** The event categories (plain text titles, German as in real data). */
export const categoryTitles = {
  networking: 'Networking',
  workshop: 'Workshop',
  conference: 'Konferenz',
  mentoring: 'Mentoring',
  assembly: 'Generalversammlung',
  excursion: 'Exkursion',
  webinar: 'Webinar',
  social: 'Geselliger Anlass',
} as const;
export type CategoryKey = keyof typeof categoryTitles;

type FieldDef = {
  type: CustomFieldType;
  title: string;
  modeMember: CustomFieldMode;
  modeGuest: CustomFieldMode;
  showInList: boolean;
  options?: readonly string[];
};
const M = CustomFieldMode;

/** Custom registration fields, one of every type, used by some events. */
export const fieldDefs = {
  menu: {
    type: CustomFieldType.option,
    title: 'Menüwahl',
    modeMember: M.required,
    modeGuest: M.required,
    showInList: true,
    options: ['Fleisch', 'Vegetarisch', 'Vegan'],
  },
  allergies: {
    type: CustomFieldType.string,
    title: 'Allergien / Unverträglichkeiten',
    modeMember: M.optional,
    modeGuest: M.optional,
    showInList: false,
  },
  apero: {
    type: CustomFieldType.boolean,
    title: 'Teilnahme am Apéro',
    modeMember: M.optional,
    modeGuest: M.optional,
    showInList: true,
  },
  level: {
    type: CustomFieldType.option,
    title: 'Niveau d’expérience',
    modeMember: M.optional,
    modeGuest: M.optional,
    showInList: true,
    options: ['Débutante', 'Intermédiaire', 'Avancée'],
  },
  company: {
    type: CustomFieldType.string,
    title: 'Firma',
    modeMember: M.hidden,
    modeGuest: M.optional,
    showInList: true,
  },
  invoiceEmail: {
    type: CustomFieldType.email,
    title: 'E-Mail für die Rechnung',
    modeMember: M.optional,
    modeGuest: M.required,
    showInList: false,
  },
  companions: {
    type: CustomFieldType.number,
    title: 'Anzahl Begleitpersonen',
    modeMember: M.optional,
    modeGuest: M.hidden,
    showInList: true,
  },
  birthdate: {
    type: CustomFieldType.date,
    title: 'Geburtsdatum (Sicherheitskontrolle)',
    modeMember: M.required,
    modeGuest: M.required,
    showInList: false,
  },
} as const satisfies Record<string, FieldDef>;
export type FieldKey = keyof typeof fieldDefs;

/** The main programme item by category, in the event's language. */
// prettier-ignore
const mainItem: Record<CategoryKey, Record<LanguageCode, string>> = {
  networking: { de: 'Kurzinputs und Speed-Networking', fr: 'Brèves présentations et speed networking', it: 'Brevi interventi e speed networking', en: 'Short talks and speed networking' },
  workshop: { de: 'Workshop in Kleingruppen mit Übungen', fr: 'Atelier en petits groupes avec exercices', it: 'Workshop in piccoli gruppi con esercizi', en: 'Workshop in small groups' },
  conference: { de: 'Referate und Podiumsdiskussion', fr: 'Exposés et table ronde', it: 'Relazioni e tavola rotonda', en: 'Talks and panel discussion' },
  mentoring: { de: 'Mentoring-Tandems berichten', fr: 'Témoignages de tandems de mentorat', it: 'Testimonianze dei tandem di mentoring', en: 'Mentoring pairs share their stories' },
  assembly: { de: 'Statutarische Geschäfte gemäss Einladung', fr: 'Partie statutaire selon l’invitation', it: 'Parte statutaria secondo l’invito', en: 'Statutory business as per the invitation' },
  excursion: { de: 'Führung vor Ort', fr: 'Visite guidée', it: 'Visita guidata', en: 'Guided tour' },
  webinar: { de: 'Online-Input mit Fragerunde', fr: 'Présentation en ligne et questions', it: 'Presentazione online e domande', en: 'Online talk with Q&A' },
  social: { de: 'Gemütliches Beisammensein', fr: 'Moment convivial', it: 'Momento conviviale', en: 'Get-together' },
};

// prettier-ignore
const words: Record<LanguageCode, { programme: string; welcome: string; apero: string; questions: string; place: string; cost: string; outro: string }> = {
  de: { programme: 'Programm', welcome: 'Eintreffen und Begrüssung', apero: 'Apéro und Austausch', questions: 'Fragen und Diskussion', place: 'Ort', cost: 'Kosten', outro: 'Wir freuen uns auf Sie!' },
  fr: { programme: 'Programme', welcome: 'Accueil', apero: 'Apéritif et échanges', questions: 'Questions et discussion', place: 'Lieu', cost: 'Prix', outro: 'Nous nous réjouissons de vous voir !' },
  it: { programme: 'Programma', welcome: 'Arrivo e saluto', apero: 'Aperitivo e scambio', questions: 'Domande e discussione', place: 'Luogo', cost: 'Costo', outro: 'Vi aspettiamo numerose!' },
  en: { programme: 'Programme', welcome: 'Arrival and welcome', apero: 'Drinks and networking', questions: 'Questions and discussion', place: 'Venue', cost: 'Cost', outro: 'We look forward to seeing you!' },
};

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** What describeEvent reads of an event plan (demo-event-plans.ts). */
type DescribedPlan = {
  lang: LanguageCode;
  cats: readonly CategoryKey[];
  at: readonly [hour: number, minute: number, hours: number];
  cost?: string;
  teaser: string;
};

/** A markdown description: the teaser, a programme with times, the venue and the cost. */
export function describeEvent(plan: DescribedPlan, venue: Venue, clubName: string): string {
  const w = words[plan.lang];
  const [hour, minute, hours] = plan.at;
  const duration = hours * 60;
  const start = hour * 60 + minute;
  const lines = [
    plan.teaser,
    '',
    `## ${w.programme}`,
    '',
    `- **${clock(start)}** ${w.welcome}`,
    `- **${clock(start + 15)}** ${mainItem[plan.cats[0]!][plan.lang]}`,
    `- **${clock(start + Math.max(30, Math.min(90, duration - 45)))}** ${plan.cats.includes('webinar') ? w.questions : w.apero}`,
    '',
    `**${w.place}:** ${venue.location}, ${venue.street}, ${venue.zip} ${venue.city}`,
  ];
  if (plan.cost) lines.push('', `**${w.cost}:** ${plan.cost}`);
  lines.push('', `${w.outro}  `, `*${clubName}*`);
  return lines.join('\n');
}
