import { ClubType } from '@bpw/domain/enums/club-type';
import { LanguageCode } from '@bpw/domain/enums/language';

/** Real Swiss places: the towns around each club, street names by language, event venues. */

/** [zip, city, canton, phone area code] */
export type Town = readonly [zip: string, city: string, canton: string, areaCode: string];

export type DemoClubDef = {
  key: string;
  name: string;
  clubType: (typeof ClubType)[keyof typeof ClubType];
  /** The language of the club's members; only regional clubs have members of their own. */
  language: LanguageCode;
  towns: readonly Town[];
};

const t = (zip: string, city: string, canton: string, areaCode: string): Town => [zip, city, canton, areaCode];

/** The 12 demo clubs: 9 regional, one national, one continental, one worldwide. */
export const clubDefs = [
  {
    key: 'zurich',
    name: 'BPW Zürich',
    clubType: ClubType.regional,
    language: LanguageCode.de,
    towns: [
      t('8001', 'Zürich', 'ZH', '44'),
      t('8004', 'Zürich', 'ZH', '44'),
      t('8008', 'Zürich', 'ZH', '44'),
      t('8037', 'Zürich', 'ZH', '44'),
      t('8400', 'Winterthur', 'ZH', '52'),
      t('8610', 'Uster', 'ZH', '44'),
      t('8700', 'Küsnacht', 'ZH', '44'),
      t('8810', 'Horgen', 'ZH', '44'),
    ],
  },
  {
    key: 'bern',
    name: 'BPW Bern',
    clubType: ClubType.regional,
    language: LanguageCode.de,
    towns: [
      t('3011', 'Bern', 'BE', '31'),
      t('3013', 'Bern', 'BE', '31'),
      t('3006', 'Bern', 'BE', '31'),
      t('3098', 'Köniz', 'BE', '31'),
      t('3600', 'Thun', 'BE', '33'),
      t('3400', 'Burgdorf', 'BE', '34'),
      t('2502', 'Biel/Bienne', 'BE', '32'),
    ],
  },
  {
    key: 'basel',
    name: 'BPW Basel',
    clubType: ClubType.regional,
    language: LanguageCode.de,
    towns: [
      t('4051', 'Basel', 'BS', '61'),
      t('4057', 'Basel', 'BS', '61'),
      t('4125', 'Riehen', 'BS', '61'),
      t('4410', 'Liestal', 'BL', '61'),
      t('4123', 'Allschwil', 'BL', '61'),
    ],
  },
  {
    key: 'luzern',
    name: 'BPW Luzern',
    clubType: ClubType.regional,
    language: LanguageCode.de,
    towns: [t('6003', 'Luzern', 'LU', '41'), t('6006', 'Luzern', 'LU', '41'), t('6010', 'Kriens', 'LU', '41')],
  },
  {
    key: 'stgallen',
    name: 'BPW St. Gallen',
    clubType: ClubType.regional,
    language: LanguageCode.de,
    towns: [t('9000', 'St. Gallen', 'SG', '71'), t('9500', 'Wil', 'SG', '71'), t('8640', 'Rapperswil', 'SG', '55')],
  },
  {
    key: 'geneve',
    name: 'BPW Genève',
    clubType: ClubType.regional,
    language: LanguageCode.fr,
    towns: [
      t('1201', 'Genève', 'GE', '22'),
      t('1205', 'Genève', 'GE', '22'),
      t('1207', 'Genève', 'GE', '22'),
      t('1227', 'Carouge', 'GE', '22'),
      t('1260', 'Nyon', 'VD', '22'),
    ],
  },
  {
    key: 'lausanne',
    name: 'BPW Lausanne',
    clubType: ClubType.regional,
    language: LanguageCode.fr,
    towns: [
      t('1003', 'Lausanne', 'VD', '21'),
      t('1006', 'Lausanne', 'VD', '21'),
      t('1009', 'Pully', 'VD', '21'),
      t('1110', 'Morges', 'VD', '21'),
      t('1800', 'Vevey', 'VD', '21'),
    ],
  },
  {
    key: 'fribourg',
    name: 'BPW Fribourg',
    clubType: ClubType.regional,
    language: LanguageCode.fr,
    towns: [t('1700', 'Fribourg', 'FR', '26'), t('1630', 'Bulle', 'FR', '26'), t('3280', 'Murten', 'FR', '26')],
  },
  {
    key: 'lugano',
    name: 'BPW Lugano',
    clubType: ClubType.regional,
    language: LanguageCode.it,
    towns: [
      t('6900', 'Lugano', 'TI', '91'),
      t('6500', 'Bellinzona', 'TI', '91'),
      t('6600', 'Locarno', 'TI', '91'),
      t('6850', 'Mendrisio', 'TI', '91'),
    ],
  },
  { key: 'switzerland', name: 'BPW Switzerland', clubType: ClubType.national, language: LanguageCode.de, towns: [] },
  { key: 'europe', name: 'BPW Europe', clubType: ClubType.continental, language: LanguageCode.en, towns: [] },
  {
    key: 'international',
    name: 'BPW International',
    clubType: ClubType.worldwide,
    language: LanguageCode.en,
    towns: [],
  },
] as const satisfies readonly DemoClubDef[];
export type DemoClubKey = (typeof clubDefs)[number]['key'];

