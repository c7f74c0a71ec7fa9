import { Card } from '../../../shared/ui/bits.tsx';
import { ButtonLink } from '../../../shared/ui/button.tsx';

/** A report view that cannot show its report: the reason and the way back to the list. */
export function ReportProblem({ text, backTo }: { text: string; backTo: string }) {
  return (
    <Card>
      <div className="report-problem" role="alert">
        <p>{text}</p>
        <ButtonLink variant="secondary" size="sm" to={backTo}>
          Back to Reports List
        </ButtonLink>
      </div>
    </Card>
  );
}

export function ReportLoading() {
  return (
    <div className="report-frame__status report-frame__status--page" role="status">
      <span className="spinner" aria-hidden="true" />
      Loading report...
    </div>
  );
}
