import type { LanguageCode } from '@bpw/domain/enums/language';

/** Names, companies and labels of the four language regions (German, French, Italian, English speakers). */
type ByLanguage<T> = Record<LanguageCode, T>;
const words = (text: string): readonly string[] => text.split(' ');
const list = (text: string): readonly string[] => text.split('|');

export const femaleFirstnames: ByLanguage<readonly string[]> = {
  de: words(
    'Anna Barbara Bettina Brigitte Claudia Corinne Daniela Doris Esther Franziska Gabriela Heidi Isabelle Jacqueline Karin Katharina Lea Manuela Monika Nadine Regula Ruth Sabine Sandra Silvia Simone Ursula Verena Yvonne Andrea Nina Lara Selina Jasmin',
  ),
  fr: words(
    'Amélie Anne-Laure Camille Catherine Céline Chantal Christine Claire Élodie Françoise Géraldine Hélène Isabelle Joëlle Julie Laurence Marie-Claude Mathilde Monique Nathalie Pauline Sophie Valérie Véronique Aurélie Océane Manon Léa',
  ),
  it: words(
    'Alessandra Anna Barbara Chiara Cristina Daniela Elena Federica Francesca Giovanna Giulia Laura Lucia Manuela Marta Michela Paola Roberta Sara Silvia Valentina Martina Sofia Aurora',
  ),
  en: words(
    'Alice Amanda Charlotte Claire Emily Emma Hannah Jennifer Jessica Kate Laura Lucy Megan Olivia Rachel Sarah Sophie Victoria',
  ),
};

export const maleFirstnames: ByLanguage<readonly string[]> = {
  de: words('Thomas Daniel Martin Markus Stefan Reto Urs Lukas'),
  fr: words('Olivier Nicolas Laurent Pierre Julien Philippe'),
  it: words('Marco Luca Andrea Paolo Matteo Davide'),
  en: words('James Oliver David Michael Andrew'),
};

export const lastnames: ByLanguage<readonly string[]> = {
  de: words(
    'Müller Meier Schmid Keller Weber Huber Schneider Meyer Steiner Fischer Gerber Brunner Baumann Frei Zimmermann Moser Widmer Wyss Graf Roth Suter Baumgartner Bachmann Kaufmann Hofmann Bühler Lüthi Egli Sutter Marti Kunz Ammann Gasser Zürcher Hess Vogel Schürch Arnold',
  ),
  fr: words(
    'Favre Rochat Dubois Morel Bonvin Perrin Jaccard Chappuis Monnier Pittet Python Berset Clerc Girard Rey Cuénod Fontaine Mercier Bovet Perret Dupuis Gay Vuilleumier Mottier Blanc Jordan Bourquin Délèze',
  ),
  it: words(
    'Bernasconi Rossi Ferrari Bianchi Pedrazzini Lombardi Galli Colombo Crivelli Fumagalli Cattaneo Gianella Moretti Solari Guidotti Bettelini Ghirlanda Rezzonico Pellandini Bossi Snider Beffa',
  ),
  en: words(
    'Smith Johnson Brown Taylor Wilson Davies Evans Thompson Walker Wright Clarke Harris Mitchell Robinson Campbell Bennett',
  ),
};

/** Label of a private and a business address, and of the business e-mail, by language. */
export const addressLabels: ByLanguage<{ private: string; business: string }> = {
  de: { private: 'Privat', business: 'Geschäft' },
  fr: { private: 'Privé', business: 'Bureau' },
  it: { private: 'Privato', business: 'Ufficio' },
  en: { private: 'Home', business: 'Office' },
};

/** Company name endings by language, prefixed with a lastname ("Keller Treuhand AG"). */
export const companies: ByLanguage<readonly string[]> = {
  de: list(
    'Treuhand AG|Consulting GmbH|Architektur AG|Kommunikation GmbH|Informatik AG|Advokatur|Personalberatung GmbH|Physiotherapie|Immobilien AG|Coaching & Training GmbH',
  ),
  fr: list('Fiduciaire SA|Conseil Sàrl|Architectes SA|Communication Sàrl|Études juridiques|Finance SA'),
  it: list('Fiduciaria SA|Consulenze Sagl|Studio legale|Architetti SA|Comunicazione Sagl'),
  en: list('Consulting Ltd|Advisory GmbH|Partners AG|Digital Solutions GmbH'),
};

export const companySectors: ByLanguage<readonly string[]> = {
  de: words(
    'Treuhand Beratung Informatik Gesundheitswesen Rechtsberatung Finanzdienstleistungen Bildung Architektur Kommunikation Tourismus Immobilien Detailhandel',
  ),
  fr: list('Fiduciaire|Conseil|Informatique|Santé|Droit|Banque et finance|Formation|Hôtellerie'),
  it: words('Fiduciaria Consulenza Informatica Sanità Diritto Finanza Turismo'),
  en: list('Consulting|Information technology|Finance|Pharma|Education|Marketing'),
};

export const companyRoles: ByLanguage<readonly string[]> = {
  de: list('Geschäftsführerin|Inhaberin|Partnerin|Projektleiterin|Leiterin Finanzen|HR-Leiterin'),
  fr: list('Directrice|Associée|Fondatrice|Cheffe de projet|Responsable RH'),
  it: list('Direttrice|Titolare|Socia|Capoprogetto|Responsabile finanze'),
  en: list('Managing Director|Founder|Partner|Project Manager|Head of Marketing'),
};

/** Free labels of the membership type "other". */
export const otherMembershipLabels = ['Revisorin', 'Ehrenmitglied', 'Delegierte', 'Beirätin', 'Alumna'] as const;

/** Remarks guests and members leave on a registration. */
export const registrationRemarks = [
  'Ich komme etwas später.',
  'Bitte vegetarisches Essen.',
  'Je viendrai avec une collègue.',
  'Arrivo verso le 19.',
  'Looking forward to it!',
  'Ich bringe eine Kollegin als Gast mit.',
] as const;

export const unregistrationRemarks = [
  'Leider krank.',
  'Terminkollision, schade!',
  'Empêchement professionnel.',
  'Purtroppo non posso venire.',
] as const;