const streetList = (text: string) => text.split('|');
export const streets: Record<LanguageCode, readonly string[]> = {
  de: streetList(
    'Bahnhofstrasse|Seestrasse|Hauptstrasse|Dorfstrasse|Kirchgasse|Gartenstrasse|Rosenweg|Schulstrasse|Bergstrasse|Lindenstrasse|Sonnenbergstrasse|Feldstrasse|Alpenstrasse|Mühlegasse|Weinbergstrasse',
  ),
  fr: streetList(
    'Rue du Marché|Avenue de la Gare|Chemin des Vignes|Rue de Lausanne|Route de Genève|Rue du Lac|Avenue des Alpes|Chemin du Bois|Rue du Simplon|Boulevard de Grancy|Rue de Carouge',
  ),
  it: streetList(
    'Via Nassa|Via Cantonale|Viale Stazione|Via San Gottardo|Via Lugano|Via ai Monti|Via Pretorio|Corso Pestalozzi|Via Motta',
  ),
  en: [],
};

export type Venue = {
  location: string;
  street: string;
  zip: string;
  city: string;
  state: string;
  /** The city's coordinates (WGS84), for the events shown as already geocoded. */
  lat: number;
  long: number;
};

const v = (location: string, street: string, zip: string, city: string, state: string, lat: number, long: number) =>
  ({ location, street, zip, city, state, lat, long }) satisfies Venue;

export const venues = {
  kongresshaus: v('Kongresshaus Zürich', 'Claridenstrasse 5', '8002', 'Zürich', 'ZH', 47.3769, 8.5417),
  volkshausZh: v('Volkshaus Zürich', 'Stauffacherstrasse 60', '8004', 'Zürich', 'ZH', 47.3769, 8.5417),
  impactHub: v('Impact Hub Zürich – Viadukt', 'Viaduktstrasse 93', '8005', 'Zürich', 'ZH', 47.3769, 8.5417),
  lakeSide: v('Restaurant Lake Side', 'Bellerivestrasse 170', '8008', 'Zürich', 'ZH', 47.3769, 8.5417),
  clouds: v('Clouds, Prime Tower', 'Maagplatz 5', '8005', 'Zürich', 'ZH', 47.3769, 8.5417),
  kursaal: v('Kursaal Bern', 'Kornhausstrasse 3', '3013', 'Bern', 'BE', 46.948, 7.4474),
  bellevue: v('Hotel Bellevue Palace', 'Kochergasse 3-5', '3011', 'Bern', 'BE', 46.948, 7.4474),
  bundeshaus: v('Bundeshaus', 'Bundesplatz 3', '3005', 'Bern', 'BE', 46.948, 7.4474),
  onlineBern: v('Online (Zoom)', 'Kornhausstrasse 3', '3013', 'Bern', 'BE', 46.948, 7.4474),
  grimsel: v('Kraftwerke Oberhasli', 'Grimselstrasse 19', '3862', 'Innertkirchen', 'BE', 46.706, 8.229),
  congressBasel: v('Congress Center Basel', 'Messeplatz 21', '4058', 'Basel', 'BS', 47.5596, 7.5886),
  troisRois: v('Grand Hotel Les Trois Rois', 'Blumenrain 8', '4001', 'Basel', 'BS', 47.5596, 7.5886),
  volkshausBasel: v('Volkshaus Basel', 'Rebgasse 12-14', '4058', 'Basel', 'BS', 47.5596, 7.5886),
  rheinfall: v('Schlössli Wörth', 'Rheinfallquai 30', '8212', 'Neuhausen am Rheinfall', 'SH', 47.6833, 8.6167),
  kkl: v('KKL Luzern', 'Europaplatz 1', '6005', 'Luzern', 'LU', 47.0502, 8.3093),
  schweizerhof: v('Hotel Schweizerhof Luzern', 'Schweizerhofquai 3', '6004', 'Luzern', 'LU', 47.0502, 8.3093),
  einstein: v('Einstein St. Gallen', 'Berneggstrasse 2', '9000', 'St. Gallen', 'SG', 47.4245, 9.3767),
  onlineStGallen: v('Online (Zoom)', 'Lerchenfeldstrasse 5', '9014', 'St. Gallen', 'SG', 47.4245, 9.3767),
  maestrani: v('Maestrani Chocolarium', 'Toggenburgerstrasse 41', '9230', 'Flawil', 'SG', 47.4153, 9.1827),
  beauRivage: v('Hôtel Beau-Rivage', 'Quai du Mont-Blanc 13', '1201', 'Genève', 'GE', 46.2044, 6.1432),
  eauxVives: v('Restaurant du Parc des Eaux-Vives', 'Quai Gustave-Ador 82', '1207', 'Genève', 'GE', 46.2044, 6.1432),
  stcc: v('SwissTech Convention Center', 'Route Louis-Favre 2', '1024', 'Ecublens', 'VD', 46.5276, 6.563),
  hotelPaix: v('Hôtel de la Paix', 'Avenue Benjamin-Constant 5', '1003', 'Lausanne', 'VD', 46.5197, 6.6323),
  forum: v('Forum Fribourg', 'Route du Lac 12', '1763', 'Granges-Paccot', 'FR', 46.826, 7.142),
  onlineFribourg: v('En ligne (Teams)', 'Route du Lac 12', '1763', 'Granges-Paccot', 'FR', 46.826, 7.142),
  palazzo: v('Palazzo dei Congressi', 'Piazza Indipendenza 4', '6900', 'Lugano', 'TI', 46.0037, 8.9511),
  lac: v('LAC Lugano Arte e Cultura', 'Piazza Bernardino Luini 6', '6900', 'Lugano', 'TI', 46.0037, 8.9511),
} as const;
export type VenueKey = keyof typeof venues;
