/**
 * The embedded app both libraries talk to in the differential test: canned, realistic answers for
 * every URL of the message table in docs/embed-core/api-reference.md, plus one-shot overrides a step can queue to make
 * the frame fail (400/500) or stay silent. State is per instance, so each library gets a fresh app.
 */
import type { FrameReply, FrameRequest } from '../../support/fake-frame.ts';

export const PAGES = [
  {
    name: 'ReportSection1',
    displayName: 'Overview',
    isActive: true,
    visibility: 0,
    defaultSize: { type: 0, width: 1280, height: 720 },
    defaultDisplayOption: 1,
    mobileSize: { type: 5, width: 320, height: 640 },
    background: { transparency: 0 },
    wallpaper: { transparency: 50 },
  },
  {
    name: 'ReportSection2',
    displayName: 'Details',
    isActive: false,
    visibility: 1,
    defaultSize: { type: 1, width: 960, height: 720 },
    defaultDisplayOption: 0,
  },
];

export const VISUALS = [
  {
    name: 'VisualContainer1',
    title: 'Sales by region',
    type: 'barChart',
    layout: { x: 10, y: 20, z: 0, width: 300, height: 200, displayState: { mode: 0 } },
  },
  {
    name: 'Slicer1',
    title: 'Region',
    type: 'slicer',
    layout: { x: 320, y: 20, z: 1, width: 150, height: 200, displayState: { mode: 0 } },
  },
];

export const FILTERS = [
  {
    $schema: 'http://powerbi.com/product/schema#basic',
    target: { table: 'Store', column: 'Region' },
    filterType: 1,
    operator: 'In',
    values: ['East', 'West'],
    requireSingleSelection: false,
  },
];

type Reply = FrameReply | null;

interface Override {
  pattern: RegExp;
  reply: Reply;
}

export class ScriptedApp {
  private readonly overrides: Override[] = [];
  /** Pages as the frame currently reports them (a step may make none active). */
  pages: Array<Record<string, unknown>> = structuredClone(PAGES);

  /** The next request whose `METHOD url` matches `pattern` gets `reply` (`null`: no answer at all). */
  once(pattern: RegExp, reply: Reply): void {
    this.overrides.push({ pattern, reply });
  }

  readonly handle = (request: FrameRequest): FrameReply | undefined => {
    const key = `${request.method} ${request.url}`;
    const index = this.overrides.findIndex((o) => o.pattern.test(key));
    if (index >= 0) {
      const [override] = this.overrides.splice(index, 1);
      return override?.reply ?? undefined;
    }
    return this.answer(request);
  };

  private answer({ method, url, body }: FrameRequest): FrameReply {
    if (method === 'GET') return { statusCode: 200, body: this.get(url) };
    if (/\/(load|prepare|create)$|^\/quickcreate$/.test(url)) return { statusCode: 202, body: {} };
    if (url === '/report/addPage') {
      const displayName = (body as { displayName?: string } | undefined)?.displayName;
      return {
        statusCode: 200,
        body: {
          name: 'ReportSection3',
          displayName,
          isActive: false,
          visibility: 0,
          defaultSize: { type: 0 },
          defaultDisplayOption: 1,
        },
      };
    }
    if (url === '/report/bookmarks/capture') {
      return {
        statusCode: 200,
        body: { name: 'Bookmark7', displayName: 'Captured', state: 'H4sIAAAA' },
      };
    }
    if (url.endsWith('/exportData')) return { statusCode: 200, body: { data: 'Region,Sales\n' } };
    if (url.endsWith('/clone')) {
      return { statusCode: 200, body: { visualName: 'VisualContainer1Copy' } };
    }
    return { statusCode: 202, body: {} };
  }

  private get(url: string): unknown {
    if (url === '/report/pages') return this.pages;
    if (/^\/report\/pages\/[^/]+\/visuals$/.test(url)) return VISUALS;
    if (url.endsWith('/filters')) return FILTERS;
    if (url.endsWith('/slicer')) return { filters: FILTERS, targets: [FILTERS[0]?.target] };
    if (url.endsWith('/smartNarrativeInsights')) return { summaryText: 'Sales grew 4%.' };
    if (url.includes('/layoutTypes/')) return true;
    switch (url) {
      case '/report/bookmarks':
        return [
          { name: 'Bookmark1', displayName: 'Q1 view' },
          { name: 'Group1', displayName: 'Group', children: [{ name: 'Bookmark2' }] },
        ];
      case '/report/theme':
        return { themeJson: { name: 'Executive' } };
      case '/report/zoom':
        return 1.25;
      case '/report/isUserStateApplied':
        return true;
      case '/report/hasUnsavedChanges':
        return true;
      case '/getCorrelationId':
        return 'corr-7f3a';
      default:
        return null;
    }
  }
}
