import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
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
import { SelectField, TextField } from '../../../shared/ui/field.tsx';
import { toast } from '../../../shared/ui/toast-store.ts';
import { accessMatrixQuery, downloadAccessMatrixCsv } from '../api/groups-api.ts';
import { useGroupsTenant } from '../components/use-groups-tenant.ts';
import { filterMatrix, reasonLabels } from '../rules/access-reasons.ts';
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
  const [params, setParams] = useSearchParams();
  const person = params.get('person') ?? '';
  const reportId = params.get('report') ?? '';
  const [exporting, setExporting] = useState(false);

  useErrorToast(matrix.isError, LOAD_FAILED);

  const setFilter = (name: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAccessMatrixCsv(tenantId, {
        person: person.trim() || undefined,
        reportId: reportId || undefined,
      });
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to export the access matrix'));
    } finally {
      setExporting(false);
    }
  };

  const view = matrix.data ? filterMatrix(matrix.data, { person, reportId }) : null;
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
          <div className="list-controls__search">
            <TextField
              label="Filter people"
              type="search"
              placeholder="Name or email..."
              value={person}
              onChange={(event) => setFilter('person', event.target.value)}
            />
          </div>
          <SelectField
            label="Report"
            value={reportId}
            onChange={(event) => setFilter('report', event.target.value)}
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
            onClick={() => void exportCsv()}
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
        ) : view.people.length === 0 || view.reports.length === 0 ? (
          <EmptyState
            title={view.reports.length === 0 ? 'No reports' : 'No people found'}
            text={
              view.reports.length === 0
                ? 'The tenant has no synchronised reports yet.'
                : 'No one matches the filter.'
            }
          />
        ) : (
          <div
            className="matrix-wrap"
            tabIndex={0}
            role="region"
            aria-label="Access matrix, scrollable"
          >
            <table className="matrix">
              <caption className="visually-hidden">
                Report access: a row per person, a column per report; each cell says why the person
                may open the report.
              </caption>
              <thead>
                <tr>
                  <th scope="col" className="matrix__corner">
                    Person
                  </th>
                  {view.reports.map((report) => (
                    <th scope="col" key={report.id}>
                      {report.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {view.people.map((p) => (
                  <tr key={p.id}>
                    <th scope="row" className="matrix__person">
                      <span className="matrix__name">{p.name ?? p.email}</span>
                      <span className="matrix__meta">
                        {p.name ? `${p.email} · ` : ''}
                        {p.role}
                      </span>
                    </th>
                    {view.reports.map((report) => {
                      const cell = view.cell(p.id, report.id);
                      if (!cell) {
                        return (
                          <td key={report.id} className="matrix__cell matrix__cell--none">
                            <span aria-hidden="true">–</span>
                            <span className="visually-hidden">No access</span>
                          </td>
                        );
                      }
                      const why = reasonLabels(cell).join('; ');
                      return (
                        <td key={report.id} className="matrix__cell" title={why}>
                          <span className="matrix__tick" aria-hidden="true">
                            ✓
                          </span>
                          <span className="matrix__why">{why}</span>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </>
  );
}
