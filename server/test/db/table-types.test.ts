import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/create-database.ts';
import { createTestDatabase } from '../support/test-database.ts';

/**
 * The table types that Kysely checks every query against are written by hand in each module's
 * `*.table.ts`; migrations are written separately. This test holds them together: it reads the
 * `Database` interface with the TypeScript compiler, introspects the migrated database, and
 * compares table by table and column by column — names, nullability, the kind of value, and that a
 * column typed `Generated` really has a default.
 */

type Kind = 'string' | 'number' | 'boolean' | 'date' | 'json' | 'bytes' | 'string[]';

interface TypedColumn {
  kind: Kind | `unknown:${string}`;
  nullable: boolean;
  /** `Generated<…>` or otherwise optional on insert. */
  optionalOnInsert: boolean;
}

/** What the drivers return for each PostgreSQL type (numeric arrives as a string). */
const kindOfPgType: Record<string, Kind> = {
  text: 'string',
  varchar: 'string',
  bpchar: 'string',
  uuid: 'string',
  citext: 'string',
  inet: 'string',
  // create-database.ts parses bigint as a number (counts and sequence numbers stay small).
  int8: 'number',
  numeric: 'string',
  int2: 'number',
  int4: 'number',
  float4: 'number',
  float8: 'number',
  bool: 'boolean',
  timestamptz: 'date',
  timestamp: 'date',
  date: 'date',
  jsonb: 'json',
  json: 'json',
  bytea: 'bytes',
  _text: 'string[]',
  _varchar: 'string[]',
  _uuid: 'string[]',
};

function readDatabaseInterface(): Map<string, Map<string, TypedColumn>> {
  const file = join(import.meta.dirname, '../../src/db/database.ts');
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    allowImportingTsExtensions: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  if (!source) throw new Error(`cannot read ${file}`);
  const declaration = source.statements.find(
    (statement): statement is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(statement) && statement.name.text === 'Database',
  );
  if (!declaration) throw new Error('no Database interface in db/database.ts');

  const kindOf = (type: ts.Type): TypedColumn['kind'] => {
    const parts = type.isUnion() ? type.types : [type];
    const kinds = new Set(
      parts.map((part): TypedColumn['kind'] => {
        if (part.flags & (ts.TypeFlags.String | ts.TypeFlags.StringLiteral)) return 'string';
        if (part.flags & (ts.TypeFlags.Number | ts.TypeFlags.NumberLiteral)) return 'number';
        if (part.flags & (ts.TypeFlags.Boolean | ts.TypeFlags.BooleanLiteral)) return 'boolean';
        if (part.flags & (ts.TypeFlags.Unknown | ts.TypeFlags.Any)) return 'json';
        const name = part.getSymbol()?.getName();
        if (name === 'Date') return 'date';
        if (name === 'Buffer' || name === 'Uint8Array') return 'bytes';
        if (checker.isArrayType(part)) {
          const [element] = checker.getTypeArguments(part as ts.TypeReference);
          if (element && kindOf(element) === 'string') return 'string[]';
        }
        if (part.flags & ts.TypeFlags.Object) return 'json';
        return `unknown:${checker.typeToString(part)}`;
      }),
    );
    return kinds.size === 1 ? [...kinds][0]! : `unknown:${checker.typeToString(type)}`;
  };

  const tables = new Map<string, Map<string, TypedColumn>>();
  const database = checker.getTypeAtLocation(declaration);
  for (const table of database.getProperties()) {
    const columns = new Map<string, TypedColumn>();
    const tableType = checker.getTypeOfSymbolAtLocation(table, declaration);
    for (const column of tableType.getProperties()) {
      let type = checker.getTypeOfSymbolAtLocation(column, declaration);
      // Kysely's ColumnType<Select, Insert, Update> (Generated is one) carries the three as fields.
      const select = type.getProperty('__select__');
      const insert = type.getProperty('__insert__');
      let optionalOnInsert = (column.flags & ts.SymbolFlags.Optional) !== 0;
      if (select && insert) {
        const insertType = checker.getTypeOfSymbolAtLocation(insert, declaration);
        optionalOnInsert ||=
          insertType.isUnion() && insertType.types.some((t) => t.flags & ts.TypeFlags.Undefined);
        type = checker.getTypeOfSymbolAtLocation(select, declaration);
      }
      const parts = type.isUnion() ? type.types : [type];
      const nullable = parts.some((part) => part.flags & ts.TypeFlags.Null);
      const nonNull = checker.getNonNullableType(type);
      columns.set(column.getName(), { kind: kindOf(nonNull), nullable, optionalOnInsert });
    }
    tables.set(table.getName(), columns);
  }
  return tables;
}

let handle: DatabaseHandle;
let typed: Map<string, Map<string, TypedColumn>>;
let migrated: Awaited<ReturnType<DatabaseHandle['db']['introspection']['getTables']>>;

beforeAll(async () => {
  handle = await createTestDatabase();
  migrated = (await handle.db.introspection.getTables()).filter(
    (table) => table.schema === 'public' || table.schema === undefined,
  );
  typed = readDatabaseInterface();
}, 60_000);
afterAll(() => handle.close());

const everyColumn = () =>
  migrated.flatMap((table) =>
    table.columns.map((column) => ({
      name: `${table.name}.${column.name}`,
      column,
      type: typed.get(table.name)?.get(column.name),
    })),
  );

describe('the table types', () => {
  it('name exactly the tables the migrations create', () => {
    expect([...typed.keys()].sort()).toEqual(migrated.map((table) => table.name).sort());
  });

  it('name exactly the columns of each table', () => {
    for (const table of migrated) {
      const columns = typed.get(table.name);
      expect([...(columns?.keys() ?? [])].sort(), table.name).toEqual(
        table.columns.map((column) => column.name).sort(),
      );
    }
  });

  it('say null exactly where a column is nullable', () => {
    const wrong = everyColumn()
      // `unknown` (jsonb) admits null already.
      .filter(({ column, type }) => type?.kind !== 'json' || !column.isNullable)
      .filter(({ column, type }) => type?.nullable !== column.isNullable)
      .map(({ name, column }) => `${name} is ${column.isNullable ? '' : 'not '}nullable`);
    expect(wrong).toEqual([]);
  });

  it('give each column the kind of value the driver returns for its PostgreSQL type', () => {
    const wrong = everyColumn()
      .map(({ name, column, type }) => ({
        name,
        column,
        type,
        expected: kindOfPgType[column.dataType] ?? `unmapped:${column.dataType}`,
      }))
      .filter(({ type, expected }) => type?.kind !== expected)
      .map(
        ({ name, column, type, expected }) =>
          `${name} (${column.dataType}): ${type?.kind}, not ${expected}`,
      );
    expect(wrong).toEqual([]);
  });

  it('make a column optional on insert only when the database fills it in', () => {
    const wrong = everyColumn()
      .filter(({ type }) => type?.optionalOnInsert)
      // A nullable column without a default is filled with null, which is a value too.
      .filter(
        ({ column }) => !(column.hasDefaultValue || column.isAutoIncrementing || column.isNullable),
      )
      .map(({ name }) => name);
    expect(wrong).toEqual([]);
  });
});
