import { reasonLabels, type MatrixView } from '../rules/access-reasons.ts';

/**
 * The matrix itself: a row per person, a column per report, each cell a ✓ with why or a dash. It
 * scrolls inside its box (focusable, so the keyboard can scroll it too).
 */
export function AccessMatrixTable({ view }: { view: MatrixView }) {
  return (
    <div className="matrix-wrap" tabIndex={0} role="region" aria-label="Access matrix, scrollable">
      <table className="matrix">
        <caption className="visually-hidden">
          Report access: a row per person, a column per report; each cell says why the person may
          open the report.
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
  );
}
