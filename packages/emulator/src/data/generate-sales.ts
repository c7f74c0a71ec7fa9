import type { DuckDBConnection } from '@duckdb/node-api';
import {
  channels,
  countries,
  customerFirstWords,
  customerSecondWords,
  products,
  segments,
} from './sample-dimensions.ts';

export interface GenerateSalesOptions {
  rows: number;
  seed: number;
  /** ISO date (YYYY-MM-DD): the last order date and the "today" of relative date filters. */
  today: string;
}

/** Shape of the order-date curve (see day_weights in the SQL). */
const dateCurve = {
  /** Relative growth from the first to the last day of the period. */
  growth: 0.5,
  /** Amplitude of the yearly cycle: ±25 % around the trend. */
  season: 0.25,
  /** Mid-July: the peak of the cycling season. */
  peakDayOfYear: 196,
  /** Saturday and Sunday weight (many orders are B2B). */
  weekend: 0.8,
} as const;

/** Streams per row of the pseudo-random generator (stream k of row r hashes r × streamCount + k). */
const streamCount = 16;

/** Table name of the generated fact table. */
export const salesTable = 'Sales';

const sqlString = (value: string) => `'${value.replaceAll("'", "''")}'`;
const sqlList = (values: readonly string[]) => `[${values.map(sqlString).join(', ')}]`;

/**
 * Low-cardinality text columns are DuckDB ENUMs: grouping by a small integer code is several times
 * faster than by VARCHAR at 1M rows. Members are sorted so ORDER BY stays alphabetical (and
 * chronological for Month/Quarter).
 */
const sqlEnum = (values: Iterable<string>) =>
  `ENUM(${[...new Set(values)].sort().map(sqlString).join(', ')})`;

/** Named ENUM types of the text columns (the query engine casts filter values to them). */
export const enumTypes = {
  Quarter: 'enum_Quarter',
  Month: 'enum_Month',
  Region: 'enum_Region',
  Country: 'enum_Country',
  Customer: 'enum_Customer',
  Segment: 'enum_Segment',
  Channel: 'enum_Channel',
  Category: 'enum_Category',
  Product: 'enum_Product',
} as const;

function periods(start: string, today: string): { months: string[]; quarters: string[] } {
  const months: string[] = [];
  const quarters: string[] = [];
  const [endYear, endMonth] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  for (let year = Number(start.slice(0, 4)); year <= endYear; year += 1) {
    for (let month = 1; month <= (year === endYear ? endMonth : 12); month += 1) {
      months.push(`${year}-${String(month).padStart(2, '0')}`);
      quarters.push(`${year} Q${Math.ceil(month / 3)}`);
    }
  }
  return { months, quarters };
}

/**
 * Generates the Sales table inside DuckDB with one CREATE TABLE … AS SELECT over range(n).
 *
 * WHY SQL and not a JS loop: 1,000,000 rows built row by row in JS and appended take seconds;
 * DuckDB builds them vectorised in a fraction of that. Randomness is hash(hash(row × 16 + stream, seed)): a pure
 * function of its inputs, so the same seed always gives the same table (DuckDB's hash is stable within
 * a DuckDB version, which the lockfile pins), and row order does not depend on thread scheduling.
 *
 * The literal lists spliced into the SQL are this module's own constants (sample-dimensions.ts), not
 * input; the three numbers are validated integers and bound as parameters.
 */
