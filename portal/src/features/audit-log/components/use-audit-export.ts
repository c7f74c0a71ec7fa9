import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-fetch.ts';
import { toast } from '../../../shared/ui/toast-store.ts';
import { downloadAuditCsv } from '../api/audit-api.ts';
import type { AuditView } from '../rules/audit-log.ts';

/** Export CSV: downloads every page of the filtered view; a failure is said in a toast. */
export function useAuditExport() {
  const [exporting, setExporting] = useState(false);
  const exportCsv = async (view: AuditView) => {
    setExporting(true);
    try {
      await downloadAuditCsv(view);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to export the audit log'));
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportCsv };
}
