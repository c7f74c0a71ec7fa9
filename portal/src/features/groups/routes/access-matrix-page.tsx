import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../shared/api/api-fetch.ts';
import { useErrorToast } from '../../../shared/hooks/use-error-toast.ts';
import {
  Badge,
  Card,
  EmptyState,
  ErrorCard,
  PageHeader,
  Spinner,
} from '../../../shared/ui/bits.tsx';
import { Button, ButtonLink } from '../../../shared/ui/button.tsx';
import { SelectField } from '../../../shared/ui/field.tsx';
import { SearchField } from '../../../shared/ui/search-field.tsx';
import { accessMatrixQuery } from '../api/groups-api.ts';
import { AccessMatrixTable } from '../components/access-matrix-table.tsx';
import { useGroupsTenant } from '../components/use-groups-tenant.ts';
import { useMatrixExport } from '../components/use-matrix-export.ts';
import { useMatrixFilters } from '../components/use-matrix-filters.ts';
import { filterMatrix, matrixEmptyText } from '../rules/access-reasons.ts';
import '../groups.css';

const LOAD_FAILED = 'Failed to load the access matrix';

/**
 * /tenant/access and /admin/tenants/:tenantId/access: every person × every report, each cell a ✓
 * with why ("Admin", "Direct", "Group: Sales") or a dash. The header row and the people column
 * stay in view while scrolling; the filters are in the URL, and the CSV export uses them too.
 */
export default function AccessMatrixPage() {
  const { tenantId, superAdmin, tenantName, base } = useGroupsTenant();
  const matrix = useQuery({ ...accessMatrixQuery(tenantId), enabled: !!tenantId });
  const filters = useMatrixFilters();
  const { exporting, exportCsv } = useMatrixExport(tenantId, filters);

  useErrorToast(matrix.isError, LOAD_FAILED);

  const view = matrix.data ? filterMatrix(matrix.data, filters) : null;
  const empty = view && matrixEmptyText(view);
  return (
    <>
      <PageHeader
        title="Access Matrix"
        subtitle={
          tenantName
            ? `Who may open which report of ${tenantName}, and why.`
            : 'Who may open which report, and why.'
        }
        badge={<Badge tone="primary">{superAdmin ? 'Super Admin' : 'Tenant Admin'}</Badge>}
        actions={
          <ButtonLink variant="secondary" to={`${base}/groups`}>
            Groups
          </ButtonLink>
        }
      />
      <Card>
        <div className="list-controls">
          <SearchField
            label="Filter people"
            placeholder="Name or email..."
            value={filters.person}
            onSearch={filters.setPerson}
          />
          <SelectField
            label="Report"
            value={filters.reportId}
            onChange={(event) => filters.setReportId(event.target.value)}
          >
            <option value="">All reports</option>
            {(matrix.data?.reports ?? []).map((report) => (
              <option key={report.id} value={report.id}>
                {report.name}
              </option>
            ))}
          </SelectField>
          <Button
            variant="secondary"
            className="matrix-export"
            disabled={exporting || !matrix.data}
            onClick={exportCsv}
          >
            {exporting ? 'Exporting...' : 'Export CSV'}
          </Button>
        </div>
        {matrix.isError ? (
          <ErrorCard message={errorMessage(matrix.error, LOAD_FAILED)} />
        ) : !view ? (
          <div className="matrix-loading">
            <Spinner label="Loading the access matrix" /> Loading...
          </div>
        ) : empty ? (
          <EmptyState title={empty.title} text={empty.text} />
        ) : (
          <AccessMatrixTable view={view} />
        )}
      </Card>
    </>
  );
}
