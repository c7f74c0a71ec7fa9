import type { AccessMatrix, AccessReason } from '@canopy/portal-contract';

/** Why a person may open a report, as a cell says it: "Admin", "Direct", "Group: Sales". */
export function reasonLabels(reason: AccessReason): string[] {
  return [
    ...(reason.admin ? ['Admin'] : []),
    ...(reason.direct ? ['Direct'] : []),
    ...reason.groups.map((name) => `Group: ${name}`),
  ];
}

export interface MatrixFilters {
  /** Part of an email or name, any case. */
  person: string;
  /** One report's id, or '' for all. */
  reportId: string;
}

/** The matrix narrowed to the people and report chosen, with a lookup of its granted cells. */
export function filterMatrix(matrix: AccessMatrix, filters: MatrixFilters) {
  const needle = filters.person.trim().toLowerCase();
  const people = matrix.people.filter(
    (person) =>
      !needle ||
      person.email.toLowerCase().includes(needle) ||
      (person.name?.toLowerCase().includes(needle) ?? false),
  );
  const reports = matrix.reports.filter((r) => !filters.reportId || r.id === filters.reportId);
  const cells = new Map(matrix.cells.map((cell) => [`${cell.userId} ${cell.reportId}`, cell]));
  return {
    people,
    reports,
    cell: (userId: string, reportId: string) => cells.get(`${userId} ${reportId}`),
  };
}

export type MatrixView = ReturnType<typeof filterMatrix>;

/** What the matrix says instead of its table: no reports at all, or no one matching the filter. */
export function matrixEmptyText(view: Pick<MatrixView, 'people' | 'reports'>) {
  if (view.reports.length === 0)
    return { title: 'No reports', text: 'The tenant has no synchronised reports yet.' };
  if (view.people.length === 0)
    return { title: 'No people found', text: 'No one matches the filter.' };
  return null;
}