export async function generateSales(
  connection: DuckDBConnection,
  options: GenerateSalesOptions,
): Promise<void> {
  const { rows, seed, today } = options;
  const countryRows = countries
    .map(([country, region, weight]) => `(${sqlString(country)}, ${sqlString(region)}, ${weight})`)
    .join(',\n      ');
  const productRows = products
    .map(
      ([name, category, price, cost], index) =>
        `(${index}, ${sqlString(name)}, ${sqlString(category)}, ${price}, ${cost})`,
    )
    .join(',\n      ');
  const start = `${Number(today.slice(0, 4)) - 2}-01-01`;
  const days = Math.round((Date.parse(today) - Date.parse(start)) / 86_400_000) + 1;
  const { months, quarters } = periods(start, today);
  const customerNames = customerSecondWords.flatMap((second) =>
    customerFirstWords.map((first) => `${first} ${second}`),
  );
  const firstCount = customerFirstWords.length;
  const customerCount = firstCount * customerSecondWords.length;

  // h(row, k): an independent 64-bit pseudo-random value for stream k of a row; u(row, k): the same
  // as a uniform double in [0, 1).
  //
  // WHY not hash(row, $seed, k): DuckDB combines the hashes of several arguments by multiplying the
  // running hash and XOR-ing the next one in, so the last argument only flips a fixed bit pattern.
  // Streams that differ only in k were then the same number with a few bits flipped — the date,
  // product and quantity of a row were strongly correlated (every expensive product landed in the
  // same four months). Putting the stream into the row number and hashing the result again sends
  // each (row, stream) pair through the full 64-bit finaliser, so streams are independent.
  const h = (row: string, k: number) => `hash(hash(${row} * ${streamCount} + ${k}, $seed))`;
  const u = (row: string, k: number) => `((${h(row, k)} >> 11)::DOUBLE / 9007199254740992.0)`;

  const sql = `
  CREATE OR REPLACE TABLE ${salesTable} AS
  WITH
    country_weights AS (
      SELECT * FROM (VALUES
      ${countryRows}
      ) AS t(Country, Region, Weight)
    ),
    country_ranges AS (
      SELECT Country, Region,
        (SUM(Weight) OVER (ORDER BY Weight DESC, Country) - Weight) / SUM(Weight) OVER () AS lo,
        SUM(Weight) OVER (ORDER BY Weight DESC, Country) / SUM(Weight) OVER () AS hi
      FROM country_weights
    ),
    product_list AS (
      SELECT * FROM (VALUES
      ${productRows}
      ) AS t(ProductIndex, Product, Category, ListPrice, UnitCost)
    ),
    customers AS (
      SELECT
        c.range AS CustomerIndex,
        list_element(${sqlList(customerFirstWords)}, (c.range % ${firstCount})::INTEGER + 1)
          || ' ' ||
        list_element(${sqlList(customerSecondWords)}, (c.range // ${firstCount})::INTEGER + 1)
          AS Customer,
        list_element(${sqlList(segments)}, (${h('c.range', 8)} % ${segments.length})::INTEGER + 1)
          AS Segment,
        ${u('c.range', 9)} AS CountryPick
      FROM range(${customerCount}) c
    ),
    customer_geo AS (
      SELECT cu.CustomerIndex, cu.Customer, cu.Segment, cr.Country, cr.Region
      FROM customers cu JOIN country_ranges cr ON cu.CountryPick >= cr.lo AND cu.CountryPick < cr.hi
    ),
    -- The order date follows a smooth curve instead of being uniform: steady growth over the period
    -- (the last day is ${1 + dateCurve.growth}× as busy as the first), a summer peak (cycling season)
    -- and quieter weekends. u → day is the inverse of the cumulative curve, done by an ASOF join
    -- against one row per day; no month comes near zero.
    day_weights AS (
      SELECT d.range::INTEGER AS DayOffset,
        (1 + ${dateCurve.growth} * d.range / $days)
          * (1 + ${dateCurve.season} * cos(2 * pi() * (dayofyear(CAST($start AS DATE) + d.range::INTEGER) - ${dateCurve.peakDayOfYear}) / 365.25))
          * (CASE WHEN isodow(CAST($start AS DATE) + d.range::INTEGER) >= 6 THEN ${dateCurve.weekend} ELSE 1 END) AS Weight
      FROM range($days) d
    ),
    day_cdf AS (
      SELECT DayOffset,
        (SUM(Weight) OVER (ORDER BY DayOffset) - Weight) / SUM(Weight) OVER () AS lo
      FROM day_weights
    ),
    base AS (
      SELECT
        r.range AS i,
        (${h('r.range', 1)} % ${customerCount}) AS CustomerIndex,
        -- Products are not equally popular: the power skews picks towards the start of the list.
        (floor(${u('r.range', 2)} ** 1.6 * ${products.length}))::INTEGER AS ProductIndex,
        ${u('r.range', 3)} AS DayPick,
        (6 * 3600 + floor(${u('r.range', 4)} * 12 * 3600))::INTEGER AS SecondOfDay,
        1 + (floor(${u('r.range', 5)} ** 2.5 * 8))::INTEGER AS Quantity,
        list_element([0, 0, 0, 5, 10, 15], (${h('r.range', 6)} % 6)::INTEGER + 1) AS DiscountPct,
        list_element(${sqlList(channels)}, (${h('r.range', 7)} % ${channels.length})::INTEGER + 1) AS Channel
      FROM range($rows) r
    )
  SELECT
    (b.i + 1)::INTEGER AS OrderId,
    (CAST($start AS DATE) + b.DayOffset) AS OrderDate,
    (CAST($start AS DATE) + b.DayOffset)::TIMESTAMP + to_seconds(b.SecondOfDay) AS OrderTimestamp,
    year(CAST($start AS DATE) + b.DayOffset)::INTEGER AS Year,
    CAST(strftime(CAST($start AS DATE) + b.DayOffset, '%Y') || ' Q' || quarter(CAST($start AS DATE) + b.DayOffset) AS ${enumTypes.Quarter}) AS Quarter,
    CAST(strftime(CAST($start AS DATE) + b.DayOffset, '%Y-%m') AS ${enumTypes.Month}) AS Month,
    CAST(g.Region AS ${enumTypes.Region}) AS Region,
    CAST(g.Country AS ${enumTypes.Country}) AS Country,
    CAST(g.Customer AS ${enumTypes.Customer}) AS Customer,
    CAST(g.Segment AS ${enumTypes.Segment}) AS Segment,
    CAST(b.Channel AS ${enumTypes.Channel}) AS Channel,
    CAST(p.Category AS ${enumTypes.Category}) AS Category,
    CAST(p.Product AS ${enumTypes.Product}) AS Product,
    b.Quantity,
    CAST(round(p.ListPrice * (100 - b.DiscountPct) / 100.0, 2) AS DECIMAL(12, 2)) AS UnitPrice,
    CAST(round(b.Quantity * round(p.ListPrice * (100 - b.DiscountPct) / 100.0, 2), 2) AS DECIMAL(12, 2)) AS Amount,
    CAST(round(b.Quantity * p.UnitCost, 2) AS DECIMAL(12, 2)) AS Cost,
    CAST(round(b.Quantity * round(p.ListPrice * (100 - b.DiscountPct) / 100.0, 2), 2) - round(b.Quantity * p.UnitCost, 2) AS DECIMAL(12, 2)) AS Profit
  FROM (
    SELECT b0.*, dc.DayOffset FROM base b0 ASOF JOIN day_cdf dc ON b0.DayPick >= dc.lo
  ) b
  JOIN customer_geo g ON g.CustomerIndex = b.CustomerIndex
  JOIN product_list p ON p.ProductIndex = b.ProductIndex
`;

  const members: Record<keyof typeof enumTypes, Iterable<string>> = {
    Quarter: quarters,
    Month: months,
    Region: countries.map(([, region]) => region),
    Country: countries.map(([country]) => country),
    Customer: customerNames,
    Segment: segments,
    Channel: channels,
    Category: products.map(([, category]) => category),
    Product: products.map(([product]) => product),
  };
  for (const [column, type] of Object.entries(enumTypes)) {
    await connection.run(
      `CREATE TYPE ${type} AS ${sqlEnum(members[column as keyof typeof enumTypes])}`,
    );
  }
  await connection.run(sql, { seed, rows, start, days });
}
