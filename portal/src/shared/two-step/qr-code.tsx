import { encode } from 'uqr';

/**
 * A QR code drawn as one SVG path of its dark modules, dark on a white quiet zone in either theme
 * (phone cameras read dark-on-light best). `label` is its accessible name; the same text must be
 * offered beside it for people who cannot scan.
 */
export function QrCode({
  value,
  label,
  size = 184,
}: {
  value: string;
  label: string;
  size?: number;
}) {
  // Medium error correction: an otpauth URI stays small, and a smudged screen still scans.
  const { data, size: modules } = encode(value, { ecc: 'M', border: 2 });
  let path = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
    >
      <rect width={modules} height={modules} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
