/** A tiny inline dataset for quick create: one `Fruit` table with a name and a count per row. */
export function fruitDataset(rows: Array<[name: string, count: string]>) {
  return {
    locale: 'en-US',
    tableSchemaList: [
      {
        name: 'Fruit',
        columns: [
          { name: 'Name', dataType: 'Text' },
          { name: 'Count', dataType: 'Int64' },
        ],
      },
    ],
    data: [{ name: 'Fruit', rows }],
  };
}
