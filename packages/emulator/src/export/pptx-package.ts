import { xmlDeclaration, xmlText } from './xml.ts';

/**
 * The fixed parts of a PowerPoint (PresentationML) package around the slides: content types,
 * relationships, the presentation, one slide master with one blank layout, a theme (PowerPoint
 * refuses a master without one) and the document properties. Minimal, but each part has what the
 * schema requires, so PowerPoint and LibreOffice open the file without a repair prompt.
 */

export const ns = {
  a: 'http://schemas.openxmlformats.org/drawingml/2006/main',
  r: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
  p: 'http://schemas.openxmlformats.org/presentationml/2006/main',
};
const namespaces = `xmlns:a="${ns.a}" xmlns:r="${ns.r}" xmlns:p="${ns.p}"`;
const relType = (name: string) =>
  `http://schemas.openxmlformats.org/officeDocument/2006/relationships/${name}`;
const pml = (name: string) =>
  `application/vnd.openxmlformats-officedocument.presentationml.${name}+xml`;

/** The slide size: 16:9, 13.33 × 7.5 in, in EMU (12,700 per point). */
export const slideWidth = 12_192_000;
export const slideHeight = 6_858_000;

interface Relationship {
  id: string;
  type: string;
  target: string;
}

export function relationships(items: Relationship[]): string {
  const body = items
    .map((item) => `<Relationship Id="${item.id}" Type="${item.type}" Target="${item.target}"/>`)
    .join('');
  return `${xmlDeclaration}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${body}</Relationships>`;
}

