import { EventState } from '@bpw/domain/enums/event';
import type { LanguageCode } from '@bpw/domain/enums/language';
import { PublicationState } from '@bpw/domain/enums/publication-state';
import { RegistrationState } from '@bpw/domain/enums/registration';
import type { DemoAccountKey } from './demo-accounts';
import type { CategoryKey, FieldKey } from './demo-event-texts';
import type { DemoClubKey, VenueKey } from './demo-places';

export type EventPlan = {
  /** Days from today; the state matches the date (past: Completed/Archived, future: the others). */
  day: number;
  state: EventState;
  club: DemoClubKey;
  venue: VenueKey;
  lang: LanguageCode;
  cats: readonly CategoryKey[];
  /** null: no registration, 0: unlimited, above 0: limited. */
  slots: number | null;
  external?: true;
  /** Start time in Zurich and duration in hours. */
  at: readonly [hour: number, minute: number, hours: number];
  cost?: string;
  /** Shown as geocoded already (the city's coordinates); the others wait for the scheduler. */
  geo?: true;
  /** How many registrations (all registrations; a full event gets slots active plus two unregistered). */
  regs?: number;
  full?: true;
  /** Demo account holders registered with the given state. */
  with?: ReadonlyArray<readonly [DemoAccountKey, RegistrationState]>;
  fields?: readonly FieldKey[];
  publish?: ReadonlyArray<readonly [DemoClubKey, PublicationState, locked?: true]>;
  title: string;
  teaser: string;
};

const S = EventState;
const R = RegistrationState;
const P = PublicationState;

