import type {
  Aggregation,
  ColumnRef,
  MeasureRef,
  QnaAnswer,
  VisualDefinition,
  VisualType,
} from '../contract.ts';
import { badRequest } from '../errors.ts';
import type { ModelColumn, SemanticModel } from '../data/semantic-model.ts';
import { measureLabel } from './model-refs.ts';

/**
 * Q&A: turns questions such as "total amount by region", "average unit price per category as pie",
 * "number of orders by month", "top 5 customers by profit" or "how many distinct customers" into a
 * visual definition. The grammar is small and explicit; anything else is a 400 that says which
 * words it did not understand and what would work.
 *
 *   question  := [lead] [top N] [aggregation] measure [(by|per|for each|across) column [and column]] [as type]
 *              | [lead] top N column by [aggregation] measure [as type]
 */

const leads = /^(show me|show|what is|what are|what's|give me|list|display|plot|chart)\s+(the\s+)?/;

const aggregationWords: [RegExp, Aggregation][] = [
  [
    /^(number of distinct|count of distinct|distinct count of|distinct count|how many distinct|how many unique|unique)\s+/,
    'distinctCount',
  ],
  [/^(total|sum of|sum)\s+/, 'sum'],
  [/^(average|avg|mean)\s+(of\s+)?/, 'avg'],
  [/^(number of|count of|count|how many)\s+/, 'count'],
  [/^(minimum|min|lowest|smallest)\s+(of\s+)?/, 'min'],
  [/^(maximum|max|highest|largest|biggest)\s+(of\s+)?/, 'max'],
];

const visualWords: Record<string, VisualType> = {
  pie: 'pieChart',
  'pie chart': 'pieChart',
  donut: 'donutChart',
  'donut chart': 'donutChart',
  table: 'tableEx',
  matrix: 'pivotTable',
  column: 'clusteredColumnChart',
  'column chart': 'clusteredColumnChart',
  columns: 'clusteredColumnChart',
  bar: 'clusteredBarChart',
  'bar chart': 'clusteredBarChart',
  bars: 'clusteredBarChart',
  line: 'lineChart',
  'line chart': 'lineChart',
  card: 'card',
};

/** Words that mean "count the rows" (each row of Sales is an order line). */
const rowWords = new Set(['orders', 'order', 'rows', 'sales lines', 'transactions', 'order lines']);

const timeColumns = new Set(['Month', 'OrderDate', 'Year', 'Quarter', 'OrderTimestamp']);

interface Vocabulary {
  phrase: string;
  table: string;
  column: ModelColumn;
}

function vocabulary(model: SemanticModel): Vocabulary[] {
  const entries: Vocabulary[] = [];
  for (const table of model.tables) {
    for (const column of table.columns) {
      const spaced = column.name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
      for (const phrase of new Set([
        column.name.toLowerCase(),
        spaced,
        ...(column.synonyms ?? []),
      ])) {
        entries.push({ phrase, table: table.name, column });
      }
    }
  }
  // Longest phrases first so "unit price" wins over "price".
  return entries.sort((a, b) => b.phrase.length - a.phrase.length);
}

function matchColumn(
  vocab: Vocabulary[],
  text: string,
): { ref: ColumnRef; column: ModelColumn } | undefined {
  const entry = vocab.find((candidate) => candidate.phrase === text);
  return entry
    ? { ref: { table: entry.table, column: entry.column.name }, column: entry.column }
    : undefined;
}

function notUnderstood(question: string, part: string): never {
  throw badRequest(
    `Could not interpret "${question}": "${part}" is not a known field. Try for example "total amount by region", "average unit price by category as pie", "number of orders by month" or "top 5 customers by profit".`,
    'question',
  );
}

function parseMeasure(
  model: SemanticModel,
  vocab: Vocabulary[],
  question: string,
  phrase: string,
): MeasureRef {
  let text = phrase.trim();
  let aggregation: Aggregation | undefined;
  for (const [pattern, candidate] of aggregationWords) {
    if (pattern.test(text)) {
      aggregation = candidate;
      text = text.replace(pattern, '');
      break;
    }
  }
  if (rowWords.has(text)) {
    const key = model.tables[0]?.columns[0];
    if (!key || !model.tables[0]) notUnderstood(question, text);
    return {
      table: model.tables[0].name,
      column: key.name,
      aggregation: 'count',
      alias: 'Count of rows',
    };
  }
  const match = matchColumn(vocab, text);
  if (!match) notUnderstood(question, text);
  const chosen = aggregation ?? (match.column.kind === 'number' ? 'sum' : 'distinctCount');
  if ((chosen === 'sum' || chosen === 'avg') && match.column.kind !== 'number') {
    throw badRequest(
      `Could not interpret "${question}": "${match.column.name}" is not numeric, so it cannot be summed or averaged`,
      'question',
    );
  }
  // "number of customers" counts distinct customers; counting a numeric column counts its rows.
  const aggregationUsed =
    chosen === 'count' && match.column.kind !== 'number' ? 'distinctCount' : chosen;
  const ref: MeasureRef = { ...match.ref, aggregation: aggregationUsed };
  return { ...ref, alias: measureLabel(ref) };
}

export function interpretQuestion(model: SemanticModel, question: unknown): QnaAnswer {
  if (typeof question !== 'string' || question.trim() === '') {
    throw badRequest('question must be a non-empty string', 'question');
  }
  if (question.length > 500)
    throw badRequest('question must be at most 500 characters', 'question');
  const vocab = vocabulary(model);
  let text = question
    .toLowerCase()
    .replace(/[?.!]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(leads, '');

  let visualType: VisualType | undefined;
  const asMatch = /\s+as (a |an )?([a-z ]+)$/.exec(text);
  if (asMatch?.[2]) {
    visualType = visualWords[asMatch[2].trim()];
    if (!visualType) {
      throw badRequest(
        `Could not interpret "${question}": unknown visual "${asMatch[2].trim()}" (use pie, donut, table, matrix, column, bar, line or card)`,
        'question',
      );
    }
    text = text.slice(0, asMatch.index);
  }

  let limit: number | undefined;
  const top = /^(top|bottom) (\d{1,4}) /.exec(text);
  const direction: 'asc' | 'desc' = top?.[1] === 'bottom' ? 'asc' : 'desc';
  if (top?.[2]) {
    limit = Number(top[2]);
    text = text.slice(top[0].length);
  }

  const [left = '', ...rest] = text.split(/ (?:by|per|for each|across) /);
  if (rest.length > 1) notUnderstood(question, rest.slice(1).join(' by '));
  const right = rest[0];
  let measure: MeasureRef;
  let groupBy: ColumnRef[] = [];
  let columns: ColumnRef[] = [];
  // "top 5 customers by profit": with a Top N, a non-numeric left side is the category.
  const category =
    limit !== undefined && right !== undefined ? matchColumn(vocab, left) : undefined;
  if (category && category.column.kind !== 'number' && right !== undefined) {
    groupBy = [category.ref];
    measure = parseMeasure(model, vocab, question, right);
  } else {
    measure = parseMeasure(model, vocab, question, left);
    if (right !== undefined) {
      const parts = right.split(' and ').map((part) => part.trim());
      if (parts.length > 2) notUnderstood(question, parts.slice(2).join(' and '));
      const refs = parts.map((part) => matchColumn(vocab, part) ?? notUnderstood(question, part));
      groupBy = refs[0] ? [refs[0].ref] : [];
      columns = refs[1] ? [refs[1].ref] : [];
    }
  }

  const firstGroup = groupBy[0];
  const type: VisualType =
    visualType ??
    (columns.length > 0
      ? 'pivotTable'
      : !firstGroup
        ? 'card'
        : timeColumns.has(firstGroup.column)
          ? 'lineChart'
          : 'clusteredBarChart');
  const orderBy: NonNullable<VisualDefinition['query']['orderBy']> =
    firstGroup && type === 'lineChart' && limit === undefined
      ? [{ ref: firstGroup, direction: 'asc' }]
      : firstGroup
        ? [{ ref: measure, direction }]
        : [];
  const title = [
    limit !== undefined ? `${top?.[1] === 'bottom' ? 'Bottom' : 'Top'} ${limit}` : undefined,
    measure.alias,
    firstGroup
      ? `by ${[firstGroup, ...columns].map((ref) => ref.column).join(' and ')}`
      : undefined,
  ]
    .filter(Boolean)
    .join(' ');
  const visual: VisualDefinition = {
    name: 'qnaVisual',
    title,
    type,
    layout: { x: 0, y: 0, z: 0, width: 800, height: 450 },
    query: {
      ...(groupBy.length > 0 ? { groupBy } : {}),
      ...(columns.length > 0 ? { columns } : {}),
      measures: [measure],
      ...(orderBy.length > 0 ? { orderBy } : {}),
      ...(limit !== undefined ? { limit } : {}),
    },
  };
  return { visual, normalizedQuestion: title };
}
