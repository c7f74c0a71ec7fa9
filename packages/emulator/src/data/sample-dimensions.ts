/**
 * The fixed dimension members of the sample sales data. Kept as plain data so the generator, the
 * schema, the RLS documentation and the tests all read the same lists.
 */

/** Region names have no spaces: they double as RLS usernames (the cloud rejects spaces there). */
export const regions = ['Americas', 'Europe', 'Asia', 'Oceania', 'Africa'] as const;

/** [country, region, relative weight] — weights skew the data so charts have a shape. */
export const countries: readonly (readonly [string, (typeof regions)[number], number])[] = [
  ['United States', 'Americas', 30],
  ['Canada', 'Americas', 8],
  ['Brazil', 'Americas', 6],
  ['Mexico', 'Americas', 4],
  ['Germany', 'Europe', 10],
  ['United Kingdom', 'Europe', 9],
  ['France', 'Europe', 7],
  ['Spain', 'Europe', 4],
  ['Japan', 'Asia', 7],
  ['India', 'Asia', 5],
  ['Singapore', 'Asia', 3],
  ['Australia', 'Oceania', 6],
  ['New Zealand', 'Oceania', 2],
  ['South Africa', 'Africa', 3],
  ['Kenya', 'Africa', 1],
];

/**
 * [product, category, list price, unit cost]. Order matters: the generator picks earlier entries
 * more often (cheap accessories sell more often than bikes), which gives the charts a realistic shape.
 */
export const products: readonly (readonly [string, string, number, number])[] = [
  ['Water Bottle', 'Accessories', 9.5, 2.8],
  ['Gloves', 'Clothing', 29, 10],
  ['Bike Lock', 'Accessories', 39, 14],
  ['Chain', 'Components', 35, 15],
  ['Bike Light Set', 'Accessories', 45, 17],
  ['Helmet', 'Accessories', 65, 28],
  ['Saddle', 'Components', 59, 22],
  ['Cycling Shorts', 'Clothing', 69, 26],
  ['Jersey', 'Clothing', 79, 31],
  ['Tune-up', 'Services', 89, 35],
  ['Brake Set', 'Components', 120, 61],
  ['Rain Jacket', 'Clothing', 139, 58],
  ['Fitting', 'Services', 149, 40],
  ['Kids Bike', 'Bikes', 240, 150],
  ['Wheel Set', 'Components', 480, 265],
  ['City Bike', 'Bikes', 690, 420],
  ['Trail Bike', 'Bikes', 1450, 910],
  ['Road Bike', 'Bikes', 2100, 1390],
];

export const segments = ['Consumer', 'Corporate', 'Small Business'] as const;
export const channels = ['Online', 'Retail', 'Partner'] as const;

/** Word lists for deterministic customer names ("Blue Harbor Cycles"). */
export const customerFirstWords = [
  'Alpine',
  'Blue',
  'Cedar',
  'Delta',
  'Evergreen',
  'Falcon',
  'Granite',
  'Harbor',
  'Iron',
  'Juniper',
  'Kestrel',
  'Lakeside',
  'Maple',
  'Northwind',
  'Orchard',
  'Pioneer',
  'Quarry',
  'Riverside',
  'Summit',
  'Timber',
  'Union',
  'Valley',
  'Willow',
  'Zenith',
] as const;
export const customerSecondWords = [
  'Cycles',
  'Outfitters',
  'Sports',
  'Traders',
  'Wheels',
  'Riders',
  'Supply',
  'Motion',
  'Velo',
  'Trail Co',
  'Works',
  'Depot',
] as const;