/** 30 events over the last and the next year, in every state and registration type. */
// prettier-ignore
export const eventPlans: readonly EventPlan[] = [
  { day: -340, state: S.Archived, club: 'zurich', venue: 'kongresshaus', lang: 'de', cats: ['assembly'], slots: 0, at: [18, 30, 3], regs: 10, geo: true,
    title: 'Generalversammlung BPW Zürich', teaser: 'Jahresbericht, Rechnung und Wahlen – anschliessend Apéro riche mit allen Mitgliedern.' },
  { day: -318, state: S.Archived, club: 'bern', venue: 'kursaal', lang: 'de', cats: ['workshop'], slots: 20, at: [9, 0, 7], regs: 8, cost: 'CHF 80.– Mitglieder, CHF 120.– Nichtmitglieder',
    title: 'Workshop: Verhandeln mit Wirkung', teaser: 'Lohn, Honorar, Budget: ein Tag Verhandlungstraining mit praktischen Übungen.' },
  { day: -295, state: S.Archived, club: 'geneve', venue: 'beauRivage', lang: 'fr', cats: ['networking', 'social'], slots: 0, at: [18, 30, 3], regs: 6,
    title: 'Soirée réseautage au bord du lac', teaser: 'Une soirée pour élargir son réseau, avec vue sur le Léman et le jet d’eau.' },
  { day: -270, state: S.Archived, club: 'basel', venue: 'volkshausBasel', lang: 'de', cats: ['conference', 'networking'], slots: 0, external: true, at: [17, 0, 3],
    title: 'Equal Pay Day: Podium und Apéro', teaser: 'Was verdienen Frauen und Männer in der Schweiz? Fakten, Podium und Gespräche beim Apéro.' },
  { day: -250, state: S.Archived, club: 'luzern', venue: 'schweizerhof', lang: 'de', cats: ['mentoring'], slots: 15, at: [18, 0, 3], regs: 9,
    title: 'Mentoring-Programm: Kick-off', teaser: 'Mentorinnen und Mentees lernen sich kennen und starten ins neue Programmjahr.' },
  { day: -225, state: S.Archived, club: 'stgallen', venue: 'onlineStGallen', lang: 'de', cats: ['webinar'], slots: 0, at: [12, 15, 1], regs: 7,
    title: 'Webinar: LinkedIn für Unternehmerinnen', teaser: 'Profil schärfen, Netzwerk pflegen, sichtbar werden – in einer Mittagspause.' },
  { day: -205, state: S.Archived, club: 'bern', venue: 'grimsel', lang: 'de', cats: ['excursion'], slots: 25, at: [8, 0, 10], regs: 9, cost: 'CHF 45.– inkl. Carfahrt',
    title: 'Exkursion zu den Kraftwerken Oberhasli', teaser: 'Führung durch Stollen und Kavernen: Energie aus den Berner Alpen hautnah.' },
  { day: -180, state: S.Completed, club: 'lugano', venue: 'palazzo', lang: 'it', cats: ['assembly'], slots: 0, at: [18, 0, 3], regs: 7, geo: true,
    title: 'Assemblea generale BPW Lugano', teaser: 'Rapporto annuale, conti ed elezioni, seguiti da un aperitivo.' },
  { day: -160, state: S.Completed, club: 'lausanne', venue: 'stcc', lang: 'fr', cats: ['workshop'], slots: 12, full: true, at: [9, 0, 4], cost: 'CHF 60.–', fields: ['level'],
    title: 'Atelier : prendre la parole en public', teaser: 'Gagner en assurance face à un public – exercices pratiques et retours personnalisés.' },
  { day: -140, state: S.Completed, club: 'zurich', venue: 'lakeSide', lang: 'de', cats: ['social'], slots: 60, at: [18, 0, 5], regs: 12, cost: 'CHF 50.– Mitglieder, CHF 70.– Gäste', geo: true,
    fields: ['menu', 'allergies', 'apero'], with: [['manager', R.Confirmed], ['events', R.Confirmed], ['member', R.Confirmed]],
    title: 'Clubfest am See', teaser: 'Buffet, Musik und gute Gespräche am Zürichsee – Partner und Freunde willkommen.' },
  { day: -120, state: S.Completed, club: 'bern', venue: 'bellevue', lang: 'de', cats: ['assembly', 'conference'], slots: null, at: [10, 0, 6],
    title: 'Delegiertenversammlung BPW Switzerland', teaser: 'Die Delegierten aller Clubs treffen sich in Bern. Gäste sind am Nachmittag willkommen.' },
  { day: -95, state: S.Completed, club: 'basel', venue: 'troisRois', lang: 'de', cats: ['networking'], slots: 30, at: [12, 0, 2], regs: 8, cost: 'CHF 65.– inkl. Lunch',
    publish: [['zurich', P.Confirmed]],
    title: 'Networking-Lunch: Frauen in Führung', teaser: 'Drei Führungsfrauen erzählen, was sie gelernt haben – bei einem Lunch am Rhein.' },
  { day: -70, state: S.Completed, club: 'fribourg', venue: 'onlineFribourg', lang: 'fr', cats: ['webinar'], slots: 0, at: [18, 30, 1], regs: 6,
    title: 'Webinaire : financer sa start-up', teaser: 'Business angels, prêts, crowdfunding : tour d’horizon des sources de financement.' },
  { day: -45, state: S.Completed, club: 'stgallen', venue: 'maestrani', lang: 'de', cats: ['excursion'], slots: 20, at: [14, 0, 3], regs: 8, cost: 'CHF 25.–',
    title: 'Exkursion: Maestrani Chocolarium', teaser: 'Wie aus Kakao Schokolade wird – Führung und Degustation in Flawil.' },
  { day: -20, state: S.Completed, club: 'zurich', venue: 'impactHub', lang: 'de', cats: ['mentoring', 'networking'], slots: 0, at: [18, 30, 2], regs: 7,
    with: [['member', R.Confirmed], ['events', R.Confirmed]],
    title: 'Mentoring-Abend: Karriereplanung', teaser: 'Wohin soll die Reise gehen? Erfahrene Mentorinnen teilen ihre Werkzeuge zur Karriereplanung.' },
  { day: 10, state: S.OpenForRegistration, club: 'luzern', venue: 'kkl', lang: 'de', cats: ['networking', 'conference'], slots: 40, at: [7, 30, 2], regs: 9, cost: 'CHF 35.– inkl. Frühstück',
    geo: true, fields: ['companions'], with: [['member', R.Confirmed], ['manager', R.Pending]],
    publish: [['zurich', P.Confirmed], ['bern', P.Invited], ['switzerland', P.Confirmed, true]],
    title: 'Business Breakfast: Digitalisierung im KMU', teaser: 'Wie KMU die Digitalisierung meistern: Praxisbeispiele und Gespräche beim Frühstück.' },
  { day: 18, state: S.OpenForRegistration, club: 'zurich', venue: 'volkshausZh', lang: 'de', cats: ['workshop'], slots: 12, full: true, at: [13, 30, 4], cost: 'CHF 90.–',
    fields: ['company', 'invoiceEmail'],
    title: 'Workshop: Finanzen im Griff', teaser: 'Budget, Vorsorge, Anlegen: ein Nachmittag für die eigenen Finanzen.' },
  { day: 25, state: S.OpenForRegistration, club: 'geneve', venue: 'eauxVives', lang: 'fr', cats: ['social', 'networking'], slots: 0, at: [18, 30, 3], regs: 6,
    publish: [['lausanne', P.Confirmed], ['fribourg', P.Confirmed]],
    title: 'Apéro des membres', teaser: 'Trinquons ensemble au bord du lac – membres, amies et invitées bienvenues.' },
  { day: 32, state: S.OpenForRegistration, club: 'bern', venue: 'onlineBern', lang: 'de', cats: ['webinar'], slots: 0, at: [12, 15, 1], regs: 5,
    with: [['member', R.Pending], ['committee', R.Confirmed]],
    title: 'Webinar: Verwaltungsratsmandate für Frauen', teaser: 'Wie komme ich in einen Verwaltungsrat? Wege, Netzwerke und Erfahrungen.' },
  { day: 45, state: S.OpenForRegistration, club: 'lugano', venue: 'lac', lang: 'it', cats: ['conference'], slots: 0, external: true, at: [17, 30, 3], geo: true,
    publish: [['switzerland', P.Confirmed], ['zurich', P.Invited]],
    title: 'Conferenza: donne e imprenditorialità in Ticino', teaser: 'Imprenditrici ticinesi raccontano le loro esperienze – seguirà un aperitivo.' },
  { day: 60, state: S.OpenForRegistration, club: 'basel', venue: 'congressBasel', lang: 'de', cats: ['networking', 'conference'], slots: 80, at: [18, 0, 3], regs: 6, cost: 'CHF 40.–',
    publish: [['zurich', P.Confirmed], ['bern', P.Rejected], ['stgallen', P.Invited]],
    title: 'Netzwerkabend mit Podiumsdiskussion', teaser: 'Unternehmerinnen und Politikerinnen diskutieren über Chancengleichheit in der Wirtschaft.' },
  { day: 75, state: S.OpenForRegistration, club: 'bern', venue: 'bundeshaus', lang: 'de', cats: ['excursion'], slots: 25, at: [14, 0, 2], regs: 6, fields: ['birthdate'],
    title: 'Führung durch das Bundeshaus', teaser: 'Ein Blick hinter die Kulissen des Parlaments, mit einer Nationalrätin als Gastgeberin.' },
  { day: 95, state: S.Published, club: 'luzern', venue: 'schweizerhof', lang: 'de', cats: ['assembly'], slots: null, at: [18, 0, 3],
    title: 'Generalversammlung BPW Luzern', teaser: 'Die Einladung mit Traktanden folgt per Post und E-Mail.' },
  { day: 110, state: S.Published, club: 'lausanne', venue: 'hotelPaix', lang: 'fr', cats: ['workshop'], slots: 16, at: [9, 0, 4], cost: 'CHF 70.–',
    publish: [['geneve', P.Invited], ['fribourg', P.Rejected]],
    title: 'Atelier : négocier son salaire', teaser: 'Préparer son entretien, connaître sa valeur et oser demander.' },
  { day: 130, state: S.Published, club: 'stgallen', venue: 'einstein', lang: 'de', cats: ['networking'], slots: null, at: [11, 0, 4],
    publish: [['switzerland', P.Invited]],
    title: 'Equal Pay Day: Aktion in der Altstadt', teaser: 'Wir verteilen rote Taschen und kommen mit Passantinnen und Passanten ins Gespräch.' },
  { day: 150, state: S.Published, club: 'zurich', venue: 'kongresshaus', lang: 'de', cats: ['mentoring'], slots: 0, external: true, at: [18, 30, 2],
    title: 'Mentoring-Programm: Infoabend', teaser: 'Alles über das neue Mentoring-Programm – Anmeldung über das Programmportal.' },
  { day: 200, state: S.Planning, club: 'fribourg', venue: 'forum', lang: 'fr', cats: ['assembly'], slots: 0, at: [18, 30, 3],
    title: 'Assemblée générale BPW Fribourg', teaser: 'Rapport annuel, comptes et élections, suivis d’un apéritif dînatoire.' },
  { day: 240, state: S.Planning, club: 'zurich', venue: 'lakeSide', lang: 'de', cats: ['social'], slots: 60, at: [18, 0, 5], cost: 'CHF 55.–', fields: ['menu', 'allergies', 'apero'],
    title: 'Jubiläumsfest BPW Zürich', teaser: 'Unser Jubiläumsfest am See – reservieren Sie sich das Datum!' },
  { day: 280, state: S.Planning, club: 'basel', venue: 'rheinfall', lang: 'de', cats: ['excursion', 'social'], slots: 30, at: [9, 30, 8], cost: 'CHF 55.– inkl. Schifffahrt',
    title: 'Ausflug an den Rheinfall', teaser: 'Schifffahrt zum Felsen, Mittagessen im Schlössli Wörth und Spaziergang nach Schaffhausen.' },
  { day: 320, state: S.Planning, club: 'zurich', venue: 'clouds', lang: 'en', cats: ['networking', 'social'], slots: 0, at: [19, 0, 3],
    title: 'Young BPW Networking Night', teaser: 'Meet young professionals from all over Switzerland – drinks and a view over Zurich.' },
];
