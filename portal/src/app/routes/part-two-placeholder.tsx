import { useLocation } from 'react-router';
import { PageHeader, Card } from '../../shared/ui/bits.tsx';

const TITLES: [RegExp, string][] = [
  [/data-integration/, 'Data Integration'],
  [/reports\/[^/]+$/, 'Report'],
  [/reports/, 'Power BI Reports'],
];

/**
 * Reports, report views and data integration are built in part 2 of the portal (issue 13); their
 * routes, guards and shell already exist so the screens drop in here.
 */
export default function PartTwoPlaceholder() {
  const { pathname } = useLocation();
  const title = TITLES.find(([pattern]) => pattern.test(pathname))?.[1] ?? 'Coming soon';
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <p>This screen is part of the next portal release.</p>
      </Card>
    </>
  );
}
