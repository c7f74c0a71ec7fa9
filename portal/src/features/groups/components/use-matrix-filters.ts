import { useSearchParams } from 'react-router';

/**
 * The access matrix's filters, kept in the URL (?person=…&report=…) so a reload or a shared link
 * shows the same cut; an emptied filter leaves the URL, and typing replaces the history entry.
 */
export function useMatrixFilters() {
  const [params, setParams] = useSearchParams();
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
  return {
    person: params.get('person') ?? '',
    reportId: params.get('report') ?? '',
    setPerson: (value: string) => setFilter('person', value),
    setReportId: (value: string) => setFilter('report', value),
  };
}
