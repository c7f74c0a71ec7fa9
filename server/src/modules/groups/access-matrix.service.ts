import type { AccessMatrix, AccessMatrixQuery, AccessReason } from '@canopy/portal-contract';
import type { Db } from '../../db/database.ts';
import type { Principal } from '../../shared/principal.ts';
import { csvRecord } from '../audit/audit-csv.ts';
import { readAccessFacts } from './groups.repository.ts';
import { groupTenant } from './groups.service.ts';

/**
 * Who may open which report of a tenant, and why: the same rule as accessibleReportIds (Admins
 * every report; others their direct grants and their groups' grants), computed for everyone at
 * once. The filters keep the people whose email or name contains `person` (any case) and the one
 * report `reportId`.
 */
export async function accessMatrix(
  db: Db,
  principal: Principal,
  tenantId: string,
  query: AccessMatrixQuery,
): Promise<AccessMatrix> {
  const scoped = await groupTenant(db, principal, tenantId);
  const facts = await readAccessFacts(db, scoped);
  const needle = query.person?.toLowerCase() ?? '';
  const rolesOf = new Map<string, string[]>();
  for (const row of facts.roles)
    rolesOf.set(row.user_id, [...(rolesOf.get(row.user_id) ?? []), row.role]);

  const people = facts.people
    .map((person) => {
      const name = [person.first_name, person.last_name].filter(Boolean).join(' ') || null;
      const roles = rolesOf.get(person.id) ?? [];
      return {
        id: person.id,
        email: person.email,
        name,
        role: roles.includes('Admin') ? 'Admin' : (roles[0] ?? 'Viewer'),
      };
    })
    .filter(
      (person) =>
        !needle ||
        person.email.includes(needle) ||
        (person.name?.toLowerCase().includes(needle) ?? false),
    );
  const reports = facts.reports.filter((r) => !query.reportId || r.id === query.reportId);

  const key = (userId: string, reportId: string) => `${userId} ${reportId}`;
  const direct = new Set(facts.direct.map((row) => key(row.user_id, row.report_id)));
  const groupsOf = new Map<string, string[]>();
  for (const row of facts.viaGroups) {
    const k = key(row.user_id, row.report_id);
    groupsOf.set(k, [...(groupsOf.get(k) ?? []), row.name]);
  }

  const cells: AccessMatrix['cells'] = [];
  for (const person of people) {
    for (const report of reports) {
      const k = key(person.id, report.id);
      const reason: AccessReason = {
        admin: person.role === 'Admin',
        direct: direct.has(k),
        groups: [...new Set(groupsOf.get(k) ?? [])].sort((a, b) => a.localeCompare(b)),
      };
      if (reason.admin || reason.direct || reason.groups.length > 0) {
        cells.push({ userId: person.id, reportId: report.id, ...reason });
      }
    }
  }
  return { people, reports, cells };
}

/** The words a cell shows: "Admin", "Direct", "Group: Sales", joined with "; ". */
export function reasonText(reason: AccessReason): string {
  return [
    ...(reason.admin ? ['Admin'] : []),
    ...(reason.direct ? ['Direct'] : []),
    ...reason.groups.map((name) => `Group: ${name}`),
  ].join('; ');
}

/**
 * The matrix as CSV (RFC 4180, formula-guarded like the audit export): one row per person, one
 * column per report, each cell the reason or empty.
 */
export function accessMatrixCsv(matrix: AccessMatrix): string {
  const byKey = new Map(matrix.cells.map((cell) => [`${cell.userId} ${cell.reportId}`, cell]));
  const header = csvRecord(['Email', 'Name', 'Role', ...matrix.reports.map((r) => r.name)]);
  const rows = matrix.people.map((person) =>
    csvRecord([
      person.email,
      person.name,
      person.role,
      ...matrix.reports.map((report) => {
        const cell = byKey.get(`${person.id} ${report.id}`);
        return cell ? reasonText(cell) : '';
      }),
    ]),
  );
  return header + rows.join('');
}

export const accessMatrixFileName = (now: Date) =>
  `access-matrix-${now.toISOString().slice(0, 10)}.csv`;
