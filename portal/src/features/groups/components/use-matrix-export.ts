import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-fetch.ts';
import { toast } from '../../../shared/ui/toast-store.ts';
import { downloadAccessMatrixCsv } from '../api/groups-api.ts';
import type { MatrixFilters } from '../rules/access-reasons.ts';

/** "Export CSV": the server's CSV of the matrix with the filters on screen; a failure is a toast. */
export function useMatrixExport(tenantId: string, { person, reportId }: MatrixFilters) {
  const [exporting, setExporting] = useState(false);
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
  return { exporting, exportCsv: () => void exportCsv() };
}
