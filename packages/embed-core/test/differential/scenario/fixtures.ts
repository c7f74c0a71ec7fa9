/** Embed URLs and configurations shared by the scenario steps (all on allowed service hosts). */
export const REPORT_URL = 'https://app.powerbi.com/reportEmbed?reportId=r-111&groupId=g-1';
export const RDL_URL = 'https://app.powerbi.com/rdlEmbed?reportId=p-1&groupId=g-1';
export const DASHBOARD_URL = 'https://app.powerbi.com/dashboardEmbed?dashboardId=d-1&groupId=g-1';
export const TILE_URL = 'https://app.powerbi.com/embed?dashboardId=d-1&tileId=t-1';
export const QNA_URL = 'https://app.powerbi.com/qnaEmbed?groupId=g-1';
export const CREATE_URL = 'https://app.powerbi.com/reportEmbed?datasetId=ds-1&groupId=g-1';
export const QUICK_CREATE_URL = 'https://app.powerbi.com/quickCreate?groupId=g-1';

/** TokenType.Embed / TokenType.Aad (numeric enum values of powerbi-models). */
export const EMBED_TOKEN = 1;
export const AAD_TOKEN = 0;

export const REGION_FILTER = {
  $schema: 'http://powerbi.com/product/schema#basic',
  target: { table: 'Store', column: 'Region' },
  filterType: 1,
  operator: 'In',
  values: ['East'],
  requireSingleSelection: false,
};

export const SALES_FILTER = {
  $schema: 'http://powerbi.com/product/schema#advanced',
  target: { table: 'Sales', column: 'Amount' },
  filterType: 0,
  logicalOperator: 'And',
  conditions: [{ operator: 'GreaterThan', value: 100 }],
};

/** A complete report configuration; a fresh object per call (libraries mutate `type`). */
export function reportConfig(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 'report',
    id: 'r-111',
    embedUrl: REPORT_URL,
    accessToken: 'tok-report',
    tokenType: EMBED_TOKEN,
    ...extra,
  };
}