export function contentTypes(slideCount: number): string {
  const overrides: [string, string][] = [
    ['/ppt/presentation.xml', pml('presentation.main')],
    ['/ppt/slideMasters/slideMaster1.xml', pml('slideMaster')],
    ['/ppt/slideLayouts/slideLayout1.xml', pml('slideLayout')],
    ['/ppt/theme/theme1.xml', 'application/vnd.openxmlformats-officedocument.theme+xml'],
    ['/ppt/presProps.xml', pml('presProps')],
    ['/ppt/tableStyles.xml', pml('tableStyles')],
    ['/docProps/core.xml', 'application/vnd.openxmlformats-package.core-properties+xml'],
    ...Array.from({ length: slideCount }, (_, index): [string, string] => [
      `/ppt/slides/slide${index + 1}.xml`,
      pml('slide'),
    ]),
  ];
  return (
    `${xmlDeclaration}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    overrides
      .map(([part, type]) => `<Override PartName="${part}" ContentType="${type}"/>`)
      .join('') +
    '</Types>'
  );
}

export const packageRelationships = relationships([
  { id: 'rId1', type: relType('officeDocument'), target: 'ppt/presentation.xml' },
  {
    id: 'rId2',
    type: 'http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties',
    target: 'docProps/core.xml',
  },
]);

/** The first slide's relationship id in presentation.xml.rels (rId1–rId4 are the other parts). */
const firstSlideRel = 5;

export function presentation(slideCount: number): string {
  const slides = Array.from(
    { length: slideCount },
    (_, index) => `<p:sldId id="${256 + index}" r:id="rId${firstSlideRel + index}"/>`,
  ).join('');
  return (
    `${xmlDeclaration}<p:presentation ${namespaces}>` +
    '<p:sldMasterIdLst><p:sldMasterId id="2147483648" r:id="rId1"/></p:sldMasterIdLst>' +
    `<p:sldIdLst>${slides}</p:sldIdLst>` +
    `<p:sldSz cx="${slideWidth}" cy="${slideHeight}"/><p:notesSz cx="6858000" cy="9144000"/>` +
    '</p:presentation>'
  );
}

export function presentationRelationships(slideCount: number): string {
  return relationships([
    { id: 'rId1', type: relType('slideMaster'), target: 'slideMasters/slideMaster1.xml' },
    { id: 'rId2', type: relType('theme'), target: 'theme/theme1.xml' },
    { id: 'rId3', type: relType('presProps'), target: 'presProps.xml' },
    { id: 'rId4', type: relType('tableStyles'), target: 'tableStyles.xml' },
    ...Array.from({ length: slideCount }, (_, index) => ({
      id: `rId${firstSlideRel + index}`,
      type: relType('slide'),
      target: `slides/slide${index + 1}.xml`,
    })),
  ]);
}

/** The group properties every shape tree starts with. */
export const shapeTreeStart =
  '<p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr>' +
  '<p:grpSpPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/><a:chOff x="0" y="0"/>' +
  '<a:chExt cx="0" cy="0"/></a:xfrm></p:grpSpPr>';

export const slideMaster =
  `${xmlDeclaration}<p:sldMaster ${namespaces}>` +
  '<p:cSld><p:bg><p:bgRef idx="1001"><a:schemeClr val="bg1"/></p:bgRef></p:bg>' +
  `<p:spTree>${shapeTreeStart}</p:spTree></p:cSld>` +
  '<p:clrMap bg1="lt1" tx1="dk1" bg2="lt2" tx2="dk2" accent1="accent1" accent2="accent2" ' +
  'accent3="accent3" accent4="accent4" accent5="accent5" accent6="accent6" hlink="hlink" ' +
  'folHlink="folHlink"/>' +
  '<p:sldLayoutIdLst><p:sldLayoutId id="2147483649" r:id="rId1"/></p:sldLayoutIdLst>' +
  '<p:txStyles>' +
  ['titleStyle', 'bodyStyle', 'otherStyle']
    .map((style) => `<p:${style}><a:lvl1pPr><a:defRPr sz="1800"/></a:lvl1pPr></p:${style}>`)
    .join('') +
  '</p:txStyles></p:sldMaster>';

export const slideMasterRelationships = relationships([
  { id: 'rId1', type: relType('slideLayout'), target: '../slideLayouts/slideLayout1.xml' },
  { id: 'rId2', type: relType('theme'), target: '../theme/theme1.xml' },
]);

export const slideLayout =
  `${xmlDeclaration}<p:sldLayout ${namespaces} type="blank" preserve="1">` +
  `<p:cSld name="Blank"><p:spTree>${shapeTreeStart}</p:spTree></p:cSld>` +
  '<p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sldLayout>';

export const slideLayoutRelationships = relationships([
  { id: 'rId1', type: relType('slideMaster'), target: '../slideMasters/slideMaster1.xml' },
]);

export const slideRelationships = relationships([
  { id: 'rId1', type: relType('slideLayout'), target: '../slideLayouts/slideLayout1.xml' },
]);

const colors: [string, string][] = [
  ['dk1', '212121'],
  ['lt1', 'FFFFFF'],
  ['dk2', '44546A'],
  ['lt2', 'E7E6E6'],
  ['accent1', '2F6FDF'],
  ['accent2', '12A594'],
  ['accent3', 'E8833A'],
  ['accent4', '8E5BD6'],
  ['accent5', 'D64F6C'],
  ['accent6', '4AA3DF'],
  ['hlink', '0563C1'],
  ['folHlink', '954F72'],
];
const font = '<a:latin typeface="Arial"/><a:ea typeface=""/><a:cs typeface=""/>';
const three = (item: string) => item.repeat(3);
const phFill = '<a:solidFill><a:schemeClr val="phClr"/></a:solidFill>';

export const theme =
  `${xmlDeclaration}<a:theme xmlns:a="${ns.a}" name="Canopy"><a:themeElements>` +
  `<a:clrScheme name="Canopy">${colors.map(([name, rgb]) => `<a:${name}><a:srgbClr val="${rgb}"/></a:${name}>`).join('')}</a:clrScheme>` +
  `<a:fontScheme name="Canopy"><a:majorFont>${font}</a:majorFont><a:minorFont>${font}</a:minorFont></a:fontScheme>` +
  '<a:fmtScheme name="Canopy">' +
  `<a:fillStyleLst>${three(phFill)}</a:fillStyleLst>` +
  `<a:lnStyleLst>${three(`<a:ln w="6350">${phFill}</a:ln>`)}</a:lnStyleLst>` +
  `<a:effectStyleLst>${three('<a:effectStyle><a:effectLst/></a:effectStyle>')}</a:effectStyleLst>` +
  `<a:bgFillStyleLst>${three(phFill)}</a:bgFillStyleLst>` +
  '</a:fmtScheme></a:themeElements><a:objectDefaults/><a:extraClrSchemeLst/></a:theme>';

export const presentationProperties = `${xmlDeclaration}<p:presentationPr ${namespaces}/>`;

/** No table styles of its own; `def` names PowerPoint's built-in "Medium Style 2 – Accent 1". */
export const tableStyles = `${xmlDeclaration}<a:tblStyleLst xmlns:a="${ns.a}" def="{5C22544A-7EE6-4342-B048-85BDC9FD1C3A}"/>`;

export function coreProperties(title: string, created: Date): string {
  const date = `${created.toISOString().slice(0, 19)}Z`;
  return (
    `${xmlDeclaration}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ` +
    'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ' +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    `<dc:title>${xmlText(title)}</dc:title><dc:creator>Canopy emulator</dc:creator>` +
    `<dcterms:created xsi:type="dcterms:W3CDTF">${date}</dcterms:created></cp:coreProperties>`
  );
}

export const slideNamespaces = namespaces;
